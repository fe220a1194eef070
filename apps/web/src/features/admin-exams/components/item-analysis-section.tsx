import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { ItemAnalysis } from '@mlp/contract';
import { BusyButton } from '../../../components/form/form-controls.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { DataTable, DEFAULT_ROWS_PER_PAGE, tableLoadError } from '../../../components/table/data-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  itemAnalysisQueryOptions,
  useRecalculateMutation,
  type ItemAnalysisFilters,
} from '../api/item-analysis-api.ts';
import {
  formatDiscrimination,
  formatPercent,
  SORT_LABELS,
  SOURCE_LABELS,
} from '../../../components/item-analysis/item-analysis-text.ts';
import { ExamFigures, GoodValues, ITEM_COLUMNS } from '../../../components/item-analysis/item-report.tsx';

/**
 * Item analysis on the exam edit page (decision 0036): the exam's score figures and reliability,
 * a plain-language guide to good values, AI drafts against hand-written questions, and a table of every
 * question's figures with its answer shares, filterable and sortable.
 */

const INITIAL: ItemAnalysisFilters = {
  source: 'all',
  flaggedOnly: false,
  sort: 'order',
  page: 0,
  rowsPerPage: DEFAULT_ROWS_PER_PAGE,
};

function SourceComparison({ bySource }: { bySource: ItemAnalysis['bySource'] }) {
  const rows = [
    { key: 'ai', label: 'AI drafts', figures: bySource.ai },
    { key: 'manual', label: 'Hand-written', figures: bySource.manual },
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gap: 1, m: 0, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {rows.map(({ key, label, figures }) => (
        <Paper key={key} variant="outlined" component="div" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="subtitle2">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
            {figures.questions === 0
              ? 'No questions'
              : `${figures.questions} question${figures.questions === 1 ? '' : 's'}, ${figures.analysed} with 10+ answers · mean facility ${formatPercent(figures.meanFacility)} · mean discrimination ${formatDiscrimination(figures.meanDiscrimination)} · ${figures.flagged} flagged`}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

export function ItemAnalysisSection({ examId }: { examId: string }) {
  const headingId = useId();
  const [filters, setFilters] = useState<ItemAnalysisFilters>(INITIAL);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const report = useQuery(itemAnalysisQueryOptions(examId, filters));
  const recalculate = useRecalculateMutation(examId);
  const set = (change: Partial<ItemAnalysisFilters>) =>
    setFilters((current) => ({ ...current, page: 0, ...change }));

  const data = report.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
      >
        <div>
          <Typography id={headingId} component="h2" variant="h6">
            Item analysis
          </Typography>
          <Typography variant="body2" color="text.secondary">
            How each question performs, from this exam&apos;s submitted sittings in every mode.
          </Typography>
        </div>
        <BusyButton
          variant="outlined"
          startIcon={<RefreshIcon />}
          busy={recalculate.isPending}
          busyLabel="Recalculating..."
          onClick={() => {
            recalculate.reset();
            setConfirming(true);
          }}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          Recalculate
        </BusyButton>
      </Stack>

      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}

      {report.isPending ? (
        <Stack spacing={1} role="status" aria-label="Loading item analysis">
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : report.isError && !data ? (
        <LoadError
          message={errorMessage(report.error, 'Error loading item analysis')}
          onRetry={report.refetch}
        />
      ) : data ? (
        <Stack spacing={2}>
          {data.exam.pending > 0 && (
            <Alert severity="info">
              {`${data.exam.pending} submitted sitting${data.exam.pending === 1 ? ' is' : 's are'} still being counted; the figures catch up within a minute or two.`}
            </Alert>
          )}
          {data.exam.results === 0 && data.exam.pending === 0 ? (
            <Typography color="text.secondary">
              No sittings yet. Figures appear here once learners have submitted this exam.
            </Typography>
          ) : (
            <ExamFigures exam={data.exam} />
          )}
          <GoodValues />
          <SourceComparison bySource={data.bySource} />

          <Box
            sx={{
              display: 'grid',
              gap: 2,
              alignItems: 'center',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 200px)) auto' },
            }}
          >
            <TextField
              select
              size="small"
              label="Questions"
              value={filters.source}
              onChange={(event) => set({ source: event.target.value as ItemAnalysisFilters['source'] })}
            >
              {Object.entries(SOURCE_LABELS).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Sort by"
              value={filters.sort}
              onChange={(event) => set({ sort: event.target.value as ItemAnalysisFilters['sort'] })}
            >
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Switch
                  checked={filters.flaggedOnly}
                  onChange={(event) => set({ flaggedOnly: event.target.checked })}
                />
              }
              label="Flagged only"
            />
          </Box>

          <DataTable
            label="Question statistics"
            columns={ITEM_COLUMNS}
            rows={data.items}
            rowKey={(item) => item.questionId}
            loading={report.isFetching && report.isPlaceholderData}
            error={tableLoadError(report, 'Error loading item analysis')}
            emptyText={filters.flaggedOnly ? 'No flagged questions' : 'No questions'}
            minWidth={900}
            narrow
            paging={{
              page: filters.page,
              rowsPerPage: filters.rowsPerPage,
              total: data.total,
              pages: Math.max(1, Math.ceil(data.total / filters.rowsPerPage)),
              onPageChange: (page) => setFilters((current) => ({ ...current, page })),
              onRowsPerPageChange: (rowsPerPage) => set({ rowsPerPage }),
            }}
          />
        </Stack>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title="Recalculate item analysis"
        message="Count every submitted sitting of this exam again from the start?"
        details="Use this after correcting a question's answer or after results were deleted. The figures are rebuilt within a minute or two."
        confirmLabel="Recalculate"
        busy={recalculate.isPending}
        error={recalculate.isError ? errorMessage(recalculate.error, 'Could not recalculate') : null}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          recalculate.mutate(undefined, {
            onSuccess: (result) => {
              setConfirming(false);
              setNotice(result.message);
            },
          })
        }
      />
    </Paper>
  );
}
