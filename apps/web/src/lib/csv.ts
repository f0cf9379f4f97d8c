import { csvCell } from '@tt/domain';
import { saveBlob } from './download';

/**
 * One CSV cell: a number with two decimals; text quoted when it holds a comma, a quote or a line break (RFC 4180),
 * and a name a spreadsheet would read as a formula ("=HYPERLINK(...)") kept as text, by the domain's rule.
 */
function cell(value: string | number): string {
  return typeof value === 'number' ? value.toFixed(2) : csvCell(value);
}

/** Rows as CSV text; rand amounts are written with two decimals and no currency sign, for a spreadsheet. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Saves CSV text as a file (with a byte-order mark, so spreadsheet programs read it as UTF-8). */
export function downloadCsv(filename: string, rows: readonly (readonly (string | number)[])[]): void {
  saveBlob(filename, new Blob(['\ufeff', toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
}
