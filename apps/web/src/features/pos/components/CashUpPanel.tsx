import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Calculator } from 'lucide-react';
import {
  cashDifference,
  centsToRand,
  randToCents,
  type CashUpOutcome,
  type PosCashUp,
  type PosCashUpSummary,
} from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Dialog } from '../../../components/ui/Dialog';
import { Field, Input } from '../../../components/ui/Field';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useCashUp, useCashUpSummary } from '../api';
import { parseAmountCents } from '../cart';

const OUTCOME_TONE: Record<CashUpOutcome, Tone> = { balanced: 'green', over: 'blue', short: 'red' };

function OutcomeBadge({ outcome, difference }: { outcome: CashUpOutcome; difference: number }) {
  const { t } = useTranslation('pos');
  return (
    <Badge tone={OUTCOME_TONE[outcome]}>
      {t(`cash_up.outcome.${outcome}`, { amount: formatMoney(Math.abs(difference)) })}
    </Badge>
  );
}

/**
 * Count the drawer: the float and the cash counted, with the expected cash and the difference shown as
 * they are typed; confirming posts the difference (Cash over/short) and closes the session.
 */
function CashUpDialog({
  summary,
  onClose,
  onDone,
}: {
  summary: PosCashUpSummary;
  onClose: () => void;
  onDone: (done: PosCashUp) => void;
}) {
  const { t } = useTranslation('pos');
  const cashUp = useCashUp();
  const [float, setFloat] = useState('0');
  const [counted, setCounted] = useState('');
  const [notes, setNotes] = useState('');
  const floatCents = parseAmountCents(float);
  const countedCents = counted.trim() === '' ? null : parseAmountCents(counted);
  const expectedCents = randToCents(summary.cash_net) + (floatCents ?? 0);
  const result = countedCents === null ? null : cashDifference(countedCents, expectedCents);
  const ready = floatCents !== null && countedCents !== null;
  const submit = () => {
    if (!ready) return;
    cashUp.mutate(
      {
        session: summary.session,
        opening_float: centsToRand(floatCents),
        counted_cash: centsToRand(countedCents),
        expected_cash: centsToRand(expectedCents),
        notes: notes.trim() || null,
      },
      { onSuccess: onDone },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !cashUp.isPending && onClose()}
      title={t('cash_up.dialog_title', { session: summary.session })}
      description={t('cash_up.dialog_hint')}
      closeLabel={t('close')}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={cashUp.isPending}>
            {t('cancel')}
          </Button>
          <Button data-testid="confirm-cash-up" disabled={!ready} loading={cashUp.isPending} onClick={submit}>
            {t('cash_up.confirm')}
          </Button>
        </div>
      }
    >
      <div className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('cash_up.float')}
            htmlFor="cash-up-float"
            hint={t('cash_up.float_hint')}
            error={floatCents === null ? t('cash_up.amount_invalid') : undefined}
          >
            <Input
              id="cash-up-float"
              data-testid="cash-up-float"
              inputMode="decimal"
              value={float}
              onChange={(e) => setFloat(e.target.value)}
            />
          </Field>
          <Field
            label={t('cash_up.counted')}
            htmlFor="cash-up-counted"
            required
            error={counted.trim() !== '' && countedCents === null ? t('cash_up.amount_invalid') : undefined}
          >
            <Input
              id="cash-up-counted"
              data-testid="cash-up-counted"
              inputMode="decimal"
              value={counted}
              onChange={(e) => setCounted(e.target.value)}
            />
          </Field>
        </div>
        <dl className="space-y-1 rounded-lg bg-stone-50 p-3 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-stone-700">{t('cash_up.cash_net')}</dt>
            <dd>{formatMoney(summary.cash_net)}</dd>
          </div>
          <div className="flex justify-between gap-3 font-semibold">
            <dt>{t('cash_up.expected')}</dt>
            <dd data-testid="cash-up-expected">{formatMoney(centsToRand(expectedCents))}</dd>
          </div>
          {result && (
            <div className="flex justify-between gap-3 font-semibold">
              <dt>{t('cash_up.difference')}</dt>
              <dd data-testid="cash-up-difference">
                <OutcomeBadge outcome={result.outcome} difference={centsToRand(result.difference_cents)} />
              </dd>
            </div>
          )}
        </dl>
        {result && (
          <p className="text-sm text-stone-700" data-testid="cash-up-posting">
            {t(`cash_up.post.${result.outcome}`, {
              amount: formatMoney(centsToRand(Math.abs(result.difference_cents))),
            })}
          </p>
        )}
        <Field label={t('cash_up.notes')} htmlFor="cash-up-notes">
          <Input
            id="cash-up-notes"
            maxLength={240}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </Field>
      </div>
    </Dialog>
  );
}

