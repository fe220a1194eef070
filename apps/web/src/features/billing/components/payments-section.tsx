import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { Payment, PaymentMethod } from '@mlp/contract';
import { DecisionDialog } from '../../../components/dialogs/decision-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import {
  paymentMethodQueryOptions,
  paymentsQueryOptions,
  useRemovePaymentMethodMutation,
} from '../api/billing-api.ts';
import { examName, formatAmount, hasReceipt, kindLabel, STATUS_LABELS } from '../billing-text.ts';
import { ReceiptDialog } from './receipt-dialog.tsx';

const REMOVED_MESSAGE =
  'Your PayPal account is no longer saved for renewals. Auto-renew of paid exams is off.';

const STATUS_COLORS = { completed: 'success', failed: 'error', refunded: 'default' } as const;

/**
 * A query's part before it has data: `rows` skeleton rows, one status named `label`, while it loads; then,
 * if it failed, why (`errorText` or the server's message) with 'Try again'.
 */
function QueryLoading({
  query,
  label,
  rows,
  errorText,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  label: string;
  rows: number;
  errorText: string;
}) {
  if (query.isPending) {
    return (
      <Box role="status" aria-label={label}>
        {Array.from({ length: rows }, (_, row) => (
          <Skeleton key={row} height={56} />
        ))}
      </Box>
    );
  }
  if (query.isError) {
    return <LoadError message={errorMessage(query.error, errorText)} onRetry={() => query.refetch()} />;
  }
  return null;
}

/** 'Remove' for the saved PayPal account, after a confirmation that says what it turns off. */
function RemoveMethodDialog({
  open,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <DecisionDialog
      open={open}
      id="remove-paypal"
      title="Remove PayPal account"
      question="Your PayPal account will no longer be saved for renewals, so auto-renew of your paid exams turns off and nothing more will be charged. Your access continues until the end of the months you have paid for."
      busy={busy}
      onClose={onCancel}
      error={error}
      actions={
        <>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onConfirm} color="error" variant="contained" disabled={busy}>
            {busy ? 'Removing...' : 'Remove'}
          </Button>
        </>
      }
      wrapActions={false}
    />
  );
}

function SavedMethod({ method, onRemove }: { method: PaymentMethod; onRemove: () => void }) {
  const accountId = useId();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography id={accountId} sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
          {method.payerEmail ? `PayPal · ${method.payerEmail}` : 'PayPal'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Saved on {formatDate(method.createdAt)}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        color="error"
        size="small"
        startIcon={<DeleteOutlinedIcon />}
        aria-describedby={accountId}
        onClick={onRemove}
        sx={{ flexShrink: 0 }}
      >
        Remove
      </Button>
    </Stack>
  );
}

