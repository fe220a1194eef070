import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { formatDate, formatPrice } from '../../../lib/format.ts';
import { paymentSettingsQueryOptions } from '../api/subscriptions-api.ts';
import { FallbackBoundary } from './fallback-boundary.tsx';

// PayPal code is loaded only when this dialog shows its buttons.
const PayPalVaultButtons = lazy(() => import('./paypal-vault-buttons.tsx'));

function Spinner({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <CircularProgress size={28} aria-label={label} />
    </Box>
  );
}

/**
 * Decision 0034: auto-renew of a paid exam was switched on, and the server answered that nothing is saved to
 * renew with (409 PAYMENT_METHOD_REQUIRED). The learner approves PayPal once, without paying now (a vault
 * setup token, decision 0030); `onSaved` then switches auto-renew on again. Without PayPal on the site,
 * renewals cannot be set up and the dialog says so. Loaded only when needed (the exam page imports it
 * lazily), as most learners never see it.
 */
export default function SavePaypalDialog({
  open,
  pricePounds,
  endDate,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** the exam's monthly price */
  pricePounds: number;
  /** the end of the month already paid for: the first renewal */
  endDate: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const settings = useQuery({ ...paymentSettingsQueryOptions(), enabled: open });
  const [saving, setSaving] = useState(false);
  const paypalEnabled = settings.data?.enabled === true && settings.data.clientId !== '';
  const unavailable = settings.isError || (settings.isSuccess && !paypalEnabled);
  const until = formatDate(endDate);

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="save-paypal-title"
      aria-describedby="save-paypal-description"
    >
      <DialogTitle id="save-paypal-title">Save PayPal for renewals</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id="save-paypal-description">
            Auto-renew pays for each new month with a PayPal account saved for renewals. Nothing is charged
            now: {formatPrice(pricePounds)} is charged on each renewal date, the first on {until}, and we
            e-mail you 3 days before.
          </DialogContentText>
          {settings.isPending && <Spinner label="Loading payment options" />}
          {settings.isSuccess && paypalEnabled && (
            <FallbackBoundary
              fallback={<Alert severity="error">Failed to load PayPal. Please try again later.</Alert>}
            >
              <Suspense fallback={<Spinner label="Loading PayPal" />}>
                <PayPalVaultButtons
                  clientId={settings.data.clientId}
                  onSaved={() => {
                    setSaving(false);
                    onSaved();
                  }}
                  onBusyChange={setSaving}
                />
              </Suspense>
            </FallbackBoundary>
          )}
          {unavailable && (
            <Alert severity="info">
              Renewals cannot be set up at the moment: PayPal is not available. Your access continues until{' '}
              {until}.
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {unavailable ? 'Close' : 'Cancel'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
