import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MockOutcome } from '@mlp/contract';
import { PageHeader, SectionCard } from '../../../components/page-sections.tsx';
import { ScoreDistribution, scoreBand } from '../../../components/score-distribution.tsx';
import { DataTable } from '../../../components/table/data-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

const percentOf = (correct: number, total: number) =>
  total > 0 ? Math.round((100 * correct) / total) : null;

/** Per topic, the learner's share of right answers beside everyone's who sat the mock. */
export function TopicsAgainstEveryone({ outcome }: { outcome: MockOutcome }) {
  const everyone = new Map((outcome.standing?.topics ?? []).map((row) => [row.topic, row]));
  const rows = (outcome.result?.topics ?? []).map((mine) => {
    const all = everyone.get(mine.topic);
    return {
      topic: mine.topic,
      you: percentOf(mine.correct, mine.total),
      mine,
      everyone: all ? percentOf(all.correct, all.total) : null,
    };
  });
  return (
    <DataTable
      label="Your topics against everyone who sat it"
      columns={[
        { label: 'Topic', render: (row) => row.topic, cellSx: { overflowWrap: 'anywhere' } },
        {
          label: 'You',
          render: (row) => `${row.you ?? 0}% (${row.mine.correct} of ${row.mine.total})`,
        },
        {
          label: 'Everyone',
          render: (row) => (row.everyone === null ? 'Being counted' : `${row.everyone}%`),
        },
      ]}
      rows={rows}
      rowKey={(row) => row.topic}
      loading={false}
      emptyText="This paper has no topics."
      minWidth={360}
    />
  );
}

/**
 * A mock's outcome (decision 0077): before the release, only when results come out (the learner's local
 * time); after it, the score, rank and percentile among everyone who sat it, the score bands, each topic
 * against everyone's, and a link to the full result.
 */
export function MockOutcomeView({ title, outcome }: { title: string; outcome: MockOutcome }) {
  if (!outcome.released || !outcome.result || !outcome.standing) {
    return (
      <>
        <PageHeader title={title} />
        <Alert severity="success" sx={{ mb: 3 }}>
          Submitted. Results are released on {formatDateTime(outcome.resultsAt)}.
        </Alert>
        <Button component={RouterLink} to="/dashboard" variant="contained">
          Back to dashboard
        </Button>
      </>
    );
  }
  const { result, standing } = outcome;
  const own = scoreBand(result.score);
  return (
    <>
      <PageHeader title={title} subtitle={result.exam.title} />
      <Stack spacing={3}>
        <SectionCard title="Your rank">
          <Typography variant="h5" component="p" sx={{ mt: 1 }}>
            Rank {standing.rank} of {standing.sat}
          </Typography>
          <Typography>
            Score {result.score}% ({result.correctAnswers} of {result.totalQuestions} correct) ·{' '}
            {ordinal(standing.percentile)} percentile
          </Typography>
          <Button
            component={RouterLink}
            to={`/exams/results/${encodeURIComponent(result._id)}`}
            variant="outlined"
            sx={{ mt: 2 }}
          >
            Review answers
          </Button>
        </SectionCard>
        <SectionCard title="Scores of everyone who sat it">
          <Box sx={{ mt: 1.5 }}>
            <ScoreDistribution counts={standing.distribution} own={own} />
          </Box>
        </SectionCard>
        <SectionCard title="By topic">
          <Box sx={{ mt: 1.5 }}>
            <TopicsAgainstEveryone outcome={outcome} />
          </Box>
        </SectionCard>
      </Stack>
    </>
  );
}
