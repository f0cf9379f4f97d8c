import { apiErrorOf, ApiError, NETWORK_ERROR_CODE } from './api';

/** Saves a file the app made or fetched, under `filename`, as a download link the person clicked would. */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has started the download from it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name a `Content-Disposition` answer gives (RFC 6266: `filename*` in UTF-8 first, then `filename`). */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // Malformed escapes: the plain name below, if there is one.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name || undefined;
}

/**
 * Downloads a file the server writes (an export, a report, a template) and saves it under the name the server
 * gives. A plain link would save a refusal (an expired session, a limit, an error) as if it were the file, or fail
 * offline with nothing said; here a refusal is thrown as the ApiError every call throws, for the screen to say.
 */
export async function downloadFrom(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_CODE, 'errors.network');
  }
  if (!response.ok) {
    let data: unknown;
    try {
      data = JSON.parse(await response.text());
    } catch {
      data = undefined;
    }
    throw apiErrorOf(response.status, data);
  }
  saveBlob(filenameOf(response.headers.get('content-disposition')) ?? fallbackName, await response.blob());
}
