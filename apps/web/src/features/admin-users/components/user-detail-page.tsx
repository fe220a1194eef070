import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useAdminCan } from '../../../lib/admin/admin-api.ts';
import { SupportDesk } from './support-desk.tsx';
import { DataRightsDesk } from './data-rights-desk.tsx';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { AdminUser, AdminUserDetail, Subscription } from '@mlp/contract';
import { PageSkeleton } from '../../../components/page-loading.tsx';
import { PageHeader, SectionCard } from '../../../components/page-sections.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { DataTable, type TableColumn } from '../../../components/table/data-table.tsx';
import { StateChip } from '../../../components/table/cells.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { ReasonDialog } from '../../../components/dialogs/reason-dialog.tsx';
import DialogContentText from '@mui/material/DialogContentText';
import { supportReasonProblem } from '../forms.ts';
import { useFeedback } from '../../../components/feedback.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { adminUserQueryOptions, useLearnerActionMutation } from '../api/users-api.ts';
import { renewalInTrouble, renewalText } from '../subscription-text.ts';
import { FactList } from '../../../components/fact-list.tsx';

const WRAP = { overflowWrap: 'anywhere' } as const;

const SUBSCRIPTION_COLUMNS: Array<TableColumn<Subscription>> = [
  {
    label: 'Exam',
    render: (subscription) =>
      subscription.exam ? (
        <Link component={RouterLink} to={`/admin/exams/${subscription.examId}/edit`} underline="hover">
          {subscription.exam.title}
        </Link>
      ) : (
        // Spec §2's fallback for a subscription whose exam is gone.
        'Unknown Exam'
      ),
    cellSx: { minWidth: 160, ...WRAP },
  },
  {
    label: 'Status',
    render: (subscription) => (
      <StateChip on={subscription.isActive} label={subscription.isActive ? 'Active' : 'Expired'} />
    ),
  },
  {
    label: 'Valid until',
    render: (subscription) => formatDate(subscription.endDate),
    cellSx: { whiteSpace: 'nowrap' },
  },
  {
    label: 'Auto-renew',
    render: (subscription) => (
      <StateChip on={subscription.autoRenew} label={subscription.autoRenew ? 'On' : 'Off'} />
    ),
  },
  {
    label: 'Renewal',
    render: (subscription) => (
      <Typography
        variant="body2"
        component="span"
        sx={{ color: renewalInTrouble(subscription) ? 'error.main' : 'inherit', ...WRAP }}
      >
        {renewalText(subscription)}
      </Typography>
    ),
    cellSx: { minWidth: 200 },
  },
];

type ResultRow = AdminUserDetail['results'][number];
type DeviceRow = AdminUserDetail['devices'][number];

const RESULT_COLUMNS: Array<TableColumn<ResultRow>> = [
  {
    label: 'Exam',
    render: (result) =>
      result.kind === 'practice' ? `${result.examTitle} (practice set)` : result.examTitle,
    cellSx: { minWidth: 160, ...WRAP },
  },
  { label: 'Score', align: 'right', render: (result) => `${Math.round(result.score)}%` },
  {
    label: 'Completed',
    render: (result) => formatDateTime(result.completedAt),
    cellSx: { whiteSpace: 'nowrap' },
  },
];

const DEVICE_COLUMNS: Array<TableColumn<DeviceRow>> = [
  { label: 'Device', render: (device) => device.deviceName, cellSx: { minWidth: 140, ...WRAP } },
  {
    label: 'Status',
    render: (device) => (
      <StateChip on={device.signedIn} label={device.signedIn ? 'Signed in' : 'Signed out'} />
    ),
  },
  {
    label: 'Last used',
    render: (device) => formatDateTime(device.lastUsedAt),
    cellSx: { whiteSpace: 'nowrap' },
  },
];

type LearnerAction = 'resend' | 'sign-out' | 'suspend' | 'restore';

const ACTION_TEXT: Record<LearnerAction, { label: string; title: string; body: string; confirm: string }> = {
  resend: {
    label: 'Resend verification',
    title: 'Resend verification email?',
    body: 'The learner gets a new verification link; earlier links stop working.',
    confirm: 'Send',
  },
  'sign-out': {
    label: 'Sign out everywhere',
    title: 'Sign this learner out everywhere?',
    body: 'Every session on every device ends. The learner can sign in again with their password.',
    confirm: 'Sign out',
  },
  suspend: {
    label: 'Suspend',
    title: 'Suspend this learner?',
    body: 'They are signed out everywhere and cannot sign in until restored. Their subscriptions and results stay.',
    confirm: 'Suspend',
  },
  restore: {
    label: 'Restore access',
    title: 'Restore this learner?',
    body: 'They can sign in again.',
    confirm: 'Restore',
  },
};

/**
 * The account actions: each asks first, with the reason the activity log keeps beside who acted (as the
 * support desk's actions do, decision 0072), then shows the server's message.
 */
