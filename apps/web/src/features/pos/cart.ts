import { randToCents, saPhoneSchema, type PosProduct } from '@tt/domain';

export interface CartLine {
  product: PosProduct;
  quantity: number;
}

/** Spec 3 §4: adding a product already in the cart raises its quantity by 1. */
export function addToCart(cart: readonly CartLine[], product: PosProduct): CartLine[] {
  const found = cart.find((l) => l.product.id === product.id);
  if (!found) return [...cart, { product, quantity: 1 }];
  return cart.map((l) => (l === found ? { ...l, quantity: l.quantity + 1 } : l));
}

/** Spec 3 §4: a quantity of 0 or less removes the line. */
export function setQuantity(cart: readonly CartLine[], productId: number, quantity: number): CartLine[] {
  if (!Number.isFinite(quantity) || quantity <= 0) return cart.filter((l) => l.product.id !== productId);
  return cart.map((l) => (l.product.id === productId ? { ...l, quantity: Math.floor(quantity) } : l));
}

/** Spec 3 §2: search matches name, SKU or brand; at most `limit` shown. */
export function searchProducts(products: readonly PosProduct[], search: string, limit: number): PosProduct[] {
  const needle = search.trim().toLowerCase();
  const matching = needle
    ? products.filter(
        (p) =>
          p.name.toLowerCase().includes(needle) ||
          p.sku.toLowerCase().includes(needle) ||
          (p.brand ?? '').toLowerCase().includes(needle),
      )
    : products;
  return matching.slice(0, limit);
}

/** The discount field: a percentage from 0 to 100 with at most two decimals, or null when not valid. */
export function parseDiscount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 0 && value <= 100 ? value : null;
}

export const isPhoneValid = (text: string) => saPhoneSchema.safeParse(text).success;

export const priceCents = (product: PosProduct) => randToCents(product.price);

/** An amount of rand typed by hand (e.g. 250 or 52,50) as cents, or null when it is not one. */
export function parseAmountCents(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  return randToCents(trimmed);
}
