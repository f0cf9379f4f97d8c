import {
  Boxes,
  Code2,
  FileSpreadsheet,
  KeyRound,
  Palette,
  PieChart,
  ShoppingBasket,
  Store,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Permission } from '@tt/domain';
import { paths } from '../../lib/paths';

/**
 * Spec 2's enterprise features, as this product has them: `available` ones are working screens (Configure opens
 * the screen, for a viewer allowed there), `planned` ones are not built yet and say so (DECISIONS 11: showcase
 * content stays fixed, and no button leads to a screen that does not work).
 */
export type FeatureStatus = 'available' | 'planned';
export interface EnterpriseFeature {
  id: string;
  icon: LucideIcon;
  status: FeatureStatus;
  /** Where Configure goes, and what the viewer needs to be let in there. */
  configure?: { path: string; permission?: Permission };
}

export const ENTERPRISE_FEATURES: readonly EnterpriseFeature[] = [
  {
    id: 'multi_location',
    icon: Boxes,
    status: 'available',
    configure: { path: paths.inventory, permission: 'inventory.manage' },
  },
  { id: 'cooperatives', icon: Users, status: 'available', configure: { path: paths.cooperatives } },
  {
    id: 'reports',
    icon: PieChart,
    status: 'available',
    configure: { path: paths.reports, permission: 'reports.view' },
  },
  {
    id: 'bulk_catalogue',
    icon: FileSpreadsheet,
    status: 'available',
    configure: { path: paths.bulkUpload, permission: 'products.manage' },
  },
  {
    id: 'offline_till',
    icon: Store,
    status: 'available',
    configure: { path: paths.pos, permission: 'inventory.manage' },
  },
  { id: 'smart_orders', icon: ShoppingBasket, status: 'available', configure: { path: paths.smartOrders } },
  // Set up on the server by its operator (DECISIONS 10), so there is no screen to open.
  { id: 'single_sign_on', icon: KeyRound, status: 'available' },
  {
    id: 'api_access',
    icon: Code2,
    status: 'available',
    configure: { path: paths.developer, permission: 'reports.view' },
  },
  {
    id: 'white_label',
    icon: Palette,
    status: 'available',
    configure: { path: paths.whiteLabel, permission: 'reports.view' },
  },
];

/** The tiers the pricing tab shows from the plans table, beside the custom-priced Enterprise Plus. */
export const ENTERPRISE_TIERS = ['professional', 'enterprise'] as const;
