import { formatRandAmount } from '@tt/domain';

export const TIME_ZONE = 'Africa/Johannesburg';

/** Locale tags for Intl: the six languages read dates the South African way. */
const intlLocale: Record<string, string> = {
  en: 'en-ZA',
  af: 'af-ZA',
  zu: 'zu-ZA',
  xh: 'xh-ZA',
  st: 'st-ZA',
  tn: 'tn-ZA',
};

/**
 * Issue 9 (screens on a cheap phone): a formatter is built once per language and kind, not per date shown.
 * Building one is costly the first time (`supportedLocalesOf` walked ICU's locale list: some 270 ms of one
 * task on the dashboard at 4x CPU slowdown, once per date formatted). The list `[tag, 'en-ZA']` falls back
 * to en-ZA where the language has no locale data, as the explicit check did.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, kind: string, options: Intl.DateTimeFormatOptions) {
  const tag = intlLocale[language] ?? 'en-ZA';
  const key = `${tag} ${kind}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat([tag, 'en-ZA'], { localeMatcher: 'lookup', ...options });
    formatters.set(key, format);
  }
  return format;
}

export const formatMoney = (rand: number) => formatRandAmount(rand);

export function formatDate(iso: string, language: string) {
  return formatter(language, 'date', {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}

export function formatDateTime(iso: string, language: string) {
  return formatter(language, 'date-time', {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** "2026-07" -> the month's short name in the user's language. */
export function formatMonth(yearMonth: string, language: string) {
  return formatter(language, 'month', { month: 'short', timeZone: 'UTC' }).format(
    new Date(`${yearMonth}-15T00:00:00Z`),
  );
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
