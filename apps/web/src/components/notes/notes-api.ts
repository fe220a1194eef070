import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Note, ResultNotesResponse } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../lib/api-client.ts';
import { useMutation } from '../../lib/use-mutation.ts';

/*
 * A learner's private notes (decision 0059). Shared web code: the result review writes them, tutor mode
 * may, and the notebook feature lists them, so the calls and their query keys live here.
 */

/** Query keys: notes → result(id) | question(id) | notebooks → notebook({ search, page }). */
export const noteKeys = {
  all: ['notes'] as const,
  result: (resultId: string) => [...noteKeys.all, 'result', resultId] as const,
  question: (questionId: string) => [...noteKeys.all, 'question', questionId] as const,
  notebooks: () => [...noteKeys.all, 'notebook'] as const,
  notebook: (filters: { search: string; page: number }) => [...noteKeys.notebooks(), filters] as const,
};

/** GET /api/exams/results/{id}/notes: the learner's notes on one of their results' questions. */
export const resultNotesQueryOptions = (resultId: string) =>
  queryOptions({
    queryKey: noteKeys.result(resultId),
    queryFn: ({ signal }) => apiRequest(api.notes.forResult, { params: { id: resultId }, signal }),
  });

/** GET /api/notes/{questionId}: the learner's note on one question, or null (tutor mode). */
export const questionNoteQueryOptions = (questionId: string) =>
  queryOptions({
    queryKey: noteKeys.question(questionId),
    queryFn: ({ signal }) => apiRequest(api.notes.read, { params: { questionId }, signal }),
  });

/** GET /api/notes?search&page: My notebook, newest first. */
export const notebookQueryOptions = (filters: { search: string; page: number }) =>
  queryOptions({
    queryKey: noteKeys.notebook(filters),
    queryFn: ({ signal }) =>
      apiRequest(api.notes.notebook, {
        query: { page: filters.page, ...(filters.search ? { search: filters.search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * Puts a saved note (or null: deleted) into the cached lists: the question's own entry, and every cached
 * result list that already holds the question (a result review open in another place stays right). The
 * notebook's pages are fetched again, since a save moves the note to the top.
 */
function useStoreNote() {
  const queryClient = useQueryClient();
  return (questionId: string, note: Note | null) => {
    queryClient.setQueryData(noteKeys.question(questionId), { note });
    queryClient.setQueriesData<ResultNotesResponse>({ queryKey: [...noteKeys.all, 'result'] }, (current) =>
      current
        ? {
            notes: current.notes.flatMap((item) =>
              item.questionId !== questionId ? [item] : note ? [note] : [],
            ),
          }
        : current,
    );
    void queryClient.invalidateQueries({ queryKey: noteKeys.notebooks() });
  };
}

/** PUT /api/notes/{questionId}: writes or replaces the note. `resultId`: the result it is written from. */
export function useSaveNote(questionId: string, resultId?: string) {
  const queryClient = useQueryClient();
  const store = useStoreNote();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest(api.notes.save, {
        params: { questionId },
        body: resultId ? { text, resultId } : { text },
      }),
    onSuccess: ({ note }) => {
      store(questionId, note);
      // The result it was written from gains it if it was new.
      if (resultId) {
        queryClient.setQueryData<ResultNotesResponse>(noteKeys.result(resultId), (current) =>
          current && !current.notes.some((item) => item.questionId === questionId)
            ? { notes: [...current.notes, note] }
            : current,
        );
      }
    },
  });
}

/** DELETE /api/notes/{questionId}. */
export function useDeleteNote(questionId: string) {
  const store = useStoreNote();
  return useMutation({
    mutationFn: () => apiRequest(api.notes.remove, { params: { questionId } }),
    onSuccess: () => store(questionId, null),
  });
}
