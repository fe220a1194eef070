import { useRef, useState, type ReactNode } from 'react';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  capturePaypalOrder,
  confirmPaypalSubscription,
  createPaypalOrder,
} from '../api/subscriptions-api.ts';

/*
 * This module is loaded only when the paid-subscribe dialog shows PayPal (React.lazy), so the PayPal
 * React wrapper and the SDK it loads stay out of every other page.
 */

export interface PayPalCheckoutProps {
  clientId: string;
  examId: string;
  /** 'Renew automatically every month': the order asks PayPal to save the payer for renewals. */
  autoRenew: boolean;
  /** Called once the order is captured and the subscription confirmed. */
  onPaid: () => void;
  /** Lets the dialog disable its other actions while a payment is being captured. */
  onBusyChange?: (busy: boolean) => void;
}

const SUBSCRIBE_ERROR = 'Error creating subscription. Please try again.';

/**
 * PayPalButtons catches its own start-up failures in an internal error boundary and reports them
 * through onError as 'Failed to render <PayPalButtons /> component…'; payment failures arrive there too.
 */
export function isButtonInitError(err: unknown): boolean {
  const message =
    typeof err === 'object' && err !== null ? (err as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.startsWith('Failed to render <PayPalButtons');
}

/**
 * What the checkout and the 'Save PayPal for renewals' buttons share around PayPal's buttons: the SDK's
 * loading and failure states, the error above the buttons, the busy line while the server works, and the
 * message that replaces buttons that failed to start.
 */
export function PaypalButtonFrame({
  error,
  busyText,
  initFailed,
  children,
}: {
  error: string | null;
  /** shown with a spinner while set */
  busyText: string | null;
  initFailed: boolean;
  children: ReactNode;
}) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected) return <Alert severity="error">Failed to load PayPal. Please try again later.</Alert>;
  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={28} aria-label="Loading PayPal" />
      </Box>
    );
  }
  return (
    <Stack spacing={1.5}>
      {error && <Alert severity="error">{error}</Alert>}
      {busyText && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} aria-hidden="true" />
          <Typography variant="body2">{busyText}</Typography>
        </Stack>
      )}
      {initFailed ? (
        <Alert severity="error">Failed to initialize PayPal button. Please try again.</Alert>
      ) : (
        children
      )}
    </Stack>
  );
}

function PayPalButtonsArea({
  examId,
  autoRenew,
  onPaid,
  onBusyChange,
}: Omit<PayPalCheckoutProps, 'clientId'>) {
  const [error, setError] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);
  const [initFailed, setInitFailed] = useState(false);
  // createOrder's own failure is reported with the server's message; the SDK then also calls onError.
  const errorShown = useRef(false);

  const setBusy = (busy: boolean) => {
    setCapturing(busy);
    onBusyChange?.(busy);
  };

  return (
    <PaypalButtonFrame
      error={error}
      busyText={capturing ? 'Processing payment...' : null}
      initFailed={initFailed}
    >
      <PayPalButtons
        style={{ layout: 'vertical', label: 'pay' }}
        disabled={capturing}
        forceReRender={[examId]}
        createOrder={async () => {
          setError(null);
          errorShown.current = false;
          try {
            // PayPalButtons hands the SDK proxies of its props, so this reads the box as it is now.
            const order = await createPaypalOrder(examId, autoRenew);
            return order.id;
          } catch (err) {
            errorShown.current = true;
            setError(errorMessage(err, SUBSCRIBE_ERROR));
            throw err;
          }
        }}
        onApprove={async ({ orderID }) => {
          setBusy(true);
          try {
            await capturePaypalOrder(orderID);
            // Idempotent: the capture already granted the month; this confirms it (spec §7).
            await confirmPaypalSubscription(examId, orderID, autoRenew);
            onPaid();
          } catch (err) {
            setError(errorMessage(err, SUBSCRIBE_ERROR));
            setBusy(false);
          }
        }}
        onError={(err) => {
          if (isButtonInitError(err)) {
            setInitFailed(true);
          } else if (!errorShown.current) {
            setError('There was an error processing your payment. Please try again.');
          }
          errorShown.current = false;
        }}
      />
    </PaypalButtonFrame>
  );
}

/** Loads the PayPal JS SDK (client id, GBP, capture) and shows its buttons. */
export default function PayPalCheckout({ clientId, ...props }: PayPalCheckoutProps) {
  return (
    <PayPalScriptProvider options={{ clientId, currency: 'GBP', intent: 'capture' }}>
      <PayPalButtonsArea {...props} />
    </PayPalScriptProvider>
  );
}
