import type { BaseSyntheticEvent, FormEvent } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.ts';

/**
 * What a dialog that saves one form needs from its mutation. `formDialog` is spread into a FormDialog: it
 * is open, submits the form through react-hook-form's `handleSubmit` (checked, then saved; the server's
 * message goes to `onSaved`), closes only while no request runs (so Escape or the backdrop cannot drop a
 * save halfway), and is busy while saving. `problem` is the save's refusal, or else the first list the
 * form needs that could not be loaded, for a FormAlert above the fields.
 */
export function useSaveDialog<Body>({
  save,
  handleSubmit,
  onClose,
  onSaved,
  failed,
  needs = [],
}: {
  save: UseMutationResult<{ message: string }, Error, Body>;
  /** react-hook-form's handleSubmit of the dialog's form */
  handleSubmit: (onValid: (body: Body) => void) => (event?: BaseSyntheticEvent) => Promise<void>;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** Shown when the save fails without a message of the server's. */
  failed: string;
  /** Lists the form needs, each with what to say when it could not be loaded. */
  needs?: Array<{ query: UseQueryResult<unknown>; failed: string }>;
}) {
  const unloaded = needs.find((need) => need.query.isError);
  const submit = handleSubmit((body) =>
    save.mutate(body, { onSuccess: (result) => onSaved(result.message) }),
  );
  return {
    formDialog: {
      open: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
      onCancel: () => {
        if (!save.isPending) onClose();
      },
      busy: save.isPending,
      dialog: { maxWidth: 'sm', fullWidth: true },
    } as const,
    problem: save.isError
      ? errorMessage(save.error, failed)
      : unloaded
        ? errorMessage(unloaded.query.error, unloaded.failed)
        : null,
  };
}
