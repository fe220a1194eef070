import { lazy, Suspense, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { ResultSummary } from '@mlp/contract';
import { BrowseExamsButton, EmptyState, ListPage } from '../../../components/list-states.tsx';
import { readPageParam, UrlPagination } from '../../../components/navigation/url-pagination.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { formatDateTime, formatDuration } from '../../../lib/format.ts';
import { historyQueryOptions } from '../api/results-api.ts';
import { scoreChartSummary, scoreLabel, scorePoints, sittingLabel } from '../score.ts';
import { QueryProgress } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';

// @mui/x-charts is loaded only here, after the list, so it never weighs on other pages.
const ScoreChart = lazy(() => import('./score-chart.tsx'));

function HistoryRow({ result }: { result: ResultSummary }) {
  const titleId = useId();
  const label = sittingLabel(result);
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            id={titleId}
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600, wordBreak: 'break-word' }}
          >
            {result.exam.title}
          </Typography>
          {label && (
            <Chip
              size="small"
              label={label}
              color={result.kind === 'practice' ? 'secondary' : 'default'}
              variant="outlined"
              sx={{ mb: 0.5 }}
            />
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0.25, sm: 2 }}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
          >
            <Typography sx={{ fontWeight: 600 }} color="primary">
              {scoreLabel(result.score)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: { sm: 'center' } }}>
              {formatDateTime(result.completedAt)}
            </Typography>
            {result.duration > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ alignSelf: { sm: 'center' } }}>
                Time taken: {formatDuration(result.duration)}
              </Typography>
            )}
          </Stack>
        </Box>
        <IconButton
          component={RouterLink}
          to={`/exams/results/${encodeURIComponent(result._id)}`}
          aria-label="View result"
          aria-describedby={titleId}
          color="primary"
        >
          <VisibilityIcon />
        </IconButton>
      </Stack>
    </Paper>
  );
}

function ScoresOverTime({ history }: { history: readonly ResultSummary[] }) {
  const points = scorePoints(history);
  return (
    <SectionCard
      title="Scores over time"
      titleSx={{ px: { xs: 0.5, sm: 0 } }}
      headingId="scores-chart-heading"
      p={{ xs: 1.5, sm: 3 }}
      mb={3}
    >
      <VisuallyHidden component="p">{scoreChartSummary(points)}</VisuallyHidden>
      {/* The chart has its own keyboard navigation; the summary above gives the same data as text. */}
      <Box sx={{ height: 260 }}>
        <Suspense fallback={<Skeleton variant="rounded" height={240} sx={{ mt: 1 }} />}>
          <ScoreChart points={points} />
        </Suspense>
      </Box>
    </SectionCard>
  );
}

/** Spec §2 Exam history: past attempts, 20 a page, with a chart of scores over time. */
export function ExamHistory() {
  const [searchParams] = useSearchParams();
  const page = readPageParam(searchParams);
  const history = useQuery(historyQueryOptions(page));

  return (
    <Box>
      <Typography component="h1" variant="h4" gutterBottom>
        Exam History
      </Typography>

      <QueryProgress
        query={history}
        label="Loading exam history"
        errorText={'Failed to load exam results.'}
      />

      {history.data && history.data.history.length === 0 && (
        <EmptyState text="You haven't taken any exams yet." action={<BrowseExamsButton />} />
      )}

      {history.data && history.data.history.length > 0 && (
        <>
          <ScoresOverTime history={history.data.history} />
          <ListPage label="Past attempts" busy={history.isPlaceholderData}>
            {history.data.history.map((result) => (
              <HistoryRow key={result._id} result={result} />
            ))}
          </ListPage>
          <UrlPagination page={history.data.page} pages={history.data.pages} label="Exam history pages" />
        </>
      )}
    </Box>
  );
}