function AccountActions({ user }: { user: AdminUser }) {
  const action = useLearnerActionMutation(user._id);
  const [asking, setAsking] = useState<LearnerAction | null>(null);
  const [open, setOpen] = useState(false);
  const { feedback, show } = useFeedback();
  const available: LearnerAction[] = [
    ...(user.verified ? [] : (['resend'] as const)),
    'sign-out',
    user.suspended ? 'restore' : 'suspend',
  ];
  const text = asking ? ACTION_TEXT[asking] : null;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        {available.map((name) => (
          <Button
            key={name}
            variant="outlined"
            color={name === 'suspend' ? 'error' : 'primary'}
            onClick={() => {
              action.reset();
              setAsking(name);
              setOpen(true);
            }}
          >
            {ACTION_TEXT[name].label}
          </Button>
        ))}
      </Stack>
      <ReasonDialog
        open={open}
        title={text?.title ?? ''}
        busy={action.isPending}
        error={action.isError ? errorMessage(action.error, 'The action failed') : null}
        onCancel={() => setOpen(false)}
        onConfirm={(reason) => {
          if (!asking) return;
          action.mutate(
            { action: asking, reason },
            {
              onSuccess: (result) => {
                setOpen(false);
                show(result.message);
              },
            },
          );
        }}
        check={supportReasonProblem}
        label="Reason"
        maxLength={500}
        submit={{
          label: text?.confirm ?? '',
          busyLabel: 'Working...',
          spinner: true,
          color: asking === 'suspend' ? 'error' : 'primary',
        }}
      >
        <DialogContentText>{text?.body}</DialogContentText>
      </ReasonDialog>
      {feedback}
    </>
  );
}

/** The account's facts as label/value pairs. */
function Account({ user }: { user: AdminUser }) {
  const mayAct = useAdminCan('adminUsers', 'signOut');
  const facts: Array<[string, ReactNode]> = [
    ['Name', user.name || '—'],
    ['Email', user.email],
    ['Joined', formatDate(user.createdAt)],
    [
      'Verified',
      <StateChip key="verified" on={user.verified} label={user.verified ? 'Verified' : 'Not verified'} />,
    ],
    [
      'Status',
      <StateChip key="status" on={!user.suspended} label={user.suspended ? 'Suspended' : 'Can sign in'} />,
    ],
  ];
  return (
    <SectionCard title="Account">
      <FactList facts={facts} wide align="baseline" mt={1.5} valueVariant="body1" wrapAnywhere />
      {/* Finance reads a learner's account but acts on it only through payments (decision 0067). */}
      {mayAct && <AccountActions user={user} />}
    </SectionCard>
  );
}

/** A titled part of the page holding a table (which draws its own border). */
function TableSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A learner's page (decision 0033): the account, every subscription with its next renewal, and their
 * payments (`payments`, composed by the route: the payments table with its refunds). An unknown or
 * deleted learner reads 'User not found'.
 */
export function UserDetailPage({
  userId,
  payments,
  reports,
}: {
  userId: string;
  /** the learner's payments (composed by the route; absent for a role without money, decision 0067) */
  payments?: ReactNode;
  /** the learner's reports of problems with questions (composed by the route, from admin-reports) */
  reports?: ReactNode;
}) {
  const detail = useQuery(adminUserQueryOptions(userId));
  const supportDesk = useAdminCan('adminUsers', 'grantAccess');
  const dataRights = useAdminCan('dataRights', 'adminErase');
  const back = (
    <Button component={RouterLink} to="/admin/users" startIcon={<ArrowBackIcon />}>
      Back to Users
    </Button>
  );

  if (detail.isPending) {
    return <PageSkeleton label="Loading user" titleWidth="50%" blocks={[180, 200]} spacing={3} />;
  }

  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return (
        <>
          <PageHeader title="User not found" actions={back} />
          <Alert severity="warning">
            There is no learner account with this ID. It may have been deleted.
          </Alert>
        </>
      );
    }
    return (
      <>
        <PageHeader title="User" actions={back} />
        <LoadError message={errorMessage(detail.error, 'Error fetching user')} onRetry={detail.refetch} />
      </>
    );
  }

  const { user, subscriptions, results, devices } = detail.data;
  return (
    <>
      <PageHeader
        title={user.name || user.email}
        subtitle={
          <Box component="span" sx={WRAP}>
            {user.email}
          </Box>
        }
        actions={back}
      />
      <Stack spacing={3}>
        <Account user={user} />
        {supportDesk && (
          <SectionCard title="Support">
            <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
              What the learner asked for: each action asks for a reason, kept in the activity log.
            </Typography>
            <SupportDesk user={user} />
          </SectionCard>
        )}
        {dataRights && (
          <SectionCard title="Data rights">
            <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
              On the learner&apos;s written request (UK GDPR): a copy of their data, or the erasure of their
              account. Both are kept in the activity log.
            </Typography>
            <DataRightsDesk user={user} />
          </SectionCard>
        )}
        <TableSection title="Subscriptions">
          <DataTable
            label="Subscriptions"
            columns={SUBSCRIPTION_COLUMNS}
            rows={subscriptions}
            rowKey={(subscription) => subscription._id}
            loading={false}
            emptyText="No subscriptions"
            minWidth={760}
          />
        </TableSection>
        {payments && <TableSection title="Payments">{payments}</TableSection>}
        <TableSection title="Latest results">
          <DataTable
            label="Latest results"
            columns={RESULT_COLUMNS}
            rows={results}
            rowKey={(result) => result._id}
            loading={false}
            emptyText="No results yet"
            minWidth={560}
          />
        </TableSection>
        <TableSection title="Devices">
          <DataTable
            label="Devices"
            columns={DEVICE_COLUMNS}
            rows={devices}
            rowKey={(device) => device._id}
            loading={false}
            emptyText="No devices"
            minWidth={520}
          />
        </TableSection>
        {reports && <TableSection title="Reports">{reports}</TableSection>}
      </Stack>
    </>
  );
}
