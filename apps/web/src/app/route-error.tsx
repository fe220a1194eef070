import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink, isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from './chunk.ts';
import { useOnline } from '../lib/use-online.ts';

function describe(error: unknown): { title: string; detail: string } {
  if (error instanceof ChunkLoadError) {
    return {
      title: error.message,
      detail: 'Part of the page could not be downloaded. Check your connection and try again.',
    };
  }
  if (isRouteErrorResponse(error)) {
    return { title: `${error.status} ${error.statusText}`.trim(), detail: 'The page could not be shown.' };
  }
  return { title: 'Something went wrong', detail: 'An unexpected error stopped this page from loading.' };
}

/**
 * Reloads the page now, or, while the browser is offline, once the connection is back: a reload while
 * offline would replace the app with the browser's own error page (decision 0066).
 */
function useRetry(): { waiting: boolean; retry: () => void } {
  const online = useOnline();
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (waiting && online) window.location.reload();
  }, [waiting, online]);
  return { waiting: waiting && !online, retry: () => (online ? window.location.reload() : setWaiting(true)) };
}

/** The error screen for a page that failed: a chunk that did not load (spec §8) or a render error. */
export function RouteErrorScreen({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const { title, detail } = describe(error);
  const { waiting, retry } = useRetry();
  const content = (
    <Box sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
      <Alert
        severity="error"
        sx={{ width: '100%', maxWidth: 560 }}
        action={
          <Button color="inherit" size="small" onClick={retry} disabled={waiting}>
            {waiting ? 'Waiting for the connection...' : 'Retry'}
          </Button>
        }
      >
        <AlertTitle component="h1">{title}</AlertTitle>
        {detail}{' '}
        <Button component={RouterLink} to="/" size="small" color="inherit" sx={{ p: 0, minWidth: 0 }}>
          Go to the home page
        </Button>
      </Alert>
    </Box>
  );
  return standalone ? (
    <Container component="main" maxWidth="md">
      {content}
    </Container>
  ) : (
    content
  );
}
