import { useState, type Dispatch, type SetStateAction } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REPORT_REASON_LABELS, type ReportedQuestion } from '@mlp/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import {
  DataTable,
  serverPaging,
  tableLoadError,
  type TableColumn,
} from '../../../components/table/data-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  reportedQuestionsQueryOptions,
  useResolveQuestionReportsMutation,
  type ReportFilters,
} from '../api/reports-api.ts';
import { ResolveReportDialog } from './resolve-report-dialog.tsx';

const WRAP = { overflowWrap: 'anywhere' } as const;

function excerpt(text: string | null, length = 160): string {
  if (text === null) return 'Deleted question';
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

const COLUMNS: Array<TableColumn<ReportedQuestion>> = [
  {
    label: 'Question',
    render: (group) => (
      <Box sx={WRAP}>
        <Link component={RouterLink} to={`/admin/exams/${group.examId}/edit`} underline="hover">
          {group.questionNumber ? `Q${group.questionNumber}. ` : ''}
          {excerpt(group.question)}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={WRAP}>
          {group.examTitle ?? 'Deleted exam'}
        </Typography>
      </Box>
    ),
    cellSx: { minWidth: 240 },
  },
  {
    label: 'Problems',
    render: (group) => (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {group.reasons.map(({ reason, count }) => (
          <Chip
            key={reason}
            size="small"
            variant="outlined"
            label={`${REPORT_REASON_LABELS[reason]} · ${count}`}
          />
        ))}
      </Stack>
    ),
    cellSx: { minWidth: 200 },
  },
  {
    label: 'Open',
    render: (group) =>
      group.openReports > 0 ? (
        <Chip size="small" color="warning" label={`${group.openReports} open`} />
      ) : (
        <Chip size="small" variant="outlined" label="Resolved" />
      ),
  },
  {
    label: 'Reported',
    render: (group) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(group.firstReportedAt)}
        {group.lastReportedAt.slice(0, 10) !== group.firstReportedAt.slice(0, 10)
          ? ` – ${formatDate(group.lastReportedAt)}`
          : ''}
      </Box>
    ),
  },
];

/**
 * The reports queue grouped by question (decision 0073): one row per question with its problems and
 * counts; 'Show reports' lists that question's reports one by one, 'Resolve all' resolves every open one
 * together with one outcome and note.
 */
export function ReportedQuestionsTable({
  filters,
  setFilters,
  emptyText,
  onShowReports,
}: {
  filters: ReportFilters;
  setFilters: Dispatch<SetStateAction<ReportFilters>>;
  emptyText: string;
  onShowReports: (group: ReportedQuestion) => void;
}) {
  const groups = useQuery(reportedQuestionsQueryOptions(filters));
  const resolve = useResolveQuestionReportsMutation();
  const [target, setTarget] = useState<ReportedQuestion | null>(null);
  const [open, setOpen] = useState(false);
  const { feedback, show } = useFeedback();
  const where = (group: ReportedQuestion) =>
    group.questionNumber
      ? `question ${group.questionNumber} of ${group.examTitle ?? 'a deleted exam'}`
      : 'this question';

  return (
    <>
      <DataTable
        label="Reported questions"
        columns={COLUMNS}
        rows={groups.data?.questions ?? []}
        rowKey={(group) => group.questionId}
        actions={(group) => (
          // Stacked on a phone, so the question keeps most of the card's width.
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'flex-end', alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <Button
              size="small"
              aria-label={`Show reports on ${where(group)}`}
              onClick={() => onShowReports(group)}
            >
              Show reports
            </Button>
            {group.openReports > 0 && (
              <Button
                size="small"
                variant="outlined"
                aria-label={`Resolve all ${group.openReports} open reports on ${where(group)}`}
                onClick={() => {
                  resolve.reset();
                  setTarget(group);
                  setOpen(true);
                }}
              >
                Resolve all
              </Button>
            )}
          </Stack>
        )}
        loading={groups.isPending}
        error={tableLoadError(groups, 'Error fetching reports')}
        emptyText={emptyText}
        minWidth={900}
        narrow
        paging={serverPaging(filters, setFilters, groups.data)}
      />
      <ResolveReportDialog
        key={target?.questionId ?? 'none'}
        report={null}
        group={target}
        open={open}
        busy={resolve.isPending}
        error={resolve.isError ? errorMessage(resolve.error, 'Error resolving reports') : null}
        onCancel={() => setOpen(false)}
        onResolve={(body) => {
          if (!target) return;
          resolve.mutate(
            { questionId: target.questionId, body },
            {
              onSuccess: (result) => {
                setOpen(false);
                show(result.message);
              },
            },
          );
        }}
      />
      {feedback}
    </>
  );
}
