import { memo, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Check, ShoppingCart, Tag } from 'lucide-react';
import {
  STOCK_GREEN_ABOVE,
  formatRand,
  lineDiscountCents,
  promotionRule,
  randToCents,
  unbuyableReason,
  type AppUser,
  type Product,
  type ProductTradeOffer,
  type ProductPromotion,
} from '@tt/domain';
import { takeFirstPaintTap } from '../../../lib/first-paint';
import { formatDate } from '../../../lib/format';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { cn } from '../../../components/ui/cn';
import { canBuy, useAddToCart } from '../../cart/api';
import { PriceLine } from '../../../components/ui/PriceLine';
import { ProductImage } from '../../../components/ui/ProductImage';
import { TradeOfferTags } from '../../smart-orders';

/** How the marketplace lays its cards out (the page keeps the choice in the URL). */
export type ProductView = 'grid' | 'list';

/** Spec 1 §9: 'Added to Cart' shows for two seconds. */
const ADDED_MS = 2000;

/**
 * The card's parts take its `t` rather than each asking for one: react-i18next copies the i18next instance for every
 * `useTranslation` a component mounts, and a page mounts 24 cards at once (ADR 038).
 */
type CardT = TFunction<'products'>;

function StockText({ stock, t }: { stock: number; t: CardT }) {
  return (
    <p
      data-testid="stock"
      className={cn(
        'text-xs font-medium',
        stock > STOCK_GREEN_ABOVE ? 'text-green-700' : stock > 0 ? 'text-amber-700' : 'text-red-700',
      )}
    >
      {stock > 0 ? t('card.in_stock', { count: stock }) : t('card.out_of_stock')}
    </p>
  );
}

/**
 * A running trade promotion on the product (DECISIONS 21): what it takes off, from which order value,
 * and the day it ends. Checkout prices it through the one rule; the cart's review shows the discount.
 */
function PromotionBadge({
  promotion,
  unitCents,
}: {
  promotion: ProductPromotion;
  /** The product's price a unit: the badge says what a unit costs with the promotion (the one rule's figure). */
  unitCents: number;
}) {
  const { t, i18n } = useTranslation('products');
  const rule = promotionRule({
    discount_tenths: Math.round(promotion.discount_percentage * 10),
    discount_amount_cents: randToCents(promotion.discount_amount),
  });
  const promoted =
    unitCents -
    lineDiscountCents({ product_id: 0, seller_id: 0, quantity: 1, unit_price_cents: unitCents }, rule);
  const off =
    promotion.discount_percentage > 0
      ? t('card.promo_percent', { value: promotion.discount_percentage })
      : t('card.promo_amount', { amount: formatRand(randToCents(promotion.discount_amount)) });
  return (
    <div
      className="rounded-md bg-green-50 px-2 py-1 text-xs text-green-900 ring-1 ring-green-700/20 ring-inset"
      data-testid="promotion-badge"
      title={promotion.promotion_name}
    >
      <p className="flex items-center gap-1 font-semibold">
        <Tag aria-hidden className="size-3.5 shrink-0" />
        <span className="min-w-0 truncate">{off}</span>
      </p>
      <p className="font-semibold tabular-nums" data-testid="promotion-price">
        {t('card.promo_price', { amount: formatRand(promoted) })}
      </p>
      {promotion.minimum_order_value > 0 && (
        <p>{t('card.promo_min', { amount: formatRand(randToCents(promotion.minimum_order_value)) })}</p>
      )}
      <p className="text-green-800">
        {t('card.promo_ends', { date: formatDate(promotion.end_date, i18n.language) })}
      </p>
    </div>
  );
}

