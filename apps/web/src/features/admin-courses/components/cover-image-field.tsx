import { useId, useRef } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MEDIA_TYPES } from '@mlp/contract';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useImageUpload } from '../../../lib/admin/image-upload.ts';
import { type CourseBodyOutput, type CourseFormValues } from '../course-rules.ts';
import { ImageUploadControls } from '../../../components/form/image-upload-controls.tsx';

/**
 * The course's optional cover image: choosing a file uploads it at once (POST /api/admin/media, decision
 * 0040), then a preview, its alt text, and buttons to replace or remove it. The course keeps the image only
 * once the course is saved. `onBusyChange` lets the form wait for an upload before it saves.
 */
export function CoverImageField({ onBusyChange }: { onBusyChange: (busy: boolean) => void }) {
  const { control, setValue } = useFormContext<CourseFormValues, unknown, CourseBodyOutput>();
  const {
    field: { ref: focusRef, value, onChange },
    fieldState,
  } = useController({ control, name: 'coverImage' });
  const altText = useWatch({ control, name: 'coverImageAlt' });
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageUpload({
    onUploaded: ({ hash, url, width, height }) => onChange({ hash, url, width, height }),
    onBusyChange,
  });
  const error = upload.error ?? fieldState.error?.message ?? null;

  return (
    <Box role="group" aria-labelledby={labelId} sx={{ mt: 2 }}>
      <FormLabel id={labelId} component="p" sx={{ mb: 0.5 }}>
        Cover image
      </FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Optional. PNG, JPEG or WebP, at most 2 MB. Shown on the course&rsquo;s card and page.
      </Typography>
      <input
        ref={input}
        type="file"
        accept={MEDIA_TYPES.join(',')}
        aria-label="Choose cover image file"
        onChange={upload.choose}
        hidden
      />
      {value && (
        <Stack spacing={1} sx={{ mb: 1 }}>
          <Box
            component="img"
            src={value.url}
            alt={altText}
            width={value.width}
            height={value.height}
            sx={{
              display: 'block',
              maxWidth: '100%',
              maxHeight: 220,
              width: 'auto',
              height: 'auto',
              objectFit: 'contain',
              alignSelf: 'flex-start',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'grey.100',
            }}
          />
          <FormTextField
            control={control}
            name="coverImageAlt"
            label="Cover image alt text"
            required={false}
            margin="dense"
            helperText="Describe what the image shows, for learners who cannot see it. Empty: a decorative image."
          />
        </Stack>
      )}
      <ImageUploadControls
        pending={upload.pending}
        progressLabel="Uploading cover image"
        error={error}
        hasImage={Boolean(value)}
        pickLabel={value ? 'Replace cover image' : 'Upload cover image'}
        removeLabel="Remove cover image"
        onPick={() => input.current?.click()}
        onRemove={() => {
          upload.clear();
          onChange(null);
          setValue('coverImageAlt', '', { shouldDirty: true });
        }}
        pickRef={focusRef}
      />
    </Box>
  );
}
