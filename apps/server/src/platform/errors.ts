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
  renderErrorMessage,
  type AnyErrorParams,
  type ApiErrorBody,
  type ErrorCode,
  type ErrorParams,
  type FieldError,
  type FieldErrorCode,
  type FieldRefusal,
  fieldRefusalOf,
} from '@tt/domain';

export type { FieldRefusal };
import { isConnectionLost } from '../db/connection-errors.ts';

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
