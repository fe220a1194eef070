import { useCallback, useState } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';

/** A button in the toast, e.g. 'Undo' after a change that can be taken back. */
export interface FeedbackAction {
  label: string;
  onClick: () => void;
}

interface Feedback {
  message: string;
  severity: AlertColor;
  key: number;
  action?: FeedbackAction | undefined;
}

/**
 * A page's success/failure toast: `show('Admin created successfully')` opens a Snackbar whose Alert is
 * announced to screen readers. Returns the element to render and the function to call.
 */
export function useFeedback() {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((message: string, severity: AlertColor = 'success', action?: FeedbackAction) => {
    setFeedback({ message, severity, key: Date.now(), action });
    setOpen(true);
  }, []);

  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  const element = (
    <Snackbar
      key={feedback?.key}
      open={open}
      // A toast with a button stays long enough to reach it from the keyboard (WCAG 2.2.1).
      autoHideDuration={feedback?.action ? 15000 : 6000}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={feedback?.severity ?? 'success'}
        variant="filled"
        onClose={() => close()}
        sx={{ width: '100%' }}
        action={
          feedback?.action ? (
            <>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  setOpen(false);
                  feedback.action?.onClick();
                }}
              >
                {feedback.action.label}
              </Button>
              <Button color="inherit" size="small" onClick={() => close()} aria-label="Close">
                ×
              </Button>
            </>
          ) : undefined
        }
      >
        {feedback?.message}
      </Alert>
    </Snackbar>
  );

  return { feedback: element, show };
}

/**
 * A line telling screen readers what an action just did ('Note saved.'): always in the page, so that a
 * new text is announced, and taking `gap` space above it only while it says something.
 */
export function StatusLine({ text, gap }: { text: string; gap: number }) {
  return (
    <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: text ? gap : 0 }}>
      {text}
    </Typography>
  );
}
