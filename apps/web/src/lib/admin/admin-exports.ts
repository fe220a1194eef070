import { api } from '@mlp/contract/routes';
import { apiDownload, type DownloadedFile } from '../api-client.ts';
import { exportQuery, type ExportChoice } from '../../components/dialogs/export-dialog.tsx';

/**
 * GET /api/admin/exports/exams/{id}/results?from=&to=&format=: an exam's results as a file (decision 0068),
 * from the exam's page (Owner, Editor) and the learners' page (Support, who cannot open exams).
 */
export function downloadResults(examId: string, choice: ExportChoice): Promise<DownloadedFile> {
  return apiDownload(api.adminExports.results, { params: { id: examId }, query: exportQuery(choice) });
}
