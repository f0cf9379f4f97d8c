import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft, Info, Store } from 'lucide-react';
import { DELIVERY_OPTIONS, formatRand, randToCents, type CartLine, type Quote } from '@tt/domain';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { PageHeader } from '../../../components/ui/PageHeader';
import { paths } from '../../../lib/paths';
import { unavailable } from '../sellers';
import type { CheckoutFlow } from '../useCheckoutFlow';
import { CartLineRow, type QuotedLine } from './CartLineRow';
import { DeliveryOptions } from './DeliveryOptions';
import { OrderTotals } from './OrderTotals';

/** Step 1: the lines by seller, the delivery option and the totals; nothing is placed from here. */
export function CartView({
  lines,
  flow,
  onReview,
}: {
  lines: CartLine[];
  flow: CheckoutFlow;
  onReview: () => void;
}) {
  const { t } = useTranslation('cart');
  const { groups, priced, delivery, quoted } = flow;
  const sellers = priced.orders.length;
  const blocked = lines.some(unavailable);
  const quotedLines = quotedLinesOf(quoted);
  const cents = randToCents;
  const deliveryLabel =
    sellers > 1
      ? t('summary.delivery_sellers', {
          fee: formatRand(DELIVERY_OPTIONS[delivery].fee_cents),
          count: sellers,
        })
      : undefined;
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle', { count: lines.length })}
        action={
          <Link to={paths.products} className={buttonClass('outline', 'sm')}>
            <ArrowLeft aria-hidden className="size-4" />
            {t('continue_shopping')}
          </Link>
        }
      />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          {groups.map((group) => (
            <Card key={group.seller_id} data-testid="cart-seller" data-seller-id={group.seller_id}>
              <div className="flex items-center gap-2 border-b border-stone-100 px-3 py-2.5 sm:px-4">
                <Store aria-hidden className="size-4 shrink-0 text-stone-500" />
                <h2 className="min-w-0 truncate text-sm font-semibold text-stone-900">
                  {t('seller', { name: group.seller_name })}
                </h2>
              </div>
              <ul className="divide-y divide-stone-100">
                {group.lines.map((line) => (
                  <CartLineRow
                    key={line.id}
                    line={line}
                    quoted={quotedLines.get(`${line.seller_id}:${line.product_id}`)}
                  />
                ))}
              </ul>
            </Card>
          ))}
        </div>

        <div className="space-y-4 lg:sticky lg:top-20">
          <DeliveryOptions value={delivery} onChange={flow.setDelivery} sellers={sellers} />
          <Card data-testid="order-summary">
            <CardHeader title={t('summary.title')} />
            <div className="p-3 sm:p-4">
              {quoted ? (
                <OrderTotals
                  subtotal={cents(quoted.subtotal)}
                  discount={cents(quoted.discount_amount)}
                  rewards={cents(quoted.rewards_used)}
                  vat={cents(quoted.tax_amount)}
                  delivery={cents(quoted.delivery_fee)}
                  deliveryLabel={deliveryLabel}
                  total={cents(quoted.total_amount)}
                />
              ) : (
                <>
                  <OrderTotals
                    subtotal={priced.subtotal_cents}
                    vat={priced.tax_cents}
                    delivery={priced.delivery_cents}
                    deliveryLabel={deliveryLabel}
                    total={priced.total_cents}
                    totalLabel={t('summary.estimated_total')}
                  />
                  <p
                    className="mt-2 flex gap-1.5 rounded-lg bg-stone-100 px-2.5 py-2 text-xs text-stone-700"
                    data-testid="summary-estimate"
                    aria-live="polite"
                  >
                    <Info aria-hidden className="mt-px size-3.5 shrink-0" />
                    {flow.quote.isError && !flow.quote.isFetching
                      ? t('summary.estimate_offline')
                      : t('summary.estimate_loading')}
                  </p>
                </>
              )}
              {sellers > 1 && (
                <p className="mt-2 text-xs text-stone-600">{t('summary.orders_note', { count: sellers })}</p>
              )}
            </div>
            <div className="space-y-2 border-t border-stone-100 p-3 sm:p-4">
              {blocked && (
                <p className="text-sm text-red-700" data-testid="checkout-blocked">
                  {t('errors.unavailable_lines')}
                </p>
              )}
              <Button
                size="lg"
                className="w-full"
                disabled={blocked}
                onClick={onReview}
                data-testid="checkout"
              >
                {t('checkout')}
              </Button>
              <p className="text-center text-xs text-stone-600">{t('review.not_yet')}</p>
              <Link to={paths.products} className={buttonClass('ghost', 'md', 'w-full')}>
                {t('continue_shopping')}
              </Link>
            </div>
          </Card>
        </div>
      </div>
    </>
  );
}

/** The server's quote of each cart line, by seller and product (a cart holds a product once). */
function quotedLinesOf(quoted: Quote | null): Map<string, QuotedLine> {
  const map = new Map<string, QuotedLine>();
  for (const order of quoted?.orders ?? []) {
    for (const line of order.lines) map.set(`${order.seller_id}:${line.product_id}`, line);
  }
  return map;
}
