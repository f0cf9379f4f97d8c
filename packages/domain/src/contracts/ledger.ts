import { z } from 'zod';
import { idSchema } from '../ids.ts';
import {
  bankLineSchema,
  bankReconciliationSchema,
  chartOfAccountsSchema,
  financeSummarySchema,
  financialReportsSchema,
  journalEntryInputSchema,
  journalEntrySchema,
  journalListQuerySchema,
  journalListSchema,
  periodQuerySchema,
  reconcileInputSchema,
} from '../ledger.ts';
import { contract } from './contract.ts';

const idParams = z.object({ id: idSchema });

/**
 * The financial center (spec 3 §7's four GET calls, and the writes DECISIONS 11 makes work): every
 * signed-in business keeps its own books (DECISIONS 24); each call sees only the caller's ledger.
 */
export const financeContracts = {
  chartOfAccounts: contract({
    method: 'GET',
    path: '/api/finance/chart-of-accounts',
    tag: 'finance',
    summary: "The chart of accounts with the caller's balances at the end of the period",
    access: 'signed_in',
    query: periodQuerySchema,
    status: 200,
    response: chartOfAccountsSchema,
  }),
  journalEntries: contract({
    method: 'GET',
    path: '/api/finance/journal-entries',
    tag: 'finance',
    summary: "The caller's journal entries dated in the period, newest first",
    access: 'signed_in',
    query: journalListQuerySchema,
    status: 200,
    response: journalListSchema,
  }),
  postEntry: contract({
    method: 'POST',
    path: '/api/finance/journal-entries',
    tag: 'finance',
    summary: 'Posts a manual entry; refused (400 ledger.unbalanced) unless debits equal credits',
    access: 'signed_in',
    body: journalEntryInputSchema,
    status: 201,
    response: journalEntrySchema,
  }),
  reverse: contract({
    method: 'POST',
    path: '/api/finance/journal-entries/:id/reverse',
    tag: 'finance',
    summary: 'Posts the entry that undoes a posted entry (entries are never edited or deleted)',
    access: 'signed_in',
    resource: 'owner',
    params: idParams,
    status: 201,
    response: journalEntrySchema,
  }),
  reports: contract({
    method: 'GET',
    path: '/api/finance/reports',
    tag: 'finance',
    summary: 'Trial balance, income statement, balance sheet and VAT summary for the period',
    access: 'signed_in',
    query: periodQuerySchema,
    status: 200,
    response: financialReportsSchema,
  }),
  summary: contract({
    method: 'GET',
    path: '/api/finance/summary',
    tag: 'finance',
    summary: "The dashboard tiles: the period's income, expenses and profit, and cash at its end",
    access: 'signed_in',
    query: periodQuerySchema,
    status: 200,
    response: financeSummarySchema,
  }),
  bankReconciliation: contract({
    method: 'GET',
    path: '/api/finance/bank-reconciliation',
    tag: 'finance',
    summary: "The bank account's lines in the period with their reconciled marks",
    access: 'signed_in',
    query: periodQuerySchema,
    status: 200,
    response: bankReconciliationSchema,
  }),
  reconcile: contract({
    method: 'POST',
    path: '/api/finance/bank-reconciliation/:id',
    tag: 'finance',
    summary: 'Marks a bank line reconciled with the statement, or not',
    access: 'signed_in',
    resource: 'owner',
    params: idParams,
    body: reconcileInputSchema,
    status: 200,
    response: bankLineSchema,
  }),
};
