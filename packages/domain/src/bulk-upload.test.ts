import { describe, expect, it } from 'vitest';
import { errorLogCsv, uploadKindOf, validateUploadRow } from './bulk-upload.ts';

const categoryOf = (v: string) => (v === '7' || v.toLowerCase() === 'groceries' ? 7 : null);
const good = {
  name: 'Maize Meal',
  category_id: 'Groceries',
  brand: 'Star',
  sku: 'MM-1',
  mrp: 'R 1,299.50',
  selling_price: '1 199.99',
};

describe('bulk upload rules (docs/decisions/021)', () => {
  it('reads a row: category by name, rand with R and separators, defaults for the optional columns', () => {
    const outcome = validateUploadRow(good, categoryOf);
    expect(outcome).toEqual({
      ok: true,
      row: expect.objectContaining({
        category_id: 7,
        mrp: 1299.5,
        selling_price: 1199.99,
        unit_type: 'each',
        minimum_order_quantity: 1,
        stock_quantity: null,
      }),
    });
  });

  it('reports every refused cell of a row with its value and code', () => {
    const outcome = validateUploadRow(
      {
        ...good,
        category_id: 'Nope',
        mrp: '10',
        stock_quantity: '2.5',
        unit_type: 'crate',
        name: '@SUM(A1)',
      },
      categoryOf,
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.issues.map((i) => [i.column, i.code])).toEqual(
      expect.arrayContaining([
        ['category_id', 'validation.unknown_category'],
        ['stock_quantity', 'validation.whole_number'],
        ['unit_type', 'validation.invalid_option'],
        ['name', 'validation.formula_text'],
      ]),
    );
  });

  it('writes the error log so that no cell runs as a formula when opened in a spreadsheet', () => {
    const csv = errorLogCsv(
      [
        { row: 2, column: 'name', value: '=HYPERLINK("http://evil","x")', code: 'validation.formula_text' },
        { row: 3, column: 'sku', value: '+1', code: 'c' },
        { row: 4, column: 'sku', value: '-2', code: 'c' },
        { row: 5, column: 'sku', value: '@cmd', code: 'c' },
      ],
      { row: 'Row', column: 'Column', value: 'Value', message: 'Problem' },
      (i) => (i.code === 'c' ? '=1+1' : 'bad'),
    );
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Row,Column,Value,Problem');
    expect(lines[1]).toBe(`2,name,"'=HYPERLINK(""http://evil"",""x"")",bad`);
    for (const line of lines.slice(2)) {
      const cells = line.split(',');
      expect(cells[2]).toMatch(/^'[+\-@]/);
      expect(cells[3]).toBe("'=1+1");
    }
  });

  it('tells the file type from the name (.xls has its own answer)', () => {
    expect(['a.XLSX', 'b.csv', 'c.xls', 'd.txt', 'e'].map(uploadKindOf)).toEqual([
      'xlsx',
      'csv',
      'xls',
      null,
      null,
    ]);
  });
});
