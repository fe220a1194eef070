import { usePageTitle } from '../../lib/site-settings.tsx';
import { ExamCatalogue } from '../../features/catalogue/components/exam-catalogue.tsx';

export default function ExamsRoute() {
  usePageTitle('Available Exams');
  return <ExamCatalogue />;
}
