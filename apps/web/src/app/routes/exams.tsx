import { usePageTitle } from '../../lib/site-settings.tsx';
import { catalogueQuery, ExamCatalogue } from '../../features/catalogue/components/exam-catalogue.tsx';
import type { PagePrefetch } from '../first-page-data.ts';

export const prefetch: PagePrefetch = (queryClient, { url }) =>
  queryClient.ensureQueryData(catalogueQuery(url.searchParams));

export default function ExamsRoute() {
  usePageTitle('Available Exams');
  return <ExamCatalogue />;
}
