import { usePageTitle } from '../../lib/site-settings.tsx';
import { CreateExamForm } from '../../features/admin-exams/components/create-exam-form.tsx';

export default function AdminExamCreateRoute() {
  usePageTitle('Create New Exam');
  return <CreateExamForm />;
}
