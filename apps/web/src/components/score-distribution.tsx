import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The ten score bands' names: 0–9%, 10–19%, …, 90–100%. */
const BAND_LABELS = Array.from({ length: 10 }, (_, band) =>
  band === 9 ? '90–100%' : `${band * 10}–${band * 10 + 9}%`,
);

/** The band of a score in percent (100 is in the top band). */
export function scoreBand(score: number): number {
  return Math.min(9, Math.max(0, Math.floor(score / 10)));
}

/** How many of the scores fall in each of the ten bands. */
export function bandCounts(scores: number[]): number[] {
  const counts = Array.from({ length: 10 }, () => 0);
  for (const score of scores) counts[scoreBand(score)]! += 1;
  return counts;
}

/**
 * Scores in ten bands as a list of bars with their counts (read as text by screen readers; the bars are
 * decoration), `own` marking one band "(you)": a mock's outcome, a cohort assignment's scores.
 */
export function ScoreDistribution({ counts, own }: { counts: number[]; own?: number }) {
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
