import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { useOnline } from '../../lib/use-online.ts';

/**
 * While the browser is offline, every page says so once, above its content (decision 0066): what is on
 * screen stays, and what needs the server waits for the connection. Nothing shows while online.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Container maxWidth="lg" sx={{ pt: 2 }}>
      <Alert severity="warning" role="status">
        You are offline. What is on screen stays; anything that needs the server waits until the connection is
        back.
      </Alert>
    </Container>
  );
}
