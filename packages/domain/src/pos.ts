import { z } from 'zod';
import { saPhoneSchema } from './crm.ts';
import { idSchema } from './ids.ts';
import { ACCOUNTS, vatFor, type LedgerLine } from './ledger.ts';
import { centsToRand, percentOf, randToCents, type Cents } from './money.ts';

/**
 * The point of sale (spec 3 /pos; issue 11 point 2; DECISIONS 17, 20, 23). The till sells the shop's own
 * inventory at its retail prices, which include VAT (DECISIONS 23). The totals rule below is the one the
 * till shows, the receipt prints and the server posts.
 */

export const PAYMENT_METHODS = ['cash', 'card', 'mobile', 'qr_code', 'tap_pay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);

/** Spec 3 §9: at most 20 products are shown in the grid. */
export const POS_GRID_LIMIT = 20;
/** The most products the till loads (all of a small shop's items; the grid searches them on the device). */
export const POS_PRODUCTS_CAP = 2000;
/** The markup a new shop's default prices use until the owner chooses another. */
export const DEFAULT_MARKUP_PERCENT = 30;
export const MAX_MARKUP_PERCENT = 1000;
export const POS_TRANSACTIONS_DEFAULT = 20;
export const POS_TRANSACTIONS_MAX = 100;

export interface TillLine {
  unit_price_cents: Cents;
  quantity: number;
}

export interface TillTotals {
  /** The lines' sum, VAT included. */
  subtotal: Cents;
  discount: Cents;
  /** What the customer pays: subtotal - discount. */
  total: Cents;
  /** The VAT inside the total: total x 15/115 rounded once, half away from zero; 0 when not registered. */
  vat: Cents;
}

/**
 * DECISIONS 23: prices include VAT. The discount is a percentage of the lines (rounded half away from zero
 * to a cent); the customer pays lines - discount; a VAT-registered business shows and posts
 * VAT = (lines - discount) x 15/115, rounded once; an unregistered one shows and posts none.
 */
export function tillTotals(
  lines: readonly TillLine[],
  discountPercent: number,
  vatRegistered: boolean,
): TillTotals {
  const subtotal = lines.reduce((sum, l) => sum + l.unit_price_cents * l.quantity, 0);
  const discount = percentOf(subtotal, discountPercent);
  const total = subtotal - discount;
  return { subtotal, discount, total, vat: vatFor(total, vatRegistered) };
}

/**
 * The default retail price of an item without its own: its weighted-average cost plus the owner's markup,
 * rounded up to a whole cent (a price never below cost plus markup).
 */
export function defaultPriceCents(unitCostCents: Cents, markupPercent: number): Cents {
  const basisPoints = Math.round(markupPercent * 100);
  return Math.ceil((unitCostCents * (10_000 + basisPoints)) / 10_000);
}

/** Change for a cash payment (never negative). */
export const changeDue = (tenderedCents: Cents, totalCents: Cents): Cents =>
  Math.max(0, tenderedCents - totalCents);

/** A device's receipt numbers: its prefix (four letters or digits) and a running number, e.g. K7QD-0042. */
export const RECEIPT_NUMBER_PATTERN = /^[A-Z0-9]{4}-[0-9]{4,8}$/;

export function receiptNumber(devicePrefix: string, sequence: number): string {
  return `${devicePrefix}-${String(sequence).padStart(4, '0')}`;
}

// Schemas --------------------------------------------------------------------------------------------

const randAmount = z
  .number()
  .finite()
  .min(0)
  .max(10_000_000)
  .multipleOf(0.01, { message: 'validation.decimals' });
const percent = z
  .number()
  .finite()
  .min(0, { message: 'validation.too_small' })
  .max(100, { message: 'validation.too_big' })
  .multipleOf(0.01, { message: 'validation.decimals' });

export const posSaleLineInputSchema = z.object({
  /** The till product (the shop's inventory product) sold. */
  product_id: idSchema,
  quantity: z.number().int().min(1).max(100_000),
  /** The price per unit the till showed, VAT included. */
  unit_price: randAmount,
  total_price: randAmount,
});

/**
 * POST /api/pos/process-payment: spec 3's payment request, plus what makes a sale safe to send twice and
 * to ring up without a network: the device's id of the sale (a repeat is the same sale), its receipt
 * number, when it was rung up and whether it was rung up offline (then it is accepted at the prices shown
 * even when they changed meanwhile, and recorded even when the stock ran short).
 */
export const posSaleInputSchema = z
  .object({
    client_sale_id: z.uuid({ message: 'validation.invalid' }),
    receipt_number: z
      .string()
      .regex(RECEIPT_NUMBER_PATTERN, { message: 'validation.invalid_format' })
      .nullish(),
    items: z.array(posSaleLineInputSchema).min(1, { message: 'validation.too_few' }).max(200),
    subtotal: randAmount,
    tax_amount: randAmount,
    discount_percent: percent.default(0),
    discount_amount: randAmount,
    total_amount: randAmount,
    payment_method: paymentMethodSchema,
    amount_tendered: randAmount.nullish(),
    customer_name: z.string().trim().max(120, { message: 'validation.too_long' }).nullish(),
    customer_phone: saPhoneSchema,
    rung_up_at: z.iso.datetime({ offset: true, message: 'validation.date_time' }).nullish(),
    offline: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.items.forEach((line, index) => {
      if (seen.has(line.product_id)) {
        ctx.addIssue({ code: 'custom', path: ['items', index, 'product_id'], message: 'validation.invalid' });
      }
      seen.add(line.product_id);
      if (randToCents(line.total_price) !== randToCents(line.unit_price) * line.quantity) {
        ctx.addIssue({
          code: 'custom',
          path: ['items', index, 'total_price'],
          message: 'validation.invalid',
        });
      }
    });
    if (value.payment_method === 'cash' && value.amount_tendered != null) {
      if (randToCents(value.amount_tendered) < randToCents(value.total_amount)) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount_tendered'],
          message: 'validation.too_small',
          params: { minimum: value.total_amount },
        });
      }
    }
  });
