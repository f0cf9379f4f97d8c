import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, PackageCheck } from 'lucide-react';
import type { BulkOrder } from '@tt/domain';
import { Badge, type Tone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Dialog } from '../../components/ui/Dialog';
import { formatDate, formatMoney } from '../../lib/format';
import { useCloseBulkOrder, useMyProposals } from './api';

const statusTones: Partial<Record<BulkOrder['status'], Tone>> = {
  proposed: 'yellow',
  active: 'green',
  target_reached: 'blue',
  completed: 'green',
  declined: 'red',
};

const closable = (o: BulkOrder) =>
  (o.status === 'active' || o.status === 'target_reached') && o.current_quantity >= o.target_quantity;

/** Closing places every member's order at once: it asks first, saying what will happen (ADR 025). */
function CloseDialog({
  order,
  onClose,
  onDone,
}: {
  order: BulkOrder;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('proposals');
  const close = useCloseBulkOrder();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !close.isPending && onClose()}
      title={t('mine.close_title')}
      description={t('mine.close_hint', {
        target: order.target_quantity,
        price: formatMoney(order.final_unit_price),
      })}
      closeLabel={t('mine.cancel')}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={close.isPending}>
            {t('mine.cancel')}
          </Button>
          <Button
            data-testid="confirm-close-bulk"
            loading={close.isPending}
            onClick={() => close.mutate(order.id, { onSuccess: onDone })}
          >
            {t('mine.close_confirm')}
          </Button>
        </div>
      }
    >
      <p className="text-sm break-words text-stone-700">{order.product_name}</p>
    </Dialog>
  );
}

/**
 * DECISIONS 22, coordinator's side: what the cooperatives they coordinate proposed, whether the seller
 * accepted (and committed how many) or declined, and why.
 */
export function MyProposals({ justProposed }: { justProposed: number | null }) {
  const { t, i18n } = useTranslation('proposals');
  const proposals = useMyProposals();
  const list = proposals.data ?? [];
  const [closing, setClosing] = useState<BulkOrder | null>(null);
  const [closed, setClosed] = useState(false);
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
      {closed && (
        <p
          role="status"
          className="mx-4 mt-3 flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800 sm:mx-5"
          data-testid="bulk-closed"
        >
          <CheckCircle2 aria-hidden className="size-4 shrink-0" />
          {t('mine.closed')}
        </p>
      )}
      {closing && (
        <CloseDialog
          order={closing}
          onClose={() => setClosing(null)}
          onDone={() => {
            setClosing(null);
            setClosed(true);
          }}
        />
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
              {closable(o) && (
                <Button
                  size="sm"
                  className="mt-2"
                  data-testid={`close-bulk-${o.id}`}
                  onClick={() => {
                    setClosed(false);
                    setClosing(o);
                  }}
                >
                  <PackageCheck aria-hidden className="size-4" />
                  {t('mine.close')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
