import { useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '../form/form-controls.tsx';
import type { SubmitButtonProps } from '../form/form-controls.tsx';
import { ReasonField } from '../form/reason-field.tsx';
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
      <ReasonField
        label={label}
        value={reason}
        onChange={(value) => {
          setReason(value);
          if (problem) setProblem(check(value));
        }}
        problem={problem}
        helperText={helperText}
        maxLength={maxLength}
      />
    </FormDialog>
  );
}
