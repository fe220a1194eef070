import { usePageTitle } from '../../lib/site-settings.tsx';
import { ExamHistory } from '../../features/results/components/exam-history.tsx';

export default function ExamHistoryRoute() {
  usePageTitle('Exam History');
  return <ExamHistory />;
}
