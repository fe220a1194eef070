import type { Dispatch, SetStateAction } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AdminPayment, PaymentStatus } from '@mlp/contract';
import { useConfirmTarget } from '../../../components/dialogs/use-confirm-target.ts';
import { useFeedback } from '../../../components/feedback.tsx';
import {
  DataTable,
  serverPaging,
  tableLoadError,
  type TableColumn,
} from '../../../components/table/data-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { adminPaymentsQueryOptions, useRefundPaymentMutation } from '../api/payments-api.ts';
import type { AdminPaymentFilters } from '../api/payment-keys.ts';
import { KIND_LABELS, payerName, paymentAmount, paypalIds, STATUS_LABELS } from '../payment-text.ts';
import { RefundDialog } from './refund-dialog.tsx';

const STATUS_COLOURS: Record<PaymentStatus, 'success' | 'error' | 'default'> = {
  completed: 'success',
  failed: 'error',
  refunded: 'default',
};

/** Long unbroken words (e-mail addresses, titles, PayPal ids) wrap inside their cell. */
const WRAP = { overflowWrap: 'anywhere' } as const;

/** Who paid: the name links to the learner's page, the e-mail under it. */
function Learner({ payment }: { payment: AdminPayment }) {
  if (!payment.userId) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        Deleted account
      </Typography>
    );
  }
  return (
    <Box sx={WRAP}>
      <Link component={RouterLink} to={`/admin/users/${payment.userId}`} underline="hover">
        {payment.userName || payment.userEmail || 'Learner'}
      </Link>
      {payment.userEmail && payment.userName && (
        <Typography variant="body2" color="text.secondary" sx={WRAP}>
          {payment.userEmail}
        </Typography>
      )}
    </Box>
  );
}

/** The status chip ('Test' beside it for a demo payment), why a charge failed, and a refund's reason. */
function Status({ payment }: { payment: AdminPayment }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        <Chip
          size="small"
          label={STATUS_LABELS[payment.status]}
          color={STATUS_COLOURS[payment.status]}
          variant={payment.status === 'refunded' ? 'outlined' : 'filled'}
        />
        {payment.test && <Chip size="small" label="Test" variant="outlined" />}
      </Box>
      {payment.status === 'failed' && payment.failureReason && (
        <Typography variant="body2" color="text.secondary" sx={WRAP}>
          {payment.failureReason}
        </Typography>
      )}
      {payment.status === 'refunded' && (
        <Typography variant="body2" color="text.secondary" sx={WRAP}>
          {payment.refundedAt ? `Refunded ${formatDate(payment.refundedAt)}` : 'Refunded'}
          {payment.refundReason ? `: ${payment.refundReason}` : ''}
        </Typography>
      )}
    </Box>
  );
}

/** PayPal's order, capture and refund ids, in monospace, wrapping anywhere. */
function PaypalIds({ payment }: { payment: AdminPayment }) {
  const ids = paypalIds(payment);
  if (ids.length === 0) return <Typography variant="body2">—</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {ids.map(({ label, id }) => (
        <Box component="li" key={label} sx={{ typography: 'body2', ...WRAP }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {`${label} `}
          </Box>
          <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
            {id}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function columns(showLearner: boolean): Array<TableColumn<AdminPayment>> {
  return [
    {
      label: 'Date',
      render: (payment) => (
        <>
          {/* The body lets words break anywhere (decision 0023): a date keeps its words whole. */}
          <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
            {formatDate(payment.createdAt)}
          </Box>
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}>
            {formatTime(payment.createdAt)}
          </Box>
        </>
      ),
    },
    ...(showLearner
      ? [
          {
            label: 'Learner',
            render: (payment: AdminPayment) => <Learner payment={payment} />,
            cellSx: { minWidth: 150 },
          },
        ]
      : []),
    {
      label: 'Exam',
      render: (payment) =>
        payment.examTitle ?? (
          <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
            Deleted exam
          </Box>
        ),
      cellSx: { minWidth: 120, ...WRAP },
    },
    {
      label: 'Kind',
      render: (payment) => KIND_LABELS[payment.kind],
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      label: 'Amount',
      align: 'right',
      render: (payment) => paymentAmount(payment),
      cellSx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    },
    {
      label: 'Status',
      render: (payment) => <Status payment={payment} />,
      cellSx: { minWidth: 100 },
    },
    {
      label: 'PayPal',
      render: (payment) => <PaypalIds payment={payment} />,
      cellSx: { minWidth: 140 },
    },
  ];
}

const WITH_LEARNER = columns(true);
const WITHOUT_LEARNER = columns(false);

/**
 * Payments and renewal charges, newest first, paged on the server (5/10/25 rows), with a 'Refund'
 * button on each payment that can still be refunded. On success the server's message shows as a toast
 * and the list, the learner's page and the dashboard load again.
 */
export function PaymentsTable({
  filters,
  setFilters,
  enabled = true,
  emptyText,
  showLearner = true,
}: {
  filters: AdminPaymentFilters;
  setFilters: Dispatch<SetStateAction<AdminPaymentFilters>>;
  /** False while the filters cannot be sent (a date range that ends before it starts). */
  enabled?: boolean;
  emptyText: string;
  /** Off on a learner's own page, where every row is theirs. */
  showLearner?: boolean;
}) {
  const payments = useQuery({ ...adminPaymentsQueryOptions(filters), enabled });
  const refund = useRefundPaymentMutation();
  const refunding = useConfirmTarget<AdminPayment>();
  const { feedback, show } = useFeedback();

  const ask = (payment: AdminPayment) => {
    refund.reset();
    refunding.ask(payment);
  };
  const confirm = (reason: string) => {
    if (!refunding.target) return;
    refund.mutate(
      { paymentId: refunding.target._id, reason },
      {
        onSuccess: (result) => {
          refunding.close();
          show(result.message);
        },
      },
    );
  };

  return (
    <>
      <DataTable
        label="Payments"
        columns={showLearner ? WITH_LEARNER : WITHOUT_LEARNER}
        rows={enabled ? (payments.data?.payments ?? []) : []}
        rowKey={(payment) => payment._id}
        actions={(payment) =>
          payment.refundable ? (
            <Button
              size="small"
              variant="outlined"
              color="error"
              aria-label={`Refund ${paymentAmount(payment)} paid by ${payerName(payment)} on ${formatDate(payment.createdAt)}`}
              onClick={() => ask(payment)}
            >
              Refund
            </Button>
          ) : null
        }
        loading={enabled && payments.isPending}
        error={tableLoadError(payments, 'Error fetching payments')}
        emptyText={emptyText}
        minWidth={showLearner ? 900 : 760}
        // Eight columns fit beside the side menu at 1280 px with half the usual space between them.
        narrow
        paging={enabled ? serverPaging(filters, setFilters, payments.data) : undefined}
      />
      <RefundDialog
        payment={refunding.target}
        open={refunding.open}
        busy={refund.isPending}
        error={refund.isError ? errorMessage(refund.error, 'Error refunding payment') : null}
        onCancel={refunding.close}
        onRefund={confirm}
      />
      {feedback}
    </>
  );
}
