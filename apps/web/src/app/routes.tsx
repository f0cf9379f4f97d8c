import { createBrowserRouter, type RouteObject } from 'react-router';
import { preloadTranslations } from '../lib/i18n';
import { paths } from '../lib/paths';
import { OptionalUser, RequirePermission, RequireUser, SignedOutOnly } from './guards';
import { RouteError } from './RouteError';
import { RootLayout } from './RootLayout';

type Lazy = () => Promise<{ default: React.ComponentType }>;
const screen = (load: Lazy): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});
/** An account screen: its words are asked for beside its code, not once the code has arrived and asked. */
const accountScreen = (load: Lazy, namespaces: string[] = []) =>
  screen(() => {
    preloadTranslations(['accounts', ...namespaces]);
    return load();
  });

/**
 * The routes drawn inside AppShell when signed in: there the signed-in first paint (index.html) stays until
 * AppShell has rendered the screen in its place; RootLayout takes it away on any other route.
 */
const SHELL = { shell: true };

function FirstScreenPending() {
  return null;
}

/** The product's routes in one table, each screen in its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // While the opened screen's chunk (already asked for by main.tsx) arrives: nothing yet, as before, but
    // said so (React Router warned "No HydrateFallback element provided" on every load).
    HydrateFallback: FirstScreenPending,
    children: [
      {
        element: <SignedOutOnly />,
        children: [
          { path: paths.home, ...screen(() => import('../features/landing/LandingPage')) },
          { path: paths.login, ...accountScreen(() => import('../features/auth/LoginPage')) },
          { path: paths.signup, ...accountScreen(() => import('../features/auth/SignupPage'), ['profile']) },
          {
            path: paths.forgotPassword,
            ...accountScreen(() => import('../features/auth/ForgotPasswordPage')),
          },
        ],
      },
      { path: paths.authCallback, ...screen(() => import('../features/auth/AuthCallbackPage')) },
      // Signed in or not: a first password's link, or a reset opened on a phone that is still signed in.
      { path: paths.resetPassword, ...accountScreen(() => import('../features/auth/ResetPasswordPage')) },
      {
        element: <OptionalUser />,
        handle: SHELL,
        children: [
          { path: paths.payments, ...screen(() => import('../features/payments/PaymentsPage')) },
          {
            path: paths.supplyChain,
            ...screen(() => import('../features/supply-chain/SupplyChainPage')),
          },
          { path: paths.join, ...screen(() => import('../features/referrals/JoinPage')) },
          { path: paths.terms, ...screen(() => import('../features/legal/TermsPage')) },
        ],
      },
      {
        element: <RequireUser />,
        handle: SHELL,
        children: [
          {
            // A screen that cannot load keeps the shell around it (its bottom bar leads to the saved screens).
            errorElement: <RouteError inShell />,
            children: [
              { path: paths.dashboard, ...screen(() => import('../features/dashboard/DashboardPage')) },
              { path: paths.profile, ...screen(() => import('../features/profile/ProfilePage')) },
              { path: paths.products, ...screen(() => import('../features/products/ProductsPage')) },
              { path: paths.cart, ...screen(() => import('../features/cart/CartPage')) },
              { path: paths.orders, ...screen(() => import('../features/orders/OrdersPage')) },
              {
                path: paths.cooperatives,
                ...screen(() => import('../features/cooperatives/CooperativesPage')),
              },
              {
                path: paths.cooperativeGovernance(),
                ...screen(() => import('../features/governance/GovernancePage')),
              },
              { path: paths.bulkOrders, ...screen(() => import('../features/bulk-orders/BulkOrdersPage')) },
              {
                path: paths.supplierApplications,
                ...screen(() => import('../features/suppliers/SupplierApplicationsPage')),
              },
              { path: paths.academy, ...screen(() => import('../features/academy/AcademyPage')) },
              { path: paths.academyCourse(), ...screen(() => import('../features/academy/CoursePage')) },
              { path: paths.community, ...screen(() => import('../features/community/CommunityPage')) },
              { path: paths.referrals, ...screen(() => import('../features/referrals/ReferralsPage')) },
              // The menu's enterprise group and these screens read the same permission.
              {
                element: <RequirePermission permission="reports.view" />,
                children: [
                  { path: paths.reports, ...screen(() => import('../features/reports/ReportsPage')) },
                  {
                    path: paths.whiteLabel,
                    ...screen(() => import('../features/white-label/WhiteLabelPage')),
                  },
                  {
                    path: paths.developer,
                    ...screen(() => import('../features/developer/DeveloperPage')),
                  },
                  {
                    path: paths.enterprise,
                    ...screen(() => import('../features/enterprise/EnterprisePage')),
                  },
                ],
              },
              // In the enterprise menu too, but for administrators alone: coordinators see the group, not this.
              {
                element: <RequirePermission permission="admin.roles" namespace="people" />,
                children: [{ path: paths.people, ...screen(() => import('../features/people/PeoplePage')) }],
              },
              // ADR 053: every business's own figures; a role without a business is told why there are none.
              { path: paths.aiInsights, ...screen(() => import('../features/ai-insights/AiInsightsPage')) },
              { path: paths.security, ...screen(() => import('../features/security/SecurityPage')) },
              // ADR 049: the platform's own figures are for its operators.
              {
                element: <RequirePermission permission="platform.monitor" namespace="performance" />,
                children: [
                  {
                    path: paths.performance,
                    ...screen(() => import('../features/performance/PerformancePage')),
                  },
                ],
              },
              {
                element: <RequirePermission permission="inventory.manage" />,
                children: [
                  { path: paths.inventory, ...screen(() => import('../features/inventory/InventoryPage')) },
                ],
              },
              { path: paths.support, ...screen(() => import('../features/support/SupportPage')) },
              // ADR 019: marketing campaigns are run by the network's growth staff.
              {
                element: <RequirePermission permission="marketing.manage" namespace="marketing" />,
                children: [
                  { path: paths.marketing, ...screen(() => import('../features/marketing/MarketingPage')) },
                ],
              },
              // ADR 055: every signed-in user sees the deployment's real connections as far as their role uses them.
              {
                path: paths.integrations,
                ...screen(() => import('../features/integrations/IntegrationsPage')),
              },
              { path: paths.analytics, ...screen(() => import('../features/analytics/AnalyticsPage')) },
              {
                path: paths.subscription,
                ...screen(() => import('../features/subscriptions/SubscriptionPage')),
              },
              {
                path: paths.virtualWarehouses(),
                ...screen(() => import('../features/warehouses/WarehousesPage')),
              },
              {
                path: paths.smartOrders,
                ...screen(() => import('../features/smart-orders/SmartOrdersPage')),
              },
              // Spec 3 §6: the CRM is for sales roles, admins and coordinators.
              {
                element: <RequirePermission permission="crm.use" namespace="crm" />,
                children: [{ path: paths.crm, ...screen(() => import('../features/crm/CrmPage')) }],
              },
              {
                path: paths.financialCenter,
                ...screen(() => import('../features/ledger/FinancialCenterPage')),
              },
              {
                element: <RequirePermission permission="inventory.manage" />,
                children: [{ path: paths.pos, ...screen(() => import('../features/pos/PosPage')) }],
              },
              // Spec 3 §6: any signed-in user; investor or entrepreneur is self-chosen (ADR 052).
              { path: paths.betacrowd, ...screen(() => import('../features/betacrowd/BetacrowdPage')) },
              // Spec 3 §6: bulk upload is for sellers and admins; the screen shows the others its own
              // Access Restricted panel with Apply as Supplier.
              { path: paths.bulkUpload, ...screen(() => import('../features/suppliers/BulkUploadPage')) },
              {
                path: paths.tradePromotions,
                ...screen(() => import('../features/promotions/TradePromotionsPage')),
              },
            ],
          },
        ],
      },
      { path: '*', ...screen(() => import('../features/misc/NotFoundPage')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
