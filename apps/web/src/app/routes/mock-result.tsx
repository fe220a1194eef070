import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { mockResultQueryOptions } from '../../features/mocks/api/mocks-api.ts';
import { MockOutcomeView } from '../../features/mocks/components/mock-outcome.tsx';

/** /mocks/{id}/result: when a mock's results come out, or the learner's rank once they are (decision 0077). */
export default function MockResultRoute() {
  usePageTitle('Mock exam result');
  const { id = '' } = useParams();
  const outcome = useQuery(mockResultQueryOptions(id));
  if (outcome.isError)
    return (
      <LoadError
        message={errorMessage(outcome.error, 'The result could not be loaded.')}
        onRetry={() => void outcome.refetch()}
      />
    );
  if (!outcome.data) return <PageLoading label="Loading result" />;
  return <MockOutcomeView title="Mock exam result" outcome={outcome.data} />;
}
