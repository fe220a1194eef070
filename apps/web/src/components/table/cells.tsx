import { Link as RouterLink } from 'react-router';
import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Typography from '@mui/material/Typography';

/*
 * What list rows show besides text: a name with a line under it, a yes/no state chip, and the row's view,
 * edit and delete buttons.
 */

/** A cell's main text with a secondary line under it (a member and their e-mail, a topic and its exam). */
export function TwoLineCell({ primary, secondary }: { primary: ReactNode; secondary: ReactNode }) {
  return (
    <>
      {primary}
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
        {secondary}
      </Typography>
    </>
  );
}

/** A row's view button: a link to the row's own page, named for the row ('View user ada@example.com'). */
export function ViewRowLink({ label, to }: { label: string; to: string }) {
  return (
    <IconButton component={RouterLink} to={to} aria-label={label} color="primary">
      <VisibilityOutlinedIcon />
    </IconButton>
  );
}

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

/** A yes/no state as a small chip: filled green when on ('Published', 'Verified'), outlined when off. */
export function StateChip({ on, label }: { on: boolean; label: string }) {
  return (
    <Chip
      size="small"
      label={label}
      color={on ? 'success' : 'default'}
      variant={on ? 'filled' : 'outlined'}
    />
  );
}