export type PosSaleInput = z.input<typeof posSaleInputSchema>;
export type PosSaleRequest = z.output<typeof posSaleInputSchema>;

export const posShopSchema = z.object({
  name: z.string(),
  vat_number: z.string().nullable(),
  vat_registered: z.boolean(),
});
export type PosShop = z.infer<typeof posShopSchema>;

export const posProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  brand: z.string().nullable(),
  image_url: z.string().nullable(),
  /** The retail price, VAT included. */
  price: z.number(),
  /** The price is the default (cost plus markup), not one the owner set. */
  price_is_default: z.boolean(),
  unit_cost: z.number(),
  /** Available at the shop's default location (what the till sells from). */
  available: z.number().int(),
});
export type PosProduct = z.infer<typeof posProductSchema>;

export const posCatalogueSchema = z.object({
  shop: posShopSchema,
  markup_percent: z.number(),
  products: z.array(posProductSchema),
});
export type PosCatalogue = z.infer<typeof posCatalogueSchema>;

export const posSettingsInputSchema = z.object({
  markup_percent: z
    .number()
    .finite()
    .min(0, { message: 'validation.too_small' })
    .max(MAX_MARKUP_PERCENT, { message: 'validation.too_big' })
    .multipleOf(0.01, { message: 'validation.decimals' }),
});
export type PosSettingsInput = z.input<typeof posSettingsInputSchema>;

/** A retail price of one item; null goes back to the default (cost plus markup). */
export const posPriceInputSchema = z.object({ price: randAmount.nullable() });
export type PosPriceInput = z.input<typeof posPriceInputSchema>;

export const posTransactionLineSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  total_price: z.number(),
});

