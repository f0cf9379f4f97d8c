/** One CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function cell(value: string | number): string {
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text; rand amounts are written with two decimals and no currency sign, for a spreadsheet. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Saves CSV text as a file (with a byte-order mark, so spreadsheet programs read it as UTF-8). */
export function downloadCsv(filename: string, rows: readonly (readonly (string | number)[])[]): void {
  const blob = new Blob(['\ufeff', toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
