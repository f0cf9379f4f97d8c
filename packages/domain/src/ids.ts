import { z } from 'zod';

/** The id columns are PostgreSQL `integer`: a larger id can name no row, and the database would refuse it with a 500. */
export const MAX_ID = 2_147_483_647;

const idRange = z
  .number()
  .int({ message: 'must be a whole number' })
  .min(1, { message: 'must be at least 1' })
  .max(MAX_ID, { message: `must be at most ${MAX_ID}` });

/**
 * Every id the API accepts, in a path, a query or a body (issue 8 finding 4): a JSON integer, or decimal
 * digits only when written as text (no sign, hex, exponent, spaces or fraction, which Number() would
 * all accept), from 1 to MAX_ID. Answers the id as a number.
 */
export const idSchema = z
  .union(
    [
      idRange,
      z
        .string()
        .regex(/^[0-9]{1,10}$/, { message: 'must be decimal digits only' })
        .transform((text) => Number(text))
        .pipe(idRange),
    ],
    // A catalogued field code (packages/domain errors.ts): the web words it in the user's language. No id
    // at all (a select left on its "Choose" line sends nothing or '') is a missing field, not a bad number.
    {
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? 'validation.required' : 'validation.number',
    },
  )
  .meta({ description: `An id: 1 to ${MAX_ID}, as a number or decimal digits` });
