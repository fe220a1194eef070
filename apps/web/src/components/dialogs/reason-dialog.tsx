import { useState, type FormEvent, type ReactNode } from 'react';
import TextField from '@mui/material/TextField';
import { FormAlert } from '../form/form-controls.tsx';
import type { SubmitButtonProps } from '../form/form-controls.tsx';
import { FormDialog } from './form-dialog.tsx';

/**
 * A dialog that asks why before an administrator's action (reject a question, refund a payment): what the
 * action does (`children`), a required reason checked by `check`, and the server's refusal, which stays
 * in the dialog. After a refused submit the reason is checked again as it is typed; a closed dialog starts
 * empty the next time.
 */
export function ReasonDialog({
  open,
  title,
  busy,
  error,
  onCancel,
  onConfirm,
  check,
  label,
  helperText,
  maxLength,
  submit,
  children,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  /** the server's refusal, shown above the field */
  error: string | null;
  onCancel: () => void;
  /** the trimmed reason */
  onConfirm: (reason: string) => void;
  /** the message for a reason that cannot be sent, or null */
  check: (reason: string) => string | null;
  label: string;
  /** under the field while nothing is wrong */
  helperText?: string;
  maxLength: number;
  submit: SubmitButtonProps;
  children: ReactNode;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const cancel = () => {
    if (!busy) onCancel();
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const found = check(reason);
    setProblem(found);
    if (!found) onConfirm(reason.trim());
  };

  return (
    <FormDialog
      open={open}
      title={title}
      onSubmit={confirm}
      onCancel={cancel}
      busy={busy}
      submit={submit}
      dialog={{
        slotProps: {
          transition: {
            onExited: () => {
              setReason('');
              setProblem(null);
            },
          },
        },
      }}
    >
      {children}
      <FormAlert message={error} sx={{ mt: 2 }} />
      <TextField
        label={label}
        required
        fullWidth
        multiline
        minRows={2}
        margin="normal"
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          if (problem) setProblem(check(event.target.value));
        }}
        error={Boolean(problem)}
        helperText={problem ?? helperText}
        slotProps={{ htmlInput: { maxLength } }}
      />
    </FormDialog>
  );
}
