import { z } from 'zod';
import { DEFAULT_ROLE, ROLES, type Role } from './roles.ts';
import { saMobileE164 } from './mobile.ts';
import { businessTypeSchema, PROVINCES } from './users.ts';

/**
 * Accounts of the deployment's own (docs/accounts.md): signing up and in with a South African mobile number or an
 * email address and a password, password links, the staff roles an administrator grants, suspension and
 * invitations. Rules both sides read; the server enforces them.
 */

export const PASSWORD_MIN_LENGTH = 10;
/** Long enough for any passphrase or manager; bounded so hashing a sent body costs a known amount. */
export const PASSWORD_MAX_LENGTH = 128;

/** Failed password sign-ins, per account and per address, that lock the password for SIGN_IN_LOCK_MINUTES. */
export const SIGN_IN_LOCK_FAILURES = 10;
/** The window those failures are counted over. */
export const SIGN_IN_LOCK_WINDOW_MINUTES = 15;
export const SIGN_IN_LOCK_MINUTES = 15;

/** How long a password link (a reset, or setting a first password) can be used, once. */
export const PASSWORD_LINK_MINUTES = 60;
/** How long a staff invitation can be used, once. */
export const INVITATION_DAYS = 7;

/** The version of the terms and the privacy notice (POPIA) a sign-up accepts; recorded with when. */
export const TERMS_VERSION = '2026-12-01';

/** Roles an administrator grants and revokes on the People screen; seller roles come only from an application. */
export const STAFF_ROLES = [
  'coordinator',
  'admin',
  'sales_rep',
  'field_manager',
  'business_dev_manager',
] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

export function isStaffRole(role: Role): role is StaffRole {
  return (STAFF_ROLES as readonly Role[]).includes(role);
}

/**
 * The roles an administrator may set an account to, besides the one it holds: any staff role, and, for an account
 * that holds a staff role, back to the business role the last grant replaced (a retailer when none was recorded).
 * A business role is never swapped for another here: seller roles come from an approved application.
 */
export function grantableRoles(account: { role: Role; previous_role: Role | null }): Role[] {
  const restore = account.previous_role ?? DEFAULT_ROLE;
  const restorable = isStaffRole(account.role) && !isStaffRole(restore);
  return [...STAFF_ROLES, ...(restorable ? [restore] : [])].filter((role) => role !== account.role);
}

/**
 * What an account had before a grant to `next`: a business role is kept to restore on revoking; moving between staff
 * roles keeps the business role recorded by the first grant; going back to a business role clears it.
 */
export function previousRoleAfter(current: Role, recorded: Role | null, next: Role): Role | null {
  if (!isStaffRole(next)) return null;
  return isStaffRole(current) ? recorded : current;
}

// ---- Identifiers: a South African mobile number or an email address

export type Identifier = { kind: 'email'; value: string } | { kind: 'mobile'; value: string };

const emailShape = z.email();

/** What a person signs in with, in the one form it is kept: an email in lower case, a mobile in E.164. */
export function parseIdentifier(value: string): Identifier | null {
  const text = value.trim();
  if (text.includes('@')) {
    const email = text.toLowerCase();
    return text.length <= 254 && emailShape.safeParse(email).success ? { kind: 'email', value: email } : null;
  }
  const mobile = saMobileE164(text);
  return mobile ? { kind: 'mobile', value: mobile } : null;
}

/** A mobile number or email address, checked and put in its one form. */
export const identifierSchema = z
  .string({ message: 'validation.identifier' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(254, { message: 'validation.identifier' })
  .transform((value, ctx) => {
    const parsed = parseIdentifier(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'validation.identifier' });
      return z.NEVER;
    }
    return parsed;
  });

/** A new password's rules that both sides check; the server also refuses the most common ones. */
export const newPasswordSchema = z
  .string({ message: 'validation.required' })
  .min(PASSWORD_MIN_LENGTH, { message: 'validation.password_too_short' })
  .max(PASSWORD_MAX_LENGTH, { message: 'validation.too_long' });

// ---- Requests

const nameSchema = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(120, { message: 'validation.too_long' });
const tokenSchema = z.string().min(16).max(128);

/** POST /api/auth/signup. Also drives the sign-up form. */
export const signupSchema = z.object({
  identifier: identifierSchema,
  password: newPasswordSchema,
  name: nameSchema,
  company_name: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(160, { message: 'validation.too_long' }),
  business_type: businessTypeSchema,
  state: z.enum(PROVINCES, { message: 'validation.invalid_option' }),
  ref: z.string().trim().max(32).optional(),
  invitation_token: tokenSchema.optional(),
  /** Acceptance of the terms and privacy notice of TERMS_VERSION (POPIA). */
  accept_terms: z.literal(true, { message: 'validation.accept_terms' }),
});
export type SignupInput = z.input<typeof signupSchema>;