/** Memo: offers, promotions and a next page arrive after the cards; only the cards they change are drawn again. */
export const ProductCard = memo(function ProductCard({
  product,
  view,
  user,
  offers,
  promotions,
  priority = false,
}: {
  product: Product;
  view: ProductView;
  /** One of the first cards, in view when the screen opens: its picture loads at once (ProductImage). */
  priority?: boolean;
  user: AppUser;
  /** The trade offers running on it (smart orders), shown under the price. */
  offers?: readonly ProductTradeOffer[] | undefined;
  /** The promotions running on it today (the best-known first); none: no badge. */
  promotions?: ProductPromotion[] | undefined;
}) {
  const { t } = useTranslation('products');
  const mine = product.seller_id === user.id;
  const list = view === 'list';

  return (
    <Card
      data-testid="product-card"
      data-product-id={product.id}
      className={cn(
        'flex h-full overflow-hidden',
        list ? 'flex-row' : 'flex-col',
        mine && 'ring-2 ring-brand-300',
      )}
    >
      <ProductImage
        src={product.image_url}
        alt={product.name}
        priority={priority}
        className={list ? 'size-24 self-center sm:size-28' : 'aspect-square w-full border-b border-stone-100'}
      />
      <div className={cn('flex min-w-0 flex-1 flex-col p-2.5 sm:p-3', list && 'sm:flex-row sm:gap-4')}>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1">
            <p className="truncate text-[11px] font-medium tracking-wide text-brand-700 uppercase">
              {product.category_name}
            </p>
            {mine && <Badge tone="orange">{t('card.your_listing')}</Badge>}
            {!product.is_active && <Badge tone="grey">{t('card.inactive')}</Badge>}
          </div>
          <h2
            className="mt-0.5 line-clamp-2 text-sm font-semibold text-stone-900 sm:text-base"
            title={product.name}
          >
            {product.name}
          </h2>
          <p className="truncate text-xs text-stone-500">{product.brand}</p>
          {!mine && (
            <p className="truncate text-xs text-stone-500" data-testid="seller-name">
              {t('card.sold_by', { name: product.seller_name })}
            </p>
          )}
        </div>
        <div className={cn('mt-2 flex flex-col gap-1', list && 'sm:mt-0 sm:w-48 sm:shrink-0 sm:items-end')}>
          <PriceLine
            sellingCents={randToCents(product.selling_price)}
            mrpCents={randToCents(product.mrp)}
            exclVatLabel={t('card.excl_vat')}
            saveLabel={(amount) => t('card.save', { amount })}
            size="lg"
          />
          {promotions?.[0] && (
            <PromotionBadge promotion={promotions[0]} unitCents={randToCents(product.selling_price)} />
          )}
          <p className="text-xs text-stone-600">{t('card.moq', { count: product.minimum_order_quantity })}</p>
          <StockText stock={product.stock_quantity} t={t} />
          {offers && offers.length > 0 && <TradeOfferTags offers={offers} />}
          {canBuy(user.role) && (
            <div className={cn('mt-1.5', list && 'sm:w-full')}>
              <AddToCartButton product={product} t={t} />
            </div>
          )}
        </div>
      </div>
    </Card>
  );
});

type AddState = 'idle' | 'adding' | 'added';

function AddToCartButton({ product, t }: { product: Product; t: CardT }) {
  const add = useAddToCart();
  const [state, setState] = useState<AddState>('idle');
  // Spec 1 §5 sends 1; the server raises a new line to the minimum order quantity.
  const reason = unbuyableReason(product);

  useEffect(() => {
    if (state !== 'added') return;
    const timer = window.setTimeout(() => setState('idle'), ADDED_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const onAdd = () => {
    setState('adding');
    add.mutate(
      { product_id: product.id, quantity: 1 },
      { onSuccess: () => setState('added'), onError: () => setState('idle') },
    );
  };

  // Pressed in the marketplace's first paint before the app had taken over (index.html remembers it): pressed now.
  useEffect(() => {
    if (reason === null && takeFirstPaintTap(`products:add:${product.id}`)) onAdd();
    // Once, when the card first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <Button
        size="sm"
        variant={state === 'added' ? 'secondary' : 'primary'}
        className={cn('w-full', state === 'added' && 'bg-green-700 hover:bg-green-700')}
        disabled={reason !== null || state !== 'idle'}
        aria-describedby={reason ? `why-${product.id}` : undefined}
        loading={state === 'adding'}
        onClick={onAdd}
        data-testid="add-to-cart"
        data-state={state}
      >
        {state === 'added' ? (
          <Check aria-hidden className="size-4" />
        ) : (
          state === 'idle' && <ShoppingCart aria-hidden className="size-4" />
        )}
        {state === 'added' ? t('card.added') : state === 'adding' ? t('card.adding') : t('card.add')}
      </Button>
      {/* A disabled button always says why, in view (issue 10 point 4). */}
      {reason && (
        <p id={`why-${product.id}`} className="mt-1 text-xs text-stone-700" data-testid="add-disabled-reason">
          {t(`card.why_${reason}`, { min: product.minimum_order_quantity, stock: product.stock_quantity })}
        </p>
      )}
    </>
  );
}
