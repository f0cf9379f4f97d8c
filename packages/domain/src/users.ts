import { z } from 'zod';
import { ROLES, SELF_SERVICE_ROLES, type Role } from './roles.ts';

export const roleSchema = z.enum(ROLES);

export const BUSINESS_TYPES = [
  'spaza_shop',
  'convenience_store',
  'hawker',
  'fast_food_outlet',
  'fresh_produce_market',
  'butchery',
  'liquor_store',
  'beauty_salon',
  'general_retailer',
  'distributor',
  'supplier',
  'service_provider',
] as const;
export const businessTypeSchema = z.enum(BUSINESS_TYPES);

export const PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const;

export const YEARS_IN_BUSINESS_MIN = 0;
export const YEARS_IN_BUSINESS_MAX = 50;

export const appUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null for an account opened with a mobile number alone. */
  email: z.string().nullable(),
  /** The mobile number the account signs in with, E.164 (+27...); null when it signs in otherwise. */
  mobile: z.string().nullable(),
  role: roleSchema,
  phone: z.string().nullable(),
  company_name: z.string().nullable(),
  gst_number: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  business_type: businessTypeSchema.nullable(),
  years_in_business: z.number().int().nullable(),
  referral_code: z.string(),
  is_verified: z.boolean(),
  is_demo: z.boolean(),
  created_at: z.string(),
});
export type AppUser = z.infer<typeof appUserSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const phonePattern = /^\+?[0-9 ()-]{7,20}$/;
const optionalPhone = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || phonePattern.test(v), { message: 'validation.phone' });

/** PUT /api/users/profile. Also drives the profile form, so the rules are the same on both sides. */
export const profileUpdateSchema = z.object({
  name: z.string().trim().min(1, { message: 'validation.required' }).max(120),
  role: roleSchema,
  phone: optionalPhone,
  company_name: optionalText(160),
  gst_number: optionalText(40),
  address: optionalText(240),
  city: optionalText(80),
  state: optionalText(80),
  pincode: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{4}$/.test(v), { message: 'validation.postal_code' }),
  whatsapp_number: optionalPhone,
  business_type: businessTypeSchema.nullish().transform((v) => v ?? null),
  years_in_business: z
    .number({ message: 'validation.number' })
    .int({ message: 'validation.whole_number' })
    .min(YEARS_IN_BUSINESS_MIN, { message: 'validation.years_range' })
    .max(YEARS_IN_BUSINESS_MAX, { message: 'validation.years_range' })
    .nullish()
    .transform((v) => v ?? null),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * The body PUT /api/users/profile accepts: any of the profile's fields. A save changes only the fields it
 * sends (a field sent empty is cleared); fields left out keep their value.
 */
export const profilePatchSchema = profileUpdateSchema
  .partial()
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: 'validation.nothing_to_save',
  });
export type ProfilePatch = z.output<typeof profilePatchSchema>;

/** POST /api/users/me/close: the caller confirms that the account is closed for good. */
export const closeAccountSchema = z.object({
  confirm: z.literal(true, { message: 'validation.confirm_close' }),
});

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('json') });

/** The name a closed account's records keep (orders, ledger entries, co-op records). */
export function closedAccountName(userId: number): string {
  return `Closed account #${userId}`;
}

/** Spec 3 §9 fallback: BETA plus the user id padded to four digits. */
export function fallbackReferralCode(userId: number): string {
  return `BETA${String(userId).padStart(4, '0')}`;
}

/**
 * DECISIONS 8: a user may keep the role they have, or move to one of the self-service (buyer) roles;
 * the seller roles come from an approved supplier application, the others are granted by an admin.
 */
export function canChooseRole(current: Role, next: Role): boolean {
  return next === current || (SELF_SERVICE_ROLES as readonly Role[]).includes(next);
}
