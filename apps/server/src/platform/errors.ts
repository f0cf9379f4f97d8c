import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@tt/domain';

/** An error meant for the caller: its status, code and message are sent as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra fields sent beside `error` (e.g. the fresh totals of a refused checkout). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, fields);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new AppError(409, 'conflict', message, undefined, details);
export const serviceUnavailable = (message: string) => new AppError(503, 'service_unavailable', message);

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

const statusCodes: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'bad_request',
  429: 'rate_limited',
};

/** Turns every error into the one JSON shape; a 5xx never shows its internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ ...errorBody(error.code, error.message, error.fields), ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        fields[path] ??= issue.message ?? 'invalid';
      }
      const first = Object.entries(fields)[0];
      const message = first
        ? `Invalid ${first[0] === '_' ? 'request' : first[0]}: ${first[1]}`
        : 'Invalid request.';
      return reply.status(400).send(errorBody('bad_request', message, fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
    }
    const code = statusCodes[status] ?? 'bad_request';
    const message = status === 429 ? 'Too many attempts. Please wait a minute and try again.' : error.message;
    return reply.status(status).send(errorBody(code, message));
  });
}
