import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { ItemAnalysis, ItemFlag, ItemStatistics } from '@mlp/contract';
import { BusyButton } from '../../../components/form/form-controls.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { DataTable, DEFAULT_ROWS_PER_PAGE, tableLoadError } from '../../../components/table/data-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  itemAnalysisQueryOptions,
  useRecalculateMutation,
  type ItemAnalysisFilters,
} from '../api/item-analysis-api.ts';
import {
  alphaVerdict,
  FLAG_TEXT,
  formatDiscrimination,
  formatPercent,
  optionLetter,
  SORT_LABELS,
  SOURCE_LABELS,
} from '../item-analysis-text.ts';

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

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Box component="div" sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0, lineHeight: 1.4 }}>
        {value}
      </Typography>
      {note && (
        <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
          {note}
        </Typography>
      )}
    </Box>
  );
}

function ExamFigures({ exam }: { exam: ItemAnalysis['exam'] }) {
  const verdict = alphaVerdict(exam.alpha);
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gap: 2,
        m: 0,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      <Figure label="Sittings" value={exam.results} />
      <Figure label="Mean score" value={formatPercent(exam.mean)} />
      <Figure label="Median score" value={formatPercent(exam.median)} />
      <Figure label="Standard deviation" value={formatPercent(exam.sd)} />
      <Figure
        label="Cronbach's alpha"
        value={exam.alpha === null ? '–' : exam.alpha.toFixed(2)}
        note={verdict}
      />
    </Box>
  );
}

function GoodValues() {
  return (
    <Box component="details" sx={{ '& summary': { cursor: 'pointer', fontWeight: 600 } }}>
      <Typography component="summary" variant="body2">
        What good values look like
      </Typography>
      <Box component="ul" sx={{ pl: 3, my: 1, '& li': { mb: 0.5 } }}>
        <Typography component="li" variant="body2">
          <strong>Facility</strong> is the share of answers that were right. Between about 30% and 80% a
          question tells learners apart best; above 90% it is too easy to teach much, below 20% it may be too
          hard, unclear, or keyed wrongly.
        </Typography>
        <Typography component="li" variant="body2">
          <strong>Discrimination</strong> compares a question with the rest of the sitting: do learners who do
          well elsewhere get it right? 0.3 or more is good, 0.2 to 0.3 fair, under 0.2 weak. A negative value
          usually means the marked answer is wrong or the question is misleading.
        </Typography>
        <Typography component="li" variant="body2">
          <strong>Discriminative efficiency</strong> is that discrimination as a share of the most this
          question could reach at its facility; 50% or more is good.
        </Typography>
        <Typography component="li" variant="body2">
          <strong>Cronbach&apos;s alpha</strong> says how consistently the exam measures one thing, from 0 to
          1: 0.7 or more is acceptable for practice, 0.8 or more good, 0.9 or more what high-stakes exams aim
          for. Short exams score lower.
        </Typography>
        <Typography component="li" variant="body2">
          Questions need at least 10 answers before they are flagged; figures on few answers move a lot.
        </Typography>
      </Box>
    </Box>
  );
}

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

const FLAG_COLOUR: Record<ItemFlag, 'error' | 'warning' | 'info'> = {
  'negative-discrimination': 'error',
  'distractor-beats-key': 'error',
  'weak-discrimination': 'warning',
  'too-easy': 'info',
  'too-hard': 'info',
};

function Flags({ item }: { item: ItemStatistics }) {
  if (item.flags.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {item.attempts < 10 ? 'Too few answers' : 'None'}
      </Typography>
    );
  }
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {item.flags.map((flag) => (
        <Chip key={flag} size="small" color={FLAG_COLOUR[flag]} variant="outlined" label={FLAG_TEXT[flag]} />
      ))}
    </Stack>
  );
}

function QuestionCell({ item }: { item: ItemStatistics }) {
  return (
    <Box sx={{ minWidth: 0, fontWeight: 400 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {`${item.number}. ${item.question}`}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {[
          item.topic ?? 'General',
          item.isAIGenerated ? 'AI draft' : 'Hand-written',
          item.approvalStatus === 'approved'
            ? null
            : item.approvalStatus === 'pending'
              ? 'Pending'
              : 'Rejected',
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {item.countedSince && (
        // Decision 0050: figures across a change of the key or options would mix two questions.
        <Typography variant="caption" component="p" sx={{ mb: 0.5, color: '#8a4b00' }}>
          {`Counted since ${formatDate(item.countedSince)}, when its answer or options changed.`}
        </Typography>
      )}
      {item.attempts > 0 && (
        <Box
          component="ul"
          aria-label={`Answers to question ${item.number}`}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {item.options.map((option, index) => (
            <Box
              component="li"
              key={index}
              sx={{
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr) auto',
                columnGap: 1,
                alignItems: 'center',
                py: 0.25,
                // warning.dark on white is below 4.5:1 for caption text: the words and the bar mark it instead.
                color: option.isKey ? 'success.dark' : 'text.primary',
              }}
            >
              <Typography
                variant="caption"
                sx={{
                  overflowWrap: 'anywhere',
                  fontWeight: option.isKey || option.mostPopularWrong ? 700 : 400,
                }}
              >
                {`${optionLetter(index)}. ${option.text}`}
                {option.isKey && ' (answer)'}
                {option.mostPopularWrong && ' (most chosen wrong answer)'}
              </Typography>
              <Typography variant="caption" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {`${formatPercent(option.share)} · top third ${formatPercent(option.strongShare)}`}
              </Typography>
              <Box
                aria-hidden="true"
                sx={{
                  gridColumn: '1 / -1',
                  height: 4,
                  bgcolor: 'action.hover',
                  borderRadius: 2,
                  overflow: 'hidden',
                }}
              >
                <Box
                  sx={{
                    width: `${Math.min(100, option.share)}%`,
                    height: '100%',
                    bgcolor: option.isKey
                      ? 'success.main'
                      : option.mostPopularWrong
                        ? 'warning.main'
                        : 'grey.500',
                  }}
                />
              </Box>
            </Box>
          ))}
          {item.skippedShare > 0 && (
            <Typography component="li" variant="caption" color="text.secondary">
              {`Skipped: ${formatPercent(item.skippedShare)}`}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

const COLUMNS = [
  {
    label: 'Question',
    render: (item: ItemStatistics) => <QuestionCell item={item} />,
    cellSx: { minWidth: 320 },
  },
  { label: 'Answers', align: 'right' as const, render: (item: ItemStatistics) => item.attempts },
  {
    label: 'Facility',
    align: 'right' as const,
    render: (item: ItemStatistics) => formatPercent(item.facility),
  },
  {
    label: 'Discrimination',
    align: 'right' as const,
    render: (item: ItemStatistics) => formatDiscrimination(item.discrimination),
  },
  {
    label: 'Efficiency',
    align: 'right' as const,
    render: (item: ItemStatistics) => formatPercent(item.efficiency),
  },
  { label: 'Flags', render: (item: ItemStatistics) => <Flags item={item} />, cellSx: { minWidth: 160 } },
];

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
            columns={COLUMNS}
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
