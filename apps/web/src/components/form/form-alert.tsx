import Alert, { type AlertColor } from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { errorMessage } from '../../lib/api-client.ts';

/** A form's message above its fields (an error unless `severity` says otherwise), or nothing. */
export function FormAlert({
  message,
  severity = 'error',
  sx = { mb: 1 },
}: {
  message: string | null | undefined;
  severity?: AlertColor;
  sx?: SxProps<Theme>;
}) {
  if (!message) return null;
  return (
    <Alert severity={severity} sx={sx}>
      {message}
    </Alert>
  );
}

/** Why a request failed (the server's message, or `fallback`), or nothing while `error` is null. */
export function RequestError({
  error,
  fallback,
  sx,
}: {
  error: unknown;
  fallback: string;
  sx?: SxProps<Theme>;
}) {
  return <FormAlert message={error ? errorMessage(error, fallback) : null} sx={sx} />;
}
