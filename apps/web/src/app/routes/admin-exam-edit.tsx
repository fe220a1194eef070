import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { EditExamPage } from '../../features/admin-exams/components/edit-exam-page.tsx';

export default function AdminExamEditRoute() {
  usePageTitle('Edit Exam');
  const { id = '' } = useParams();
  return <EditExamPage key={id} examId={id} />;
}
