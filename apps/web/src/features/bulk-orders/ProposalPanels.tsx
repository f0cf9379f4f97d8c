import { useTranslation } from 'react-i18next';
import { CheckCircle2 } from 'lucide-react';
import type { BulkOrder } from '@tt/domain';
import { Badge, type Tone } from '../../components/ui/Badge';
import { Card, CardHeader } from '../../components/ui/Card';
import { formatDate, formatMoney } from '../../lib/format';
import { useMyProposals } from './api';

const statusTones: Partial<Record<BulkOrder['status'], Tone>> = {
  proposed: 'yellow',
  active: 'green',
  target_reached: 'blue',
  declined: 'red',
};

/**
 * DECISIONS 22, coordinator's side: what the cooperatives they coordinate proposed, whether the seller
 * accepted (and committed how many) or declined, and why.
 */
export function MyProposals({ justProposed }: { justProposed: number | null }) {
  const { t, i18n } = useTranslation('proposals');
  const proposals = useMyProposals();
  const list = proposals.data ?? [];
  return (
    <Card className="mt-4" data-testid="my-proposals">
      <CardHeader title={t('mine.title')} subtitle={t('mine.subtitle')} />
      {justProposed !== null && (
        <p
          role="status"
          className="mx-4 mt-3 flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800 sm:mx-5"
          data-testid="proposal-sent"
        >
          <CheckCircle2 aria-hidden className="size-4 shrink-0" />
          {t('mine.sent')}
        </p>
      )}
      {list.length === 0 ? (
        <p className="px-4 py-4 text-sm text-stone-500 sm:px-5">{t('mine.empty')}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {list.map((o) => (
            <li key={o.id} className="px-4 py-3 sm:px-5" data-testid="my-proposal" data-status={o.status}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium break-words text-stone-900">{o.product_name}</p>
                  <p className="text-xs text-stone-500">
                    {o.coop_name} · {t('seller', { name: o.seller_name })} ·{' '}
                    {t('ends', { date: formatDate(o.end_date, i18n.language) })}
                  </p>
                  <p className="text-xs text-stone-600 tabular-nums">
                    {t('price_vs_list', {
                      price: formatMoney(o.final_unit_price),
                      list: formatMoney(o.list_price),
                    })}
                  </p>
                </div>
                <Badge tone={statusTones[o.status] ?? 'grey'}>{t(`status.${o.status}`)}</Badge>
              </div>
              {o.committed_quantity !== null && (
                <p className="mt-1 text-xs text-stone-600">
                  {t('committed', { count: o.committed_quantity })}
                </p>
              )}
              {o.decline_reason && (
                <p className="mt-1 text-sm break-words text-red-800" data-testid="proposal-decline-reason">
                  {t('declined_because', { reason: o.decline_reason })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
