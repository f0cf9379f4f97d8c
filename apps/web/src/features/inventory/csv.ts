import Papa from 'papaparse';
import type { TFunction } from 'i18next';
import type { InventoryItem } from '@tt/domain';
import { saveBlob } from '../../lib/download';

/** The columns of the export; the import reads `sku` and `counted_quantity` (the same SKU column). */
const COLUMNS = [
  'product_name',
  'product_sku',
  'location_name',
  'quantity',
  'reserved_quantity',
  'available_quantity',
  'reorder_point',
  'overstock_level',
  'unit_cost',
  'total_value',
  'status',
  'last_updated',
] as const;

/** Export (CSV, DECISIONS 11): every item, the status in the user's language, rand with two decimals. */
export function inventoryCsv(items: InventoryItem[], t: TFunction): string {
  return Papa.unparse({
    fields: [...COLUMNS],
    data: items.map((item) =>
      COLUMNS.map((column) => {
        const value = item[column];
        if (column === 'status') return t(`status.${item.status}`);
        if (column === 'unit_cost' || column === 'total_value') return (value as number).toFixed(2);
        return value ?? '';
      }),
    ),
  });
}

export function downloadInventoryCsv(items: InventoryItem[], t: TFunction) {
  saveBlob(
    `inventory-${new Date().toISOString().slice(0, 10)}.csv`,
    new Blob([inventoryCsv(items, t)], { type: 'text/csv;charset=utf-8' }),
  );
}

export interface ParsedCount {
  sku: string;
  counted_quantity: number;
}
export interface CountFile {
  counts: ParsedCount[];
  /** 1-based data row numbers (after the header) that are not a SKU with a whole, non-negative count. */
  badRows: number[];
}

const SKU_COLUMNS = ['sku', 'product_sku'];
const COUNT_COLUMNS = ['counted_quantity', 'count', 'quantity'];

/**
 * A count sheet: a header row with a SKU column (sku or product_sku) and a count column (counted_quantity,
 * count or quantity), so an exported file edited in a spreadsheet imports as it is.
 */
export function parseCountCsv(text: string): CountFile | null {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const headers = parsed.meta.fields ?? [];
  const skuColumn = SKU_COLUMNS.find((c) => headers.includes(c));
  const countColumn = COUNT_COLUMNS.find((c) => headers.includes(c));
  if (!skuColumn || !countColumn) return null;
  const counts: ParsedCount[] = [];
  const badRows: number[] = [];
  parsed.data.forEach((row, index) => {
    const sku = (row[skuColumn] ?? '').trim();
    const raw = (row[countColumn] ?? '').trim();
    const count = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
    if (!sku || !Number.isInteger(count)) badRows.push(index + 1);
    else counts.push({ sku, counted_quantity: count });
  });
  return { counts, badRows };
}
