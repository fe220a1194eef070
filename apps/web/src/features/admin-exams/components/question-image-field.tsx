import { useId, useRef, type Ref } from 'react';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ALT_TEXT_MAX, type QuestionImage as QuestionImageData } from '@mlp/contract';
import { QuestionImage } from '../../../components/question-image.tsx';
import { imageFileProblem, useImageUpload } from '../../../lib/admin/image-upload.ts';
import { ImageUploadControls } from '../../../components/form/image-upload-controls.tsx';

const ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * An optional image of the question dialog (decision 0040): choose a file, which is uploaded at once (busy
 * state meanwhile, the server's refusal shown if it refuses), then a preview, the required alt text, and
 * buttons to replace or remove it. The question keeps the image only once the question is saved.
 */
export function QuestionImageField({
  label,
  name,
  value,
  onChange,
  altError,
  altRef,
  onBusyChange,
}: {
  /** the field's heading: 'Image for the question' (not starting 'Question', the question's own label) */
  label: string;
  /** what the buttons and the alt text call it: 'question image' */
  name: string;
  value: QuestionImageData | null;
  onChange: (image: QuestionImageData | null) => void;
  altError: string | undefined;
  /** the alt text's input, while there is an image (the dialog focuses it when it is missing) */
  altRef?: Ref<HTMLInputElement>;
  /** the dialog waits for an upload before it saves */
  onBusyChange: (busy: boolean) => void;
}) {
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  // Questions keep their earlier check (size only): the server names a wrong type itself.
  const { choose, clear, error, pending } = useImageUpload({
    onUploaded: ({ hash, url, contentType, width, height }) =>
      onChange({ hash, url, contentType, width, height, alt: value?.alt ?? '' }),
    onBusyChange,
    check: (file) => imageFileProblem({ size: file.size }),
  });

  return (
    <Box role="group" aria-labelledby={labelId} sx={{ mt: 2 }}>
      <FormLabel id={labelId} component="p" sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Optional. PNG, JPEG or WebP, at most 2 MB.
      </Typography>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        aria-label={`Choose ${name} file`}
        onChange={choose}
        hidden
      />
      {value && (
        <Stack spacing={1} sx={{ mb: 1 }}>
          <QuestionImage image={value} maxHeight={220} eager />
          <TextField
            label={`Alt text for the ${name}`}
            required
            fullWidth
            margin="dense"
            value={value.alt}
            onChange={(event) => onChange({ ...value, alt: event.target.value })}
            inputRef={altRef}
            error={Boolean(altError)}
            helperText={altError ?? 'Describe what the image shows, for learners who cannot see it.'}
            slotProps={{ htmlInput: { maxLength: ALT_TEXT_MAX } }}
          />
        </Stack>
      )}
      <ImageUploadControls
        pending={pending}
        progressLabel={`Uploading ${name}`}
        error={error}
        hasImage={Boolean(value)}
        pickLabel={value ? `Replace ${name}` : `Add ${name}`}
        removeLabel={`Remove ${name}`}
        onPick={() => input.current?.click()}
        onRemove={() => {
          clear();
          onChange(null);
        }}
      />
    </Box>
  );
}
