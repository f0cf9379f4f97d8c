import { ApiError, NETWORK_ERROR_CODE } from './api';

/**
 * POSTs one file as multipart to `path` (the calls the JSON fetcher cannot send: community pictures, the branding's
 * logo); a refusal becomes the same ApiError as any other call's. Its own module, so the first load does not carry it.
 */
export async function uploadFile<T>(path: string, file: File): Promise<T> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_CODE, 'errors.network');
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (data as { error?: { code: string; message: string; fields?: Record<string, string> } })
      ?.error;
    if (error) throw new ApiError(response.status, error.code, error.message, error.fields, data);
    throw new ApiError(response.status, 'http', `HTTP error! status: ${response.status}`);
  }
  return data as T;
}
