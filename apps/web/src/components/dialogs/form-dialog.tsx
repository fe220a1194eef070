import { useId, type FormEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { DialogProps } from '@mui/material/Dialog';
import { BusyButton, type SubmitButtonProps } from '../form/form-controls.tsx';
import { ResponsiveDialog } from './responsive-dialog.tsx';

export interface DialogFormProps {
  /** The id the dialog's aria-labelledby points at. */
  titleId: string;
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  /** While the request runs, Cancel and the submit button are disabled. */
  busy?: boolean;
  submit: SubmitButtonProps;
  children: ReactNode;
}

/** A dialog's form: the title, the fields, then 'Cancel' and the submit button. */
export function DialogForm({
  titleId,
  title,
  onSubmit,
  onCancel,
  busy = false,
  submit: { label, ...submit },
  children,
}: DialogFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <BusyButton type="submit" busy={busy} {...submit}>
          {label}
        </BusyButton>
      </DialogActions>
    </form>
  );
}

/**
 * A responsive dialog holding one form (DialogForm); closing it with Escape is `onCancel`, as Cancel is. A
 * click beside it does nothing: a stray click must not throw away what was typed (decision 0084).
 * `dialog` passes more props to the dialog, e.g. its maxWidth.
 */
export function FormDialog({
  open,
  dialog,
  ...form
}: Omit<DialogFormProps, 'titleId'> & {
  open: boolean;
  dialog?: Omit<DialogProps, 'open' | 'onClose' | 'children'>;
}) {
  const titleId = useId();
  return (
    <ResponsiveDialog
      {...dialog}
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') form.onCancel();
      }}
      aria-labelledby={titleId}
    >
      <DialogForm titleId={titleId} {...form} />
    </ResponsiveDialog>
  );
}
