import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

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
