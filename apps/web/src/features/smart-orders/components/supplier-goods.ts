import { SUPPLIER_PRODUCTS_PAGE } from '@tt/domain';

/**
 * For the forms' tests: a supplier's catalogue a page longer than the picker lists, and the server's answer to
 * `GET /api/suppliers/:id/products?search=` over it (name or SKU, the first page and how many match).
 */
export function supplierGoods() {
  const goods = Array.from({ length: SUPPLIER_PRODUCTS_PAGE + 20 }, (_, i) => ({
    id: 1000 + i,
    name: `Item ${String(i + 1).padStart(3, '0')}`,
    sku: `P-${String(i + 1).padStart(3, '0')}`,
    selling_price: 10,
  }));
  const answer = (_body: unknown, url: URL): [number, unknown] => {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const found = goods.filter((g) => `${g.name} ${g.sku}`.toLowerCase().includes(search));
    return [200, { products: found.slice(0, SUPPLIER_PRODUCTS_PAGE), total: found.length }];
  };
  return { goods, last: goods.at(-1)!, answer };
}
