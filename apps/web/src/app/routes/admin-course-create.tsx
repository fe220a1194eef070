import { usePageTitle } from '../../lib/site-settings.tsx';
import { CourseForm } from '../../features/admin-courses/components/course-form.tsx';

export default function AdminCourseCreateRoute() {
  usePageTitle('Create Course');
  return <CourseForm />;
}
