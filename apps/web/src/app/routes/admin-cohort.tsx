import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { CohortDetailPage } from '../../features/admin-cohorts/components/cohort-detail-page.tsx';

export default function AdminCohortRoute() {
  usePageTitle('Cohort');
  const { id = '' } = useParams();
  return <CohortDetailPage key={id} id={id} />;
}
