import { useTranslation } from 'react-i18next';
import type { Promotion } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { formatDate } from '../../../lib/format';
import { PromotionActions, type PromotionHandlers } from './PromotionActions';
import { PromotionCard, statusTone, useDiscountText, useUsesText } from './PromotionCard';

/**
 * Spec 3: "a table of all promotions". A table from `lg` (room for its eight columns beside the menu);
 * below it each promotion is a card with the same figures and actions, so a phone never scrolls sideways.
 */
export function PromotionTable({
  promotions,
  userId,
  handlersFor,
}: {
  promotions: Promotion[];
  userId: number;
  handlersFor: (p: Promotion) => PromotionHandlers;
}) {
  const { t, i18n } = useTranslation('promotions');
  const discount = useDiscountText();
  const uses = useUsesText();
  return (
    <>
      <ul className="grid gap-3 md:grid-cols-2 lg:hidden" data-testid="promotion-list">
        {promotions.map((p) => (
          <li key={p.id} className="min-w-0">
            <PromotionCard promotion={p} mine={p.supplier_id === userId} handlers={handlersFor(p)} />
          </li>
        ))}
      </ul>
      <Card className="hidden overflow-hidden lg:block">
        <table className="w-full text-left text-sm" data-testid="promotion-table">
          <thead className="bg-stone-50 text-xs text-stone-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2.5 font-medium">
                {t('table.name')}
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                {t('table.type')}
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                {t('table.discount')}
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                {t('fields.products')}
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                {t('fields.dates')}
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                {t('table.status')}
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-medium">
                {t('table.uses')}
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                <span className="sr-only">{t('table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {promotions.map((p) => {
              const handlers = handlersFor(p);
              return (
                <tr key={p.id} className="align-top" data-testid="promotion-row" data-status={p.status}>
                  <td className="min-w-40 px-3 py-3">
                    <button
                      type="button"
                      className="text-left font-semibold break-words text-brand-700 hover:underline"
                      onClick={handlers.onView}
                      title={t('actions.view')}
                      data-testid="view-promotion"
                    >
                      {p.promotion_name}
                    </button>
                    <p className="text-xs break-words text-stone-600">{p.supplier_name}</p>
                  </td>
                  <td className="px-3 py-3 break-words text-stone-700">{t(`types.${p.promotion_type}`)}</td>
                  <td
                    className="px-3 py-3 font-semibold whitespace-nowrap text-brand-700 tabular-nums"
                    data-testid="promotion-discount"
                  >
                    {discount(p)}
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap text-stone-700">
                    {p.target_products.length === 0
                      ? t('table.all_products')
                      : t('fields.n_products', { count: p.target_products.length })}
                  </td>
                  <td className="px-3 py-3 text-stone-700 tabular-nums">
                    <span className="whitespace-nowrap">{formatDate(p.start_date, i18n.language)} –</span>{' '}
                    <span className="whitespace-nowrap">{formatDate(p.end_date, i18n.language)}</span>
                  </td>
                  <td className="px-3 py-3">
                    <Badge tone={statusTone[p.status]}>{t(`status.${p.status}`)}</Badge>
                  </td>
                  <td className="px-3 py-3 text-right text-stone-700 tabular-nums">
                    {p.max_uses === null ? p.orders_count : `${p.orders_count} / ${p.max_uses}`}
                    <span className="sr-only"> ({uses(p)})</span>
                  </td>
                  <td className="w-px px-3 py-3">
                    <PromotionActions
                      promotion={p}
                      mine={p.supplier_id === userId}
                      handlers={handlers}
                      showView={false}
                      stacked
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>
    </>
  );
}
