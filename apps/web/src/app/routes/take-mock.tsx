import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { MockOutcome } from '@mlp/contract';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { MockTaking } from '../../features/exam-taking/components/exam-taking.tsx';
import { mockKeys } from '../../features/mocks/api/mock-keys.ts';

/** /mocks/{id}/take: a live mock's one timed sitting (decision 0077); its outcome opens on the mock's result page. */
export default function TakeMockRoute() {
  usePageTitle('Mock exam');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const showOutcome = (outcome: MockOutcome) => {
    queryClient.setQueryData(mockKeys.result(id), outcome);
    void queryClient.invalidateQueries({ queryKey: mockKeys.list() });
    void navigate(`/mocks/${encodeURIComponent(id)}/result`, { replace: true });
  };

  return <MockTaking key={id} mockId={id} onSubmitted={showOutcome} />;
}
