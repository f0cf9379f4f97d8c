import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { OptionalUser, RequireUser, SignedOutOnly } from './guards';
import { RouteError } from './RouteError';

type Lazy = () => Promise<{ default: React.ComponentType }>;
const screen = (load: Lazy): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** A route whose screen belongs to a later area: a real page that says so, until that area lands. */
const upcoming = (path: string, titleKey: string): RouteObject => ({
  path,
  lazy: async () => {
    const { UpcomingPage } = await import('../features/misc/UpcomingPage');
    return { Component: () => <UpcomingPage titleKey={titleKey} /> };
  },
});

/** Spec 3 §2: all 38 paths in one table, each screen in its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <SignedOutOnly />,
        children: [{ path: paths.home, ...screen(() => import('../features/landing/LandingPage')) }],
      },
      { path: paths.authCallback, ...screen(() => import('../features/auth/AuthCallbackPage')) },
      {
        element: <OptionalUser />,
        children: [upcoming(paths.payments, 'payments'), upcoming(paths.supplyChain, 'supply_chain')],
      },
      {
        element: <RequireUser />,
        children: [
          { path: paths.dashboard, ...screen(() => import('../features/dashboard/DashboardPage')) },
          { path: paths.profile, ...screen(() => import('../features/profile/ProfilePage')) },
          upcoming(paths.products, 'products'),
          upcoming(paths.cart, 'cart'),
          upcoming(paths.orders, 'orders'),
          upcoming(paths.cooperatives, 'cooperatives'),
          upcoming(paths.cooperativeGovernance(), 'cooperative_governance'),
          upcoming(paths.bulkOrders, 'bulk_orders'),
          upcoming(paths.supplierApplications, 'suppliers'),
          upcoming(paths.academy, 'academy'),
          upcoming(paths.community, 'community'),
          upcoming(paths.referrals, 'referrals'),
          upcoming(paths.reports, 'reports'),
          upcoming(paths.whiteLabel, 'white_label'),
          upcoming(paths.developer, 'developer'),
          upcoming(paths.enterprise, 'enterprise'),
          upcoming(paths.aiInsights, 'ai_insights'),
          upcoming(paths.security, 'security'),
          upcoming(paths.performance, 'performance'),
          upcoming(paths.inventory, 'inventory'),
          upcoming(paths.support, 'support'),
          upcoming(paths.marketing, 'marketing'),
          upcoming(paths.integrations, 'integrations'),
          upcoming(paths.analytics, 'analytics'),
          upcoming(paths.subscription, 'subscription'),
          upcoming(paths.virtualWarehouses(), 'virtual_warehouses'),
          upcoming(paths.smartOrders, 'smart_orders'),
          upcoming(paths.crm, 'crm'),
          upcoming(paths.financialCenter, 'financial_center'),
          upcoming(paths.pos, 'pos'),
          upcoming(paths.betacrowd, 'betacrowd'),
          upcoming(paths.bulkUpload, 'bulk_upload'),
          upcoming(paths.tradePromotions, 'trade_promotions'),
        ],
      },
      { path: '*', ...screen(() => import('../features/misc/NotFoundPage')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
