import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { JoinCohort } from '../../features/cohorts/components/join-cohort.tsx';

export default function JoinCohortRoute() {
  usePageTitle('Join a cohort');
  const { code = '' } = useParams();
  return <JoinCohort key={code} initialCode={code} />;
}
