import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloudOff, Receipt as ReceiptIcon, RefreshCw } from 'lucide-react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useTransactions } from '../api';
import type { QueuedSale } from '../offline';
import { RefundDialog } from './RefundDialog';
import type { PosTransaction } from '@tt/domain';

/** Sales kept on this device until the network returns; a refused one says why and can be sent again. */
export function WaitingSales({ queue, onRetry }: { queue: readonly QueuedSale[]; onRetry: () => void }) {
  const { t } = useTranslation('pos');
  if (queue.length === 0) return null;
  const refused = queue.some((s) => s.error !== undefined);
  return (
    <Card className="border-yellow-300 bg-yellow-50" data-testid="pos-queue">
      <CardHeader
        title={t('queue.title', { count: queue.length })}
        subtitle={t('queue.hint')}
        action={
          refused ? (
            <Button size="sm" variant="outline" onClick={onRetry}>
              <RefreshCw aria-hidden className="size-4" />
              {t('queue.retry')}
            </Button>
          ) : undefined
        }
      />
      <ul className="divide-y divide-yellow-200 px-4 sm:px-5">
        {queue.map((s) => (
          <li
            key={s.request.client_sale_id}
            className="flex flex-wrap items-center gap-2 py-2 text-sm"
            data-testid="queued-sale"
          >
            <CloudOff aria-hidden className="size-4 text-yellow-800" />
            <span className="font-medium">{s.receipt.transaction_number}</span>
            <span className="ml-auto">{formatMoney(s.receipt.total_amount)}</span>
            {s.error !== undefined && <p className="w-full text-xs text-red-700">{s.error}</p>}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The latest sales recorded by the server. */
export function RecentSales() {
  const { t, i18n } = useTranslation('pos');
  const sales = useTransactions();
  const [refunding, setRefunding] = useState<PosTransaction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader title={t('recent.title')} />
      {notice && (
        <p
          role="status"
          className="mx-4 mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800 sm:mx-5"
          data-testid="refund-notice"
        >
          {notice}
        </p>
      )}
      {refunding && (
        <RefundDialog
          sale={refunding}
          onClose={() => setRefunding(null)}
          onDone={(number) => {
            setRefunding(null);
            setNotice(t('refund.done', { number }));
          }}
        />
      )}
      <QueryState
        query={sales}
        icon={ReceiptIcon}
        empty={{ title: t('recent.empty') }}
        isEmpty={(d) => d.transactions.length === 0}
      >
        {(data) => (
          <ul className="divide-y divide-stone-100 px-4 sm:px-5" data-testid="pos-recent">
            {data.transactions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                <span className="font-medium text-stone-900">{s.transaction_number}</span>
                <span className="text-stone-600">{formatDateTime(s.rung_up_at, i18n.language)}</span>
                <Badge>{t(`methods.${s.payment_method}`)}</Badge>
                {s.stock_short && <Badge tone="red">{t('recent.stock_short')}</Badge>}
                {s.refunded_at && <Badge tone="yellow">{t('refund.refunded')}</Badge>}
                <span className="ml-auto font-semibold">{formatMoney(s.total_amount)}</span>
                {!s.refunded_at && (
                  <Button
                    size="sm"
                    variant="outline"
                    data-testid={`refund-${s.transaction_number}`}
                    onClick={() => {
                      setNotice(null);
                      setRefunding(s);
                    }}
                  >
                    {t('refund.refund')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}
