import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { BusyButton, type SubmitButtonProps } from './busy-button.tsx';

/** A page form's buttons: submit, then 'Cancel' back to `cancelTo`; both are off while it saves. */
export function FormActions({
  busy,
  cancelTo,
  submit: { label, ...submit },
}: {
  busy: boolean;
  cancelTo: string;
  submit: SubmitButtonProps;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
      <BusyButton type="submit" busy={busy} {...submit}>
        {label}
      </BusyButton>
      <Button component={RouterLink} to={cancelTo} disabled={busy}>
        Cancel
      </Button>
    </Stack>
  );
}
