import { useState, type ChangeEvent } from 'react';
import { api } from '@mlp/contract/routes';
import { MEDIA_LIMITS, MEDIA_TYPES, type MediaUpload } from '@mlp/contract';
import { apiUpload, errorMessage } from '../api-client.ts';
import { useMutation } from '../use-mutation.ts';

/**
 * Why a chosen image file cannot be uploaded, before it is sent (the server checks it again by content,
 * decision 0040): empty, over the size limit, or — when its type is given — not PNG, JPEG or WebP.
 */
export function imageFileProblem(file: { size: number; type?: string }): string | null {
  if (file.size === 0) return 'The file is empty. Choose an image.';
  if (file.type && !(MEDIA_TYPES as readonly string[]).includes(file.type)) {
    return 'Choose a PNG, JPEG or WebP image.';
  }
  if (file.size > MEDIA_LIMITS.maxBytes) {
    return `The image is too large: it must be at most ${MEDIA_LIMITS.maxBytes / (1024 * 1024)} MB.`;
  }
  return null;
}

/**
 * An administrator's image field's upload (a question's image, a course's cover): `choose` is the file
 * input's change handler (checks the file, sends it to POST /api/admin/media, reports the uploaded image),
 * `error` what to show, `clear` forgets both when the image is removed. `onBusyChange` lets a form wait for
 * an upload before it saves.
 */
export function useImageUpload({
  onUploaded,
  onBusyChange,
  check = imageFileProblem,
}: {
  onUploaded: (image: MediaUpload) => void;
  onBusyChange: (busy: boolean) => void;
  check?: (file: File) => string | null;
}) {
  const upload = useMutation({ mutationFn: (file: Blob) => apiUpload(api.media.upload, file) });
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after a refusal) fires a change.
    event.target.value = '';
    if (!file) return;
    const refused = check(file);
    setProblem(refused);
    upload.reset();
    if (refused) return;
    onBusyChange(true);
    upload.mutate(file, { onSuccess: onUploaded, onSettled: () => onBusyChange(false) });
  };

  const clear = () => {
    setProblem(null);
    upload.reset();
  };

  const error =
    problem ?? (upload.isError ? errorMessage(upload.error, 'The image could not be uploaded.') : null);
  return { choose, clear, error, pending: upload.isPending };
}
