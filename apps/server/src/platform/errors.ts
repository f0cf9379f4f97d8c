import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERRORS,
  isErrorCode,
  renderErrorMessage,
  type AnyErrorParams,
  type ApiErrorBody,
  type ErrorCode,
  type ErrorParams,
  type FieldError,
  type FieldErrorCode,
} from '@tt/domain';
import { isConnectionLost } from '../db/connection-errors.ts';

/** One refused field: its `validation.*` code and params (the English text is rendered from them). */
export interface FieldRefusal {
  code: FieldErrorCode;
  params?: AnyErrorParams;
}

/** A field refusal typed against the catalogue: `field('validation.too_small', { minimum: 1 })`. */
export function field<C extends FieldErrorCode>(
  code: C,
  ...params: keyof ErrorParams<C> extends never ? [] : [ErrorParams<C>]
): FieldRefusal {
  return params[0] ? { code, params: params[0] as AnyErrorParams } : { code };
}

/** An error meant for the caller: its status, code, params and message are sent as they are. */
export class AppError extends Error {
  readonly params: AnyErrorParams | undefined;
  readonly fieldCodes: Record<string, FieldError> | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Each refused field's English text. */
    readonly fields?: Record<string, string>,
    /** Extra fields sent beside `error` (e.g. the fresh totals of a refused checkout). */
    readonly details?: Record<string, unknown>,
    extra: { params?: AnyErrorParams; fieldCodes?: Record<string, FieldError> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.params = extra.params;
    this.fieldCodes = extra.fieldCodes;
  }
}

interface FailOptions {
  /** Fields at fault, each under the name the caller sent it by (`items.0.quantity`). */
  fields?: Record<string, FieldRefusal>;
  details?: Record<string, unknown>;
  /** English worded for the situation, where the template says less (a 404's path, a 402's request). */
  message?: string;
}

type FailArgs<C extends ErrorCode> = keyof ErrorParams<C> extends never
  ? [params?: Record<string, never>, options?: FailOptions]
  : [params: ErrorParams<C>, options?: FailOptions];

/**
 * The refusal for a catalogued code: the status comes from the catalogue, the params are typed by it,
 * and the English message and field texts are rendered from its templates.
 */
export function fail<C extends ErrorCode>(code: C, ...[params, options = {}]: FailArgs<C>): AppError {
  const values = params && Object.keys(params).length > 0 ? (params as AnyErrorParams) : undefined;
  const refused = options.fields;
  const fields = refused
    ? Object.fromEntries(
        Object.entries(refused).map(([name, f]) => [name, renderErrorMessage(f.code, f.params)]),
      )
    : undefined;
  const fieldCodes = refused
    ? Object.fromEntries(
        Object.entries(refused).map(([name, f]) => [
          name,
          f.params ? { code: f.code, params: f.params } : { code: f.code },
        ]),
      )
    : undefined;
  return new AppError(
    ERRORS[code].status,
    code,
    options.message ?? renderErrorMessage(code, values),
    fields,
    options.details,
    { params: values, fieldCodes },
  );
}

/** A 400 for fields alone: the message names the first one, as a request-validation failure does. */
export function invalidFields(fields: Record<string, FieldRefusal>): AppError {
  const [name, first] = Object.entries(fields)[0]!;
  return fail('bad_request', undefined, {
    fields,
    message: `Invalid ${name}: ${renderErrorMessage(first.code, first.params)}`,
  });
}

// The generic helpers, for a refusal without a more specific code.
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, fields);
export const unauthorized = (message = ERRORS.unauthorized.message) =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message: string = ERRORS.forbidden.message) =>
  new AppError(403, 'forbidden', message);
export const notFound = (message: string = ERRORS.not_found.message) =>
  new AppError(404, 'not_found', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new AppError(409, 'conflict', message, undefined, details);
export const serviceUnavailable = (message: string) => new AppError(503, 'service_unavailable', message);

export function errorBody(
  code: string,
  message: string,
  fields?: Record<string, string>,
  params?: AnyErrorParams,
  fieldCodes?: Record<string, FieldError>,
): ApiErrorBody {
  return {
    error: {
      code,
      message,
      ...(params ? { params } : {}),
      ...(fields ? { fields } : {}),
      ...(fieldCodes ? { field_codes: fieldCodes } : {}),
    },
  };
}

const statusCodes: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'request.unsupported_media_type',
  429: 'rate_limited',
};

/** Fastify's own refusals of a body it could not read. */
const MALFORMED_BODY = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

interface ValidationIssue {
  keyword: string;
  message?: string | undefined;
  params?: Record<string, unknown>;
}

const TYPE_CODES = new Set(['validation.number', 'validation.whole_number', 'validation.invalid_type']);
const num = (value: unknown) => (typeof value === 'bigint' ? Number(value) : (value as number));

/**
 * The field code of one zod issue. A message that is itself a catalogued `validation.*` code (the
 * domain's schemas use them) wins; otherwise the issue's kind and bound pick the code.
 */
