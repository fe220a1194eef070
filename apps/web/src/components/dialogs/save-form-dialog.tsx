import type { BaseSyntheticEvent, FormEvent, ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.ts';
import { FormAlert } from '../form/form-controls.tsx';
import { FormDialog } from './form-dialog.tsx';

/** What the page opening a dialog that saves one form gives it. */
export interface SaveDialogProps {
  onClose: () => void;
  /** Called with the server's message once the save succeeded. */
  onSaved: (message: string) => void;
}

/**
 * A dialog that saves one form through its mutation. It submits the form through react-hook-form's
 * `handleSubmit` (checked, then saved; the server's message goes to `onSaved`), closes only while no
 * request runs (so Escape cannot drop a save halfway), and is busy while saving, its
 * submit button showing a spinner and `busyLabel`. Above the fields: the save's refusal, or else the
 * first list the form needs that could not be loaded.
 */
export function SaveFormDialog<Body>({
  save,
  handleSubmit,
  onClose,
  onSaved,
  failed,
  needs = [],
  title,
  submitLabel,
  busyLabel = 'Saving...',
  children,
}: SaveDialogProps & {
  save: UseMutationResult<{ message: string }, Error, Body>;
  /** react-hook-form's handleSubmit of the dialog's form */
  handleSubmit: (onValid: (body: Body) => void) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** Shown when the save fails without a message of the server's. */
  failed: string;
  /** Lists the form needs, each with what to say when it could not be loaded. */
  needs?: Array<{ query: UseQueryResult<unknown>; failed: string }>;
  title: string;
  submitLabel: string;
  busyLabel?: string;
  children: ReactNode;
}) {
  const unloaded = needs.find((need) => need.query.isError);
  const submit = handleSubmit((body) =>
    save.mutate(body, { onSuccess: (result) => onSaved(result.message) }),
  );
  const problem = save.isError
    ? errorMessage(save.error, failed)
    : unloaded
      ? errorMessage(unloaded.query.error, unloaded.failed)
      : null;
  return (
    <FormDialog
      open
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      onCancel={() => {
        if (!save.isPending) onClose();
      }}
      busy={save.isPending}
      dialog={{ maxWidth: 'sm', fullWidth: true }}
      title={title}
      submit={{ label: submitLabel, busyLabel, spinner: true }}
    >
      <FormAlert message={problem} />
      {children}
    </FormDialog>
  );
}
