import { useTranslation } from 'react-i18next';
import type { Promotion } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Dialog } from '../../../components/ui/Dialog';
import { formatDate, formatMoney } from '../../../lib/format';
import { statusTone, useDiscountText } from './PromotionCard';

/** View: everything about one promotion, for every signed-in user. */
export function PromotionDetails({ promotion: p, onClose }: { promotion: Promotion; onClose: () => void }) {
  const { t, i18n } = useTranslation('promotions');
  const discount = useDiscountText();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={p.promotion_name} closeLabel={t('close')}>
      <div className="space-y-3 text-sm" data-testid="promotion-details">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={statusTone[p.status]}>{t(`status.${p.status}`)}</Badge>
          <span className="text-stone-600">{t(`types.${p.promotion_type}`)}</span>
        </div>
        <p className="text-stone-800">{p.description}</p>
        <p className="text-lg font-bold text-brand-700">{discount(p)}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-stone-600">{t('fields.seller')}</dt>
          <dd>{p.supplier_name}</dd>
          <dt className="text-stone-600">{t('fields.dates')}</dt>
          <dd>
            {formatDate(p.start_date, i18n.language)} – {formatDate(p.end_date, i18n.language)}
          </dd>
          <dt className="text-stone-600">{t('fields.minimum_order_value')}</dt>
          <dd>{formatMoney(p.minimum_order_value)}</dd>
          <dt className="text-stone-600">{t('fields.discount_given')}</dt>
          <dd>{formatMoney(p.discount_given)}</dd>
          <dt className="text-stone-600">{t('fields.uses')}</dt>
          <dd data-testid="promotion-uses">
            {p.max_uses === null
              ? t('fields.orders', { count: p.orders_count })
              : t('fields.uses_of', { count: p.orders_count, max: p.max_uses })}
          </dd>
          <dt className="text-stone-600">{t('fields.promotion_fee')}</dt>
          <dd>{formatMoney(p.promotion_fee)}</dd>
        </dl>
        <div>
          <p className="font-medium text-stone-900">{t('fields.products')}</p>
          {p.target_products.length === 0 ? (
            <p className="text-stone-700">{t('fields.all_products')}</p>
          ) : (
            <ul className="list-disc pl-5 text-stone-700">
              {p.target_products.map((x) => (
                <li key={x.id}>{x.name}</li>
              ))}
            </ul>
          )}
        </div>
        {p.terms_conditions && (
          <div>
            <p className="font-medium text-stone-900">{t('fields.terms')}</p>
            <p className="whitespace-pre-line text-stone-700">{p.terms_conditions}</p>
          </div>
        )}
      </div>
    </Dialog>
  );
}
