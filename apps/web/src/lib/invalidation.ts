import type { QueryClient } from '@tanstack/react-query';

/**
 * The first element of every query key of an area: its key factory's `all` is `[queryRoots.<area>]`.
 * Declared here, once, so the table below can name any area's queries without importing that area.
 */
export const queryRoots = {
  academy: 'academy',
  auth: 'auth',
  branding: 'branding',
  'bulk-orders': 'bulk-orders',
  cart: 'cart',
  cooperatives: 'cooperatives',
  crm: 'crm',
  dashboard: 'dashboard',
  governance: 'governance',
  ledger: 'ledger',
  marketing: 'marketing',
  inventory: 'inventory',
  notifications: 'notifications',
  orders: 'orders',
  referrals: 'referrals',
  products: 'products',
  promotions: 'promotions',
  subscriptions: 'subscriptions',
  warehouses: 'warehouses',
  community: 'community',
  support: 'support',
  reports: 'reports',
  pos: 'pos',
  suppliers: 'suppliers',
  'smart-orders': 'smart-orders',
  'supply-chain': 'supply-chain',
  performance: 'performance',
  developer: 'developer',
  betacrowd: 'betacrowd',
  'ai-insights': 'ai-insights',
  integrations: 'integrations',
  analytics: 'analytics',
  security: 'security',
  people: 'people',
  profile: 'profile',
} as const;

export type QueryRoot = keyof typeof queryRoots;

/**
 * What a change in one area makes stale in other areas: the one place that knows, for example, that placing
 * an order empties the cart, lowers the stock and moves the dashboard's figures. A mutation keeps its own
 * area's cache exact itself (it knows which list or detail changed) and raises its event here for the rest,
 * so no area imports another area's query keys (a lint rule refuses it).
 */
export const staleAfter = {
  /** Checkout: the cart was emptied, stock went down, and the new orders count on the dashboard and the suppliers. */
  'order.placed': ['cart', 'products', 'dashboard', 'referrals', 'promotions', 'supply-chain', 'analytics'],
  /**
   * A seller moved an order one step on: the dashboard's counts by status change; shipping takes stock
   * out and delivery brings it in at the buyer; a delivery posts to both books and times the supplier.
   */
  'order.moved': ['dashboard', 'inventory', 'ledger', 'supply-chain', 'ai-insights', 'analytics'],
  /** A buyer marked a delivered order paid: both parties' books post the payment. */
  'order.paid': ['ledger', 'analytics'],
  /** A buyer cancelled: the stock is back on sale and the dashboard's figures change. */
  'order.cancelled': ['products', 'dashboard', 'referrals', 'promotions', 'supply-chain', 'analytics'],
  /** A seller declined a pending order: the stock is back on sale and the dashboard's figures change. */
  'order.declined': ['products', 'dashboard', 'inventory', 'supply-chain', 'analytics'],
  /** A promotion published, changed or cancelled changes what the product cards offer. */
  'promotion.changed': ['products'],
  /** A stock movement at a seller's default location changes its listings' stock (DECISIONS 20) and the insights. */
  'inventory.changed': ['products', 'ai-insights'],
  /** Joining or founding a co-op changes the dashboard's co-op count. */
  'membership.changed': ['dashboard'],
  /** A changed role changes which orders and figures the dashboard shows, and is a security event. */
  'profile.saved': ['dashboard', 'security'],
  /**
   * An API key made or revoked is a security event of its owner's account (ADR 054), and changes the public API's
   * connection on the integrations screen (ADR 055).
   */
  'api_key.changed': ['security', 'integrations'],
  /** A new warehouse counts against the plan (the subscription's usage). */
  'warehouse.created': ['subscriptions'],
  /** Allocated space counts against the plan (the subscription's usage). */
  'warehouse.space_allocated': ['subscriptions'],
  /** A till sale took stock out (the shop's listings too), posted to the books and moved the insights. */
  'pos.sold': ['inventory', 'products', 'ledger', 'ai-insights', 'analytics'],
  /** A cash-up posted its difference (Cash over/short) to the books. */
  'pos.cashed_up': ['ledger', 'analytics'],
  /** An approved application made the applicant a seller: the menu, the screens and the dashboard follow the role. */
  'application.approved': ['auth', 'dashboard'],
  /** A seller's listing was added, edited or (de)activated: the catalogue, its stock and the plan's usage. */
  'listing.changed': ['products', 'inventory', 'subscriptions', 'dashboard'],
  /** A re-order rule sets its inventory item's reorder point (one per item). */
  'reorder_rule.saved': ['inventory'],
  /** A proposed smart order was confirmed: a new order, stock taken, the dashboard's figures. */
  'smart_order.placed': ['orders', 'products', 'dashboard', 'supply-chain', 'analytics'],
  /**
   * An administrator changed an account (its role, suspension or a password link) or a staff invitation: each is
   * recorded as a security event, which the Security Center lists for the whole deployment.
   */
  'account.changed': ['security'],
  /**
   * An administrator changed their own role: the menu, the screens and the dashboard follow it (People may close to
   * them), and it is a security event.
   */
  'account.own_role_changed': ['auth', 'dashboard', 'security'],
  /** A passkey added to or removed from the account is a security event of it. */
  'passkey.changed': ['security'],
} as const satisfies Record<string, readonly QueryRoot[]>;

export type AppEvent = keyof typeof staleAfter;

/** Marks every query the event made stale in other areas; the ones on screen refetch. */
export function invalidateAfter(queryClient: QueryClient, event: AppEvent): Promise<void> {
  return Promise.all(
    staleAfter[event].map((root) => queryClient.invalidateQueries({ queryKey: [queryRoots[root]] })),
  ).then(() => undefined);
}
