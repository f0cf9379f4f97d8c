import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Inbox, X } from 'lucide-react';
import { smartOrderContracts as c, type ProposedOrder } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ApiError, errorDetails } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { formatDate, formatMoney } from '../../../lib/format';

import { useConfirmProposal, useDismissProposal } from '../api';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';

/**
 * Occurrences of schedules and re-order rules that wait for the buyer (not orders yet): Confirm shows the
 * total and places the order through checkout; Dismiss drops it.
 */
export function ProposedOrders({
  proposals,
  onPlaced,
}: {
  proposals: ProposedOrder[];
  onPlaced: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('smart_orders');
  const confirm = useConfirmProposal();
  const dismiss = useDismissProposal();
  const [open, setOpen] = useState<{ proposal: ProposedOrder; total: number; changed: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (proposals.length === 0) return null;

  const place = () => {
    if (!open) return;
    setProblem(null);
    confirm.mutate(
      { id: open.proposal.id, total: open.total },
      {
        onSuccess: (result) => {
          setOpen(null);
          onPlaced(t('proposed.placed', { number: result.orders.map((o) => o.order_number).join(', ') }));
        },
        onError: (error) => {
          const totals =
            error instanceof ApiError ? errorDetails(c.confirmProposal, error)?.totals : undefined;
          if (typeof totals?.total_amount === 'number')
            setOpen({ ...open, total: totals.total_amount, changed: true });
          else setProblem(errorMessage(error, t));
        },
      },
    );
  };

  return (
    <section className="mb-5" aria-labelledby="proposed-title" data-testid="proposed-orders">
      <h2 id="proposed-title" className="mb-2 flex items-center gap-2 font-semibold text-stone-900">
        <Inbox aria-hidden className="size-5 text-brand-700" />
        {t('proposed.title')}
        <Badge tone="orange">{proposals.length}</Badge>
      </h2>
      <p className="mb-3 text-sm text-stone-600">{t('proposed.text')}</p>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {proposals.map((p) => (
          <Card key={p.id} className="flex min-w-0 flex-col gap-2 p-4" data-testid="proposed-order">
            <div className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold break-words text-stone-900">{p.source_name}</h3>
                <p className="text-xs text-stone-600">
                  {t('card.from', { name: p.supplier_name })} · {formatDate(p.occurrence_date, i18n.language)}
                </p>
              </div>
              <Badge tone={p.reason === 'needs_confirmation' ? 'blue' : 'yellow'}>
                {t(`reason.${p.reason}`)}
              </Badge>
            </div>
            <ul className="space-y-0.5 text-sm text-stone-700">
              {p.items.map((i) => (
                <li key={i.product_id} className="flex justify-between gap-2">
                  <span className="min-w-0 truncate">
                    {i.quantity} × {i.product_name}
                  </span>
                  <span className="shrink-0 tabular-nums">{formatMoney(i.unit_price)}</span>
                </li>
              ))}
            </ul>
            {p.discount_amount > 0 && (
              <p className="flex justify-between text-sm text-green-800" data-testid="proposed-discount">
                <span>{t('proposed.discount')}</span>
                <span className="tabular-nums">−{formatMoney(p.discount_amount)}</span>
              </p>
            )}
            <p className="flex justify-between border-t border-stone-100 pt-2 text-sm">
              <span className="text-stone-600">{t('proposed.estimated_total')}</span>
              <span className="font-semibold text-stone-900 tabular-nums">
                {formatMoney(p.estimated_total)}
              </span>
            </p>
            <div className="mt-auto flex gap-2 pt-1">
              <Button
                size="sm"
                onClick={() => {
                  setProblem(null);
                  setOpen({ proposal: p, total: p.estimated_total, changed: false });
                }}
                data-testid="confirm-proposed"
              >
                <Check aria-hidden className="size-4" />
                {t('proposed.confirm')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                loading={dismiss.isPending && dismiss.variables === p.id}
                onClick={() => dismiss.mutate(p.id)}
              >
                <X aria-hidden className="size-4" />
                {t('proposed.dismiss')}
              </Button>
            </div>
          </Card>
        ))}
      </div>
      {open && (
        <ConfirmDialog
          title={t('proposed.confirm_title', { name: open.proposal.source_name })}
          confirmLabel={t('proposed.place', { total: formatMoney(open.total) })}
          busy={confirm.isPending}
          onClose={() => setOpen(null)}
          onConfirm={place}
          cancelLabel={t('keep')}
          danger={false}
        >
          <div className="space-y-2 text-sm text-stone-700">
            <p>{t('proposed.confirm_text', { supplier: open.proposal.supplier_name })}</p>
            {/* The server places these without the buyer's reward credits (smart-orders/place.ts): say so here. */}
            <p>{t('proposed.rewards_kept')}</p>
            <p className="text-base font-semibold text-stone-900" data-testid="proposed-total">
              {t('proposed.total', { total: formatMoney(open.total) })}
            </p>
            {open.changed && (
              <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900" role="status">
                {t('proposed.total_changed')}
              </p>
            )}
            {problem && (
              <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800" role="alert">
                {problem}
              </p>
            )}
          </div>
        </ConfirmDialog>
      )}
    </section>
  );
}
