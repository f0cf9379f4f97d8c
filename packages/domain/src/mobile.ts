// South African mobile numbers: no zod here, so the first screens (the shell shows the number) can use them.

/**
 * A South African mobile number in E.164 (+27 and nine digits, the network prefix 6, 7 or 8), from the ways people
 * write it: 082 555 0101, +27 82 555 0101, 27825550101, (082) 555-0101. Null when it is not one.
 */
export function saMobileE164(value: string): string | null {
  const text = value.trim();
  if (!/^\+?[0-9 ().-]+$/.test(text) || text.indexOf('+') > 0) return null;
  const digits = text.replace(/[^0-9]/g, '');
  let national: string;
  if (digits.startsWith('0027')) national = digits.slice(4);
  else if (digits.startsWith('27') && digits.length === 11) national = digits.slice(2);
  else if (digits.startsWith('0') && !text.startsWith('+')) national = digits.slice(1);
  else return null;
  return /^[6-8][0-9]{8}$/.test(national) ? `+27${national}` : null;
}

/** +27825550101 as people read it: +27 82 555 0101. */
export function formatE164(mobile: string): string {
  const national = mobile.slice(3);
  return `+27 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
}
