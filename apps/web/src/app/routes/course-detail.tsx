import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { courseQueryOptions } from '../../features/courses/api/courses-api.ts';
import { CourseDetail } from '../../features/courses/components/course-detail.tsx';
import { resultKeys } from '../../features/results/api/result-keys.ts';

export default function CourseDetailRoute() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const { data: course } = useQuery(courseQueryOptions(id));
  usePageTitle(course?.title ?? 'Course');
  // A unit started here is a sitting in progress: the dashboard's list of them is read again.
  const started = () => void queryClient.invalidateQueries({ queryKey: resultKeys.all });
  return <CourseDetail key={id} courseId={id} onUnitStarted={started} />;
}
