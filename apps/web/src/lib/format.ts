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

function locale(language: string) {
  const tag = intlLocale[language] ?? 'en-ZA';
  return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 ? tag : 'en-ZA';
}

export const formatMoney = (rand: number) => formatRandAmount(rand);

export function formatDate(iso: string, language: string) {
  return new Intl.DateTimeFormat(locale(language), {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}

export function formatDateTime(iso: string, language: string) {
  return new Intl.DateTimeFormat(locale(language), {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** "2026-07" -> the month's short name in the user's language. */
export function formatMonth(yearMonth: string, language: string) {
  return new Intl.DateTimeFormat(locale(language), { month: 'short', timeZone: 'UTC' }).format(
    new Date(`${yearMonth}-15T00:00:00Z`),
  );
}
