import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';

/** A row's edit button: a link to the row's edit page, named for the row ('Edit exam Anatomy'). */
export function EditRowLink({ label, to }: { label: string; to: string }) {
  return (
    <IconButton component={RouterLink} to={to} aria-label={label} color="primary">
      <EditOutlinedIcon />
    </IconButton>
  );
}

/** A row's delete button, named for the row ('Delete user ada@example.com'); it asks before deleting. */
export function DeleteRowButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <IconButton aria-label={label} color="error" disabled={disabled} onClick={onClick}>
      <DeleteOutlinedIcon />
    </IconButton>
  );
}
