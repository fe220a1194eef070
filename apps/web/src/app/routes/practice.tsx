import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Attempt } from '@mlp/contract';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { PracticeBuilder } from '../../features/practice/components/practice-builder.tsx';
import { resultKeys } from '../../features/results/api/result-keys.ts';

/** /practice (decision 0037): build a practice set; it opens in the exam-taking screen at /practice/{id}. */
export default function PracticeRoute() {
  usePageTitle('Practice');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = (attempt: Attempt) => {
    // The dashboard's 'in progress' list now has the set.
    void queryClient.invalidateQueries({ queryKey: resultKeys.all });
    void navigate(`/practice/${encodeURIComponent(attempt._id)}`);
  };
  return <PracticeBuilder onStarted={started} />;
}
