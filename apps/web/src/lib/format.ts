import { formatRandAmount, inSast } from '@tt/domain';

/**
 * Dates the South African way, in the user's language, without Intl (issue 9: screens on a cheap phone). A page's
 * first Intl.DateTimeFormat or NumberFormat loads ICU's data: 20-60 ms of one task on this machine, 100-250 ms at
 * a phone's speed, on the dashboard's first render and again in the bell. What Chromium's Intl shows is exactly
 * this: en-ZA's and af-ZA's patterns and short months; isiZulu, isiXhosa, Sesotho and Setswana have no date data
 * in the browser's ICU, which shows them en-ZA's (`format.test.ts` compares every pattern with Intl's en-ZA and
 * af-ZA). Johannesburg keeps UTC+2 all year, so its wall clock is the UTC clock two hours on.
 */
const shortMonths = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  af: ['Jan.', 'Feb.', 'Mrt.', 'Apr.', 'Mei', 'Jun.', 'Jul.', 'Aug.', 'Sep.', 'Okt.', 'Nov.', 'Des.'],
};
const pad = (n: number) => String(n).padStart(2, '0');

/** The day and short month of an instant in Johannesburg, as the language writes them ("06 Jan", "6 Jan."). */
function dayMonth(at: Date, language: string) {
  const month = (language === 'af' ? shortMonths.af : shortMonths.en)[at.getUTCMonth()]!;
  return language === 'af' ? `${at.getUTCDate()} ${month}` : `${pad(at.getUTCDate())} ${month}`;
}

export const formatMoney = (rand: number) => formatRandAmount(rand);

/** "28 Nov 2026" (af: "28 Nov. 2026"): the day in Johannesburg. */
export function formatDate(iso: string, language: string) {
  const at = inSast(new Date(iso));
  return `${dayMonth(at, language)} ${at.getUTCFullYear()}`;
}

/** "28 Nov, 11:05" (af: "28 Nov. 11:05"), on the 24-hour clock in Johannesburg. */
export function formatDateTime(iso: string, language: string) {
  const at = inSast(new Date(iso));
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  return language === 'af' ? `${dayMonth(at, language)} ${time}` : `${dayMonth(at, language)}, ${time}`;
}

/** "2026-07" -> the month's short name in the user's language. */
export function formatMonth(yearMonth: string, language: string) {
  const month = Number(yearMonth.slice(5, 7)) - 1;
  return (language === 'af' ? shortMonths.af : shortMonths.en)[month]!;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A count in the user's number format ("1 234"), one formatter per language. */
export function formatCount(value: number, language: string | undefined) {
  const key = language ?? '';
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A chart bar's label: "17 Nov" for a day or a week (its Monday, YYYY-MM-DD), the short month for YYYY-MM. */
export function formatBucket(label: string, language: string) {
  if (label.length === 7) return formatMonth(label, language);
  return dayMonth(inSast(new Date(`${label}T12:00:00Z`)), language);
}
