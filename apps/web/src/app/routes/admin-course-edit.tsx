import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { EditCoursePage } from '../../features/admin-courses/components/course-form.tsx';

export default function AdminCourseEditRoute() {
  usePageTitle('Edit Course');
  const { id = '' } = useParams();
  return <EditCoursePage key={id} courseId={id} />;
}
