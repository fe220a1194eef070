import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { LearnerMock } from '@mlp/contract';
import { SectionCard } from '../../../components/page-sections.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { learnerMocksQueryOptions } from '../api/mocks-api.ts';
import { mockAction, timeUntil } from '../mock-text.ts';
import { OutlinedRow } from '../../../components/outlined-row.tsx';
import { useNow } from '../../../lib/use-now.ts';

function MockRow({ mock, now }: { mock: LearnerMock; now: number }) {
  const titleId = `mock-${mock._id}`;
  const action = mockAction(mock, now, mock.opensAt);
  const to = `/mocks/${encodeURIComponent(mock._id)}`;
  /** A small link of the row, named by the mock's title for a screen reader. */
  const linkTo = (path: string) =>
    ({
      component: RouterLink,
      to: path,
      size: 'small',
      'aria-describedby': titleId,
      sx: { flexShrink: 0 },
    }) as const;
  return (
    <OutlinedRow layout="stack">
      <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography id={titleId} sx={{ fontWeight: 600 }}>
          {mock.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {mock.examTitle} · {mock.timeLimitMinutes} minutes, one attempt
        </Typography>
        <Typography variant="body2">
          Opens {formatDateTime(mock.opensAt)} · Closes {formatDateTime(mock.closesAt)}
        </Typography>
        {action === 'countdown' && (
          <Typography variant="body2" color="primary" sx={{ fontWeight: 600 }}>
            Opens {timeUntil(mock.opensAt, now)}
          </Typography>
        )}
        {action === 'results-on' && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Submitted. Results on {formatDateTime(mock.resultsAt)}
          </Typography>
        )}
      </Box>
      {(action === 'start' || action === 'resume') && (
        <Button {...linkTo(`${to}/take`)} variant="contained">
          {action === 'start' ? 'Start mock' : 'Resume mock'}
        </Button>
      )}
      {action === 'view-results' && (
        <Button {...linkTo(`${to}/result`)} variant="outlined">
          View results
        </Button>
      )}
    </OutlinedRow>
  );
}

/**
 * The dashboard's live mocks (decision 0077): upcoming ones with a countdown, open ones with "Start mock",
 * and those sat with when their results come out; times in the learner's own time zone. Nothing shows
 * while there are none, or if they cannot be read (the rest of the dashboard stands).
 */
export function UpcomingMocks() {
  const mocks = useQuery(learnerMocksQueryOptions());
  const now = useNow();
  if (!mocks.data || mocks.data.length === 0) return null;
  return (
    <Box sx={{ mb: 3 }}>
      <SectionCard title="Mock exams">
        <Box component="ul" sx={{ m: 0, mt: 1.5, p: 0, display: 'grid', gap: 1.5 }}>
          {mocks.data.map((mock) => (
            <MockRow key={mock._id} mock={mock} now={now} />
          ))}
        </Box>
      </SectionCard>
    </Box>
  );
}
