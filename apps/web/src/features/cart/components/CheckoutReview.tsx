import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, MapPin, Store } from 'lucide-react';
import { DELIVERY_OPTIONS, formatRand, type CartLine } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Input } from '../../../components/ui/Field';
import { PageHeader } from '../../../components/ui/PageHeader';
import { unavailable } from '../sellers';
import type { CheckoutFlow } from '../useCheckoutFlow';
import { CheckoutProblem } from './CheckoutProblem';
import { OrderTotals } from './OrderTotals';

const ADDRESS_MAX = 240;

/**
 * Step 2: what will be ordered, from whom, delivered where, for how much, and what happens next.
 * Only "Place order" here sends the checkout (money moves only after the buyer saw what it costs).
 */
export function CheckoutReview({
  lines,
  flow,
  onBack,
}: {
  lines: CartLine[];
  flow: CheckoutFlow;
  onBack: () => void;
}) {
  const { t } = useTranslation('cart');
  const { groups, priced, delivery } = flow;
  const byId = new Map(lines.map((l) => [l.product_id, l]));
  const blocked = lines.some(unavailable);
  const noAddress = flow.deliveryAddress === '';
  return (
    <>
      <PageHeader
        title={t('review.title')}
        subtitle={t('review.subtitle', { count: priced.orders.length })}
        action={
          <Button variant="outline" size="sm" onClick={onBack} data-testid="back-to-cart">
            <ArrowLeft aria-hidden className="size-4" />
            {t('review.back')}
          </Button>
        }
      />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          {priced.orders.map((order, index) => {
            const group = groups.find((g) => g.seller_id === order.seller_id);
            return (
              <Card key={order.seller_id} data-testid="review-order" data-seller-id={order.seller_id}>
                <div className="flex items-center gap-2 border-b border-stone-100 px-3 py-2.5 sm:px-4">
                  <Store aria-hidden className="size-4 shrink-0 text-stone-500" />
                  <h2 className="min-w-0 text-sm font-semibold text-stone-900">
                    {t('review.order_from', { n: index + 1, name: group?.seller_name ?? '' })}
                  </h2>
                </div>
                <ul className="divide-y divide-stone-100">
                  {order.lines.map((l) => {
                    const line = byId.get(l.product_id);
                    return (
                      <li
                        key={l.product_id}
                        className="flex items-baseline gap-3 px-3 py-2 text-sm sm:px-4"
                        data-testid="review-line"
                      >
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium text-stone-900">{line?.name}</span>
                          <span className="block text-xs text-stone-600">
                            {t('review.line', {
                              quantity: l.quantity,
                              price: formatRand(l.unit_price_cents),
                            })}
                          </span>
                        </span>
                        <span className="font-medium whitespace-nowrap tabular-nums">
                          {formatRand(l.total_price_cents)}
                        </span>
                      </li>
                    );
                  })}
                </ul>
                <div className="border-t border-stone-100 px-3 py-3 sm:px-4">
                  <OrderTotals
                    subtotal={order.subtotal_cents}
                    vat={order.tax_cents}
                    delivery={order.delivery_cents}
                    deliveryLabel={t('review.delivery_option', {
                      option: t(`delivery.${delivery}`),
                      time: t(`delivery.${delivery}_time`),
                    })}
                    total={order.total_cents}
                    testPrefix={`review-${index}`}
                  />
                </div>
              </Card>
            );
          })}
          <NextSteps />
        </div>

        <div className="space-y-4 lg:sticky lg:top-20">
          <AddressCard flow={flow} />
          <Card data-testid="review-summary">
            <CardHeader title={t('review.total_title', { count: priced.orders.length })} />
            <div className="p-3 sm:p-4">
              <OrderTotals
                subtotal={priced.subtotal_cents}
                vat={priced.tax_cents}
                delivery={priced.delivery_cents}
                deliveryLabel={t('summary.delivery_sellers', {
                  fee: formatRand(DELIVERY_OPTIONS[delivery].fee_cents),
                  count: priced.orders.length,
                })}
                total={priced.total_cents}
              />
              <p className="mt-2 text-xs text-stone-600">{t('review.pay_note')}</p>
            </div>
            <div className="space-y-2 border-t border-stone-100 p-3 sm:p-4">
              {flow.problem && <CheckoutProblem problem={flow.problem} />}
              {blocked && <p className="text-sm text-red-700">{t('errors.unavailable_lines')}</p>}
              {noAddress && (
                <p className="text-sm text-red-700" data-testid="address-missing">
                  {t('review.address_missing')}
                </p>
              )}
              <Button
                size="lg"
                className="w-full"
                disabled={blocked || noAddress}
                loading={flow.placing}
                onClick={flow.place}
                data-testid="place-order"
              >
                {t('review.place', { count: priced.orders.length, total: formatRand(priced.total_cents) })}
              </Button>
            </div>
          </Card>
        </div>
      </div>
    </>
  );
}

function AddressCard({ flow }: { flow: CheckoutFlow }) {
  const { t } = useTranslation('cart');
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(flow.deliveryAddress);
  const tooLong = draft.trim().length > ADDRESS_MAX;
  const save = () => {
    if (tooLong || draft.trim() === '') return;
    flow.setAddress(draft.trim());
    setEditing(false);
  };
  return (
    <Card data-testid="review-address">
      <CardHeader
        title={t('review.address_title')}
        action={
          !editing && (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)} data-testid="change-address">
              {t('review.change')}
            </Button>
          )
        }
      />
      <div className="p-3 sm:p-4">
        {editing ? (
          <div className="space-y-2">
            <label htmlFor={id} className="block text-sm font-medium text-stone-700">
              {t('review.address_label')}
            </label>
            <Input
              id={id}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              aria-invalid={tooLong || draft.trim() === '' ? true : undefined}
              data-testid="address-input"
            />
            {(tooLong || draft.trim() === '') && (
              <p role="alert" className="text-xs text-red-700">
                {tooLong ? t('review.address_too_long', { max: ADDRESS_MAX }) : t('review.address_missing')}
              </p>
            )}
            <div className="flex gap-2">
              <Button
                size="sm"
                onClick={save}
                disabled={tooLong || draft.trim() === ''}
                data-testid="save-address"
              >
                {t('review.use_address')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setDraft(flow.deliveryAddress);
                  setEditing(false);
                }}
              >
                {t('review.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <p className="flex gap-2 text-sm text-stone-800" data-testid="address">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-500" />
            {flow.deliveryAddress || t('review.address_none')}
          </p>
        )}
      </div>
    </Card>
  );
}

function NextSteps() {
  const { t } = useTranslation('cart');
  return (
    <Card data-testid="next-steps">
      <CardHeader title={t('review.next_title')} />
      <ol className="list-decimal space-y-1.5 py-3 pr-3 pl-8 text-sm text-stone-700 sm:pr-4">
        <li>{t('review.next_confirm')}</li>
        <li>{t('review.next_cancel')}</li>
        <li>{t('review.next_pay')}</li>
      </ol>
    </Card>
  );
}
