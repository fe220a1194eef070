import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CohortInsights } from '@mlp/contract';
import { SectionCard } from '../../../components/page-sections.tsx';
import { TwoLineCell } from '../../../components/table/cells.tsx';
import { DataTable, tableLoadError } from '../../../components/table/data-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { cohortInsightsQueryOptions } from '../api/cohorts-api.ts';

type TopicRow = CohortInsights['topics'][number];
type WeekRow = CohortInsights['weeks'][number];

/** Per cent of answers right, or null without answers. */
export function percentRight(figures: { answered: number; correct: number }): number | null {
  return figures.answered > 0 ? Math.round((figures.correct / figures.answered) * 100) : null;
}

/**
 * The heat of a cohort's topic: dark text on a light tint, so the colour only repeats what the figure says
 * (and keeps its contrast): 70 % and over green, 50–69 % amber, under 50 % red.
 */
function heatOf(percent: number): { bgcolor: string; color: string } {
  if (percent >= 70) return { bgcolor: '#e8f5e9', color: '#1b5e20' };
  if (percent >= 50) return { bgcolor: '#fff3e0', color: '#7a3e00' };
  return { bgcolor: '#ffebee', color: '#b71c1c' };
}

/** "+8 points", "−12 points", "Level"; nothing when either side has no answers. */
export function differenceText(row: TopicRow): string {
  const cohort = percentRight(row.cohort);
  const everyone = percentRight(row.everyone);
  if (cohort === null || everyone === null) return '—';
  const points = cohort - everyone;
  if (points === 0) return 'Level';
  return `${points > 0 ? '+' : '−'}${Math.abs(points)} point${Math.abs(points) === 1 ? '' : 's'}`;
}

function CohortCell({ row }: { row: TopicRow }) {
  const percent = percentRight(row.cohort);
  if (percent === null) return <>No answers yet</>;
  return (
    <Box>
      <Box
        component="span"
        sx={{
          ...heatOf(percent),
          display: 'inline-block',
          px: 1,
          py: 0.25,
          borderRadius: 1,
          fontWeight: 600,
        }}
      >
        {percent}%
      </Box>
      <Typography variant="body2" color="text.secondary">
        {row.cohort.answered} answers by {row.cohort.learners}{' '}
        {row.cohort.learners === 1 ? 'member' : 'members'}
      </Typography>
    </Box>
  );
}

/**
 * How the cohort is doing (decision 0079): by topic of its assigned exams against every learner (a heat
 * map: the cohort's share of right answers, coloured), and week by week since the cohort started.
 */
export function InsightsSection({ cohortId }: { cohortId: string }) {
  const insights = useQuery(cohortInsightsQueryOptions(cohortId));
  const error = tableLoadError(insights, 'The cohort’s figures could not be loaded.');
  return (
    <SectionCard title="How the cohort is doing">
      <Stack spacing={3} sx={{ mt: 1 }}>
        <Box component="section" aria-labelledby="cohort-topics-heading">
          <Typography id="cohort-topics-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            By topic, against all learners
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            The share of right answers to each topic of the assigned exams, in every sitting: the members’,
            and every learner’s on the platform.
          </Typography>
          <DataTable<TopicRow>
            label="Topics against all learners"
            columns={[
              {
                label: 'Topic',
                render: (row) => <TwoLineCell primary={row.topic} secondary={row.examTitle} />,
                cellSx: { overflowWrap: 'anywhere' },
              },
              { label: 'Cohort', render: (row) => <CohortCell row={row} /> },
              {
                label: 'All learners',
                // Everyone's answers are counted by a job a little after each sitting (decision 0035).
                render: (row) => {
                  const percent = percentRight(row.everyone);
                  if (percent !== null) return `${percent}%`;
                  return row.cohort.answered > 0 ? 'Not counted yet' : 'No answers yet';
                },
              },
              { label: 'Difference', render: differenceText },
            ]}
            rows={insights.data?.topics ?? []}
            rowKey={(row) => `${row.examId} ${row.topic}`}
            loading={insights.isPending}
            error={error}
            emptyText="Nothing to compare yet: assign an exam, and the members’ answers show here by topic."
            minWidth={560}
          />
        </Box>
        <Box component="section" aria-labelledby="cohort-weeks-heading">
          <Typography id="cohort-weeks-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Week by week
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            The members’ results of the assigned exams since the cohort started (mocks and practice sets
            aside).
          </Typography>
          <DataTable<WeekRow>
            label="Results week by week"
            columns={[
              { label: 'Week of', render: (row) => formatDate(`${row.weekStart}T00:00:00`) },
              { label: 'Results', render: (row) => row.results },
              { label: 'Members', render: (row) => row.members },
              { label: 'Mean score', render: (row) => `${row.meanScore}%` },
            ]}
            rows={insights.data?.weeks ?? []}
            rowKey={(row) => row.weekStart}
            loading={insights.isPending}
            error={error}
            emptyText="No results since the cohort started."
            minWidth={420}
          />
        </Box>
      </Stack>
    </SectionCard>
  );
}