export function fieldRefusalOf(issue: ValidationIssue): FieldRefusal {
  const message = issue.message ?? '';
  const p = issue.params ?? {};
  // zod hands a schema-level message (z.number({ message: 'validation.number' })) to its bounds' issues
  // too, so a type code counts only for a type issue.
  // An id's union (a number or its digits) refuses the kind of value as a whole: a type issue too.
  const typeCode =
    TYPE_CODES.has(message) && issue.keyword !== 'invalid_type' && issue.keyword !== 'invalid_union';
  if (message.startsWith('validation.') && isErrorCode(message) && !typeCode) {
    const code = message as FieldErrorCode;
    const wanted = Object.keys(ERRORS[code].params);
    if (wanted.length === 0) return { code };
    // A bounded code used as a message: its bound comes from the issue (too_small's minimum, say).
    if (!wanted.every((k) => k in p)) return { code: 'validation.invalid' };
    return { code, params: Object.fromEntries(wanted.map((k) => [k, num(p[k])])) };
  }
  const origin = p.origin as string | undefined;
  const numeric = origin === 'number' || origin === 'int' || origin === 'bigint';
  switch (issue.keyword) {
    case 'invalid_type':
      if (/received undefined/.test(message)) return { code: 'validation.required' };
      if (p.expected === 'number') return { code: 'validation.number' };
      if (p.expected === 'int') return { code: 'validation.whole_number' };
      return { code: 'validation.invalid_type' };
    case 'too_small': {
      const minimum = num(p.minimum);
      if (origin === 'string') {
        return minimum <= 1
          ? { code: 'validation.required' }
          : { code: 'validation.too_short', params: { minimum } };
      }
      if (numeric) {
        return p.inclusive === false
          ? { code: 'validation.greater_than', params: { minimum } }
          : { code: 'validation.too_small', params: { minimum } };
      }
      if (origin === 'array' || origin === 'set') return { code: 'validation.too_few', params: { minimum } };
      return { code: 'validation.invalid' };
    }
    case 'too_big': {
      const maximum = num(p.maximum);
      if (origin === 'string') return { code: 'validation.too_long', params: { maximum } };
      if (numeric) {
        return p.inclusive === false
          ? { code: 'validation.less_than', params: { maximum } }
          : { code: 'validation.too_big', params: { maximum } };
      }
      if (origin === 'array' || origin === 'set') return { code: 'validation.too_many', params: { maximum } };
      return { code: 'validation.invalid' };
    }
    case 'invalid_format':
      if (p.format === 'email') return { code: 'validation.email' };
      if (p.format === 'url') return { code: 'validation.url' };
      if (p.format === 'datetime' || p.format === 'date') return { code: 'validation.date_time' };
      return { code: 'validation.invalid_format' };
    case 'invalid_value':
    case 'invalid_enum_value':
      return { code: 'validation.invalid_option' };
    case 'not_multiple_of':
      return num(p.divisor) === 0.01 ? { code: 'validation.decimals' } : { code: 'validation.invalid' };
    default:
      return { code: 'validation.invalid' };
  }
}

/** Turns every error into the one JSON shape; a 5xx never shows its internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        ...errorBody(error.code, error.message, error.fields, error.params, error.fieldCodes),
        ...error.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const refused: Record<string, FieldRefusal> = {};
      const english: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        if (refused[path]) continue;
        refused[path] = fieldRefusalOf(issue);
        // The catalogue's English, unless the code is a catch-all and the schema said something more exact.
        const vague =
          refused[path].code === 'validation.invalid' || refused[path].code === 'validation.invalid_format';
        english[path] =
          vague && issue.message && !issue.message.startsWith('validation.')
            ? issue.message
            : renderErrorMessage(refused[path].code, refused[path].params);
      }
      const first = Object.entries(english)[0];
      const message = first
        ? `Invalid ${first[0] === '_' ? 'request' : first[0]}: ${first[1]}`
        : 'Invalid request.';
      const fieldCodes = Object.fromEntries(
        Object.entries(refused).map(([name, f]) => [
          name,
          f.params ? { code: f.code, params: f.params } : { code: f.code },
        ]),
      );
      return reply.status(400).send(errorBody('bad_request', message, english, undefined, fieldCodes));
    }
    if (isConnectionLost(error)) {
      // The database went away under the request (a restart, a failover, an ended connection): nothing
      // half-done was committed, and trying again shortly is the right advice.
      request.log.warn({ err: error }, 'database connection lost');
      return reply
        .status(503)
        .header('Retry-After', '1')
        .send(errorBody('service_unavailable', 'The service is briefly unavailable. Please try again.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody('internal', ERRORS.internal.message));
    }
    if (status === 400 && MALFORMED_BODY.has(error.code)) {
      return reply
        .status(400)
        .send(errorBody('request.malformed_body', ERRORS['request.malformed_body'].message));
    }
    const code = statusCodes[status] ?? 'bad_request';
    const message = status === 429 ? ERRORS.rate_limited.message : error.message;
    return reply.status(status).send(errorBody(code, message));
  });
}

/**
 * Errors Fastify answers before a route runs (a bad percent-escape in the URL, a path parameter over the
 * length limit), which would otherwise bypass the error handler with Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The address is not valid: it has a malformed percent-escape.'
      : 'The address is not valid.';
  return reply.status(status).send(errorBody(statusCodes[status] ?? 'bad_request', message));
}

/** Requests Node's HTTP parser rejects (malformed request line or headers, headers too large, timeouts). */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = function (
  error: Error & { code?: string },
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const message =
    status === 408
      ? 'The request took too long to arrive.'
      : status === 431
        ? 'The request headers are too large.'
        : 'The request is malformed.';
  const body = JSON.stringify(errorBody('bad_request', message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};
