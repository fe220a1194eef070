import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/**
 * An image field's upload, above its buttons: 'Uploading image…' with a bar while it is sent (a status
 * the upload button points to by `id`), and why it failed once it has.
 */
export function UploadStatus({
  id,
  pending,
  label,
  error,
}: {
  id: string;
  pending: boolean;
  /** the bar's accessible name, e.g. 'Uploading cover image' */
  label: string;
  error: string | null | undefined;
}) {
  return (
    <>
      {pending && (
        <Box id={id} role="status" sx={{ mb: 1 }}>
          <Typography variant="body2">Uploading image…</Typography>
          <LinearProgress aria-label={label} />
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
    </>
  );
}
