import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth } from './format';

// What Intl shows in the browser: en-ZA's and af-ZA's own patterns; the other four languages have no date data in
// Chromium's ICU and are shown en-ZA's there (Node's full ICU has some, so they are compared with en-ZA's here).
const intlTag = (language: string) => (language === 'af' ? 'af-ZA' : 'en-ZA');
const intl = (language: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(intlTag(language), { timeZone: 'Africa/Johannesburg', ...options });
const LANGUAGES = ['en', 'af', 'zu', 'xh', 'st', 'tn'];
// 1990 to 2100, to the minute.
const instants = fc
  .integer({ min: Date.UTC(1990, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 })
  .map((minutes) => new Date(minutes * 60_000).toISOString());

describe('dates without Intl', () => {
  it('formatDate writes the Johannesburg day as Intl does, in every language', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...LANGUAGES), (iso, language) => {
        const expected = intl(language, { day: 'numeric', month: 'short', year: 'numeric' });
        expect(formatDate(iso, language)).toBe(expected.format(new Date(iso)));
      }),
      { numRuns: 2000 },
    );
  });

  it('formatDateTime writes the Johannesburg day and 24-hour time as Intl does, in every language', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...LANGUAGES), (iso, language) => {
        const expected = intl(language, {
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
        });
        expect(formatDateTime(iso, language)).toBe(expected.format(new Date(iso)));
      }),
      { numRuns: 2000 },
    );
  });

  it('formatMonth names every month as Intl does', () => {
    for (const language of LANGUAGES)
      for (let month = 1; month <= 12; month += 1) {
        const yearMonth = `2026-${String(month).padStart(2, '0')}`;
        const expected = new Intl.DateTimeFormat(intlTag(language), { month: 'short', timeZone: 'UTC' });
        expect(formatMonth(yearMonth, language)).toBe(expected.format(new Date(`${yearMonth}-15T00:00:00Z`)));
      }
  });

  it('the day turns at midnight in Johannesburg, two hours before UTC', () => {
    expect(formatDate('2026-12-31T21:59:00Z', 'en')).toBe('31 Dec 2026');
    expect(formatDate('2026-12-31T22:00:00Z', 'en')).toBe('01 Jan 2027');
    expect(formatDateTime('2026-01-05T23:30:00Z', 'af')).toBe('6 Jan. 01:30');
    expect(formatDateTime('2026-09-05T09:05:00Z', 'zu')).toBe('05 Sept, 11:05');
  });
});
