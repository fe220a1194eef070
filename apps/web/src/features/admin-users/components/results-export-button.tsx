import { useState } from 'react';
import type { ExamPublic } from '@mlp/contract';
import { ExportButton } from '../../../components/dialogs/export-dialog.tsx';
import { downloadResults } from '../../../lib/admin/admin-exports.ts';
import { PublishedExamField } from './published-exam-field.tsx';

/**
 * 'Export results' on the learners' page (decision 0068): an exam's results for a tutor, chosen here by
 * those who may export results but not open exams (Support); the exam's own page offers the same file.
 */
export function ResultsExportButton() {
  const [exam, setExam] = useState<ExamPublic | null>(null);
  return (
    <ExportButton
      label="Export results"
      title="Export results"
      description="Each submitted sitting of the exam in the days chosen: the learner, score, correct, incorrect and omitted answers, time taken and the score by topic."
      fallbackName="results"
      ready={exam !== null}
      download={(choice) => downloadResults(exam?._id ?? '', choice)}
    >
      {/* The dialog mounts its fields only while open, so the exams are read then. */}
      <PublishedExamField value={exam} onChange={setExam} enabled />
    </ExportButton>
  );
}
