import type { ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useConfirmedDelete } from './use-confirmed-delete.ts';

/**
 * Taking one row of a list away (a member, an invite code, an assignment), asked first: `ask(row)` opens
 * the question, confirming runs `mutation` with the row's id and hands the server's message to `onDone`; a
 * failure stays in the dialog. Render `dialog` once beside the list.
 */
export function useConfirmedRemoval<TRow extends { _id: string }>(
  mutation: UseMutationResult<{ message: string }, Error, string>,
  text: {
    title: string;
    question: string;
    details: (row: TRow) => ReactNode;
    confirmLabel: string;
    busyLabel: string;
    failure: string;
    onDone: (message: string) => void;
  },
) {
  const removal = useConfirmedDelete<TRow, { message: string }>(mutation, {
    failure: text.failure,
    onDeleted: (result) => text.onDone(result.message),
  });
  return {
    ask: removal.ask,
    busy: mutation.isPending,
    dialog: (
      <ConfirmDialog
        {...removal.dialog}
        title={text.title}
        message={text.question}
        details={removal.target && text.details(removal.target)}
        confirmLabel={text.confirmLabel}
        busyLabel={text.busyLabel}
      />
    ),
  };
}
