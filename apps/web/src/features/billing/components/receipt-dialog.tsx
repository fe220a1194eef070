import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import type { Payment } from '@mlp/contract';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useSiteSettings } from '../../../lib/site-settings.tsx';
import { examName, formatAmount, kindLabel, TEST_PAYMENT_NOTE } from '../billing-text.ts';

const PRINT_ROOT = 'receipt-print-root';
const NO_PRINT = 'receipt-no-print';

/*
 * Printing shows the receipt alone: the dialog is portalled straight into <body>, so every other child of
 * <body> (the page, the top bar) is hidden, and the dialog is laid out as a plain page (no backdrop,
 * shadow, scroll box or buttons). Present only while a receipt is open.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        [`body > *:not(.${PRINT_ROOT})`]: { display: 'none !important' },
        [`.${PRINT_ROOT}`]: { position: 'static !important' },
        [`.${PRINT_ROOT} .MuiBackdrop-root, .${PRINT_ROOT} .${NO_PRINT}`]: { display: 'none !important' },
        [`.${PRINT_ROOT} .MuiDialog-container`]: { display: 'block !important', height: 'auto !important' },
        [`.${PRINT_ROOT} .MuiDialog-paper`]: {
          margin: '0 !important',
          maxWidth: 'none !important',
          maxHeight: 'none !important',
          width: '100% !important',
          boxShadow: 'none !important',
          // Paper animates its shadow: without this, the shadow fades out over the printed page.
          transition: 'none !important',
          overflow: 'visible !important',
        },
        [`.${PRINT_ROOT} .MuiDialogContent-root`]: { overflow: 'visible !important' },
      },
    }}
  />
);

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' },
        columnGap: 2,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A printable receipt for a payment (decision 0034): the site, the learner, the exam, the amount, the date,
 * the access it bought and PayPal's reference; a demo payment says no money was taken.
 */
export function ReceiptDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const { siteName } = useSiteSettings();
  const { user } = useAuth();
  // The receipt stays drawn while the dialog fades out after closing.
  const [shown, setShown] = useState(payment);
  if (payment && payment !== shown) setShown(payment);
  const receipt = payment ?? shown;
  return (
    <Dialog
      open={payment !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      className={PRINT_ROOT}
      aria-labelledby="receipt-title"
    >
      {payment && printStyles}
      {receipt && (
        <>
          <Typography
            variant="overline"
            component="p"
            color="text.secondary"
            sx={{ px: 3, pt: 2, lineHeight: 1.5 }}
          >
            {siteName}
          </Typography>
          <DialogTitle id="receipt-title" sx={{ pt: 0 }}>
            Receipt
          </DialogTitle>
          <DialogContent>
            {receipt.test && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {TEST_PAYMENT_NOTE}
              </Alert>
            )}
            <Box component="dl" sx={{ m: 0 }}>
              {user && (
                <Line label="Learner">
                  {user.name} ({user.email})
                </Line>
              )}
              <Line label="Exam">{examName(receipt)}</Line>
              <Line label="Payment">
                {receipt.kind === 'complimentary'
                  ? `${kindLabel(receipt.kind)}, given by the team: nothing was charged`
                  : `${kindLabel(receipt.kind)}: ${receipt.kind === 'renewal' ? 'one more month' : 'one month'} of access`}
              </Line>
              <Line label="Amount">
                {formatAmount(receipt.amountPence)} ({receipt.currency})
              </Line>
              <Line label="Date">{formatDateTime(receipt.createdAt)}</Line>
              {receipt.periodEnd && <Line label="Access until">{formatDate(receipt.periodEnd)}</Line>}
              {receipt.orderId && (
                <Line label={receipt.test ? 'Reference' : 'PayPal reference'}>{receipt.orderId}</Line>
              )}
              {receipt.status === 'refunded' && (
                <Line label="Refunded">
                  {receipt.refundedAt ? `Refunded on ${formatDate(receipt.refundedAt)}` : 'Refunded'}
                </Line>
              )}
            </Box>
          </DialogContent>
          <DialogActions className={NO_PRINT}>
            <Button onClick={onClose}>Close</Button>
            <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
              Print
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
