import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { AdminExamInfo } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminExamKeys } from '../api/exam-keys.ts';

/** The most open reports read here at once; the queue has them all. */
const READ = 100;

/** 'Questions 3 (2 reports), 7' from the open reports' question numbers, in the exam's order. */
export function reportedQuestions(numbers: Array<number | null>): string {
  const counts = new Map<number, number>();
  for (const n of numbers) if (n !== null) counts.set(n, (counts.get(n) ?? 0) + 1);
  const parts = [...counts]
    .sort(([a], [b]) => a - b)
    .map(([number, n]) => `${number}${n > 1 ? ` (${n} reports)` : ''}`);
  if (parts.length === 0) return '';
  return `${parts.length === 1 ? 'Question' : 'Questions'} ${parts.join(', ')}`;
}

/**
 * Learner reports waiting on this exam's questions (decision 0041): how many, on which questions by number,
 * and the way to the queue filtered to this exam. Nothing when there are none (or they cannot be read).
 */
export function ExamReportsNotice({ exam }: { exam: AdminExamInfo }) {
  const reports = useQuery({
    queryKey: [...adminExamKeys.detail(exam._id), 'open-reports'],
    queryFn: ({ signal }) =>
      apiRequest(api.reports.list, { query: { examId: exam._id, status: 'open', limit: READ }, signal }),
  });
  const total = reports.data?.total ?? 0;
  if (total === 0) return null;
  const which = reportedQuestions((reports.data?.reports ?? []).map((report) => report.questionNumber));
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to={`/admin/reports?examId=${exam._id}`} color="inherit" size="small">
          Review reports
        </Button>
      }
    >
      {`${total} open learner ${total === 1 ? 'report' : 'reports'}`}
      {which ? `: ${which}.` : '.'}
    </Alert>
  );
}
