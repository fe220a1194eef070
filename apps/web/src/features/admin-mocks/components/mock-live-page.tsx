import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { MOCK_LIMITS, type MockLive } from '@mlp/contract';
import { SittingsItemReport } from '../../../components/item-analysis/sittings-item-report.tsx';
import { PageHeader, SectionCard } from '../../../components/page-sections.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { useAdminCan } from '../../../lib/admin/admin-api.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, formatTime } from '../../../lib/format.ts';
import { LIVE_REFRESH_MS, mockItemsQueryOptions, mockLiveQueryOptions } from '../api/mocks-api.ts';
import { progressBandLabel } from '../mock-rules.ts';

const STATE_TEXT: Record<MockLive['mock']['state'], string> = {
  upcoming: 'Not open yet',
  open: 'Open now',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

const LOST_MINUTES = MOCK_LIMITS.lostAfterSeconds / 60;

function Figures({ live }: { live: MockLive }) {
  const figures: Array<[string, number, string]> = [
    ['Subscribed', live.subscribed, 'may sit it'],
    ['Started', live.started, 'sittings opened'],
    ['In progress', live.inProgress, `heard from in the last ${LOST_MINUTES} minutes`],
    ['Connection lost', live.connectionLost, `silent for ${LOST_MINUTES} minutes or more`],
    ['Handed in', live.submitted, 'submitted, or handed in when time ran out'],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
        gap: 1.5,
        m: 0,
      }}
    >
      {figures.map(([label, value, hint]) => (
        <Paper key={label} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="h5"
            sx={{
              m: 0,
              fontWeight: 700,
              color: label === 'Connection lost' && value > 0 ? 'error.main' : undefined,
            }}
          >
            {value.toLocaleString('en-GB')}
          </Typography>
          <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
            {hint}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** Open sittings by how far into the paper they are: a row per band, with a bar drawn to scale. */
function Progress({ progress }: { progress: number[] }) {
  const open = progress.reduce((sum, n) => sum + n, 0);
  const most = Math.max(1, ...progress);
  if (open === 0)
    return (
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        No sitting is open.
      </Typography>
    );
  return (
    <TableContainer sx={{ mt: 1 }}>
      <Table size="small" aria-label="Open sittings by the question on screen">
        <TableHead>
          <TableRow>
            <TableCell>Question on screen</TableCell>
            <TableCell align="right">Sittings</TableCell>
            <TableCell sx={{ width: '45%', display: { xs: 'none', sm: 'table-cell' } }}>
              <VisuallyHidden>Share</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {progress.map((count, band) => (
            <TableRow key={band}>
              <TableCell>{progressBandLabel(band, progress.length)}</TableCell>
              <TableCell align="right">{count.toLocaleString('en-GB')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                <Box
                  aria-hidden="true"
                  sx={{
                    height: 10,
                    borderRadius: 1,
                    bgcolor: 'primary.main',
                    width: `${(count / most) * 100}%`,
                    minWidth: count > 0 ? 4 : 0,
                  }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LostSittings({ live }: { live: MockLive }) {
  const canOpenLearner = useAdminCan('adminUsers', 'detail');
  if (live.lost.length === 0)
    return (
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Every open sitting has been heard from in the last {LOST_MINUTES} minutes.
      </Typography>
    );
  return (
    <>
      {live.connectionLost > live.lost.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The {live.lost.length} silent the longest of {live.connectionLost.toLocaleString('en-GB')}.
        </Typography>
      )}
      <TableContainer sx={{ mt: 1 }}>
        <Table size="small" aria-label="Sittings whose connection was lost">
          <TableHead>
            <TableRow>
              <TableCell>Learner</TableCell>
              <TableCell>Question</TableCell>
              <TableCell>Last heard</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {live.lost.map((sitting) => (
              <TableRow key={sitting.learner._id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {canOpenLearner ? (
                    <Link component={RouterLink} to={`/admin/users/${sitting.learner._id}`}>
                      {sitting.learner.name}
                    </Link>
                  ) : (
                    sitting.learner.name
                  )}
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {sitting.learner.email}
                  </Typography>
                </TableCell>
                <TableCell>
                  {sitting.position} of {sitting.questions}
                </TableCell>
                <TableCell>{formatTime(sitting.lastHeardAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/** After the close: the item analysis of this mock's sittings alone. */
function MockItems({ mockId }: { mockId: string }) {
  const items = useQuery(mockItemsQueryOptions(mockId));
  return (
    <SectionCard title="Item analysis of this mock">
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        How each question of the paper did, from this mock's handed-in sittings alone.
      </Typography>
      <SittingsItemReport label="Questions of this mock" query={items} />
    </SectionCard>
  );
}

/**
 * /admin/mocks/:id/live (decision 0077): a mock's sittings as they happen, asked again every 5 seconds
 * while it is open. A refresh that fails keeps the last figures on screen and says so.
 */
export function MockLivePage({ mockId }: { mockId: string }) {
  const live = useQuery(mockLiveQueryOptions(mockId));
  const data = live.data;
  const back = (
    <Button component={RouterLink} to="/admin/mocks" startIcon={<ArrowBackIcon />}>
      Mock exams
    </Button>
  );
  if (live.isPending)
    return (
      <>
        <PageHeader title="Live view" actions={back} />
        <Stack spacing={2} role="status" aria-label="Loading the live view">
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      </>
    );
  if (!data)
    return (
      <>
        <PageHeader title="Live view" actions={back} />
        <Alert severity="error">{errorMessage(live.error, 'The live view could not be loaded.')}</Alert>
      </>
    );
  const { mock } = data;
  const refreshing = mock.state === 'open' || mock.state === 'upcoming';
  return (
    <>
      <PageHeader
        title={mock.title}
        subtitle={`${mock.exam.title} · ${formatDateTime(mock.opensAt)} to ${formatDateTime(mock.closesAt)} · ${STATE_TEXT[mock.state]}`}
        actions={back}
      />
      {live.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {errorMessage(live.error, 'The live view could not be refreshed.')} These are the figures of{' '}
          {formatTime(data.at)}.
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Figures of {formatTime(data.at)}.
        {refreshing ? ` Refreshed every ${LIVE_REFRESH_MS / 1000} seconds.` : ''}
      </Typography>
      <Stack spacing={3}>
        <Figures live={data} />
        <SectionCard title="How far the open sittings are">
          <Progress progress={data.progress} />
        </SectionCard>
        <SectionCard title="Connection lost">
          <LostSittings live={data} />
        </SectionCard>
        {mock.state === 'closed' && <MockItems mockId={mock._id} />}
      </Stack>
    </>
  );
}
