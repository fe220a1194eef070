import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Attempt } from '@mlp/contract';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { openSittingsQueryOptions } from '../../features/exam-taking/api/attempts-api.ts';
import { InProgressList } from '../../features/exam-taking/components/in-progress-list.tsx';
import { PracticeBuilder } from '../../features/practice/components/practice-builder.tsx';
import { resultKeys } from '../../features/results/api/result-keys.ts';

/**
 * /practice (decision 0037): what is in progress (decision 0063; loaded on its own, so its failure never
 * hides the builder), then the builder; a set opens in the exam-taking screen at /practice/{id}.
 */
export default function PracticeRoute() {
  usePageTitle('Practice');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = useQuery(openSittingsQueryOptions());
  const started = (attempt: Attempt) => {
    // The dashboard's 'in progress' list now has the set.
    void queryClient.invalidateQueries({ queryKey: resultKeys.all });
    void navigate(`/practice/${encodeURIComponent(attempt._id)}`);
  };
  return (
    <PracticeBuilder
      onStarted={started}
      inProgress={
        open.data && open.data.length > 0 ? (
          <InProgressList
            sittings={open.data}
            onDiscarded={() => void queryClient.invalidateQueries({ queryKey: resultKeys.all })}
          />
        ) : null
      }
    />
  );
}
