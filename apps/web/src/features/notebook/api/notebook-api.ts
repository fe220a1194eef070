import { queryOptions } from '@tanstack/react-query';
import type { AnkiExportQuery } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiDownload, apiRequest, type DownloadedFile } from '../../../lib/api-client.ts';

/*
 * The notebook feature's own calls (decision 0059). The notes themselves (the notebook's pages, saving,
 * deleting) are in components/notes/notes-api.ts, shared with the result review and tutor mode.
 */

/** Query keys of the notebook feature: notebook → exams. */
export const notebookKeys = {
  all: ['notebook'] as const,
  exams: () => [...notebookKeys.all, 'exams'] as const,
};

/**
 * The learner's subscribed exams for the Anki export's exam choice, with how many questions they answered
 * wrongly and flagged (GET /api/practice-sets/options, the practice builder's counts).
 */
export const ankiExamsQueryOptions = () =>
  queryOptions({
    queryKey: notebookKeys.exams(),
    queryFn: async ({ signal }) => (await apiRequest(api.practice.options, { signal })).exams,
    staleTime: 0,
  });

/** GET /api/notes/export/anki?source&examId: the questions as a file Anki's text import reads. */
export function downloadAnkiFile(query: AnkiExportQuery): Promise<DownloadedFile> {
  return apiDownload(api.notes.anki, { query });
}
