import type { ApiErrorBody, FieldError } from '@tt/domain';

/**
 * A failed API call: the server's status, its stable code with params (what the web translates, see
 * lib/errors.ts), its English message (the fallback) and the fields at fault.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The values the code's message needs (a product name, a quantity left). */
  get params(): Record<string, string | number> {
    return (this.body as Partial<ApiErrorBody> | undefined)?.error?.params ?? {};
  }

  /** Each refused field's `validation.*` code and params, by the name the request used. */
  get fieldCodes(): Record<string, FieldError> {
    return (this.body as Partial<ApiErrorBody> | undefined)?.error?.field_codes ?? {};
  }
}

/** No answer at all: offline, or the server could not be reached. */
export const NETWORK_ERROR_CODE = 'network';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_CODE, 'errors.network');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    if (isErrorBody(data)) {
      const { code, message, fields } = data.error;
      throw new ApiError(response.status, code, message, fields, data);
    }
    // Spec 1 §8's wording for an answer without the error shape (a proxy's error page, say).
    throw new ApiError(response.status, 'http', `HTTP error! status: ${response.status}`);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>('POST', path, body, headers),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
};

/** A plain check rather than the zod schema: this module is on the first screen, the validator is not. */
function isErrorBody(data: unknown): data is ApiErrorBody {
  const error = (data as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}
