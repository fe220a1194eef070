import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { ExamResult } from '@mlp/contract';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { ExamTaking } from '../../features/exam-taking/components/exam-taking.tsx';
import { resultKeys } from '../../features/results/api/result-keys.ts';

export default function TakeExamRoute() {
  usePageTitle('Take Exam');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const showResult = (result: ExamResult) => {
    // The result page opens from the cache; history, recent exams and result lists are now stale.
    void queryClient.invalidateQueries({ queryKey: resultKeys.all });
    queryClient.setQueryData(resultKeys.detail(result._id), result);
    // Replace: going back should not start the exam again.
    void navigate(`/exams/results/${encodeURIComponent(result._id)}`, { replace: true });
  };

  return <ExamTaking key={id} examId={id} onSubmitted={showResult} />;
}