export const posTransactionSchema = z.object({
  id: z.number().int(),
  client_sale_id: z.string(),
  transaction_number: z.string(),
  subtotal: z.number(),
  discount_percent: z.number(),
  discount_amount: z.number(),
  tax_amount: z.number(),
  total_amount: z.number(),
  payment_method: paymentMethodSchema,
  amount_tendered: z.number().nullable(),
  change_due: z.number().nullable(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  offline: z.boolean(),
  /** Synced late with more sold than was recorded in stock: a count was asked for. */
  stock_short: z.boolean(),
  rung_up_at: z.string(),
  created_at: z.string(),
  /** Refunded (or voided) as a whole: its stock came back and its books were reversed. */
  refunded_at: z.string().nullable(),
  refund_reason: z.string().nullable(),
  lines: z.array(posTransactionLineSchema),
  shop: posShopSchema,
});
export type PosTransaction = z.infer<typeof posTransactionSchema>;

/** POST /api/pos/transactions/:id/refund: a refund or void of the whole sale, with its reason. */
export const posRefundInputSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, { message: 'validation.too_short' })
    .max(240, { message: 'validation.too_long' }),
});
export type PosRefundInput = z.input<typeof posRefundInputSchema>;

export const posTransactionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(POS_TRANSACTIONS_MAX).default(POS_TRANSACTIONS_DEFAULT),
});

export const posTransactionListSchema = z.object({
  transactions: z.array(posTransactionSchema),
  total: z.number().int(),
});
export type PosTransactionList = z.infer<typeof posTransactionListSchema>;

/** The request the till sends for a cart (shared by the screen and the tests): totals by the one rule. */
export function saleRequest(input: {
  clientSaleId: string;
  receiptNumber?: string | null;
  lines: readonly { product_id: number; quantity: number; unit_price_cents: Cents }[];
  discountPercent: number;
  vatRegistered: boolean;
  paymentMethod: PaymentMethod;
  amountTenderedCents?: Cents | null;
  customerName?: string | null;
  customerPhone?: string | null;
  rungUpAt?: string | null;
  offline?: boolean;
}): PosSaleInput {
  const totals = tillTotals(input.lines, input.discountPercent, input.vatRegistered);
  return {
    client_sale_id: input.clientSaleId,
    receipt_number: input.receiptNumber ?? null,
    items: input.lines.map((l) => ({
      product_id: l.product_id,
      quantity: l.quantity,
      unit_price: centsToRand(l.unit_price_cents),
      total_price: centsToRand(l.unit_price_cents * l.quantity),
    })),
    subtotal: centsToRand(totals.subtotal),
    tax_amount: centsToRand(totals.vat),
    discount_percent: input.discountPercent,
    discount_amount: centsToRand(totals.discount),
    total_amount: centsToRand(totals.total),
    payment_method: input.paymentMethod,
    amount_tendered:
      input.paymentMethod === 'cash' && input.amountTenderedCents != null
        ? centsToRand(input.amountTenderedCents)
        : null,
    customer_name: input.customerName || null,
    customer_phone: input.customerPhone || null,
    rung_up_at: input.rungUpAt ?? null,
    offline: input.offline ?? false,
  };
}

// Cash-up ------------------------------------------------------------------------------------------

/**
 * The cash-up (issue 11 point 2; ADR 017). It closes the till's session: every sale and every refund
 * recorded since the previous cash-up belongs to exactly one cash-up. The owner enters the float the
 * drawer started with and the cash counted; expected cash = float + cash sales - cash refunds, and the
 * difference (counted - expected) is posted as over (Cash / Cash over/short) or short (the reverse).
 */
export const CASH_UP_HISTORY = 10;
export const CASH_UP_OUTCOMES = ['balanced', 'over', 'short'] as const;
export type CashUpOutcome = (typeof CASH_UP_OUTCOMES)[number];

export interface CashUpMovement {
  payment_method: PaymentMethod;
  total_cents: Cents;
}

export interface CashUpMethodTotals {
  method: PaymentMethod;
  sales_count: number;
  sales_cents: Cents;
  refunds_count: number;
  refunds_cents: Cents;
  /** sales - refunds. */
  net_cents: Cents;
}

/** The session's totals per payment method (every method, in the till's order) and the cash expected. */
export function cashUpTotals(
  sales: readonly CashUpMovement[],
  refunds: readonly CashUpMovement[],
  floatCents: Cents,
): { methods: CashUpMethodTotals[]; expected_cash_cents: Cents } {
  const methods = PAYMENT_METHODS.map((method) => {
    const sold = sales.filter((s) => s.payment_method === method);
    const back = refunds.filter((r) => r.payment_method === method);
    const sales_cents = sold.reduce((sum, s) => sum + s.total_cents, 0);
    const refunds_cents = back.reduce((sum, r) => sum + r.total_cents, 0);
    return {
      method,
      sales_count: sold.length,
      sales_cents,
      refunds_count: back.length,
      refunds_cents,
      net_cents: sales_cents - refunds_cents,
    };
  });
  const cash = methods.find((m) => m.method === 'cash')!;
  return { methods, expected_cash_cents: floatCents + cash.net_cents };
}

