import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { ExamPublic, Subscription } from '@mlp/contract';
import { PAYMENT_METHOD_REQUIRED } from '@mlp/contract/constants';
import { errorMessage, hasErrorCode } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { LoginRedirectState } from '../../../lib/login-redirect.ts';
import {
  subscriptionStatusQueryOptions,
  useAutoRenewMutation,
  useCancelSubscriptionMutation,
  useSubscribeMutation,
} from '../api/subscriptions-api.ts';
import {
  clearSubscriptionNotice,
  readSubscriptionNotice,
  renewalNote,
  saveSubscriptionNotice,
  SUBSCRIBED_MESSAGE,
} from '../subscription-text.ts';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';
import { FallbackBoundary } from './fallback-boundary.tsx';
import { SubscribeDialog } from './subscribe-dialog.tsx';

// Loaded when a switch needs it (409 PAYMENT_METHOD_REQUIRED): most learners never see it.
const SavePaypalDialog = lazy(() => import('./save-paypal-dialog.tsx'));

function reloadPage() {
  window.location.reload();
}

/** The next renewal, a failed renewal payment, or 'Auto-renew is off' (decision 0034). */
function RenewalStatus({ subscription }: { subscription: Subscription }) {
  const note = renewalNote(subscription);
  if (!note) return null;
  if (note.tone === 'plain') return <Typography color="text.secondary">{note.text}</Typography>;
  return <Alert severity={note.tone}>{note.text}</Alert>;
}

/**
 * What the page puts beside 'Start Exam' (decision 0037: the sitting's mode, and the address it starts at).
 */
export interface StartOptions {
  /** shown above the Start Exam button */
  picker: ReactNode;
  /** where Start Exam goes (default: the take page) */
  path: string;
}

function ActiveSubscription({
  exam,
  subscription,
  onNotice,
  start,
}: {
  exam: ExamPublic;
  subscription: Subscription;
  onNotice: (message: string | null) => void;
  start?: StartOptions | undefined;
}) {
  const autoRenew = useAutoRenewMutation(exam._id);
  const cancel = useCancelSubscriptionMutation(exam._id);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [savePaypalOpen, setSavePaypalOpen] = useState(false);
  const endDate = formatDate(subscription.endDate);

  /**
   * `afterSave`: the retry once PayPal has been saved for renewals; if the server still finds nothing to
   * renew with, its message shows instead of the same dialog again.
   */
  const toggleAutoRenew = (checked: boolean, afterSave = false) => {
    cancel.reset();
    onNotice(null);
    autoRenew.mutate(checked, {
      onSuccess: ({ message }) => onNotice(message || 'Auto-renewal updated successfully'),
      onError: (error) => {
        // A paid exam with nothing to renew with: save PayPal first (decision 0030).
        if (!afterSave && hasErrorCode(error, PAYMENT_METHOD_REQUIRED)) setSavePaypalOpen(true);
      },
    });
  };

  const closeSavePaypal = () => {
    setSavePaypalOpen(false);
    // The switch stays off, as before; the dialog has said why.
    autoRenew.reset();
  };

  const paypalSaved = () => {
    setSavePaypalOpen(false);
    toggleAutoRenew(true, true);
  };

  const confirmCancel = () => {
    autoRenew.reset();
    cancel.mutate(subscription._id, {
      onSuccess: () => {
        setConfirmOpen(false);
        // The 'Cancelled — access until …' note says it all.
        onNotice(null);
      },
    });
  };

  // The server keeps the cancellation (decision 0017): it shows after a reload, until turned back on.
  const showCancelledNote = subscription.cancelledAt !== null && !subscription.autoRenew;
  // The switch moves at once; it falls back to the saved value if the update fails.
  const autoRenewOn = autoRenew.isPending ? autoRenew.variables : subscription.autoRenew;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip icon={<CheckCircleIcon />} label="Subscribed" color="success" />
        <Typography sx={{ fontWeight: 600 }}>Active until {endDate}</Typography>
      </Stack>
      <RenewalStatus subscription={subscription} />

      {autoRenew.isError && !savePaypalOpen && (
        <Alert severity="error">
          {errorMessage(autoRenew.error, 'Failed to update auto-renewal. Please try again.')}
        </Alert>
      )}
      {showCancelledNote && <Alert severity="info">Cancelled — access until {endDate}</Alert>}

      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch
              checked={autoRenewOn}
              onChange={(_event, checked) => toggleAutoRenew(checked)}
              disabled={autoRenew.isPending || cancel.isPending}
            />
          }
          label="Auto-renew"
          sx={{ mr: 1 }}
        />
        <Typography
          color={autoRenewOn ? 'success.dark' : 'text.secondary'}
          sx={{ fontWeight: 600 }}
          aria-live="polite"
        >
          {autoRenewOn ? 'Enabled' : 'Disabled'}
        </Typography>
      </Stack>

      {start?.picker}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button
          component={RouterLink}
          to={start?.path ?? `/exams/${encodeURIComponent(exam._id)}/take`}
          variant="contained"
          size="large"
          startIcon={<PlayArrowIcon />}
        >
          Start Exam
        </Button>
        {!showCancelledNote && (
          <Button
            variant="outlined"
            color="error"
            size="large"
            onClick={() => {
              cancel.reset();
              setConfirmOpen(true);
            }}
            disabled={autoRenew.isPending}
          >
            Cancel Subscription
          </Button>
        )}
      </Stack>

      <CancelSubscriptionDialog
        open={confirmOpen}
        endDate={subscription.endDate}
        busy={cancel.isPending}
        error={cancel.isError ? errorMessage(cancel.error, 'Error cancelling subscription') : null}
        onKeep={() => setConfirmOpen(false)}
        onConfirm={confirmCancel}
      />
      {savePaypalOpen && (
        <FallbackBoundary
          fallback={
            <Alert severity="error" onClose={closeSavePaypal}>
              Failed to load PayPal. Please try again later.
            </Alert>
          }
        >
          <Suspense fallback={null}>
            <SavePaypalDialog
              open
              pricePounds={exam.price}
              endDate={subscription.endDate}
              onClose={closeSavePaypal}
              onSaved={paypalSaved}
            />
          </Suspense>
        </FallbackBoundary>
      )}
    </Stack>
  );
}

