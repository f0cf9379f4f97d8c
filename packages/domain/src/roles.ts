export const ROLES = [
  'retailer',
  'trader',
  'supplier',
  'service_provider',
  'coordinator',
  'distributor',
  'manufacturer',
  'admin',
  'sales_rep',
  'field_manager',
  'business_dev_manager',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * The spec's seven profile roles (spec 1 §2): the businesses that buy or sell. The profile's role select
 * shows them all, but only the self-service ones can be picked there (DECISIONS 8).
 */
export const PROFILE_ROLES = [
  'retailer',
  'trader',
  'supplier',
  'service_provider',
  'coordinator',
  'distributor',
  'manufacturer',
] as const satisfies readonly Role[];

/**
 * Roles a user may pick on their own profile (DECISIONS 8): the buyer roles. supplier, distributor and
 * manufacturer come from an approved supplier application; the others are granted by an admin.
 */
export const SELF_SERVICE_ROLES = [
  'retailer',
  'trader',
  'service_provider',
] as const satisfies readonly Role[];

export const DEFAULT_ROLE: Role = 'retailer';

/**
 * A cookie the web app can read, set beside the (httpOnly) session cookie for as long as it lasts and cleared with
 * it: the landing page of a visitor without it asks about no user (issue 9). A hint, never a credential.
 */
export const SIGNED_IN_COOKIE = 'tt_signed_in';

/** Roles with a demo account that the landing page offers (DECISIONS 9). */
export const DEMO_ROLES = [
  'retailer',
  'supplier',
  'distributor',
  'coordinator',
  'admin',
  'sales_rep',
] as const satisfies readonly Role[];
export type DemoRole = (typeof DEMO_ROLES)[number];

/** Sellers own products and receive orders; buyers place them. */
export const SELLER_ROLES: readonly Role[] = ['supplier', 'distributor', 'manufacturer'];
export const BUYER_ROLES: readonly Role[] = ['retailer', 'trader'];

export function isSeller(role: Role): boolean {
  return SELLER_ROLES.includes(role);
}

export function hasRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}

export type BadgeTone = 'green' | 'orange' | 'purple' | 'blue' | 'grey';

/** Spec 1 §6: the role badge colour. */
export function roleBadgeTone(role: Role): BadgeTone {
  switch (role) {
    case 'retailer':
    case 'trader':
      return 'green';
    case 'distributor':
    case 'supplier':
      return 'orange';
    case 'manufacturer':
    case 'service_provider':
      return 'purple';
    case 'coordinator':
      return 'blue';
    default:
      return 'grey';
  }
}

/** Retailers and traders are shown as "Business Owner"; the others by their role's own name. */
export function roleLabelKey(role: Role): string {
  return role === 'retailer' || role === 'trader' ? 'roles.business_owner' : `roles.${role}`;
}
