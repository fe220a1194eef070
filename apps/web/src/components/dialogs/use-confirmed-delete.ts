import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.ts';
import { useConfirmTarget } from './use-confirm-target.ts';

/**
 * A delete that asks first. `ask(row)` opens the confirm dialog (clearing an earlier failure);
 * confirming deletes the row by its id, then closes the dialog and hands the server's answer to
 * `onDeleted`. A failure stays in the dialog, worded by the server or `failure`. Spread `dialog` into a
 * ConfirmDialog.
 */
export function useConfirmedDelete<TRow extends { _id: string }, TResult>(
  mutation: UseMutationResult<TResult, Error, string>,
  { failure, onDeleted }: { failure: string; onDeleted: (result: TResult) => void },
) {
  const confirm = useConfirmTarget<TRow>();
  return {
    /** The row the dialog is about (kept while it closes, so its text does not go blank). */
    target: confirm.target,
    ask: (row: TRow) => {
      mutation.reset();
      confirm.ask(row);
    },
    dialog: {
      open: confirm.open,
      busy: mutation.isPending,
      error: mutation.isError ? errorMessage(mutation.error, failure) : null,
      onConfirm: () => {
        if (!confirm.target) return;
        mutation.mutate(confirm.target._id, {
          onSuccess: (result) => {
            confirm.close();
            onDeleted(result);
          },
        });
      },
      onClose: confirm.close,
    },
  };
}
