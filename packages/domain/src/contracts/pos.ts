import { z } from 'zod';
import { idSchema } from '../ids.ts';
import {
  posCashUpInputSchema,
  posCashUpSchema,
  posCashUpSummarySchema,
  posCatalogueSchema,
  posPriceInputSchema,
  posProductSchema,
  posRefundInputSchema,
  posSaleInputSchema,
  posSettingsInputSchema,
  posTransactionListSchema,
  posTransactionSchema,
  posTransactionsQuerySchema,
} from '../pos.ts';
import { contract } from './contract.ts';

/**
 * The point of sale (spec 3 §7's two calls, plus what the till needs to sell the shop's own stock at its
 * own prices). A business sells from its own inventory (DECISIONS 24: every signed-in business; staff
 * accounts keep no stock); every call sees only the caller's shop.
 */
export const posContracts = {
  products: contract({
    method: 'GET',
    path: '/api/pos/products',
    tag: 'pos',
    summary:
      "The till's products: the shop's stock at its default location with retail prices (VAT included)",
    access: 'inventory.manage',
    denied: 'pos.business_only',
    status: 200,
    response: posCatalogueSchema,
  }),
  settings: contract({
    method: 'PUT',
    path: '/api/pos/settings',
    tag: 'pos',
    summary: 'The markup on cost that gives the default retail price of an item without its own',
    access: 'inventory.manage',
    denied: 'pos.business_only',
    body: posSettingsInputSchema,
    status: 200,
    response: posCatalogueSchema,
  }),
  setPrice: contract({
    method: 'PUT',
    path: '/api/pos/products/:id/price',
    tag: 'pos',
    summary: "An item's retail price (VAT included); null returns it to the default",
    access: 'inventory.manage',
    denied: 'pos.business_only',
    params: z.object({ id: idSchema }),
    body: posPriceInputSchema,
    status: 200,
    response: posProductSchema,
  }),
  processPayment: contract({
    method: 'POST',
    path: '/api/pos/process-payment',
    tag: 'pos',
    summary:
      'Records a sale: stock out and the books in one transaction; a repeat of the same client_sale_id answers the recorded sale',
    access: 'inventory.manage',
    denied: 'pos.business_only',
    body: posSaleInputSchema,
    status: 201,
    response: posTransactionSchema,
  }),
  transactions: contract({
    method: 'GET',
    path: '/api/pos/transactions',
    tag: 'pos',
    summary: "The shop's till sales, newest first",
    access: 'inventory.manage',
    denied: 'pos.business_only',
    query: posTransactionsQuerySchema,
    status: 200,
    response: posTransactionListSchema,
  }),
  refund: contract({
    method: 'POST',
    path: '/api/pos/transactions/:id/refund',
    tag: 'pos',
    summary:
      "Refunds or voids a whole sale with a reason: its stock comes back and its books are reversed; another shop's sale is 404",
    access: 'inventory.manage',
    denied: 'pos.business_only',
    params: z.object({ id: idSchema }),
    body: posRefundInputSchema,
    status: 200,
    response: posTransactionSchema,
  }),
  cashUpSummary: contract({
    method: 'GET',
    path: '/api/pos/cash-up',
    tag: 'pos',
    summary:
      "The open till session's totals per payment method (what a cash-up now covers) and the latest cash-ups",
    access: 'inventory.manage',
    denied: 'pos.business_only',
    status: 200,
    response: posCashUpSummarySchema,
  }),
  cashUp: contract({
    method: 'POST',
    path: '/api/pos/cash-up',
    tag: 'pos',
    summary:
      'Closes the till session: counted cash against expected, the difference posted as over or short; a session is cashed up once',
    access: 'inventory.manage',
    denied: 'pos.business_only',
    body: posCashUpInputSchema,
    status: 201,
    response: posCashUpSchema,
  }),
};
