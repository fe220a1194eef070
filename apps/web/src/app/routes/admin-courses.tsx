import { usePageTitle } from '../../lib/site-settings.tsx';
import { CoursesPage } from '../../features/admin-courses/components/courses-page.tsx';

export default function AdminCoursesRoute() {
  usePageTitle('Courses');
  return <CoursesPage />;
}
