import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { AdminExamDetail } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminExamKeys } from '../api/exam-keys.ts';

/** The most open reports read here at once; the queue has them all. */
const READ = 100;

/** 'Question 3 (2 reports), question 7' from the open reports' question ids, in the exam's order. */
export function reportedQuestions(questionIds: string[], reported: string[]): string {
  const counts = new Map<string, number>();
  for (const id of reported) counts.set(id, (counts.get(id) ?? 0) + 1);
  const parts = questionIds.flatMap((id, index) => {
    const n = counts.get(id);
    if (!n) return [];
    return [`${index + 1}${n > 1 ? ` (${n} reports)` : ''}`];
  });
  if (parts.length === 0) return '';
  return `${parts.length === 1 ? 'Question' : 'Questions'} ${parts.join(', ')}`;
}

/**
 * Learner reports waiting on this exam's questions (issue 20): how many, on which questions by number, and
 * the way to the queue filtered to this exam. Nothing when there are none (or they cannot be read).
 */
export function ExamReportsNotice({ exam }: { exam: AdminExamDetail }) {
  const reports = useQuery({
    queryKey: [...adminExamKeys.detail(exam._id), 'open-reports'],
    queryFn: ({ signal }) =>
      apiRequest(api.reports.list, { query: { examId: exam._id, status: 'open', limit: READ }, signal }),
  });
  const total = reports.data?.total ?? 0;
  if (total === 0) return null;
  const which = reportedQuestions(
    exam.questions.map((question) => question._id),
    (reports.data?.reports ?? []).map((report) => report.questionId),
  );
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
