import { describe, expect, it } from 'vitest';
import {
  bucketLabels,
  csvCell,
  nextOccurrence,
  occurrenceRange,
  reportRange,
  sastDay,
  toCsv,
} from './reports.ts';

describe('reports', () => {
  it('escapes CSV cells a spreadsheet would run as formulas, and quotes as RFC 4180 says', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+27 11 555 0100')).toBe("'+27 11 555 0100");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('Spaza, Soweto')).toBe('"Spaza, Soweto"');
    expect(csvCell('Plain')).toBe('Plain');
    // Numbers are figures, even negative ones; empty is empty.
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, '=x']])).toBe("a,b\r\n1,'=x\r\n");
  });

  it('makes periods of whole Johannesburg days, with the period before for comparison', () => {
    // 2026-11-23 10:00 SAST.
    const now = new Date('2026-11-23T08:00:00Z');
    const week = reportRange('7d', now);
    expect(week.from.toISOString()).toBe('2026-11-16T22:00:00.000Z');
    expect(week.previousFrom.toISOString()).toBe('2026-11-09T22:00:00.000Z');
    expect(bucketLabels(week)).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ]);
    expect(bucketLabels(reportRange('30d', now))).toHaveLength(30);
    const quarter = reportRange('90d', now);
    expect(quarter.bucket).toBe('week');
    const weeks = bucketLabels(quarter);
    expect(weeks.every((w) => new Date(`${w}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(weeks[weeks.length - 1]).toBe('2026-11-23');
    const year = reportRange('1y', now);
    expect(year.from.toISOString()).toBe('2025-11-30T22:00:00.000Z');
    expect(bucketLabels(year)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    // Just after midnight SAST is already the next day.
    expect(sastDay(new Date('2026-11-22T22:30:00Z'))).toBe('2026-11-23');
  });

  it('schedules runs at 06:00 SAST: daily, Mondays, the 1st', () => {
    const sunday = new Date('2026-11-22T10:00:00Z');
    expect(nextOccurrence('daily', sunday).toISOString()).toBe('2026-11-23T04:00:00.000Z');
    expect(nextOccurrence('daily', new Date('2026-11-23T03:59:00Z')).toISOString()).toBe(
      '2026-11-23T04:00:00.000Z',
    );
    expect(nextOccurrence('daily', new Date('2026-11-23T04:00:00Z')).toISOString()).toBe(
      '2026-11-24T04:00:00.000Z',
    );
    expect(nextOccurrence('weekly', sunday).toISOString()).toBe('2026-11-23T04:00:00.000Z');
    expect(nextOccurrence('weekly', new Date('2026-11-23T05:00:00Z')).toISOString()).toBe(
      '2026-11-30T04:00:00.000Z',
    );
    expect(nextOccurrence('monthly', sunday).toISOString()).toBe('2026-12-01T04:00:00.000Z');
    expect(nextOccurrence('monthly', new Date('2026-12-31T23:00:00Z')).toISOString()).toBe(
      '2027-01-01T04:00:00.000Z',
    );
  });

  it('covers the day, the week or the calendar month before a run', () => {
    const run = new Date('2026-12-01T04:00:00Z');
    expect(occurrenceRange('daily', run)).toEqual({
      from: new Date('2026-11-29T22:00:00Z'),
      to: new Date('2026-11-30T22:00:00Z'),
    });
    expect(occurrenceRange('weekly', run).from).toEqual(new Date('2026-11-23T22:00:00Z'));
    expect(occurrenceRange('monthly', run)).toEqual({
      from: new Date('2026-10-31T22:00:00Z'),
      to: new Date('2026-11-30T22:00:00Z'),
    });
  });
});
