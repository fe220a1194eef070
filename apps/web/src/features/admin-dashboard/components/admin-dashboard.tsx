import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArticleIcon from '@mui/icons-material/Article';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import QuizIcon from '@mui/icons-material/Quiz';
import type { SvgIconComponent } from '@mui/icons-material';
import type { AdminStats } from '@mlp/contract';
import { PageHeader, SectionCard } from '../../../components/page-sections.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, formatPence } from '../../../lib/format.ts';
import { adminActivityQueryOptions, adminStatsQueryOptions } from '../api/dashboard-api.ts';
import { useAdminCan } from '../../../lib/admin/admin-api.ts';
import type { AdminActivityFilters } from '../api/dashboard-keys.ts';
import { TestPaymentsWarning } from '../../../components/admin/test-payments-warning.tsx';

const numberFormat = new Intl.NumberFormat('en-GB');
const count = (value: number) => numberFormat.format(value);

/** Spec §2's four counters, then the money (decision 0033): revenue in pounds, renewals due within 7 days. */
const COUNTERS: Array<{
  label: string;
  key: keyof AdminStats;
  Icon: SvgIconComponent;
  format: (value: number) => string;
}> = [
  { label: 'Total Users', key: 'totalUsers', Icon: PeopleIcon, format: count },
  { label: 'Total Exams', key: 'totalExams', Icon: QuizIcon, format: count },
  { label: 'Total Articles', key: 'totalArticles', Icon: ArticleIcon, format: count },
  { label: 'Active Subscriptions', key: 'activeSubscriptions', Icon: CardMembershipIcon, format: count },
  {
    label: 'Monthly Recurring Revenue',
    key: 'monthlyRecurringRevenuePence',
    Icon: PaymentsIcon,
    format: formatPence,
  },
  { label: 'Renewals Due This Week', key: 'renewalsDueThisWeek', Icon: EventRepeatIcon, format: count },
];

/** Learner reports waiting for an administrator (decision 0041), with the way to the queue. */
function OpenReports({ count: open }: { count: number }) {
  return (
    <Alert
      severity={open > 0 ? 'warning' : 'success'}
      icon={<OutlinedFlagIcon fontSize="inherit" />}
      sx={{ mb: 3, alignItems: 'center' }}
      action={
        <Button component={RouterLink} to="/admin/reports" color="inherit" size="small">
          Review reports
        </Button>
      }
    >
      {open === 0
        ? 'No open learner reports.'
        : `${count(open)} open learner ${open === 1 ? 'report' : 'reports'} about questions.`}
    </Alert>
  );
}

/** The dashboard shows the five latest entries of the activity log, unfiltered. */
const RECENT_ACTIVITY: AdminActivityFilters = {
  page: 0,
  rowsPerPage: 5,
  entityType: '',
  action: '',
  adminId: '',
  from: '',
  to: '',
};

/**
 * One counter card. The label sits beside the icon and the number at the foot of the card: the grid
 * stretches every card in a row to the same height, so the numbers line up even when one label wraps.
 */
function Counter({
  label,
  value,
  Icon,
  format,
}: {
  label: string;
  value: number | undefined;
  Icon: SvgIconComponent;
  format: (value: number) => string;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Box
          sx={{
            width: 40,
            height: 40,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            flexShrink: 0,
          }}
        >
          <Icon aria-hidden="true" />
        </Box>
        <Typography component="h2" variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
      </Box>
      <Typography
        variant="h4"
        component="p"
        sx={{ fontWeight: 700, mt: 'auto', lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}
      >
        {value === undefined ? <Skeleton width={60} /> : format(value)}
      </Typography>
    </Paper>
  );
}

/** The dashboard's short list of the latest actions; the whole log is on /admin/activity. */
function RecentActivity() {
  const audit = useQuery(adminActivityQueryOptions(RECENT_ACTIVITY));
  const entries = audit.data?.entries ?? [];
  return (
    <SectionCard
      title="Recent Activity"
      header={(heading) => (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            columnGap: 2,
            mb: 1,
          }}
        >
          {heading}
          <Link component={RouterLink} to="/admin/activity" underline="hover">
            View all activity
          </Link>
        </Box>
      )}
    >
      {audit.isPending && (
        <Box role="status" aria-label="Loading recent activity">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={48} />
          ))}
        </Box>
      )}
      {audit.isError && (
        <LoadError
          message={errorMessage(audit.error, 'Error fetching recent activity')}
          onRetry={audit.refetch}
        />
      )}
      {audit.isSuccess && entries.length === 0 && (
        <Typography color="text.secondary">No activity yet</Typography>
      )}
      {entries.length > 0 && (
        <List disablePadding>
          {entries.map((entry, index) => (
            <ListItem key={entry._id} divider={index < entries.length - 1} disableGutters>
              <ListItemText
                primary={entry.summary}
                secondary={`${entry.adminEmail} · ${formatDateTime(entry.createdAt)}`}
                slotProps={{
                  primary: { sx: { wordBreak: 'break-word' } },
                  secondary: { sx: { wordBreak: 'break-word' } },
                }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}

/** Spec §2 Admin dashboard: four counters and the two of recurring billing, then the latest actions. */
/** The counters a role without money (decision 0067) is not shown: the server sends them as null. */
const MONEY_COUNTERS = new Set<keyof AdminStats>(['monthlyRecurringRevenuePence', 'renewalsDueThisWeek']);

export function AdminDashboard() {
  const stats = useQuery(adminStatsQueryOptions());
  const seesActivity = useAdminCan('audit', 'list');
  const seesNoMoney = stats.data?.monthlyRecurringRevenuePence === null;
  return (
    <>
      <PageHeader title="Dashboard" subtitle="An overview of the platform" />
      <TestPaymentsWarning />
      {/* A failed load shows the error and a retry, never counters of 0 (decision 0024). */}
      {stats.isError && (
        <Box sx={{ mb: 3 }}>
          <LoadError
            message={errorMessage(stats.error, 'Error fetching dashboard statistics')}
            onRetry={stats.refetch}
          />
        </Box>
      )}
      {!stats.isError && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            // Six cards: two rows of three on a wide screen, three of two, or one a row on a phone.
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(3, minmax(0, 1fr))',
            },
            // Every row as tall as the tallest, so all cards are of one height (not only within a row).
            gridAutoRows: '1fr',
            mb: 3,
          }}
        >
          {COUNTERS.filter(({ key }) => !seesNoMoney || !MONEY_COUNTERS.has(key)).map(
            ({ label, key, Icon, format }) => (
              <Counter
                key={key}
                label={label}
                value={stats.data?.[key] ?? undefined}
                Icon={Icon}
                format={format}
              />
            ),
          )}
        </Box>
      )}
      {stats.data && <OpenReports count={stats.data.openReports} />}
      {seesActivity && <RecentActivity />}
    </>
  );
}