function History({ history }: { history: PosCashUp[] }) {
  const { t, i18n } = useTranslation('pos');
  if (history.length === 0) return <p className="text-sm text-stone-600">{t('cash_up.history_empty')}</p>;
  return (
    <ul className="divide-y divide-stone-100" data-testid="cash-up-history">
      {history.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
          <span className="font-medium text-stone-900">
            {t('cash_up.history_item', { session: c.session })}
          </span>
          <span className="text-stone-600">{formatDateTime(c.closed_at, i18n.language)}</span>
          <OutcomeBadge outcome={c.outcome} difference={c.difference} />
          <span className="ml-auto text-stone-700">
            {t('cash_up.counted_of', {
              counted: formatMoney(c.counted_cash),
              expected: formatMoney(c.expected_cash),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The cash-up (ADR 017): the open session's totals per payment method and the cash expected, a Cash up
 * that counts the drawer, and the earlier cash-ups. Sales still waiting on the device are synced first.
 */
export function CashUpPanel({ waiting }: { waiting: number }) {
  const { t, i18n } = useTranslation('pos');
  const summary = useCashUpSummary();
  const [counting, setCounting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Card data-testid="cash-up">
      <QueryState query={summary} icon={Calculator}>
        {(data) => {
          const active = data.methods.filter(
            (m) => m.method === 'cash' || m.sales_count + m.refunds_count > 0,
          );
          return (
            <>
              <CardHeader
                title={t('cash_up.title')}
                subtitle={
                  data.opened_at
                    ? t('cash_up.session', {
                        session: data.session,
                        since: formatDateTime(data.opened_at, i18n.language),
                      })
                    : t('cash_up.session_empty', { session: data.session })
                }
                action={
                  <Button
                    size="sm"
                    data-testid="open-cash-up"
                    disabled={waiting > 0}
                    onClick={() => {
                      setNotice(null);
                      setCounting(true);
                    }}
                  >
                    <Calculator aria-hidden className="size-4" />
                    {t('cash_up.open')}
                  </Button>
                }
              />
              <div className="space-y-4 px-4 pb-4 sm:px-5">
                {waiting > 0 && (
                  <p className="rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
                    {t('cash_up.queue_first')}
                  </p>
                )}
                {notice && (
                  <p
                    role="status"
                    className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800"
                    data-testid="cash-up-notice"
                  >
                    {notice}
                  </p>
                )}
                <dl className="divide-y divide-stone-100 text-sm" data-testid="cash-up-methods">
                  {active.map((m) => (
                    <div key={m.method} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2">
                      <dt className="font-medium text-stone-900">{t(`methods.${m.method}`)}</dt>
                      <dd className="text-stone-600">{t('cash_up.sales', { count: m.sales_count })}</dd>
                      {m.refunds_count > 0 && (
                        <dd className="text-stone-600">
                          {t('cash_up.refunds', { amount: formatMoney(m.refunds_total) })}
                        </dd>
                      )}
                      <dd className="ml-auto font-semibold" data-testid={`cash-up-net-${m.method}`}>
                        {formatMoney(m.net)}
                      </dd>
                    </div>
                  ))}
                </dl>
                <div>
                  <h3 className="mb-1 text-sm font-semibold text-stone-900">{t('cash_up.history')}</h3>
                  <History history={data.history} />
                </div>
              </div>
              {counting && (
                <CashUpDialog
                  summary={data}
                  onClose={() => setCounting(false)}
                  onDone={(done) => {
                    setCounting(false);
                    setNotice(t('cash_up.done', { session: done.session }));
                  }}
                />
              )}
            </>
          );
        }}
      </QueryState>
    </Card>
  );
}
