import { useState, type Dispatch, type SetStateAction } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { REPORT_OUTCOME_LABELS, REPORT_REASON_LABELS, type AdminReport } from '@mlp/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import {
  DataTable,
  serverPaging,
  tableLoadError,
  type TableColumn,
} from '../../../components/table/data-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { reportsQueryOptions, useResolveReportMutation, type ReportFilters } from '../api/reports-api.ts';
import { ResolveReportDialog } from './resolve-report-dialog.tsx';

const WRAP = { overflowWrap: 'anywhere' } as const;

/** A question's text cut to a readable length for a table cell. */
function excerpt(text: string | null, length = 140): string {
  if (text === null) return 'Deleted question';
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

function columns(showLearner: boolean): Array<TableColumn<AdminReport>> {
  return [
    {
      label: 'Question',
      render: (report) => (
        <Box sx={WRAP}>
          <Link component={RouterLink} to={`/admin/exams/${report.examId}/edit`} underline="hover">
            {excerpt(report.question)}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={WRAP}>
            {report.examTitle ?? 'Deleted exam'}
            {report.openOnQuestion > 1 ? ` · ${report.openOnQuestion} open reports on this question` : ''}
          </Typography>
        </Box>
      ),
      cellSx: { minWidth: 220 },
    },
    {
      label: 'Problem',
      render: (report) => (
        <Box sx={WRAP}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {REPORT_REASON_LABELS[report.reason]}
          </Typography>
          {report.details && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', ...WRAP }}>
              {report.details}
            </Typography>
          )}
        </Box>
      ),
      cellSx: { minWidth: 200 },
    },
    ...(showLearner
      ? [
          {
            label: 'Learner',
            render: (report: AdminReport) => (
              <Box sx={WRAP}>
                <Link component={RouterLink} to={`/admin/users/${report.learner._id}`} underline="hover">
                  {report.learner.name || report.learner.email}
                </Link>
                {report.learner.name && (
                  <Typography variant="body2" color="text.secondary" sx={WRAP}>
                    {report.learner.email}
                  </Typography>
                )}
              </Box>
            ),
            cellSx: { minWidth: 150 },
          },
        ]
      : []),
    {
      label: 'Reported',
      render: (report) => (
        <>
          <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
            {formatDate(report.createdAt)}
          </Box>
          <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
            {formatTime(report.createdAt)}
          </Box>
        </>
      ),
    },
    {
      label: 'Status',
      render: (report) =>
        report.status === 'open' ? (
          <Chip size="small" color="warning" label="Open" />
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
            <Chip size="small" variant="outlined" label="Resolved" />
            <Typography variant="body2" color="text.secondary" sx={WRAP}>
              {report.outcome ? REPORT_OUTCOME_LABELS[report.outcome] : ''}
              {report.resolution ? `: ${report.resolution}` : ''}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={WRAP}>
              {report.resolvedBy ? `By ${report.resolvedBy}` : ''}
              {report.resolvedAt ? ` on ${formatDate(report.resolvedAt)}` : ''}
              {report.learnerNotified ? ' · learner told' : ''}
            </Typography>
          </Box>
        ),
      cellSx: { minWidth: 140 },
    },
  ];
}

const WITH_LEARNER = columns(true);
const WITHOUT_LEARNER = columns(false);

/**
 * Learner reports, paged on the server, with 'Resolve' on each open one. On success the server's message
 * shows as a toast and the queue and the dashboard's count load again.
 */
export function ReportsTable({
  filters,
  setFilters,
  emptyText,
  showLearner = true,
}: {
  filters: ReportFilters;
  setFilters: Dispatch<SetStateAction<ReportFilters>>;
  emptyText: string;
  /** Off on a learner's own page, where every row is theirs. */
  showLearner?: boolean;
}) {
  const reports = useQuery(reportsQueryOptions(filters));
  const resolve = useResolveReportMutation();
  const [target, setTarget] = useState<AdminReport | null>(null);
  const [open, setOpen] = useState(false);
  const { feedback, show } = useFeedback();

  return (
    <>
      <DataTable
        label="Learner reports"
        columns={showLearner ? WITH_LEARNER : WITHOUT_LEARNER}
        rows={reports.data?.reports ?? []}
        rowKey={(report) => report._id}
        actions={(report) =>
          report.status === 'open' ? (
            <Button
              size="small"
              variant="outlined"
              aria-label={`Resolve the report from ${report.learner.name || report.learner.email} on ${formatDate(report.createdAt)}`}
              onClick={() => {
                resolve.reset();
                setTarget(report);
                setOpen(true);
              }}
            >
              Resolve
            </Button>
          ) : null
        }
        loading={reports.isPending}
        error={tableLoadError(reports, 'Error fetching reports')}
        emptyText={emptyText}
        minWidth={showLearner ? 900 : 720}
        narrow
        paging={serverPaging(filters, setFilters, reports.data)}
      />
      <ResolveReportDialog
        key={target?._id ?? 'none'}
        report={target}
        open={open}
        busy={resolve.isPending}
        error={resolve.isError ? errorMessage(resolve.error, 'Error resolving report') : null}
        onCancel={() => setOpen(false)}
        onResolve={(body) => {
          if (!target) return;
          resolve.mutate(
            { id: target._id, body },
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
