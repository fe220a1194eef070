import { useId, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';

/**
 * An image field's upload and its buttons. While the file is sent: 'Uploading image…' with a bar named
 * `progressLabel` (a status the pick button points to); once it failed, why. Then the button that picks
 * a file (`pickLabel`, e.g. 'Upload cover image') and, while there is an image, the one removing it.
 */
export function ImageUploadControls({
  pending,
  progressLabel,
  error,
  hasImage,
  pickLabel,
  removeLabel,
  onPick,
  onRemove,
  pickRef,
}: {
  pending: boolean;
  progressLabel: string;
  error: string | null | undefined;
  hasImage: boolean;
  pickLabel: string;
  removeLabel: string;
  onPick: () => void;
  onRemove: () => void;
  /** where the form puts the focus to show the field's problem */
  pickRef?: Ref<HTMLButtonElement>;
}) {
  const statusId = useId();
  return (
    <>
      {pending && (
        <Box id={statusId} role="status" sx={{ mb: 1 }}>
          <Typography variant="body2">Uploading image…</Typography>
          <LinearProgress aria-label={progressLabel} />
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlinedIcon />}
          onClick={onPick}
          disabled={pending}
          aria-describedby={pending ? statusId : undefined}
          ref={pickRef}
        >
          {pickLabel}
        </Button>
        {hasImage && (
          <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={onRemove} disabled={pending}>
            {removeLabel}
          </Button>
        )}
      </Stack>
    </>
  );
}
