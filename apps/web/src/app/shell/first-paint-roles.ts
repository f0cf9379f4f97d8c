/**
 * Issue 9: what the signed-in first paint (first-paint.html, shown by index.html's script before the app has
 * loaded) shows that depends on the user's role, as plain data the build puts in that script: the role badge's
 * words and colours (RoleBadge), the dashboard's and the marketplace's subtitles (DashboardPage, ProductsPage).
 * No imports: the build (`apps/web/first-screen.ts`) reads it. shell-first-paint.test.ts checks it against the
 * domain's rules and the screens, so a change there that is not made here fails.
 */
export interface FirstPaintRole {
  /** RoleBadge: the text key in common (roleLabelKey). */
  badge: string;
  /** RoleBadge: the badge's tone (roleBadgeTone), one of BADGE_TONES. */
  tone: keyof typeof BADGE_TONES;
  /** DashboardPage's subtitle key in dashboard. */
  dashboard: string;
  /** ProductsPage's subtitle key in products: a buyer's, or a seller's (canBuy). */
  products: string;
}

/** Badge's tones (components/ui/Badge.tsx). */
export const BADGE_TONES = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  orange: 'bg-orange-100 text-orange-800 ring-orange-600/20',
  purple: 'bg-purple-100 text-purple-800 ring-purple-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  grey: 'bg-stone-100 text-stone-700 ring-stone-500/20',
} as const;

/** RoleBadge's classes around the tone (Badge's, then RoleBadge's own). */
export const BADGE_CLASS = [
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap',
  'max-w-full text-center break-words whitespace-normal!',
] as const;

const role = (
  badge: string,
  tone: FirstPaintRole['tone'],
  dashboard: string,
  buyer: boolean,
): FirstPaintRole => ({
  badge: `roles.${badge}`,
  tone,
  dashboard: `subtitle.${dashboard}`,
  products: buyer ? 'subtitle' : 'subtitle_seller',
});

/** By role (the domain's ROLES). */
export const FIRST_PAINT_ROLES: Record<string, FirstPaintRole> = {
  retailer: role('business_owner', 'green', 'retailer', true),
  trader: role('business_owner', 'green', 'trader', true),
  supplier: role('supplier', 'orange', 'supplier', false),
  service_provider: role('service_provider', 'purple', 'default', true),
  coordinator: role('coordinator', 'blue', 'default', true),
  distributor: role('distributor', 'orange', 'distributor', false),
  manufacturer: role('manufacturer', 'purple', 'manufacturer', false),
  admin: role('admin', 'grey', 'admin', false),
  sales_rep: role('sales_rep', 'grey', 'default', true),
  field_manager: role('field_manager', 'grey', 'default', true),
  business_dev_manager: role('business_dev_manager', 'grey', 'default', true),
};
