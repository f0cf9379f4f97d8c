import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

const REDACTED = '[redacted]';

/**
 * What a database error says about the values of a query is personal data: Drizzle's "Failed query"
 * message and `params` list every bound value (addresses, notes, e-mail addresses), and PostgreSQL's
 * `detail` repeats the offending value ("Key (email)=(...) already exists"). The log keeps the query text,
 * the SQLSTATE and the constraint, which is what an operator needs, and drops the values.
 */
function redactText(text: string): string {
  // Drizzle: "Failed query: <sql>\nparams: <values>" (the values run to the end of the line).
  return text.replace(/^params: .*$/gm, `params: ${REDACTED}`);
}

interface SerializedError {
  [key: string]: unknown;
}

/** PostgreSQL's data exceptions (SQLSTATE class 22) quote the value they could not take in the message. */
const quotesValues = (code: unknown) => typeof code === 'string' && code.startsWith('22');
const redactQuoted = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"/g, `"${REDACTED}"`);

function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return error;
  const e = error as Error & Record<string, unknown>;
  const clean = (text: string) => (quotesValues(e.code) ? redactQuoted(redactText(text)) : redactText(text));
  const out: SerializedError = {
    type: e.constructor?.name ?? 'Error',
    message: clean(e.message),
    stack: typeof e.stack === 'string' ? clean(e.stack) : undefined,
  };
  for (const key of ['code', 'statusCode', 'constraint', 'table', 'column', 'routine', 'severity', 'query']) {
    if (e[key] !== undefined) out[key] = e[key];
  }
  if (e.params !== undefined) out.params = REDACTED;
  if (e.detail !== undefined) out.detail = REDACTED;
  if (e.where !== undefined) out.where = REDACTED;
  if (e.cause !== undefined) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

type ErrorSerializer = (error: Error) => { type: string; message: string; stack: string };

/** The server's logger: the configured level, errors without personal data, no cookies or auth headers. */
export function loggerOptions(config: Config, stream?: Writable): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    serializers: { err: serializeError as ErrorSerializer, error: serializeError as ErrorSerializer },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: REDACTED,
    },
  };
}
