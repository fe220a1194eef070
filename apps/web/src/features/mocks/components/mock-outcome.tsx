import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MockOutcome } from '@mlp/contract';
import { PageHeader, SectionCard } from '../../../components/page-sections.tsx';
import { formatDateTime } from '../../../lib/format.ts';

const BAND_LABELS = Array.from({ length: 10 }, (_, band) =>
  band === 9 ? '90–100%' : `${band * 10}–${band * 10 + 9}%`,
);

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** The score bands as a list of bars, the learner's own band marked. */
function Distribution({ counts, own }: { counts: number[]; own: number }) {
  const most = Math.max(1, ...counts);
  return (
    <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 0.75 }}>
      {counts.map((count, band) => (
        <Box
          component="li"
          key={band}
          sx={{ listStyle: 'none', display: 'flex', gap: 1, alignItems: 'center' }}
        >
          <Typography variant="body2" sx={{ width: 72, flexShrink: 0 }}>
            {BAND_LABELS[band]}
          </Typography>
          <Box aria-hidden="true" sx={{ flexGrow: 1, minWidth: 0, maxWidth: 480 }}>
            <Box
              sx={{
                height: 12,
                width: `${(count / most) * 100}%`,
                minWidth: count > 0 ? 4 : 0,
                bgcolor: band === own ? 'primary.main' : 'grey.500',
                borderRadius: 0.5,
              }}
            />
          </Box>
          <Typography variant="body2" sx={{ width: 64, flexShrink: 0 }}>
            {count}
            {band === own ? ' (you)' : ''}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A mock's outcome (decision 0077): before the release, only when results come out (the learner's local
 * time); after it, the score, rank and percentile among everyone who sat it, the score bands and a link
 * to the full result.
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
  const own = Math.min(9, Math.floor(result.score / 10));
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
            <Distribution counts={standing.distribution} own={own} />
          </Box>
        </SectionCard>
      </Stack>
    </>
  );
}
