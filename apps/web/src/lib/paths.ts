/** Every route of spec 3 §2, in one place: screens link through these, never through string literals. */
export const paths = {
  home: '/',
  authCallback: '/auth/callback',
  dashboard: '/dashboard',
  profile: '/profile',
  products: '/products',
  cart: '/cart',
  orders: '/orders',
  cooperatives: '/cooperatives',
  cooperativeGovernance: (id: number | string = ':id') => `/cooperative-governance/${id}`,
  bulkOrders: '/bulk-orders',
  supplierApplications: '/supplier-applications',
  academy: '/academy',
  /** One course of the academy, deep-linkable; `?lesson=<id>` opens that lesson. */
  academyCourse: (id: number | string = ':id') => `/academy/${id}`,
  community: '/community',
  referrals: '/referrals',
  /** The invitation page a referral link opens (spec 1 §9): `?ref=CODE`. */
  join: '/join',
  reports: '/reports',
  payments: '/payments',
  whiteLabel: '/white-label',
  developer: '/developer',
  enterprise: '/enterprise',
  aiInsights: '/ai-insights',
  security: '/security',
  performance: '/performance',
  inventory: '/inventory',
  supplyChain: '/supply-chain',
  support: '/support',
  marketing: '/marketing',
  integrations: '/integrations',
  analytics: '/analytics',
  subscription: '/subscription',
  virtualWarehouses: (id: number | string = ':id') => `/virtual-warehouses/${id}`,
  smartOrders: '/smart-orders',
  crm: '/crm',
  financialCenter: '/financial-center',
  pos: '/pos',
  betacrowd: '/betacrowd',
  bulkUpload: '/bulk-upload',
  tradePromotions: '/trade-promotions',
} as const;

/**
 * Routes whose screens have not landed yet, with their title key under nav.*: the route shows a page that
 * says so (a typed or bookmarked address never breaks), and no menu or button links to them.
 */
export const upcomingScreens = {
  [paths.integrations]: 'integrations',
  [paths.analytics]: 'analytics',
} as const;
export type UpcomingPath = keyof typeof upcomingScreens;
export const isUpcoming = (path: string): boolean => Object.hasOwn(upcomingScreens, path);
