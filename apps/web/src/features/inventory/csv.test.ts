import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { InventoryItem } from '@tt/domain';
import { inventoryCsv, parseCountCsv } from './csv';

const t = ((key: string) => key) as unknown as TFunction;
const item: InventoryItem = {
  id: 1,
  product_id: 2,
  marketplace_product_id: null,
  product_name: 'Maize "Super" meal, 5kg',
  product_sku: 'MM-5',
  location_id: 3,
  location_name: 'Main store',
  quantity: 12,
  reserved_quantity: 2,
  available_quantity: 10,
  reorder_point: null,
  overstock_level: 40,
  status: 'in_stock',
  unit_cost: 75,
  total_value: 900,
  last_updated: '2026-11-23T08:00:00.000Z',
};

describe('inventory CSV', () => {
  it('exports a header and one quoted row per item, rand with two decimals', () => {
    const [header, row] = inventoryCsv([item], t).split('\r\n');
    expect(header).toBe(
      'product_name,product_sku,location_name,quantity,reserved_quantity,available_quantity,reorder_point,overstock_level,unit_cost,total_value,status,last_updated',
    );
    expect(row).toBe(
      '"Maize ""Super"" meal, 5kg",MM-5,Main store,12,2,10,,40,75.00,900.00,status.in_stock,2026-11-23T08:00:00.000Z',
    );
  });

  it('reads an exported file edited in a spreadsheet, and names the rows it cannot read', () => {
    const exported = inventoryCsv([item], t);
    expect(parseCountCsv(exported)).toEqual({ counts: [{ sku: 'MM-5', counted_quantity: 12 }], badRows: [] });
    const sheet = '\uFEFFSKU,Counted_Quantity\r\nA-1,4\r\n,3\r\nB-2,-1\r\nC-3,2.5\r\n\r\nD-4,0\r\n';
    expect(parseCountCsv(sheet)).toEqual({
      counts: [
        { sku: 'A-1', counted_quantity: 4 },
        { sku: 'D-4', counted_quantity: 0 },
      ],
      badRows: [2, 3, 4],
    });
    expect(parseCountCsv('name,price\nx,1')).toBeNull();
  });
});
