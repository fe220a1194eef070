import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { ExamResultView, LatestExamResult } from '../../features/results/components/exam-result.tsx';

/** Serves both /exams/results/{id} (one result) and /exams/{id}/result (the latest for an exam). */
export default function ExamResultRoute() {
  usePageTitle('Exam Results');
  const { resultId, id } = useParams();
  if (resultId) return <ExamResultView key={resultId} resultId={resultId} />;
  return <LatestExamResult key={id} examId={id ?? ''} />;
}
