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

/**
 * `setValueAs` for a decimal typed as text (an amount in rand): a comma reads as the decimal point, as
 * South Africans write it ("14,50"); empty is "not given"; what is not a number stays NaN for the schema
 * to refuse in its own words.
 */
export const toDecimal = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  const text = typeof v === 'string' ? v.trim() : '';
  return text === '' ? undefined : Number(text.replace(',', '.'));
};
