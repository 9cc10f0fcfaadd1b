import { useCallback } from 'react';
import { useApi } from '../../api/api-context';
import type { ImageType } from '../upload-file';
import { useUploadTask } from './upload-progress';

/**
 * Sends a document image (a licence, an insurance or registration paper) the way every document
 * goes: the server makes the key, and above 5 MiB the file goes in parts through the same routes.
 * Resolves with the stored key, which the caller then names (sign-up, a document submission).
 */
export function useDocumentUpload() {
  const api = useApi();
  const sending = useUploadTask();
  const { upload } = sending;
  const send = useCallback(async (file: File): Promise<string> => {
    const ticket = await api.createSignupUploadUrl({ body: { contentType: file.type as ImageType, size: file.size } });
    const key = ticket.key;
    await upload(file, ticket, {
      parts: (body) => api.createSignupUploadParts({ body: { ...body, key } }),
      complete: (body) => api.completeSignupUpload({ body: { ...body, key } }),
      abort: (body) => api.abortSignupUpload({ body: { ...body, key } }),
    });
    return key;
  }, [api, upload]);
  return { task: sending.task, snapshot: sending.snapshot, send };
}
