import { useCallback, useState } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

interface Feedback {
  message: string;
  severity: AlertColor;
  key: number;
}

/**
 * A page's success/failure toast: `show('Admin created successfully')` opens a Snackbar whose Alert is
 * announced to screen readers. Returns the element to render and the function to call.
 */
export function useFeedback() {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((message: string, severity: AlertColor = 'success') => {
    setFeedback({ message, severity, key: Date.now() });
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
      autoHideDuration={6000}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={feedback?.severity ?? 'success'}
        variant="filled"
        onClose={() => close()}
        sx={{ width: '100%' }}
      >
        {feedback?.message}
      </Alert>
    </Snackbar>
  );

  return { feedback: element, show };
}
