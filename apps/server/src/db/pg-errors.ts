/** The SQLSTATE of a database error, on the error itself or on the one it wraps (Drizzle wraps the driver's). */
function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique constraint refused the write (two requests at once made the same thing). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
