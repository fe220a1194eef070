import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.ts';

/**
 * What a dialog that saves one form needs from its mutation: `close` (ignored while the request runs, so
 * Escape or the backdrop cannot drop a save halfway), `send` (saves, then hands the server's message to
 * `onSaved`), `busy`, and `problem`: the save's refusal, or else the first list the form needs that could
 * not be loaded, for a FormAlert above the fields.
 */
export function useSaveDialog<Body>({
  save,
  onClose,
  onSaved,
  failed,
  needs = [],
}: {
  save: UseMutationResult<{ message: string }, Error, Body>;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** Shown when the save fails without a message of the server's. */
  failed: string;
  /** Lists the form needs, each with what to say when it could not be loaded. */
  needs?: Array<{ query: UseQueryResult<unknown>; failed: string }>;
}) {
  const unloaded = needs.find((need) => need.query.isError);
  return {
    busy: save.isPending,
    close: () => {
      if (!save.isPending) onClose();
    },
    send: (body: Body) => save.mutate(body, { onSuccess: (result) => onSaved(result.message) }),
    problem: save.isError
      ? errorMessage(save.error, failed)
      : unloaded
        ? errorMessage(unloaded.query.error, unloaded.failed)
        : null,
  };
}
