import { Link as RouterLink } from 'react-router';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { errorMessage } from '../../lib/api-client.ts';

/* What a form shows besides its fields: its error or success message, and its buttons. */

export type BusyButtonProps = ButtonProps & {
  /** While true the button is disabled and says `busyLabel` ('Saving...') instead of its label. */
  busy: boolean;
  busyLabel?: string;
  /** Whether a spinner stands in for the start icon while busy. */
  spinner?: boolean;
};

/** A form's submit button: its label, what it says while busy, and any other button props. */
export type SubmitButtonProps = Omit<BusyButtonProps, 'busy' | 'type' | 'children'> & { label: string };

/** The button that sends a form or runs an action: contained, and disabled while the request runs. */
export function BusyButton({
  busy,
  busyLabel,
  spinner = false,
  startIcon,
  disabled,
  children,
  ...props
}: BusyButtonProps) {
  return (
    <Button
      variant="contained"
      {...props}
      disabled={busy || disabled}
      startIcon={
        busy && spinner ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : startIcon
      }
    >
      {busy && busyLabel ? busyLabel : children}
    </Button>
  );
}

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

/** A form's message above its fields (an error unless `severity` says otherwise), or nothing. */
export function FormAlert({
  message,
  severity = 'error',
  sx = { mb: 1 },
}: {
  message: string | null | undefined;
  severity?: AlertColor;
  sx?: SxProps<Theme>;
}) {
  if (!message) return null;
  return (
    <Alert severity={severity} sx={sx}>
      {message}
    </Alert>
  );
}

/** Why a request failed (the server's message, or `fallback`), or nothing while `error` is null. */
export function RequestError({
  error,
  fallback,
  sx,
}: {
  error: unknown;
  fallback: string;
  sx?: SxProps<Theme>;
}) {
  return <FormAlert message={error ? errorMessage(error, fallback) : null} sx={sx} />;
}