/** POST /api/auth/login. The password is not checked for its rules here: an old one may predate them. */
export const loginSchema = z.object({
  identifier: identifierSchema,
  password: z
    .string({ message: 'validation.required' })
    .min(1, { message: 'validation.required' })
    .max(PASSWORD_MAX_LENGTH, { message: 'validation.too_long' }),
});
export type LoginInput = z.input<typeof loginSchema>;

/** POST /api/auth/password: a password from a reset or first-password link. */
export const setPasswordSchema = z.object({ token: tokenSchema, password: newPasswordSchema });
export type SetPasswordInput = z.input<typeof setPasswordSchema>;

/** POST /api/auth/password-reset: the same answer whether or not such an account exists. */
export const passwordResetRequestSchema = z.object({ identifier: identifierSchema });

/** POST /api/auth/invitation: what an invitation link offers, before signing up with it. */
export const invitationCheckSchema = z.object({ token: tokenSchema });
export const invitationOfferSchema = z.object({ role: staffRoleSchema, expires_at: z.string() });
export type InvitationOffer = z.infer<typeof invitationOfferSchema>;

export const passwordResetStartedSchema = z.object({
  /** Whether the deployment sends email: without it, an administrator issues the link. */
  email_sent: z.boolean(),
});

export const passwordSetSchema = z.object({ ok: z.literal(true) });

// ---- People (administrators)

export const ACCOUNT_STATUSES = ['active', 'suspended', 'closed'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const ADMIN_USER_PAGE_SIZE = 20;
export const ADMIN_USER_PAGE_MAX = 500;

export const adminUserQuerySchema = z.object({
  search: z.string().trim().max(120).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(ADMIN_USER_PAGE_MAX).default(1),
});
export type AdminUserQuery = z.input<typeof adminUserQuerySchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_name: z.string().nullable(),
  email: z.string().nullable(),
  /** The sign-in mobile number, E.164. */
  mobile: z.string().nullable(),
  role: z.enum(ROLES),
  /** The role the last staff grant replaced: what revoking restores. */
  previous_role: z.enum(ROLES).nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  suspended_reason: z.string().nullable(),
  has_password: z.boolean(),
  is_demo: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  matching: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

const reasonSchema = z
  .string({ message: 'validation.required' })
  .trim()
  .min(3, { message: 'validation.reason_required' })
  .max(500, { message: 'validation.too_long' });

export const roleChangeSchema = z.object({ role: z.enum(ROLES), reason: reasonSchema });
export type RoleChangeInput = z.input<typeof roleChangeSchema>;
export const accountStatusChangeSchema = z.object({ reason: reasonSchema });
export type AccountStatusChangeInput = z.input<typeof accountStatusChangeSchema>;

export const invitationCreateSchema = z.object({ role: staffRoleSchema });

export const invitationSchema = z.object({
  id: z.number().int(),
  role: staffRoleSchema,
  created_by_name: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
/** A new invitation: the one time its link is shown (only its hash is kept). */
export const newInvitationSchema = invitationSchema.extend({ link: z.string() });
export type NewInvitation = z.infer<typeof newInvitationSchema>;
export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) });

/** A password link an administrator passes on (no email here), shown once. */
export const passwordLinkSchema = z.object({ link: z.string(), expires_at: z.string() });
export type PasswordLink = z.infer<typeof passwordLinkSchema>;

/** The paths of the web's pages that links point at, joined to PUBLIC_URL. */
export const ACCOUNT_PAGES = {
  resetPassword: '/reset-password',
  signup: '/signup',
  login: '/login',
} as const;

/** The link a password token is used through: PUBLIC_URL/reset-password?token=... */
export function passwordLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${ACCOUNT_PAGES.resetPassword}?token=${encodeURIComponent(token)}`;
}

/** The link an invitation is used through: PUBLIC_URL/signup?invitation=... */
export function invitationLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${ACCOUNT_PAGES.signup}?invitation=${encodeURIComponent(token)}`;
}

// ---- Passkeys (WebAuthn)

/** How many passkeys one account may keep: one per phone or key is plenty. */
export const PASSKEY_MAX = 10;

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Whether the passkey is synced to the person's other devices (their platform's backup). */
  backed_up: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

/** The browser's WebAuthn JSON, passed through: the WebAuthn library checks every part of it. */
const webAuthnJsonSchema = z.record(z.string(), z.unknown());

/** The options a browser hands to navigator.credentials (create or get). */
export const passkeyOptionsSchema = z.object({ options: webAuthnJsonSchema });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeyRegistrationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(60, { message: 'validation.too_long' })
    .optional(),
  response: webAuthnJsonSchema,
});
export const passkeyLoginSchema = z.object({ response: webAuthnJsonSchema });
