import type { CartLine } from '@tt/domain';

export interface SellerGroup {
  seller_id: number;
  seller_name: string;
  lines: CartLine[];
}

/** A cart holding several sellers' products becomes one order per seller (DECISIONS 3). */
export function groupBySeller(lines: CartLine[]): SellerGroup[] {
  const groups = new Map<number, SellerGroup>();
  for (const line of lines) {
    const group = groups.get(line.seller_id) ?? {
      seller_id: line.seller_id,
      seller_name: line.seller_name,
      lines: [],
    };
    group.lines.push(line);
    groups.set(line.seller_id, group);
  }
  return [...groups.values()].sort((a, b) => a.seller_id - b.seller_id);
}

/** A line the server would refuse at checkout: gone from sale, or more than is in stock. */
export const unavailable = (line: CartLine) => !line.is_active || line.quantity > line.stock_quantity;
