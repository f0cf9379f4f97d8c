import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes amounts with two decimals and quotes cells that need it', () => {
    expect(
      toCsv([
        ['Code', 'Account', 'Debit'],
        ['1000', 'Cash, till', 12.5],
        ['3000', 'Owner\'s "equity"', 0],
      ]),
    ).toBe('Code,Account,Debit\r\n1000,"Cash, till",12.50\r\n3000,"Owner\'s ""equity""",0.00\r\n');
  });

  it('keeps a name that a spreadsheet would run as a formula as text', () => {
    expect(toCsv([['=HYPERLINK("x")', '+27 11', 'Spaza']])).toBe('"\'=HYPERLINK(""x"")",\'+27 11,Spaza\r\n');
  });
});
