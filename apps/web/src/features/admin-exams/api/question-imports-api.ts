import { useQueryClient } from '@tanstack/react-query';
import type { ImportBody, ImportPreviewBody, QuestionFormat } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { useMutation } from '../../../lib/use-mutation.ts';
import { apiDownload, apiRequest, type DownloadedFile } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/admin-api.ts';
import { adminExamKeys } from './exam-keys.ts';

/** POST …/questions/import/preview: what the file would create and refuse (writes nothing). */
export function usePreviewImportMutation(examId: string) {
  return useMutation({
    mutationFn: (body: ImportPreviewBody) =>
      apiRequest(api.questionImports.preview, { params: { id: examId }, body }),
  });
}

/** POST …/questions/import with the preview's key; then the exam, the list's counts and the dashboard reload. */
export function useImportQuestionsMutation(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBody) =>
      apiRequest(api.questionImports.confirm, { params: { id: examId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminExamKeys.detail(examId) }),
        queryClient.invalidateQueries({ queryKey: adminExamKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
      ]),
  });
}

/** GET …/questions/export?format=…: the exam's approved questions as a file. */
export function downloadQuestions(examId: string, format: QuestionFormat): Promise<DownloadedFile> {
  return apiDownload(api.questionImports.export, { params: { id: examId }, query: { format } });
}