function NotSubscribed({
  exam,
  expired,
  onSubscribe,
  busy,
}: {
  exam: ExamPublic;
  expired: Subscription | null;
  onSubscribe: () => void;
  busy: boolean;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {expired && (
        <Typography color="text.secondary">
          Your subscription ended on {formatDate(expired.endDate)}. Subscribe again to continue.
        </Typography>
      )}
      {!expired && (
        <Typography color="text.secondary">
          {exam.price > 0
            ? 'Subscribe for a month of unlimited practice with this exam.'
            : 'This exam is free. Subscribe to start practising.'}
        </Typography>
      )}
      <Button variant="contained" size="large" onClick={onSubscribe} disabled={busy}>
        Subscribe to Exam
      </Button>
    </Stack>
  );
}

/**
 * The subscription area of the exam detail page (spec §2): status, auto-renew, cancel and start for an
 * active subscriber; 'Subscribe to Exam' for everyone else (a visitor is sent to /login and comes back).
 */
export function SubscriptionPanel({
  exam,
  onPaidSubscription = reloadPage,
  start,
}: {
  exam: ExamPublic;
  /** the mode picker and the address Start Exam goes to (composed by the page) */
  start?: StartOptions;
  /** Spec §2: 'After a paid subscription the page reloads' (replaceable in tests). */
  onPaidSubscription?: () => void;
}) {
  const { isSignedIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const status = useQuery({ ...subscriptionStatusQueryOptions(exam._id), enabled: isSignedIn });
  const subscribeFree = useSubscribeMutation(exam._id);
  const [payOpen, setPayOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(() => readSubscriptionNotice(exam._id));

  // The notice saved before the paid-subscription reload is shown once.
  useEffect(() => clearSubscriptionNotice(), []);

  const subscribe = () => {
    if (!isSignedIn) {
      const state: LoginRedirectState = { from: location };
      void navigate('/login', { state });
      return;
    }
    setNotice(null);
    if (exam.price > 0) {
      setPayOpen(true);
      return;
    }
    // Free access renews by itself while the exam stays free (decision 0017).
    subscribeFree.mutate(
      { isFree: true, autoRenew: true },
      { onSuccess: ({ message }) => setNotice(message || SUBSCRIBED_MESSAGE) },
    );
  };

  const paid = () => {
    saveSubscriptionNotice(exam._id, SUBSCRIBED_MESSAGE);
    onPaidSubscription();
  };

  let body;
  if (!isSignedIn) {
    body = <NotSubscribed exam={exam} expired={null} onSubscribe={subscribe} busy={false} />;
  } else if (status.isPending) {
    body = (
      <Box aria-busy="true" aria-label="Loading subscription">
        <Skeleton variant="text" width={220} />
        <Skeleton variant="rounded" width={180} height={42} sx={{ mt: 1 }} />
      </Box>
    );
  } else if (status.isError) {
    body = <Alert severity="error">{errorMessage(status.error, 'Error fetching subscription status')}</Alert>;
  } else if (status.data.isActive && status.data.subscription) {
    body = (
      <ActiveSubscription
        exam={exam}
        subscription={status.data.subscription}
        onNotice={setNotice}
        start={start}
      />
    );
  } else {
    body = (
      <NotSubscribed
        exam={exam}
        expired={status.data.subscription}
        onSubscribe={subscribe}
        busy={subscribeFree.isPending}
      />
    );
  }

  return (
    <Box component="section" aria-labelledby="subscription-heading">
      <Typography id="subscription-heading" component="h2" variant="h6" gutterBottom>
        Subscription
      </Typography>
      <Stack spacing={2}>
        {notice && (
          <Alert severity="success" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {subscribeFree.isError && (
          <Alert severity="error">
            {errorMessage(subscribeFree.error, 'Failed to subscribe to the exam. Please try again.')}
          </Alert>
        )}
        {body}
      </Stack>
      {exam.price > 0 && isSignedIn && (
        <SubscribeDialog exam={exam} open={payOpen} onClose={() => setPayOpen(false)} onPaid={paid} />
      )}
    </Box>
  );
}
