import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { ExamPreviewPage } from '../../features/admin-exams/components/exam-preview-page.tsx';

export default function AdminExamPreviewRoute() {
  usePageTitle('Preview as a learner');
  const { id = '' } = useParams();
  return <ExamPreviewPage key={id} examId={id} />;
}
