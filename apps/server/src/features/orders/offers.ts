import type { Offer, OfferSource } from '@tt/domain';
import type { Db, Tx } from '../../db/client.ts';

/**
 * Where the live discounts come from (DECISIONS 21, ADR 020 and 022). Areas that give discounts register
 * here once, so the orders area imports none of them (no area cycle): checkout asks them for offers,
 * tells them which of their offers each order used, and tells them when orders are cancelled or
 * declined, all inside the order's transaction.
 */
export interface OfferContext {
  /**
   * true inside a checkout's transaction: the provider locks what it needs (e.g. the rows of offers
   * with max_uses) until the transaction ends, so two checkouts cannot both take the last use.
   */
  lock: boolean;
  buyerId: number;
}

export interface OfferUse {
  order_id: number;
  buyer_id: number;
  source: OfferSource;
  /** What the offer took off that order's lines (0 for free shipping). */
  discount_cents: number;
}

export interface OfferProvider {
  offers(tx: Tx, sellerIds: number[], now: Date, context?: OfferContext): Promise<Offer[]>;
  used?(tx: Tx, uses: OfferUse[]): Promise<void>;
  /** These orders were cancelled or declined: give back whatever they used (max_uses). */
  released?(tx: Tx, orderIds: number[]): Promise<void>;
}

const offerProviders = new Map<OfferSource['type'], OfferProvider>();

/** One provider per kind of offer (its source type); registering again replaces it. */
export function registerOfferProvider(type: OfferSource['type'], provider: OfferProvider): void {
  offerProviders.set(type, provider);
}

export function registeredOfferProviders(): ReadonlyMap<OfferSource['type'], OfferProvider> {
  return offerProviders;
}

/** The live offers of every registered provider for these sellers, then the request's own. */
export async function offersFor(
  tx: Db | Tx,
  sellerIds: number[],
  extra: readonly Offer[] = [],
  now = new Date(),
  context?: OfferContext,
): Promise<Offer[]> {
  const found: Offer[] = [];
  for (const provider of offerProviders.values())
    found.push(...(await provider.offers(tx as Tx, sellerIds, now, context)));
  return [...found, ...extra];
}

/**
 * The buyer's rewards (issue 13.3, ADR 022): a balance checkout may spend, debited in the order's
 * transaction and given back when the order is cancelled. The referrals area registers it.
 */
export interface CreditProvider {
  /** The buyer's balance in cents; with lock, held until the transaction ends (no double spending). */
  balance(tx: Db | Tx, buyerId: number, lock: boolean): Promise<number>;
  spend(tx: Tx, buyerId: number, spends: { order_id: number; cents: number }[]): Promise<void>;
  released(tx: Tx, orderIds: number[]): Promise<void>;
}

let creditProvider: CreditProvider | null = null;
export function registerCreditProvider(provider: CreditProvider): void {
  creditProvider = provider;
}
export function registeredCreditProvider(): CreditProvider | null {
  return creditProvider;
}

/**
 * Orders were cancelled or declined (DECISIONS 21): every provider gives back their uses and the
 * rewards credit they spent, in the caller's transaction.
 */
export async function releaseOrderOffers(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  for (const provider of offerProviders.values())
    if (provider.released) await provider.released(tx, orderIds);
  if (creditProvider) await creditProvider.released(tx, orderIds);
}
