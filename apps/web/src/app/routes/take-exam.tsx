import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useAskSubmit } from '../../features/exam-taking/use-ask-submit.ts';
import type { ExamResult } from '@mlp/contract';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { ExamTaking } from '../../features/exam-taking/components/exam-taking.tsx';
import { parseMode } from '../../features/exam-taking/sitting-modes.ts';
import { resultKeys } from '../../features/results/api/result-keys.ts';

/**
 * /exams/{id}/take: the spec's exam page; `?mode=timed|tutor` starts that mode (decision 0037); `?submit=1`
 * opens the submit dialog once loaded (decision 0063).
 */
export default function TakeExamRoute() {
  usePageTitle('Take Exam');
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const askSubmit = useAskSubmit();
  const mode = parseMode(searchParams.get('mode'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const showResult = (result: ExamResult) => {
    // The result page opens from the cache; history, recent exams and result lists are now stale.
    void queryClient.invalidateQueries({ queryKey: resultKeys.all });
    queryClient.setQueryData(resultKeys.detail(result._id), result);
    // Replace: going back should not start the exam again.
    void navigate(`/exams/results/${encodeURIComponent(result._id)}`, { replace: true });
  };

  return (
    <ExamTaking
      key={`${id}:${mode ?? ''}`}
      examId={id}
      mode={mode}
      askSubmit={askSubmit}
      onSubmitted={showResult}
    />
  );
}
