/**
 * The questions every buyer asks first, answered before they ask (ADR 028): once the server listens, and
 * again each time the catalogue's version moves, the shared ids cache (service.ts) is filled with the whole
 * catalogue and each department in each sort, without and with each price band, then each category in
 * each sort, after the whole catalogue's order in each sort (a search in a chosen order sorts its matches
 * by it). One question at a time, yielding between statements: on PGlite (one query at a time) a buyer
 * waits behind at most one of them. Only ids and their order are kept, as for any other answer (ADR 005).
 */
import {
  PRICE_BAND_KEYS,
  PRODUCT_SORTS,
  productQuerySchema,
  type Category,
  type ProductOrder,
} from '@tt/domain';
import type { Db } from '../../db/client.ts';
import {
  catalogueState,
  keepAnswer,
  keepOrders,
  keptOrderOf,
  listCategories,
  questionKey,
  type ProductQuery,
} from './service.ts';

export interface CatalogueFill {
  /** The first pass: how many questions it answered and in how long (it ends early if the version moves). */
  filled(): Promise<{ questions: number; ms: number }>;
  /** Every pass so far (the first, then each refill after a change of version), oldest first. */
  passes(): readonly FillPass[];
  /** Stops filling (the statement in hand finishes first): call it before the database closes. */
  stop(): Promise<void>;
}

export interface FillPass {
  /** Questions kept, whole-catalogue orders read, and how long the pass took. */
  questions: number;
  orders: number;
  ms: number;
}

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** Every buyer's first questions, most asked first (the marketplace opens on the whole catalogue by name). */
export function firstQuestions(tree: Category[]): ProductQuery[] {
  const departments = tree.filter((c) => c.parent_id === null).map((c) => c.id);
  const subcategories = tree.filter((c) => c.parent_id !== null);
  const sorts = [undefined, ...PRODUCT_SORTS];
  const bands = [undefined, ...PRICE_BAND_KEYS];
  const asked: Record<string, unknown>[] = [];
  for (const band of bands) {
    for (const department of [undefined, ...departments]) {
      for (const sort of sorts) asked.push({ department_id: department, price_band: band, sort });
    }
  }
  for (const category of subcategories) {
    for (const sort of sorts) {
      asked.push({ department_id: category.parent_id, category_id: category.id, sort });
    }
  }
  return asked.map((q) =>
    productQuerySchema.parse(Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined))),
  );
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Starts filling in the background (it never delays start-up); refills after every change of version,
 * after `settleMs` (a burst of changes, such as a bulk upload, refills once). A refill is proportionate to
 * what buyers use: of the first questions only those asked since the previous pass, and of the
 * whole-catalogue orders only those their searches used (a question nobody asked is answered when it is
 * asked, as any other). A busy catalogue (an upload every few seconds) therefore refills what its buyers
 * keep asking, not all 385 questions each time.
 */
export function startCatalogueFill(
  db: Db,
  stockOrderMs: number,
  options: { log?: Log; settleMs?: number } = {},
): CatalogueFill {
  const state = catalogueState(db);
  let stopped = false;
  let again = true;
  let wake: (() => void) | null = null;
  let firstDone: (value: { questions: number; ms: number }) => void = () => undefined;
  const first = new Promise<{ questions: number; ms: number }>((resolve) => (firstDone = resolve));
  const passes: FillPass[] = [];

  state.onNewVersion = () => {
    again = true;
    wake?.();
  };

  /** One pass over the questions (a refill: those asked since); it starts over when the version moves meanwhile. */
  async function fillOnce(firstPass: boolean) {
    const started = performance.now();
    let questions = 0;
    // What buyers asked since the previous pass; what they ask from now on is the next refill's.
    const asked = state.asked;
    const ordersAsked = state.ordersAsked;
    state.asked = new Set();
    state.ordersAsked = new Set();
    const tree = await listCategories(db);
    // The whole catalogue's orders first: every search in a chosen order sorts its matches by them, and
    // every browsing question is walked from the order of its sort (service.ts, browseFromKept).
    for (const key of asked) {
      const [search, , , , sort] = JSON.parse(key) as [
        string | null,
        unknown,
        unknown,
        unknown,
        ProductOrder | null,
      ];
      if (search === null) ordersAsked.add(keptOrderOf(sort ?? 'name').kind);
    }
    const orders = firstPass ? undefined : [...ordersAsked];
    await keepOrders(db, stockOrderMs, orders);
    for (const query of firstQuestions(tree)) {
      if (stopped || again) break;
      if (!firstPass && !asked.has(questionKey(query))) continue;
      if (await keepAnswer(db, query, stockOrderMs)) questions += 1;
      await yieldToRequests();
    }
    if (again) {
      // Started over: what was asked before still counts for the next pass.
      for (const key of asked) state.asked.add(key);
      for (const kind of ordersAsked) state.ordersAsked.add(kind);
    }
    const pass = {
      questions,
      orders: orders?.length ?? 3,
      ms: Math.round(performance.now() - started),
    };
    passes.push(pass);
    if (passes.length > 100) passes.shift();
    return pass;
  }

  const loop = (async () => {
    let firstPass = true;
    while (!stopped) {
      if (!again) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      if (stopped) break;
      if (!firstPass) await new Promise((resolve) => setTimeout(resolve, options.settleMs ?? 200));
      again = false;
      try {
        const result = await fillOnce(firstPass);
        if (firstPass) {
          options.log?.info(result, 'catalogue: first questions filled');
          firstDone({ questions: result.questions, ms: result.ms });
          firstPass = false;
        }
      } catch (error) {
        // A closed database while stopping, a cancelled statement: the buyers' own requests still work.
        if (!stopped) options.log?.warn({ err: error }, 'catalogue: filling failed');
        firstDone({ questions: 0, ms: 0 });
        firstPass = false;
      }
    }
  })();

  return {
    filled: () => first,
    passes: () => passes,
    async stop() {
      stopped = true;
      state.onNewVersion = null;
      wake?.();
      await loop;
    },
  };
}