/** The PayPal account renewals are charged to, and removing it. */
function RenewalMethod() {
  const method = useQuery(paymentMethodQueryOptions());
  const remove = useRemovePaymentMethodMutation();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const confirmRemove = () => {
    remove.mutate(undefined, {
      onSuccess: ({ message }) => {
        setConfirmOpen(false);
        setNotice(message || REMOVED_MESSAGE);
      },
    });
  };

  return (
    <Box component="section" aria-labelledby="renewal-method-heading">
      <Typography id="renewal-method-heading" component="h3" variant="h6" gutterBottom>
        PayPal for renewals
      </Typography>
      <Stack spacing={1.5}>
        {notice && (
          <Alert severity="success" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        <QueryLoading
          query={method}
          label="Loading your saved PayPal account"
          rows={1}
          errorText="Error fetching your saved PayPal account"
        />
        {method.data?.method && (
          <SavedMethod
            method={method.data.method}
            onRemove={() => {
              remove.reset();
              setNotice(null);
              setConfirmOpen(true);
            }}
          />
        )}
        {method.data && !method.data.method && (
          <Box>
            <Typography>No PayPal account is saved for renewals.</Typography>
            <Typography variant="body2" color="text.secondary">
              One is saved when you pay with PayPal with &lsquo;Renew automatically every month&rsquo; ticked,
              or switch auto-renew on from an exam page.
            </Typography>
          </Box>
        )}
      </Stack>
      <RemoveMethodDialog
        open={confirmOpen}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Error removing your PayPal account') : null}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={confirmRemove}
      />
    </Box>
  );
}

function PaymentRow({
  payment,
  divider,
  onReceipt,
}: {
  payment: Payment;
  divider: boolean;
  onReceipt: (payment: Payment) => void;
}) {
  const titleId = useId();
  return (
    <ListItem divider={divider} sx={{ px: 0, py: 1.5, display: 'block' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={titleId} sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
            {examName(payment)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDate(payment.createdAt)} · {kindLabel(payment.kind)}
          </Typography>
          {payment.status === 'failed' && payment.failureReason && (
            <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word' }}>
              Reason: {payment.failureReason}
            </Typography>
          )}
          {payment.status === 'refunded' && payment.refundedAt && (
            <Typography variant="body2" color="text.secondary">
              Refunded on {formatDate(payment.refundedAt)}
            </Typography>
          )}
        </Box>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', flexShrink: 0 }}
        >
          <Typography sx={{ fontWeight: 600, minWidth: '4.5rem' }}>
            {formatAmount(payment.amountPence)}
          </Typography>
          <Chip
            label={STATUS_LABELS[payment.status]}
            color={STATUS_COLORS[payment.status]}
            variant="outlined"
            size="small"
          />
          {payment.test && <Chip label="Test" size="small" variant="outlined" />}
          {hasReceipt(payment) && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<ReceiptLongOutlinedIcon />}
              aria-describedby={titleId}
              onClick={() => onReceipt(payment)}
            >
              Receipt
            </Button>
          )}
        </Stack>
      </Stack>
    </ListItem>
  );
}

/** The learner's payments, newest first, 10 a page, each paid one with its receipt. */
function PaymentHistory() {
  const [page, setPage] = useState(1);
  const payments = useQuery(paymentsQueryOptions(page));
  const [receipt, setReceipt] = useState<Payment | null>(null);
  const list = payments.data?.payments ?? [];

  return (
    <Box component="section" aria-labelledby="payment-history-heading">
      <Typography id="payment-history-heading" component="h3" variant="h6" gutterBottom>
        Payment history
      </Typography>
      <QueryLoading query={payments} label="Loading payments" rows={3} errorText="Error fetching payments" />
      {payments.isSuccess && list.length === 0 && (
        <Typography color="text.secondary">You have not made any payments yet.</Typography>
      )}
      {list.length > 0 && (
        <>
          <List
            disablePadding
            aria-label="Payments"
            aria-busy={payments.isPlaceholderData}
            sx={{ opacity: payments.isPlaceholderData ? 0.6 : 1 }}
          >
            {list.map((payment, index) => (
              <PaymentRow
                key={payment._id}
                payment={payment}
                divider={index < list.length - 1}
                onReceipt={setReceipt}
              />
            ))}
          </List>
          {payments.data && payments.data.pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
              <Pagination
                aria-label="Payments pages"
                page={Math.min(page, payments.data.pages)}
                count={payments.data.pages}
                color="primary"
                siblingCount={0}
                onChange={(_event, next) => setPage(next)}
              />
            </Box>
          )}
        </>
      )}
      <ReceiptDialog payment={receipt} onClose={() => setReceipt(null)} />
    </Box>
  );
}

/**
 * Settings → Payments (decision 0034): the PayPal account saved for renewals, and the learner's payments
 * with printable receipts.
 */
export function PaymentsSection() {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="payments-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="payments-heading" component="h2" variant="h5" gutterBottom>
        Payments
      </Typography>
      <Stack spacing={3} divider={<Divider flexItem />}>
        <RenewalMethod />
        <PaymentHistory />
      </Stack>
    </Paper>
  );
}
