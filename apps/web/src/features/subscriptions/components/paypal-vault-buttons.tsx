import { useRef, useState } from 'react';
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { errorMessage } from '../../../lib/api-client.ts';
import { createVaultSetupToken, savePaypalForRenewals } from '../api/subscriptions-api.ts';
import { isButtonInitError, PaypalButtonFrame } from './paypal-checkout.tsx';

/*
 * Loaded only when 'Save PayPal for renewals' shows its buttons (React.lazy), like the checkout's, so
 * the PayPal wrapper and the SDK it loads stay out of every other page.
 */

export const SAVE_PAYPAL_ERROR = 'Your PayPal account could not be saved. Please try again.';

export interface PayPalVaultButtonsProps {
  clientId: string;
  /** Called once the server has saved the PayPal account the learner approved. */
  onSaved: () => void;
  /** Lets the dialog keep itself open while the account is being saved. */
  onBusyChange?: (busy: boolean) => void;
}

function VaultButtonsArea({ onSaved, onBusyChange }: Omit<PayPalVaultButtonsProps, 'clientId'>) {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [initFailed, setInitFailed] = useState(false);
  // A setup token that could not be made is reported with the server's message; the SDK then also
  // calls onError, which must not replace it.
  const errorShown = useRef(false);

  const setBusy = (busy: boolean) => {
    setSaving(busy);
    onBusyChange?.(busy);
  };

  return (
    <PaypalButtonFrame
      error={error}
      busyText={saving ? 'Saving your PayPal account...' : null}
      initFailed={initFailed}
    >
      <PayPalButtons
        style={{ layout: 'vertical', label: 'paypal' }}
        disabled={saving}
        // Vault without purchase (decision 0030): the button approves a setup token made by our server.
        createVaultSetupToken={async () => {
          setError(null);
          errorShown.current = false;
          try {
            return await createVaultSetupToken();
          } catch (err) {
            errorShown.current = true;
            setError(errorMessage(err, SAVE_PAYPAL_ERROR));
            throw err;
          }
        }}
        onApprove={async (data) => {
          setBusy(true);
          try {
            await savePaypalForRenewals(data);
            onSaved();
          } catch (err) {
            setError(errorMessage(err, SAVE_PAYPAL_ERROR));
            setBusy(false);
          }
        }}
        onError={(err) => {
          if (isButtonInitError(err)) setInitFailed(true);
          else if (!errorShown.current) setError(SAVE_PAYPAL_ERROR);
          errorShown.current = false;
        }}
      />
    </PaypalButtonFrame>
  );
}

/** Loads the PayPal JS SDK (client id, GBP) and shows its buttons for saving PayPal without paying. */
export default function PayPalVaultButtons({ clientId, ...props }: PayPalVaultButtonsProps) {
  return (
    <PayPalScriptProvider options={{ clientId, currency: 'GBP' }}>
      <VaultButtonsArea {...props} />
    </PayPalScriptProvider>
  );
}
