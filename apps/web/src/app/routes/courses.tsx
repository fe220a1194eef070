import { usePageTitle } from '../../lib/site-settings.tsx';
import { CourseList, courseListQuery } from '../../features/courses/components/course-list.tsx';
import type { PagePrefetch } from '../first-page-data.ts';

export const prefetch: PagePrefetch = (queryClient, { url }) =>
  queryClient.ensureQueryData(courseListQuery(url.searchParams));

export default function CoursesRoute() {
  usePageTitle('Courses');
  return <CourseList />;
}
