import type { FastifyInstance } from 'fastify';
import { financeContracts as c, periodRange, type Period } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import {
  bankReconciliation,
  chartOfAccounts,
  financeSummary,
  financialReports,
  listEntries,
  postManualEntry,
  reconcileLine,
  reverseEntry,
  type DateRange,
} from './service.ts';

/** The period select's choice as the first and last day, in Johannesburg dates. */
const rangeOf = (query: { period: Period; from?: string | undefined; to?: string | undefined }): DateRange =>
  periodRange(query.period, new Date(), query);

/** The financial center: every call reads or writes only the caller's own books (DECISIONS 24). */
export async function ledgerRoutes(app: FastifyInstance) {
  defineRoute(app, c.chartOfAccounts, async ({ user, query }) =>
    chartOfAccounts(app.db, user.id, rangeOf(query)),
  );
  defineRoute(app, c.journalEntries, async ({ user, query }) =>
    listEntries(app.db, user.id, rangeOf(query), query.page, query.page_size),
  );
  defineRoute(app, c.postEntry, async ({ user, body }) => postManualEntry(app.db, user.id, body));
  // owner: the service refuses another business's entry inside its transaction.
  defineRoute(app, c.reverse, async ({ user, params }) => reverseEntry(app.db, user.id, params.id));
  defineRoute(app, c.reports, async ({ user, query }) => financialReports(app.db, user.id, rangeOf(query)));
  defineRoute(app, c.summary, async ({ user, query }) => financeSummary(app.db, user.id, rangeOf(query)));
  defineRoute(app, c.bankReconciliation, async ({ user, query }) =>
    bankReconciliation(app.db, user.id, rangeOf(query)),
  );
  // owner: the service refuses another business's line inside its transaction.
  defineRoute(app, c.reconcile, async ({ user, params, body }) =>
    reconcileLine(app.db, user.id, params.id, body.reconciled),
  );
}
