import { lazy, Suspense, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExamPublic } from '@mlp/contract';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatPrice } from '../../../lib/format.ts';
import { paymentSettingsQueryOptions, useSubscribeMutation } from '../api/subscriptions-api.ts';
import { renewEachMonthText, testPaymentId } from '../subscription-text.ts';
import { FallbackBoundary } from './fallback-boundary.tsx';

// PayPal code is loaded only when this dialog shows the PayPal button area.
const PayPalCheckout = lazy(() => import('./paypal-checkout.tsx'));

const SUBSCRIBE_ERROR = 'Error creating subscription. Please try again.';

function Spinner({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <CircularProgress size={28} aria-label={label} />
    </Box>
  );
}

/**
 * Spec §2 subscribe dialog for a paid exam: the price, the sandbox-only 'Complete Test Payment', an 'OR'
 * divider and the PayPal button area. `onPaid` runs once the learner is subscribed. 'Renew automatically
 * every month' (on unless unticked, decision 0034) goes with either payment: the PayPal order then asks
 * PayPal to save the payer for renewals, and a demo payment renews with test payments (decision 0030).
 */
export function SubscribeDialog({
  exam,
  open,
  onClose,
  onPaid,
}: {
  exam: ExamPublic;
  open: boolean;
  onClose: () => void;
  onPaid: () => void;
}) {
  const settings = useQuery({ ...paymentSettingsQueryOptions(), enabled: open });
  const subscribe = useSubscribeMutation(exam._id);
  const [paypalBusy, setPaypalBusy] = useState(false);
  const [autoRenew, setAutoRenew] = useState(true);
  const renewTextId = useId();
  const busy = subscribe.isPending || subscribe.isSuccess || paypalBusy;

  const payWithTestPayment = () => {
    subscribe.mutate(
      {
        autoRenew,
        isFree: false,
        paymentData: { paymentId: testPaymentId(), status: 'COMPLETED' },
      },
      { onSuccess: onPaid },
    );
  };

  const close = () => {
    if (busy) return;
    subscribe.reset();
    onClose();
  };

  const sandbox = settings.data?.sandbox === true;
  const paypalEnabled = settings.data?.enabled === true && settings.data.clientId !== '';

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="subscribe-dialog-title">
      <DialogTitle id="subscribe-dialog-title">Subscribe to Exam</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontWeight: 600 }}>{exam.title}</Typography>
        <Typography variant="h4" component="p" sx={{ mt: 1 }}>
          {formatPrice(exam.price)}
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            / month
          </Typography>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          One month of access, paid in pounds sterling (GBP).
        </Typography>

        <FormControlLabel
          control={
            <Checkbox
              checked={autoRenew}
              onChange={(_event, checked) => setAutoRenew(checked)}
              disabled={busy}
              slotProps={{ input: { 'aria-describedby': renewTextId } }}
            />
          }
          label="Renew automatically every month"
          sx={{ mt: 1, mr: 0 }}
        />
        <Typography id={renewTextId} variant="body2" color="text.secondary" sx={{ mb: 2, ml: 4 }}>
          {renewEachMonthText(exam.price)}
        </Typography>

        {subscribe.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(subscribe.error, SUBSCRIBE_ERROR)}
          </Alert>
        )}

        {settings.isPending && <Spinner label="Loading payment options" />}

        {settings.isSuccess && (
          <Stack spacing={2}>
            {sandbox && (
              <>
                <Button
                  variant="contained"
                  size="large"
                  fullWidth
                  onClick={payWithTestPayment}
                  disabled={busy}
                >
                  {subscribe.isPending ? 'Processing...' : 'Complete Test Payment'}
                </Button>
                <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
                  Sandbox mode: a demo payment, no money is taken.
                </Typography>
                <Divider>OR</Divider>
              </>
            )}
            {paypalEnabled ? (
              <FallbackBoundary
                fallback={<Alert severity="error">Failed to load PayPal. Please try again later.</Alert>}
              >
                <Suspense fallback={<Spinner label="Loading PayPal" />}>
                  <PayPalCheckout
                    clientId={settings.data.clientId}
                    examId={exam._id}
                    autoRenew={autoRenew}
                    onPaid={onPaid}
                    onBusyChange={setPaypalBusy}
                  />
                </Suspense>
              </FallbackBoundary>
            ) : (
              <Alert severity="info">PayPal payments are not available at the moment.</Alert>
            )}
          </Stack>
        )}

        {settings.isError && <Alert severity="info">PayPal payments are not available at the moment.</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
