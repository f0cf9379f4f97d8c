import { useTranslation } from 'react-i18next';
import type { Promotion, PromotionStatus } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { formatDate, formatMoney } from '../../../lib/format';
import { PromotionActions, type PromotionHandlers } from './PromotionActions';

export const statusTone: Record<PromotionStatus, Tone> = {
  draft: 'grey',
  scheduled: 'blue',
  active: 'green',
  expired: 'yellow',
  cancelled: 'red',
};

/** What the promotion takes off: "12.5% off" or "R 2.50 off each". */
export function useDiscountText() {
  const { t } = useTranslation('promotions');
  return (p: Pick<Promotion, 'discount_percentage' | 'discount_amount'>) =>
    p.discount_percentage > 0
      ? t('discount.percentage', { value: p.discount_percentage })
      : t('discount.amount', { value: formatMoney(p.discount_amount) });
}

/** How many orders used it: "3 orders" or "3 of at most 10 orders". */
export function useUsesText() {
  const { t } = useTranslation('promotions');
  return (p: Pick<Promotion, 'orders_count' | 'max_uses'>) =>
    p.max_uses === null
      ? t('fields.orders', { count: p.orders_count })
      : t('fields.uses_of', { count: p.orders_count, max: p.max_uses });
}

/** One promotion as a card: the list below the table's width (a phone), every column stacked. */
export function PromotionCard({
  promotion: p,
  mine,
  handlers,
}: {
  promotion: Promotion;
  mine: boolean;
  handlers: PromotionHandlers;
}) {
  const { t, i18n } = useTranslation('promotions');
  const discount = useDiscountText();
  const uses = useUsesText();
  return (
    <Card className="flex flex-col gap-2 p-4" data-testid="promotion-card" data-status={p.status}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-stone-900">{p.promotion_name}</h3>
          <p className="text-xs break-words text-stone-600">
            {p.supplier_name} · {t(`types.${p.promotion_type}`)}
          </p>
        </div>
        <Badge tone={statusTone[p.status]}>{t(`status.${p.status}`)}</Badge>
      </div>
      <p className="text-lg font-bold text-brand-700" data-testid="promotion-discount">
        {discount(p)}
      </p>
      <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="break-words text-stone-600">{t('fields.dates')}</dt>
        <dd className="text-stone-900">
          {formatDate(p.start_date, i18n.language)} – {formatDate(p.end_date, i18n.language)}
        </dd>
        <dt className="break-words text-stone-600">{t('fields.minimum_order_value')}</dt>
        <dd className="text-stone-900 tabular-nums">{formatMoney(p.minimum_order_value)}</dd>
        <dt className="break-words text-stone-600">{t('fields.products')}</dt>
        <dd className="break-words text-stone-900">
          {p.target_products.length === 0
            ? t('fields.all_products')
            : t('fields.n_products', { count: p.target_products.length })}
        </dd>
        <dt className="break-words text-stone-600">{t('fields.uses')}</dt>
        <dd className="text-stone-900 tabular-nums">{uses(p)}</dd>
        <dt className="break-words text-stone-600">{t('fields.discount_given')}</dt>
        <dd className="text-stone-900 tabular-nums">{formatMoney(p.discount_given)}</dd>
      </dl>
      <div className="mt-1">
        <PromotionActions promotion={p} mine={mine} handlers={handlers} />
      </div>
    </Card>
  );
}
