import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CAMPAIGN_TYPES, STORED_CAMPAIGN_STATUSES } from '@tt/domain';
import { users } from '../auth/tables.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A growth campaign of the network with its tracked link `/c/{code}` (packages/domain/src/marketing.ts). */
export const marketingCampaigns = pgTable(
  'marketing_campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    campaign_type: text('campaign_type', { enum: CAMPAIGN_TYPES }).notNull().default('email'),
    target_audience: text('target_audience'),
    start_date: date('start_date').notNull(),
    end_date: date('end_date'),
    /** active, paused or cancelled; scheduled and completed follow from the dates. */
    status: text('status', { enum: STORED_CAMPAIGN_STATUSES }).notNull().default('active'),
    budget_cents: bigint('budget_cents', { mode: 'number' }).notNull().default(0),
    spent_cents: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
    code: text('code').notNull().unique(),
    /** A same-origin app path (checked on the way in and again on every redirect). */
    target_path: text('target_path').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('marketing_campaigns_type_check', sql`${t.campaign_type} in (${inList(CAMPAIGN_TYPES)})`),
    check('marketing_campaigns_status_check', sql`${t.status} in (${inList(STORED_CAMPAIGN_STATUSES)})`),
    check('marketing_campaigns_budget_check', sql`${t.budget_cents} >= 0 and ${t.spent_cents} >= 0`),
    check('marketing_campaigns_dates_check', sql`${t.end_date} is null or ${t.end_date} > ${t.start_date}`),
    index('marketing_campaigns_created_idx').on(t.created_at),
  ],
);

/** One visit through a campaign's link; user_id when the visitor was signed in, else the visitor cookie. */
export const marketingClicks = pgTable(
  'marketing_clicks',
  {
    id: serial('id').primaryKey(),
    campaign_id: integer('campaign_id')
      .notNull()
      .references(() => marketingCampaigns.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The random first-party visitor id (cookie tt_visitor), never anything personal. */
    visitor_id: text('visitor_id').notNull(),
    clicked_at: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marketing_clicks_campaign_idx').on(t.campaign_id, t.clicked_at),
    index('marketing_clicks_user_idx').on(t.user_id, t.clicked_at),
    index('marketing_clicks_visitor_idx').on(t.visitor_id),
  ],
);
