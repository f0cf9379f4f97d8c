import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Handshake } from 'lucide-react';
import {
  acceptBulkOrderSchema,
  declineBulkOrderSchema,
  isSeller,
  type BulkOrder,
  type Role,
} from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Field, Input } from '../../components/ui/Field';
import { Textarea } from '../../components/ui/Textarea';
import { formatDate, formatMoney } from '../../lib/format';
import { useAcceptProposal, useDeclineProposal, useProposedToMe } from '../bulk-orders/api';

/** DECISIONS 22, seller's side on /orders: proposals below list price, accepted with a quantity or declined. */
export function ProposedToMePanel({ role }: { role: Role }) {
  const seller = isSeller(role);
  const proposals = useProposedToMe(seller);
  if (!seller || !proposals.data || proposals.data.length === 0) return null;
  return <ProposalList proposals={proposals.data} />;
}

function ProposalList({ proposals }: { proposals: BulkOrder[] }) {
  const { t } = useTranslation('proposals');
  return (
    <Card className="mb-4 border-amber-300" data-testid="proposed-to-me">
      <CardHeader
        title={t('incoming.title', { count: proposals.length })}
        subtitle={t('incoming.subtitle')}
      />
      <ul className="divide-y divide-stone-100">
        {proposals.map((o) => (
          <ProposalRow key={o.id} order={o} />
        ))}
      </ul>
    </Card>
  );
}

function ProposalRow({ order }: { order: BulkOrder }) {
  const { t, i18n } = useTranslation('proposals');
  const accept = useAcceptProposal();
  const decline = useDeclineProposal();
  const [mode, setMode] = useState<'idle' | 'accept' | 'decline'>('idle');
  const [quantity, setQuantity] = useState(String(order.target_quantity));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submitAccept = () => {
    const parsed = acceptBulkOrderSchema.safeParse({ committed_quantity: Number(quantity) });
    if (!parsed.success || Number(quantity) < order.minimum_quantity) {
      return setError(t('incoming.quantity_invalid', { minimum: order.minimum_quantity }));
    }
    setError(undefined);
    accept.mutate({ id: order.id, committed_quantity: parsed.data.committed_quantity });
  };
  const submitDecline = () => {
    const parsed = declineBulkOrderSchema.safeParse({ reason });
    if (!parsed.success) return setError(t('incoming.reason_required'));
    setError(undefined);
    decline.mutate({ id: order.id, reason: parsed.data.reason });
  };

  return (
    <li className="px-4 py-3 sm:px-5" data-testid="proposal" data-order-id={order.id}>
      <div className="flex gap-3">
        <Handshake aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words text-stone-900">{order.product_name}</p>
          <p className="text-xs text-stone-500">
            {order.coop_name} · {t('ends', { date: formatDate(order.end_date, i18n.language) })}
          </p>
          <p className="mt-1 text-sm text-stone-700 tabular-nums">
            {t('price_vs_list', {
              price: formatMoney(order.final_unit_price),
              list: formatMoney(order.list_price),
            })}
          </p>
          <p className="text-sm text-stone-700">
            {t('incoming.quantities', { minimum: order.minimum_quantity, target: order.target_quantity })}
          </p>
        </div>
      </div>
      {mode === 'idle' && (
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            className="text-red-700"
            onClick={() => setMode('decline')}
            data-testid="decline-proposal"
          >
            {t('incoming.decline')}
          </Button>
          <Button onClick={() => setMode('accept')} data-testid="accept-proposal">
            {t('incoming.accept')}
          </Button>
        </div>
      )}
      {mode === 'accept' && (
        <div className="mt-2 space-y-2">
          <Field
            label={t('incoming.commit_label')}
            htmlFor={`commit-${order.id}`}
            hint={t('incoming.commit_hint')}
            error={error}
          >
            <Input
              id={`commit-${order.id}`}
              type="number"
              inputMode="numeric"
              min={order.minimum_quantity}
              step={1}
              value={quantity}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                setQuantity(e.target.value);
                setError(undefined);
              }}
              data-testid="commit-quantity"
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setMode('idle')} disabled={accept.isPending}>
              {t('incoming.back')}
            </Button>
            <Button loading={accept.isPending} onClick={submitAccept} data-testid="confirm-accept">
              {t('incoming.confirm_accept')}
            </Button>
          </div>
        </div>
      )}
      {mode === 'decline' && (
        <div className="mt-2 space-y-2">
          <Field label={t('incoming.reason_label')} htmlFor={`reason-${order.id}`} required error={error}>
            <Textarea
              id={`reason-${order.id}`}
              value={reason}
              maxLength={500}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
              data-testid="proposal-reason"
            />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setMode('idle')} disabled={decline.isPending}>
              {t('incoming.back')}
            </Button>
            <Button
              variant="danger"
              loading={decline.isPending}
              onClick={submitDecline}
              data-testid="confirm-decline-proposal"
            >
              {t('incoming.confirm_decline')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
