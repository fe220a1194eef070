import { api } from '@mlp/contract/routes';
import { apiUpload } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/use-mutation.ts';

/** POST /api/admin/media with the file's bytes → 201 { hash, contentType, width, height, url } (decision 0040). */
export function useUploadImageMutation() {
  return useMutation({
    mutationFn: (file: Blob) => apiUpload(api.media.upload, file),
  });
}
