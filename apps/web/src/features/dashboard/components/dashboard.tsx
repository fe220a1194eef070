import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import AutoStoriesOutlinedIcon from '@mui/icons-material/AutoStoriesOutlined';
import FitnessCenterIcon from '@mui/icons-material/FitnessCenter';
import type { InProgressExam, RecentExam, SubscriptionsResponse } from '@mlp/contract';
import { formatDate } from '../../../lib/format.ts';
import { expiresLabel, pickDashboardSubscriptions } from '../dashboard-subscriptions.ts';
import { BrowseExamsButton } from '../../../components/list-states.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';
import { OutlinedRow } from '../../../components/outlined-row.tsx';

export interface DashboardData {
  subscriptions: SubscriptionsResponse;
  recent: RecentExam[];
  /** Exams started and not submitted (carried on the recent call, ADR 0018). */
  inProgress: InProgressExam[];
  /** How many results the learner has (from the history call). */
  resultsTotal: number;
}

function SummaryCard({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden="true">
            {icon}
          </Avatar>
          <Typography component="h2" variant="h6">
            {title}
          </Typography>
        </Stack>
        <Typography color="text.secondary">{text}</Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>{action}</CardActions>
    </Card>
  );
}

/**
 * One row of a dashboard list: a title with a line under it (after `chip`, when given), and the row's
 * action on the right.
 */
function ListRow({
  titleId,
  title,
  chip,
  details,
  action,
}: {
  titleId: string;
  title: string;
  chip?: ReactNode;
  details: ReactNode;
  action?: ReactNode;
}) {
  const line = (
    <Typography variant="body2" color="text.secondary">
      {details}
    </Typography>
  );
  return (
    <OutlinedRow>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography id={titleId} sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
          {title}
        </Typography>
        {chip ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {chip}
            {line}
          </Stack>
        ) : (
          line
        )}
      </Box>
      {action}
    </OutlinedRow>
  );
}

function ActiveSubscriptions({ subscriptions }: { subscriptions: SubscriptionsResponse }) {
  const { shown, viewAllCount } = pickDashboardSubscriptions(
    subscriptions.subscriptions,
    subscriptions.activeCount,
  );
  return (
    <SectionCard title="Your Active Subscriptions" gutterBottom>
      {shown.length === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>You don&apos;t have any active subscriptions.</Typography>
          <BrowseExamsButton />
        </Stack>
      ) : (
        <>
          <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
            {shown.map((subscription) => (
              <ListRow
                key={subscription._id}
                titleId={`subscription-${subscription._id}`}
                title={subscription.exam?.title || 'Unknown Exam'}
                details={
                  <>
                    {expiresLabel(formatDate(subscription.endDate))}
                    {subscription.cancelledAt !== null && !subscription.autoRenew && ' · Cancelled'}
                    {subscription.exam?.available === false && ' · Not available at the moment'}
                  </>
                }
                action={
                  subscription.exam?.available !== false && (
                    <Button
                      component={RouterLink}
                      to={`/exams/${encodeURIComponent(subscription.examId)}`}
                      variant="outlined"
                      size="small"
                      aria-describedby={`subscription-${subscription._id}`}
                    >
                      View
                    </Button>
                  )
                }
              />
            ))}
          </Stack>
          {viewAllCount !== null && (
            <Button component={RouterLink} to="/my-exams" sx={{ mt: 2 }}>
              View All Subscriptions ({viewAllCount})
            </Button>
          )}
        </>
      )}
    </SectionCard>
  );
}

function RecentExams({ recent }: { recent: RecentExam[] }) {
  return (
    <SectionCard title="Recent Exams" gutterBottom>
      {recent.length === 0 ? (
        <Typography color="text.secondary">You haven&apos;t taken any exams yet.</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {recent.map((exam) => (
            <ListRow
              key={exam.lastResultId}
              titleId={`recent-${exam.lastResultId}`}
              title={exam.examTitle}
              chip={
                <Chip
                  size="small"
                  color="primary"
                  variant="outlined"
                  label={`Latest score: ${Math.round(exam.lastScore)}%`}
                />
              }
              details={
                <>
                  {formatDate(exam.lastTakenAt)} · {exam.attempts}{' '}
                  {exam.attempts === 1 ? 'attempt' : 'attempts'}
                </>
              }
              action={
                <Button
                  component={RouterLink}
                  to={`/exams/results/${encodeURIComponent(exam.lastResultId)}`}
                  variant="outlined"
                  size="small"
                  aria-describedby={`recent-${exam.lastResultId}`}
                  sx={{ flexShrink: 0 }}
                >
                  View Result
                </Button>
              }
            />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/**
 * Spec §2 Dashboard: My Exams and Exam History cards, active subscriptions and recent exams; above them
 * the exams in progress, when there are any. `reviewCard` (decision 0038's 'Review due: N', from the reviews
 * feature) comes first among the summary cards; `coursesSection` (the learner's courses, from the courses
 * feature) follows the exams in progress; `mocksSection` (live mocks, decision 0077) comes before them.
 */
export function Dashboard({
  data,
  inProgressSection,
  reviewCard,
  coursesSection,
  mocksSection,
}: {
  data: DashboardData;
  /** the sittings in progress with Resume, Submit and Discard (decision 0063, from exam taking) */
  inProgressSection?: ReactNode;
  reviewCard?: ReactNode;
  coursesSection?: ReactNode;
  mocksSection?: ReactNode;
}) {
  const { subscriptions, recent, inProgress, resultsTotal } = data;
  return (
    <Box>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        Welcome to Your Dashboard
      </Typography>
      {mocksSection}
      {inProgress.length > 0 && inProgressSection}
      {coursesSection}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
          },
          mb: 3,
        }}
      >
        {reviewCard}
        <SummaryCard
          icon={<AutoStoriesOutlinedIcon />}
          title="My Exams"
          text={
            subscriptions.total === 0
              ? 'Exams you subscribe to appear here.'
              : `${subscriptions.activeCount} active of ${subscriptions.total} subscribed ${subscriptions.total === 1 ? 'exam' : 'exams'}.`
          }
          action={
            <Button component={RouterLink} to="/my-exams" variant="contained">
              My Exams
            </Button>
          }
        />
        <SummaryCard
          icon={<AssessmentOutlinedIcon />}
          title="Exam History"
          text={
            resultsTotal === 0
              ? 'Your results appear here after your first exam.'
              : `${resultsTotal} completed ${resultsTotal === 1 ? 'exam' : 'exams'}.`
          }
          action={
            <Button component={RouterLink} to="/exams/history" variant="contained">
              View Exam Results
            </Button>
          }
        />
        <SummaryCard
          icon={<FitnessCenterIcon />}
          title="Practice"
          text="Build a set from your exams: by topic, questions you missed or flagged, timed or with tutor feedback."
          action={
            <Button component={RouterLink} to="/practice" variant="contained">
              Practise
            </Button>
          }
        />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <ActiveSubscriptions subscriptions={subscriptions} />
        <RecentExams recent={recent} />
      </Box>
    </Box>
  );
}
