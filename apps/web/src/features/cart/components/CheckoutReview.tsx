import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Gift, MapPin, Store, Tag } from 'lucide-react';
import { DELIVERY_OPTIONS, formatRand, randToCents, type CartLine, type Quote } from '@tt/domain';
import { Loading } from '../../../components/ui/Loading';
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
  const { priced, delivery, quoted } = flow;
  const cents = randToCents;
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
          {!quoted && flow.quote.isError && !flow.quote.isFetching ? (
            <Card className="space-y-3 p-4" data-testid="quote-failed">
              <p className="text-sm text-red-700">{t('review.quote_failed')}</p>
              <Button variant="outline" size="sm" onClick={() => void flow.quote.refetch()}>
                {t('common:common.reload')}
              </Button>
            </Card>
          ) : !quoted ? (
            <Card>
              <Loading label={t('review.quote_loading')} />
            </Card>
          ) : (
            quoted.orders.map((order, index) => (
              <QuotedOrderCard
                key={order.seller_id}
                order={order}
                index={index}
                deliveryLabel={t('review.delivery_option', {
                  option: t(`delivery.${delivery}`),
                  time: t(`delivery.${delivery}_time`),
                })}
              />
            ))
          )}
          <NextSteps />
        </div>

        <div className="space-y-4 lg:sticky lg:top-20">
          <AddressCard flow={flow} />
          {quoted && quoted.rewards_balance > 0 && <RewardsChoice flow={flow} quoted={quoted} />}
          <Card data-testid="review-summary">
            <CardHeader title={t('review.total_title', { count: priced.orders.length })} />
            <div className="p-3 sm:p-4">
              {quoted ? (
                <OrderTotals
                  subtotal={cents(quoted.subtotal)}
                  discount={cents(quoted.discount_amount)}
                  rewards={cents(quoted.rewards_used)}
                  vat={cents(quoted.tax_amount)}
                  delivery={cents(quoted.delivery_fee)}
                  deliveryLabel={t('summary.delivery_sellers', {
                    fee: formatRand(DELIVERY_OPTIONS[delivery].fee_cents),
                    count: quoted.orders.length,
                  })}
                  total={cents(quoted.total_amount)}
                />
              ) : (
                <Loading label={t('review.quote_loading')} />
              )}
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
                disabled={blocked || noAddress || !quoted}
                loading={flow.placing}
                onClick={flow.place}
                data-testid="place-order"
              >
                {t('review.place', {
                  count: quoted?.orders.length ?? priced.orders.length,
                  total: formatRand(quoted ? cents(quoted.total_amount) : priced.total_cents),
                })}
              </Button>
            </div>
          </Card>
        </div>
      </div>
    </>
  );
}

/** One seller's order as the server priced it: each line with its discount and the offer's name. */
function QuotedOrderCard({
  order,
  index,
  deliveryLabel,
}: {
  order: Quote['orders'][number];
  index: number;
  deliveryLabel: string;
}) {
  const { t } = useTranslation('cart');
  const cents = randToCents;
  return (
    <Card data-testid="review-order" data-seller-id={order.seller_id}>
      <div className="flex items-center gap-2 border-b border-stone-100 px-3 py-2.5 sm:px-4">
        <Store aria-hidden className="size-4 shrink-0 text-stone-500" />
        <h2 className="min-w-0 text-sm font-semibold text-stone-900">
          {t('review.order_from', { n: index + 1, name: order.seller_name })}
        </h2>
      </div>
      <ul className="divide-y divide-stone-100">
        {order.lines.map((l) => (
          <li key={l.product_id} className="px-3 py-2 text-sm sm:px-4" data-testid="review-line">
            <div className="flex items-baseline gap-3">
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-stone-900">{l.name}</span>
                <span className="block text-xs text-stone-600">
                  {t('review.line', { quantity: l.quantity, price: formatRand(cents(l.unit_price)) })}
                </span>
              </span>
              <span className="font-medium whitespace-nowrap tabular-nums">
                {formatRand(cents(l.total_price))}
              </span>
            </div>
            {l.discount > 0 && (
              <p
                className="mt-1 flex items-baseline gap-2 text-xs font-medium text-green-800"
                data-testid="review-line-discount"
              >
                <Tag aria-hidden className="size-3.5 shrink-0 self-center" />
                <span className="min-w-0 flex-1">{l.offer?.name || t('review.offer_fallback')}</span>
                <span className="whitespace-nowrap tabular-nums">−{formatRand(cents(l.discount))}</span>
              </p>
            )}
          </li>
        ))}
      </ul>
      <div className="border-t border-stone-100 px-3 py-3 sm:px-4">
        {order.delivery_waived_by && (
          <p className="mb-2 text-xs font-medium text-green-800" data-testid="review-delivery-waived">
            {t('review.delivery_waived', {
              name: order.delivery_waived_by.name || t('review.offer_fallback'),
            })}
          </p>
        )}
        <OrderTotals
          subtotal={cents(order.subtotal)}
          discount={cents(order.discount_amount)}
          rewards={cents(order.rewards_used)}
          vat={cents(order.tax_amount)}
          delivery={cents(order.delivery_fee)}
          deliveryLabel={deliveryLabel}
          total={cents(order.total_amount)}
          testPrefix={`review-${index}`}
        />
      </div>
    </Card>
  );
}

/** DECISIONS 21, ADR 022: the buyer chooses to spend the rewards balance; the review shows what it takes off. */
function RewardsChoice({ flow, quoted }: { flow: CheckoutFlow; quoted: Quote }) {
  const { t } = useTranslation('cart');
  const id = useId();
  return (
    <Card data-testid="review-rewards">
      <div className="flex items-start gap-3 p-3 sm:p-4">
        <Gift aria-hidden className="mt-0.5 size-5 shrink-0 text-green-800" />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-sm font-semibold text-stone-900">{t('rewards.title')}</p>
          <p className="text-sm text-stone-700" data-testid="review-rewards-balance">
            {t('rewards.balance', { amount: formatRand(randToCents(quoted.rewards_balance)) })}
          </p>
          <label
            htmlFor={id}
            className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-stone-900"
          >
            <input
              id={id}
              type="checkbox"
              className="size-5 accent-green-800"
              checked={flow.useRewards}
              onChange={(e) => flow.setUseRewards(e.target.checked)}
              data-testid="use-rewards"
            />
            {t('rewards.apply')}
          </label>
          {flow.useRewards && quoted.rewards_used > 0 && (
            <p className="text-xs text-stone-600" data-testid="review-rewards-used">
              {t('rewards.takes_off', { amount: formatRand(randToCents(quoted.rewards_used)) })}
            </p>
          )}
        </div>
      </div>
    </Card>
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
