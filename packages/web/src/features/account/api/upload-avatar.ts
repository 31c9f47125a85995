import { ErrorBody, UploadAnswer } from '@papertrade/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * POST /uploads/avatar (multipart field `file`). The only call that is not JSON, so it cannot go
 * through api(); it keeps the same error shape. The server checks the content, not the name.
 */
export async function uploadAvatar(file: File, wallet: string): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/uploads/avatar', {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json', Wallet: wallet },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR', 0);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const body = ErrorBody.safeParse(json);
    if (body.success) throw new ApiError(body.data.error, body.data.code, response.status);
    if (response.status === 413)
      throw new ApiError('The picture is larger than 2 MB.', 'PAYLOAD_TOO_LARGE', 413);
    throw new ApiError(
      `The upload failed (HTTP ${response.status}).`,
      'HTTP_ERROR',
      response.status,
    );
  }
  const answer = UploadAnswer.safeParse(json);
  if (!answer.success)
    throw new ApiError('The server sent an unexpected answer.', 'BAD_RESPONSE', 200);
  return answer.data.url;
}

export function useUploadAvatar(wallet: string) {
  return useMutation({ mutationFn: (file: File) => uploadAvatar(file, wallet) });
}
