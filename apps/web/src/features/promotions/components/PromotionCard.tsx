import { useTranslation } from 'react-i18next';
import type { Promotion, PromotionStatus } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { formatDate, formatMoney } from '../../../lib/format';

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

/** One promotion as a card (the list on every screen size: a table would hide columns on a phone). */
export function PromotionCard({
  promotion: p,
  mine,
  onView,
  onEdit,
  onCancel,
  onDelete,
}: {
  promotion: Promotion;
  mine: boolean;
  onView: () => void;
  onEdit: () => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('promotions');
  const discount = useDiscountText();
  const changeable = mine && p.status !== 'cancelled' && p.status !== 'expired';
  return (
    <Card className="flex flex-col gap-2 p-4" data-testid="promotion-card">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-stone-900">{p.promotion_name}</h3>
          <p className="text-xs text-stone-600">
            {p.supplier_name} · {t(`types.${p.promotion_type}`)}
          </p>
        </div>
        <Badge tone={statusTone[p.status]}>{t(`status.${p.status}`)}</Badge>
      </div>
      <p className="text-lg font-bold text-brand-700">{discount(p)}</p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">{t('fields.dates')}</dt>
        <dd className="text-stone-900">
          {formatDate(p.start_date, i18n.language)} – {formatDate(p.end_date, i18n.language)}
        </dd>
        <dt className="text-stone-600">{t('fields.minimum_order_value')}</dt>
        <dd className="text-stone-900 tabular-nums">{formatMoney(p.minimum_order_value)}</dd>
        <dt className="text-stone-600">{t('fields.products')}</dt>
        <dd className="text-stone-900">
          {p.target_products.length === 0
            ? t('fields.all_products')
            : t('fields.n_products', { count: p.target_products.length })}
        </dd>
        <dt className="text-stone-600">{t('fields.discount_given')}</dt>
        <dd className="text-stone-900 tabular-nums">
          {formatMoney(p.discount_given)} · {t('fields.orders', { count: p.orders_count })}
        </dd>
      </dl>
      <div className="mt-1 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onView}>
          {t('actions.view')}
        </Button>
        {changeable && (
          <>
            <Button size="sm" variant="outline" onClick={onEdit} data-testid="edit-promotion">
              {t('actions.edit')}
            </Button>
            {p.status !== 'draft' && (
              <Button size="sm" variant="outline" onClick={onCancel} data-testid="cancel-promotion">
                {t('actions.cancel')}
              </Button>
            )}
          </>
        )}
        {mine && p.orders_count === 0 && (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700"
            onClick={onDelete}
            data-testid="delete-promotion"
          >
            {t('actions.delete')}
          </Button>
        )}
      </div>
    </Card>
  );
}
