import Alert from '@mui/material/Alert';
import { RefundPaymentBodySchema, type AdminPayment } from '@mlp/contract';
import { ReasonDialog } from '../../../components/dialogs/reason-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { paymentAmount, REFUND_WARNING } from '../payment-text.ts';
import { FactList } from '../../../components/fact-list.tsx';

/** The contract's reason rule (required, at most 500 characters), worded as the server words it. */
function reasonProblem(reason: string): string | null {
  const parsed = RefundPaymentBodySchema.safeParse({ reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please give a reason for the refund');
}

const REASON_MAX = 500;

/**
 * 'Refund payment': what is refunded (amount, learner, exam, when it was paid), what a refund does, and
 * the reason the server requires. A refusal (PayPal's, or a payment no longer refundable) stays in the
 * dialog, worded by the server.
 */
export function RefundDialog({
  payment,
  open,
  busy,
  error,
  onCancel,
  onRefund,
}: {
  /** Kept while the dialog closes, so its text does not go blank. */
  payment: AdminPayment | null;
  open: boolean;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onRefund: (reason: string) => void;
}) {
  const facts: Array<[string, string]> = payment
    ? [
        ['Amount', `${paymentAmount(payment)}${payment.test ? ' (test payment)' : ''}`],
        [
          'Learner',
          payment.userEmail
            ? `${payment.userName ? `${payment.userName} (${payment.userEmail})` : payment.userEmail}`
            : 'Deleted account',
        ],
        ['Exam', payment.examTitle ?? 'Deleted exam'],
        ['Paid', formatDateTime(payment.createdAt)],
      ]
    : [];

  return (
    <ReasonDialog
      open={open}
      title="Refund payment"
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={onRefund}
      check={reasonProblem}
      label="Reason"
      helperText="Kept with the payment and in the activity log."
      maxLength={REASON_MAX}
      submit={{ label: 'Refund', busyLabel: 'Refunding...', spinner: true, color: 'error' }}
    >
      <FactList facts={facts} mb={2} wrapAnywhere />
      <Alert severity="warning">{REFUND_WARNING}</Alert>
    </ReasonDialog>
  );
}