/** Counted against expected: the difference (positive when over) and what it is called. */
export function cashDifference(
  countedCents: Cents,
  expectedCents: Cents,
): { difference_cents: Cents; outcome: CashUpOutcome } {
  const difference_cents = countedCents - expectedCents;
  return {
    difference_cents,
    outcome: difference_cents === 0 ? 'balanced' : difference_cents > 0 ? 'over' : 'short',
  };
}

/**
 * The journal lines of a cash-up's difference: over debits Cash and credits Cash over/short; short debits
 * Cash over/short and credits Cash. A balanced drawer posts nothing (no lines).
 */
export function cashUpLines(differenceCents: Cents): LedgerLine[] {
  if (differenceCents === 0) return [];
  const amount = Math.abs(differenceCents);
  const [debitCode, creditCode] =
    differenceCents > 0 ? [ACCOUNTS.cash, ACCOUNTS.cashOverShort] : [ACCOUNTS.cashOverShort, ACCOUNTS.cash];
  return [
    { account_code: debitCode, debit_cents: amount, credit_cents: 0 },
    { account_code: creditCode, debit_cents: 0, credit_cents: amount },
  ];
}

/**
 * POST /api/pos/cash-up. session is the number of the session being closed (shown by GET): a second
 * submit of the same session is refused, so a cash-up is recorded once. expected_cash is what the screen
 * showed; a sale or refund recorded meanwhile changes it and the cash-up is refused to be checked again.
 */
export const posCashUpInputSchema = z.object({
  session: z.number().int().min(1).max(1_000_000),
  opening_float: randAmount.default(0),
  counted_cash: randAmount,
  expected_cash: z
    .number()
    .finite()
    .min(-10_000_000)
    .max(20_000_000)
    .multipleOf(0.01, { message: 'validation.decimals' }),
  notes: z.string().trim().max(240, { message: 'validation.too_long' }).nullish(),
});
export type PosCashUpInput = z.input<typeof posCashUpInputSchema>;
export type PosCashUpRequest = z.output<typeof posCashUpInputSchema>;

export const posCashUpMethodSchema = z.object({
  method: paymentMethodSchema,
  sales_count: z.number().int(),
  sales_total: z.number(),
  refunds_count: z.number().int(),
  refunds_total: z.number(),
  net: z.number(),
});
export type PosCashUpMethod = z.infer<typeof posCashUpMethodSchema>;

export const posCashUpSchema = z.object({
  id: z.number().int(),
  session: z.number().int(),
  /** The first sale or refund it covers (null when it covers none). */
  opened_at: z.string().nullable(),
  closed_at: z.string(),
  methods: z.array(posCashUpMethodSchema),
  opening_float: z.number(),
  expected_cash: z.number(),
  counted_cash: z.number(),
  /** counted - expected: positive over, negative short. */
  difference: z.number(),
  outcome: z.enum(CASH_UP_OUTCOMES),
  notes: z.string().nullable(),
  /** The journal entry's reference, when a difference was posted. */
  journal_reference: z.string().nullable(),
});
export type PosCashUp = z.infer<typeof posCashUpSchema>;

/** GET /api/pos/cash-up: the open session's totals (what a cash-up now would cover) and the history. */
export const posCashUpSummarySchema = z.object({
  session: z.number().int(),
  opened_at: z.string().nullable(),
  methods: z.array(posCashUpMethodSchema),
  sales_count: z.number().int(),
  refunds_count: z.number().int(),
  /** Expected cash before the float: cash sales - cash refunds. */
  cash_net: z.number(),
  history: z.array(posCashUpSchema),
});
export type PosCashUpSummary = z.infer<typeof posCashUpSummarySchema>;
