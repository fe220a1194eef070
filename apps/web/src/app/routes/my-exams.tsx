import { usePageTitle } from '../../lib/site-settings.tsx';
import { MyExams } from '../../features/subscriptions/components/my-exams.tsx';

export default function MyExamsRoute() {
  usePageTitle('My Exams');
  return <MyExams />;
}
