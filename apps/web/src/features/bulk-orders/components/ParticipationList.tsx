import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRand, randToCents, type Participation } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { formatDate, formatMoney } from '../../../lib/format';

const paymentTone = (status: string): Tone =>
  status === 'paid' ? 'green' : status === 'pending' ? 'yellow' : 'red';

export function ParticipationList({ participations }: { participations: Participation[] }) {
  const { t, i18n } = useTranslation('bulk_orders');
  return (
    <Card>
      <ul className="divide-y divide-stone-100" data-testid="participation-list">
        {participations.map((p) => {
          const saved = (randToCents(p.unit_price) - randToCents(p.final_unit_price)) * p.quantity_ordered;
          return (
            <li
              key={p.id}
              className="flex flex-wrap items-start gap-x-3 gap-y-1 px-4 py-3 sm:px-5"
              data-testid="participation-row"
            >
              <div className="min-w-0 flex-1 basis-full sm:basis-0">
                <p className="font-medium break-words text-stone-900">{p.product_name}</p>
                <p className="text-xs text-stone-500">
                  {p.coop_name} · {formatDate(p.created_at, i18n.language)}
                </p>
                <p className="mt-0.5 text-xs text-stone-600 tabular-nums">
                  {t('mine.line', { count: p.quantity_ordered, price: formatMoney(p.final_unit_price) })}
                </p>
                {p.order_id !== null && (
                  <Link
                    to={`/orders?order=${p.order_id}`}
                    className="mt-0.5 inline-block text-sm font-medium text-brand-700 underline"
                    data-testid="participation-order"
                  >
                    {t('mine.order', { number: p.order_number ?? p.order_id })}
                  </Link>
                )}
                {p.failure_reason !== null && (
                  <p className="mt-0.5 text-sm text-red-800" data-testid="participation-not-placed">
                    {t('mine.not_placed')}
                  </p>
                )}
              </div>
              <div className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 sm:w-auto sm:shrink-0 sm:flex-col sm:items-end">
                <span className="font-semibold whitespace-nowrap tabular-nums">
                  {formatMoney(p.total_amount)}
                </span>
                <span className="text-xs whitespace-nowrap text-green-700">
                  {t('mine.saved', { amount: formatRand(saved) })}
                </span>
                <Badge tone={paymentTone(p.payment_status)}>
                  {t(`payment_status.${p.payment_status}`, { defaultValue: p.payment_status })}
                </Badge>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
