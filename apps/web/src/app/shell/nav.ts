import {
  BarChart3,
  Bot,
  Boxes,
  Briefcase,
  Building2,
  Calculator,
  CreditCard,
  Code2,
  FileBarChart,
  GraduationCap,
  Handshake,
  HeadphonesIcon,
  HandCoins,
  LayoutDashboard,
  Lightbulb,
  Megaphone,
  Package,
  Palette,
  PlugZap,
  Receipt,
  Repeat,
  Shield,
  ShoppingCart,
  Store,
  Truck,
  Users,
  UserPlus,
  UserCog,
  Gauge,
  Crown,
  MessagesSquare,
  type LucideIcon,
} from 'lucide-react';
import { can, type Permission, type Role } from '@tt/domain';
import { paths } from '../../lib/paths';

export interface NavEntry {
  path: string;
  /** Key under nav.* in common.json. */
  label: string;
  icon: LucideIcon;
  isNew?: boolean;
  /** Only roles with this permission see the entry (its screen refuses the others). */
  permission?: Permission;
}
export interface NavGroup {
  id: string;
  entries: NavEntry[];
  /** Only roles with this permission (the domain's one map) see the group; undefined: everyone signed in. */
  permission?: Permission;
}

/** Spec 1 §2: the sidebar's groups, entries and New marks; the gates are permissions (DECISIONS 24 moves POS and the financial center to Operations). */
export const navGroups: NavGroup[] = [
  {
    id: 'main',
    entries: [
      { path: paths.dashboard, label: 'dashboard', icon: LayoutDashboard },
      { path: paths.products, label: 'products', icon: Package },
      { path: paths.orders, label: 'orders', icon: Receipt },
      { path: paths.cart, label: 'cart', icon: ShoppingCart },
      { path: paths.cooperatives, label: 'cooperatives', icon: Users },
      { path: paths.bulkOrders, label: 'bulk_orders', icon: Boxes },
      { path: paths.supplierApplications, label: 'suppliers', icon: Building2 },
      { path: paths.academy, label: 'academy', icon: GraduationCap },
      { path: paths.community, label: 'community', icon: MessagesSquare },
      { path: paths.referrals, label: 'referrals', icon: UserPlus },
      { path: paths.subscription, label: 'subscription', icon: Crown },
    ],
  },
  {
    id: 'operations',
    entries: [
      { path: paths.inventory, label: 'inventory', icon: Store },
      { path: paths.supplyChain, label: 'supply_chain', icon: Truck },
      { path: paths.support, label: 'support', icon: HeadphonesIcon },
      { path: paths.marketing, label: 'marketing', icon: Megaphone },
      { path: paths.integrations, label: 'integrations', icon: PlugZap },
      // DECISIONS 24: every signed-in business has a till and books.
      { path: paths.pos, label: 'pos', icon: Calculator },
      { path: paths.financialCenter, label: 'financial_center', icon: Briefcase },
    ],
  },
  {
    id: 'sales_crm',
    permission: 'crm.use',
    entries: [{ path: paths.crm, label: 'crm', icon: Handshake }],
  },
  {
    id: 'finance',
    entries: [{ path: paths.betacrowd, label: 'betacrowd', icon: HandCoins, isNew: true }],
  },
  {
    id: 'ai_analytics',
    entries: [
      { path: paths.smartOrders, label: 'smart_orders', icon: Repeat, isNew: true },
      { path: paths.aiInsights, label: 'ai_insights', icon: Lightbulb },
      { path: paths.analytics, label: 'analytics', icon: BarChart3 },
      { path: paths.security, label: 'security', icon: Shield },
      { path: paths.performance, label: 'performance', icon: Gauge, permission: 'platform.monitor' },
    ],
  },
  {
    id: 'enterprise',
    permission: 'reports.view',
    entries: [
      { path: paths.reports, label: 'reports', icon: FileBarChart },
      { path: paths.payments, label: 'payments', icon: CreditCard },
      { path: paths.whiteLabel, label: 'white_label', icon: Palette },
      { path: paths.developer, label: 'developer', icon: Code2 },
      { path: paths.enterprise, label: 'enterprise', icon: Bot },
      { path: paths.people, label: 'people', icon: UserCog, permission: 'admin.roles' },
    ],
  },
];

/** The groups the role may see, with the entries the role may open; a group left empty is dropped. */
export function visibleGroups(role: Role): NavGroup[] {
  return navGroups
    .filter((g) => !g.permission || can(role, g.permission))
    .map((g) => ({
      ...g,
      entries: g.entries.filter((e) => !e.permission || can(role, e.permission)),
    }))
    .filter((g) => g.entries.length > 0);
}

/** Spec 1 §2: the mobile bottom bar's five tabs. */
export const bottomTabs: NavEntry[] = [
  { path: paths.dashboard, label: 'dashboard', icon: LayoutDashboard },
  { path: paths.products, label: 'products', icon: Package },
  { path: paths.cart, label: 'cart', icon: ShoppingCart },
  { path: paths.cooperatives, label: 'coops', icon: Users },
  { path: paths.community, label: 'community', icon: MessagesSquare },
];
