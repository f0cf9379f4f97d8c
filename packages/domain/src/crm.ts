import { z } from 'zod';
import { SEARCH_TEXT_MAX } from './search.ts';
import { idSchema } from './ids.ts';
import { inSast, SAST_OFFSET_MS } from './sast.ts';

/**
 * The CRM (spec 3 §2, §3, §6; DECISIONS 5-7, 11, 12): the clients a sales rep looks after, the
 * activities logged with them and each rep's monthly sales target. Who sees what:
 * - a client belongs to the user who added it (its owner); a sales rep sees, edits and logs activities
 *   only on their own clients, and another rep's client does not exist for them (404);
 * - a manager (the `crm.manage` permission: field_manager, business_dev_manager, admin, coordinator)
 *   sees and edits every client, logs activities on any of them, and sets each rep's monthly target;
 * - a rep's actual for a month is the value of their own clients marked won in that month.
 */

export const CLIENT_TYPES = ['prospect', 'lead', 'customer'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
/** Where the deal with a client stands; `won` counts towards the owner's target in the month it was won. */
export const CLIENT_STATUSES = ['open', 'won', 'lost'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const ACTIVITY_TYPES = ['call', 'meeting', 'email', 'other'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Spec 3 §2: the overview lists at most five upcoming activities and five top clients. */
export const CRM_OVERVIEW_LIMIT = 5;
/** The largest client value accepted (R100 million): a deal, not a typo. */
export const MAX_CLIENT_VALUE = 100_000_000;
/** The largest monthly target accepted (R100 million). */
export const MAX_SALES_TARGET = 100_000_000;

// ---------------------------------------------------------------------------------------------------
// South African phone numbers

/**
 * A South African number as people write it: a national number (0 and nine digits, e.g. 082 555 0101)
 * or the international form (+27 or 0027 and the nine digits without the 0, e.g. +27 82 555 0101),
 * with spaces, hyphens or brackets between digit groups. The first digit after the 0 is never 0.
 */
export function saPhoneDigits(value: string): string | null {
  const text = value.trim();
  if (!/^\+?[0-9 ()-]+$/.test(text)) return null;
  if (text.indexOf('+') > 0) return null;
  const digits = text.replace(/[^0-9]/g, '');
  let national: string;
  if (text.startsWith('+')) {
    if (!digits.startsWith('27')) return null;
    national = digits.slice(2);
  } else if (digits.startsWith('0027')) {
    national = digits.slice(4);
  } else if (digits.startsWith('0')) {
    national = digits.slice(1);
  } else {
    return null;
  }
  // "+27 0 82 ..." is a common slip that still dials: the trunk 0 after +27 is dropped.
  if (text.startsWith('+') && national.length === 10 && national.startsWith('0'))
    national = national.slice(1);
  if (!/^[1-9][0-9]{8}$/.test(national)) return null;
  return national;
}

export function isSaPhone(value: string): boolean {
  return saPhoneDigits(value) !== null;
}

/** The one stored and shown form: +27 82 555 0101. */
export function formatSaPhone(value: string): string {
  const national = saPhoneDigits(value);
  if (national === null) throw new RangeError(`Not a South African phone number: ${value}`);
  return `+27 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
}

/** An optional South African phone: blank is none; anything else is checked and put in the one form. */
export const saPhoneSchema = z
  .string()
  .trim()
  .max(30, { message: 'validation.sa_phone' })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isSaPhone(v), { message: 'validation.sa_phone' })
  .transform((v) => (v === null ? null : formatSaPhone(v)));

/** An optional e-mail address: blank is none; stored in lower case. */
export const optionalEmailSchema = z
  .string()
  .trim()
  .max(254, { message: 'validation.email' })
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.email({ message: 'validation.email' }).nullable())
  .transform((v) => (v === null ? null : v.toLowerCase()));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const randAmount = (max: number) =>
  z.number({ message: 'validation.number' }).min(0).max(max).multipleOf(0.01);

// ---------------------------------------------------------------------------------------------------
// Months (targets and "this month" figures are counted in South African time)

export const MONTH_PATTERN = /^[0-9]{4}-(0[1-9]|1[0-2])$/;
export const monthSchema = z.string().regex(MONTH_PATTERN, { message: 'validation.month' });

/** The month (YYYY-MM) a moment falls in, in South African time. */
export function monthOf(moment: Date): string {
  return inSast(moment).toISOString().slice(0, 7);
}

/** Where a month (YYYY-MM) starts and where the next starts, as instants. */
export function monthRange(month: string): { start: Date; end: Date } {
  if (!MONTH_PATTERN.test(month)) throw new RangeError(`Not a month: ${month}`);
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return {
    start: new Date(Date.UTC(year, mon - 1, 1) - SAST_OFFSET_MS),
    end: new Date(Date.UTC(year, mon, 1) - SAST_OFFSET_MS),
  };
}

/** How far actual is towards target, in whole percent (may pass 100); null without a target. */
export function targetProgress(actual: number, target: number | null): number | null {
  if (target === null || target <= 0) return null;
  return Math.floor((actual / target) * 100);
}

// ---------------------------------------------------------------------------------------------------
// Clients

/** Add Client and Edit (spec 3 §3's client fields, plus the deal's status and notes). */
export const crmClientInputSchema = z.object({
  client_name: z.string().trim().min(1, { message: 'validation.required' }).max(120),
  company_name: optionalText(160),
  client_email: optionalEmailSchema,
  client_phone: saPhoneSchema,
  address: optionalText(240),
  client_type: z.enum(CLIENT_TYPES).default('prospect'),
  status: z.enum(CLIENT_STATUSES).default('open'),
  client_value: randAmount(MAX_CLIENT_VALUE).default(0),
  notes: optionalText(2000),
});
export type CrmClientInput = z.output<typeof crmClientInputSchema>;
export type CrmClientForm = z.input<typeof crmClientInputSchema>;

export const crmClientSchema = z.object({
  id: z.number().int(),
  owner_id: z.number().int(),
  owner_name: z.string(),
  client_name: z.string(),
  company_name: z.string().nullable(),
  client_email: z.string().nullable(),
  client_phone: z.string().nullable(),
  address: z.string().nullable(),
  client_type: z.enum(CLIENT_TYPES),
  status: z.enum(CLIENT_STATUSES),
  client_value: z.number(),
  notes: z.string().nullable(),
  /** When the client was marked won (counts towards the owner's target that month). */
  won_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CrmClient = z.infer<typeof crmClientSchema>;

/**
 * Clients come a page at a time, most recently changed first: a manager sees every rep's, and a phone should
 * neither download nor draw hundreds at once. The activity form's picker asks for a bigger page and searches.
 */
export const CLIENT_PAGE_SIZE = 20;
export const CLIENT_PAGE_SIZE_MAX = 100;
/** The furthest page asked for (search narrows a list long before that). */
export const CLIENT_PAGE_MAX = 5_000;

export const crmClientListQuerySchema = z.object({
  /** Name, company, e-mail or phone. */
  search: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
  client_type: z.enum(CLIENT_TYPES).optional(),
  status: z.enum(CLIENT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(CLIENT_PAGE_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(CLIENT_PAGE_SIZE_MAX).default(CLIENT_PAGE_SIZE),
});

export const crmClientListSchema = z.object({
  clients: z.array(crmClientSchema),
  /** How many clients the search and filters match, over all pages. */
  matching: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CrmClientList = z.infer<typeof crmClientListSchema>;

// ---------------------------------------------------------------------------------------------------
// Activities

const isoDateTime = z.iso.datetime({ offset: true, message: 'validation.date_time' });

export const crmActivityInputSchema = z.object({
  client_id: idSchema,
  activity_type: z.enum(ACTIVITY_TYPES),
  subject: z.string().trim().min(1, { message: 'validation.required' }).max(160),
  description: optionalText(2000),
  activity_date: isoDateTime,
});
export type CrmActivityInput = z.output<typeof crmActivityInputSchema>;

export const crmActivitySchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  client_name: z.string(),
  activity_type: z.enum(ACTIVITY_TYPES),
  subject: z.string(),
  description: z.string().nullable(),
  activity_date: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type CrmActivity = z.infer<typeof crmActivitySchema>;

export const ACTIVITY_LIST_MAX = 100;

export const crmActivityListQuerySchema = z.object({
  client_id: idSchema.optional(),
  /** `true`: only those from now on, soonest first; otherwise all, latest first. */
  upcoming: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_LIST_MAX).default(50),
});

export const crmClientDetailSchema = crmClientSchema.extend({
  activities: z.array(crmActivitySchema),
});
export type CrmClientDetail = z.infer<typeof crmClientDetailSchema>;

// ---------------------------------------------------------------------------------------------------
// Summary (the cards and the overview, computed from the clients the caller may see)

export const crmSummarySchema = z.object({
  /** all: a manager's view of every rep's clients; own: the caller's own. */
  scope: z.enum(['all', 'own']),
  month: z.string(),
  total_clients: z.number().int(),
  customers: z.number().int(),
  /** The value of the clients still open. */
  pipeline_value: z.number(),
  /** The value of the clients won this month. */
  won_this_month: z.number(),
  activities_this_month: z.number().int(),
  upcoming_activities: z.array(crmActivitySchema),
  top_clients: z.array(crmClientSchema),
});
export type CrmSummary = z.infer<typeof crmSummarySchema>;

// ---------------------------------------------------------------------------------------------------
// Sales targets

export const salesTargetSchema = z.object({
  rep_id: z.number().int(),
  rep_name: z.string(),
  month: z.string(),
  /** null: no target set for the month. */
  target_amount: z.number().nullable(),
  actual_amount: z.number(),
  won_clients: z.number().int(),
  /** Whole percent of the target reached (may pass 100); null without a target. */
  progress_percent: z.number().int().nullable(),
});
export type SalesTarget = z.infer<typeof salesTargetSchema>;

export const salesTargetListSchema = z.object({
  month: z.string(),
  /** Whether the caller may set targets (a manager). */
  can_set: z.boolean(),
  targets: z.array(salesTargetSchema),
});
export type SalesTargetList = z.infer<typeof salesTargetListSchema>;

export const salesTargetQuerySchema = z.object({ month: monthSchema.optional() });

/** A manager sets (or changes) one rep's target for one month. */
export const setSalesTargetSchema = z.object({
  rep_id: idSchema,
  month: monthSchema,
  target_amount: z.number({ message: 'validation.number' }).positive().max(MAX_SALES_TARGET).multipleOf(0.01),
});
export type SetSalesTarget = z.output<typeof setSalesTargetSchema>;
