import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useAskSubmit } from '../../features/exam-taking/use-ask-submit.ts';
import type { ExamResult } from '@mlp/contract';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { PracticeTaking } from '../../features/exam-taking/components/exam-taking.tsx';
import { resultKeys } from '../../features/results/api/result-keys.ts';

/** /practice/{id}: a practice set, sat in the exam-taking screen; its result opens on the result page. */
export default function TakePracticeRoute() {
  usePageTitle('Practice');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const askSubmit = useAskSubmit();

  const showResult = (result: ExamResult) => {
    void queryClient.invalidateQueries({ queryKey: resultKeys.all });
    queryClient.setQueryData(resultKeys.detail(result._id), result);
    void navigate(`/exams/results/${encodeURIComponent(result._id)}`, { replace: true });
  };

  return <PracticeTaking key={id} attemptId={id} askSubmit={askSubmit} onSubmitted={showResult} />;
}
