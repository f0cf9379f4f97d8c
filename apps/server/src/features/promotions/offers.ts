import { registerOfferProvider } from '../orders/service.ts';
import { promotionOffers, recordPromotionUses, releasePromotionUses } from './service.ts';

/**
 * Trade promotions are the 'promotion' offers of the one pricing rule (DECISIONS 21, ADR 022): checkout
 * prices every running promotion (not used up), records what each took off each order in the order's
 * transaction, and a cancelled or declined order gives its use back.
 */
registerOfferProvider('promotion', {
  offers: (tx, sellerIds, now, context) => promotionOffers(tx, sellerIds, now, context?.lock ?? false),
  used: (tx, uses) =>
    recordPromotionUses(
      tx,
      uses.map((u) => ({
        promotion_id: u.source.id,
        order_id: u.order_id,
        discount_cents: u.discount_cents,
      })),
    ),
  released: releasePromotionUses,
});
