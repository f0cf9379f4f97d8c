import { PROFILE_ROLES, ROLES, SELF_SERVICE_ROLES, type Role } from './roles.ts';

/**
 * What a role may do: the one map the server's route rules, the web's menu and its button gates read
 * (issue 7 part 5; DECISIONS 7). A role not granted a permission gets 403 from every route that needs
 * it. Record-level rules (own order, co-op member...) are resource rules on top, declared per route.
 */
export const PERMISSIONS = [
  /** Buy: cart, checkout, cancel one's own order (spec 1: sellers and admins do not buy). */
  'orders.place',
  /** Receive orders and move their status (DECISIONS 11: only the seller moves it). */
  'orders.sell',
  /** See every order on the platform (the admin's view of /orders). */
  'orders.view_all',
  /** List products, bulk upload, see one's inactive products (spec 3 §6: sellers and admins). */
  'products.manage',
  /** Trade offers on smart orders (spec 3 §6: supplier, distributor, manufacturer). */
  'trade_offers.create',
  /** Create Promotion: sellers and admins, on their own products (DECISIONS 21 narrows spec 3 §6). */
  'promotions.create',
  /** Register (found) a cooperative (DECISIONS 13). */
  'coops.create',
  /** Join a cooperative, allocate warehouse space, join bulk orders. */
  'coops.join',
  /** Propose a bulk order for one's co-op (the co-op coordinator rule applies on top). */
  'bulk_orders.propose',
  /** The CRM (spec 3 §6). */
  'crm.use',
  /** See and edit every rep's CRM clients and set the reps' monthly sales targets (CRM managers). */
  'crm.manage',
  /** Keep the business's own stock: locations, items, movements, alerts (spec 2 Inventory; issue 11). */
  'inventory.manage',
  /** The enterprise menu: reports, payments, white label, developer, enterprise (spec 1 §2). */
  'reports.view',
  /** Review supplier applications (spec 1: admin or coordinator; DECISIONS 11). */
  'applications.review',
  /** Act on any cooperative as an administrator (see its governance, review its transactions). */
  'admin.coops',
  /** Grant the roles the profile does not offer (DECISIONS 8). */
  'admin.roles',
  /** See the background jobs: what waits, what failed and why. */
  'admin.jobs',
  /** The performance monitor: the instance's response times, database, event loop, jobs and memory (ADR 049). */
  'platform.monitor',
  /** Community: post announcements (spec 1: admins and coordinators). */
  'community.announce',
  /** Community: pin posts to the top of the feed. */
  'community.pin',
  /** Community: see reported posts, hide or show them, delete any post. */
  'community.moderate',
  /** The support desk: see every ticket, answer, assign, move status, answer Live Chat (issue 13). */
  'support.manage',
  /** Marketing campaigns, their analytics and audiences: the network's own growth staff (ADR 019). */
  'marketing.manage',
  /** Review crowdfunding campaigns before they reach investors (ADR 052): approve or reject with a note. */
  'crowdfunding.review',
  /** Apply to sell (spec 1 /supplier-applications): the buyer roles; sellers and staff already have theirs. */
  'applications.submit',
  /** Change the whole deployment's look: its colours, font, name, tagline and logo (ADR 049). */
  'branding.manage',
  /** Integrations (ADR 055): the deployment's own connections in full (its database, how sign-in is set up) and how many asked for each marketplace service. */
  'integrations.manage',
  /** The Security Center's view of the whole deployment: every account's security events (ADR 054). */
  'security.monitor',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const SELLERS = ['supplier', 'distributor', 'manufacturer'] as const satisfies readonly Role[];
const CRM = ['sales_rep', 'field_manager', 'business_dev_manager', 'admin', 'coordinator'] as const;
const EVERYONE: readonly Role[] = ROLES;
const BUYERS: readonly Role[] = ROLES.filter(
  (role) => role !== 'admin' && !(SELLERS as readonly Role[]).includes(role),
);

/** Which roles hold each permission. Written permission-first so each gate reads as the spec states it. */
const GRANTS: Record<Permission, readonly Role[]> = {
  'orders.place': BUYERS,
  'orders.sell': SELLERS,
  'orders.view_all': ['admin'],
  'products.manage': [...SELLERS, 'admin'],
  'trade_offers.create': SELLERS,
  'promotions.create': [...SELLERS, 'admin'],
  'coops.create': EVERYONE,
  'coops.join': EVERYONE,
  'bulk_orders.propose': EVERYONE,
  'crm.use': CRM,
  'crm.manage': CRM.filter((role) => role !== 'sales_rep'),
  // A business is a user who buys or sells; the platform's staff (admin and the sales roles) keep no stock.
  'inventory.manage': PROFILE_ROLES,
  'reports.view': ['admin', 'coordinator'],
  'applications.review': ['admin', 'coordinator'],
  'admin.coops': ['admin'],
  'admin.roles': ['admin'],
  'admin.jobs': ['admin'],
  'platform.monitor': ['admin'],
  // Community (issue 13 point 2): coordinators lead co-ops, so they announce and pin; admins moderate.
  'community.announce': ['admin', 'coordinator'],
  'community.pin': ['admin', 'coordinator'],
  'community.moderate': ['admin'],
  'support.manage': ['admin'],
  // The audiences are the whole network's customers, so only its staff who run growth see them.
  'marketing.manage': ['admin', 'business_dev_manager'],
  // ADR 052: the platform's staff check a loan before anyone is asked to fund it.
  'crowdfunding.review': ['admin'],
  // DECISIONS 8: the roles a user picks themselves apply for the seller roles that approval grants.
  'applications.submit': SELF_SERVICE_ROLES,
  // Every visitor sees it, so only the deployment's administrators; coordinators may preview and export.
  'branding.manage': ['admin'],
  // The deployment's settings and its users' wishes are its administrators' to act on.
  'integrations.manage': ['admin'],
  // Other people's sign-ins, addresses and devices: the deployment's administrators only.
  'security.monitor': ['admin'],
};

/** The map from role to its permissions (derived once from GRANTS). */
export const ROLE_PERMISSIONS = Object.fromEntries(
  ROLES.map((role) => [role, new Set(PERMISSIONS.filter((permission) => GRANTS[permission].includes(role)))]),
) as unknown as Readonly<Record<Role, ReadonlySet<Permission>>>;

/** Whether a role holds a permission. An unknown role (a stale row) holds none. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return role != null && (ROLE_PERMISSIONS[role as Role]?.has(permission) ?? false);
}

/** The roles that hold a permission (for messages and tests). */
export function rolesWith(permission: Permission): readonly Role[] {
  return GRANTS[permission];
}

/**
 * A route's access rule: anyone, any signed-in user, or a permission. Declared on every contract; the
 * server refuses a route without one and the authorization-matrix test checks each against every role.
 */
export type Access = 'public' | 'signed_in' | Permission;

/**
 * Rules that depend on the record, checked after the access rule: the answer for someone else's record
 * is 403 or 404 (404 where even its existence is private).
 * - own_order: the order's buyer; order_seller: the order's seller; order_party: either (or orders.view_all)
 * - coop_member / coop_coordinator: of the co-op named in the path or body (or admin.coops)
 * - owner: the caller's own row (cart line, notification); demo_account: the caller is a demo account
 * - crm_client: the CRM client's owner (or crm.manage); another rep's client is 404
 * - support_ticket: the ticket's customer (or support.manage); another customer's ticket is 404
 */
export const RESOURCE_RULES = [
  'own_order',
  'order_seller',
  'order_party',
  'coop_member',
  'coop_coordinator',
  'owner',
  'demo_account',
  'crm_client',
  'support_ticket',
] as const;
export type ResourceRule = (typeof RESOURCE_RULES)[number];
