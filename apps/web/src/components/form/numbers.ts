/**
 * `setValueAs` for a number input: an empty box is "not given" (the schema says whether that is allowed,
 * in its own words) rather than the 0 that `Number('')` would quietly send.
 */
export const toNumber = (v: unknown): number | undefined =>
  v === '' || v === null || v === undefined ? undefined : Number(v);

/** The same for a field the server clears with null (e.g. an optional count on a profile). */
export const toNumberOrNull = (v: unknown): number | null => toNumber(v) ?? null;

/** react-hook-form's register options of a number field. */
export const asNumber = { setValueAs: toNumber } as const;
