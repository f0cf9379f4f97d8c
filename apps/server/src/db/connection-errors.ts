// Kept apart from client.ts so that the error handler can recognise a lost connection without loading
// the schema (and with it every area's tables).

/**
 * SQLSTATE classes of a lost or refused connection: 08 (connection exception), 57P01-57P03 (the server
 * ended the session or is starting or stopping), 53300 (too many connections).
 */
const connectionLostStates = /^(08...|57P0[1-3]|53300)$/;
const connectionLostNetwork = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** True when the error (or one it wraps, as Drizzle does) says the database connection was lost or refused. */
export function isConnectionLost(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (connectionLostStates.test(code) || connectionLostNetwork.has(code))) {
      return true;
    }
    // node-postgres's own wording when the socket closes under a query, or a query is sent on a dead client.
    if (
      typeof message === 'string' &&
      /^(Connection terminated|Client has encountered a connection error and is not queryable)/.test(message)
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
