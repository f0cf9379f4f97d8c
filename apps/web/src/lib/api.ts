import {
  buildPath,
  type ApiErrorBody,
  type BodyIn,
  type Contract,
  type ErrorDetailsOf,
  type FieldError,
  type ParamsIn,
  type QueryIn,
  type ResponseOf,
} from '@tt/domain';

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

declare global {
  interface Window {
    /** GETs index.html's head script started before the app's code had arrived, by path (first-screen.ts). */
    __ttApi?: Record<string, Promise<Response>>;
  }
}

/**
 * Issue 9 (the request chain): the user and the first screen's data were asked for by index.html's head script,
 * side by side with the app's code. The first call of the same path (a plain GET) takes that answer instead of
 * asking again; each is used once.
 */
function adopt(method: Method, path: string, headers: Record<string, string> | undefined) {
  const started = typeof window === 'undefined' ? undefined : window.__ttApi;
  if (method !== 'GET' || headers || !started?.[path]) return undefined;
  const answer = started[path];
  delete started[path];
  return answer;
}

/** What index.html's head script asked for and no call has taken: dropped (a signed-out visitor's refusals). */
export function dropStartedRequests() {
  if (typeof window !== 'undefined') delete window.__ttApi;
}

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  let response: Response;
  try {
    response = await (adopt(method, path, headers) ??
      fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
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
  if (!response.ok) throw apiErrorOf(response.status, data);
  return data as T;
}

/** A refusal as an ApiError: the one error shape's code, message and fields, or spec 1 §8's words without it. */
export function apiErrorOf(status: number, data: unknown): ApiError {
  if (isErrorBody(data)) {
    const { code, message, fields } = data.error;
    return new ApiError(status, code, message, fields, data);
  }
  // Spec 1 §8's wording for an answer without the error shape (a proxy's error page, say).
  return new ApiError(status, 'http', `HTTP error! status: ${status}`);
}

/**
 * A contract's method and path alone, typed by the whole contract: what a fetcher on the first screen
 * names, so that the contract's schemas (and zod) stay out of the first load (docs/decisions/004).
 */
export interface EndpointOf<C extends Contract> {
  readonly method: C['method'];
  readonly path: C['path'];
  /** Carries the contract's type only; never set. */
  readonly contract?: C;
}

/** Names a contract's endpoint without importing its value; the compiler checks method and path against it. */
export const endpoint = <C extends Contract>(method: C['method'], path: C['path']): EndpointOf<C> => ({
  method,
  path,
});

/**
 * A group of contracts' endpoints by name (`endpoints<typeof cartContracts>({ get: ['GET', '/api/cart'], ... })`):
 * every name of the group, each checked by the compiler against its contract, none of the schemas imported.
 */
export const endpoints = <G extends Record<string, Contract>>(list: {
  [K in keyof G]: readonly [G[K]['method'], G[K]['path']];
}): { [K in keyof G]: EndpointOf<G[K]> } =>
  Object.fromEntries(Object.entries(list).map(([name, [method, path]]) => [name, { method, path }])) as {
    [K in keyof G]: EndpointOf<G[K]>;
  };

type ParamsPart<C extends Contract> = [ParamsIn<C>] extends [undefined]
  ? { params?: undefined }
  : { params: ParamsIn<C> };
type BodyPart<C extends Contract> = C extends { body: unknown }
  ? undefined extends BodyIn<C>
    ? { body?: BodyIn<C> }
    : { body: BodyIn<C> }
  : { body?: undefined };
type QueryPart<C extends Contract> = C extends { query: unknown }
  ? { query?: QueryIn<C> }
  : { query?: undefined };

export type CallInput<C extends Contract> = ParamsPart<C> &
  BodyPart<C> &
  QueryPart<C> & { headers?: Record<string, string> };

type Args<C extends Contract> = [ParamsIn<C>] extends [undefined]
  ? C extends { body: unknown }
    ? undefined extends BodyIn<C>
      ? [input?: CallInput<C>]
      : [input: CallInput<C>]
    : [input?: CallInput<C>]
  : [input: CallInput<C>];

/**
 * Calls one endpoint as its contract describes it: fills the path, writes the query and the JSON body,
 * and types the answer (issue 7 part 7: no hand-written copy of a payload in the web).
 */
export function call<C extends Contract>(target: C, ...args: Args<C>): Promise<ResponseOf<C>>;
export function call<C extends Contract>(target: EndpointOf<C>, ...args: Args<C>): Promise<ResponseOf<C>>;
export function call(
  target: Pick<Contract, 'method' | 'path'>,
  input: { params?: object; query?: object; body?: unknown; headers?: Record<string, string> } = {},
): Promise<unknown> {
  // buildPath is a plain function in a zod-free module: safe on the first screen.
  let path = buildPath(target.path, input.params as Record<string, string | number> | undefined);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  if (search.size > 0) path += `?${search}`;
  return request(target.method, path, input.body, input.headers);
}

/** The extra fields a refusal of this endpoint carries (checkout's fresh totals, say), as its contract types them. */
export function errorDetails<C extends Contract>(
  _target: C | EndpointOf<C>,
  error: ApiError,
): Partial<ErrorDetailsOf<C>> | undefined {
  return typeof error.body === 'object' && error.body !== null
    ? (error.body as Partial<ErrorDetailsOf<C>>)
    : undefined;
}

/** A plain check rather than the zod schema: this module is on the first screen, the validator is not. */
function isErrorBody(data: unknown): data is ApiErrorBody {
  const error = (data as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}
