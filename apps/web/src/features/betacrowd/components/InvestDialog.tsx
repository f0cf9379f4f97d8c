import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatRand,
  investmentBounds,
  randToCents,
  rateBasisPoints,
  repaymentSchedule,
  scheduleSummary,
  type CrowdCampaign,
} from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { Field, Input } from '../../../components/ui/Field';
import { toDecimal } from '../../../components/form';
import { toastSuccess } from '../../../lib/toast';
import { useInvest } from '../api';
import { NoMoneyNotice } from './NoMoneyNotice';
import { ScheduleTable } from './ScheduleTable';

function amountCents(text: string): number | null {
  const value = toDecimal(text);
  if (value === undefined || !Number.isFinite(value)) return null;
  try {
    return randToCents(value);
  } catch {
    return null;
  }
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `invest-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * Invest Now (spec 3; ADR 052): the amount between the campaign's minimum and what is left to raise and what the
 * wallet holds, the expected return and the repayment schedule for it, and only after a second, explicit
 * confirmation the investment, with one Idempotency-Key per amount so a double tap or a retry invests once.
 */
export function InvestDialog({
  campaign,
  walletRand,
  onClose,
}: {
  campaign: CrowdCampaign;
  walletRand: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('betacrowd');
  const invest = useInvest();
  const left = randToCents(campaign.target_amount) - randToCents(campaign.raised_amount);
  const bounds = investmentBounds(randToCents(campaign.minimum_investment), left, randToCents(walletRand));
  const [text, setText] = useState(String(bounds.min_cents / 100));
  const [step, setStep] = useState<'amount' | 'confirm'>('amount');
  const key = useRef<{ cents: number; key: string } | null>(null);
  const cents = amountCents(text);
  const problem =
    cents === null
      ? t('invest.invalid')
      : cents < bounds.min_cents
        ? t('invest.below_minimum', { minimum: formatRand(bounds.min_cents) })
        : cents > left
          ? t('invest.over_left', { left: formatRand(left) })
          : cents > bounds.max_cents
            ? t('invest.over_wallet', { wallet: formatRand(randToCents(walletRand)) })
            : null;
  const schedule =
    cents !== null && problem === null
      ? repaymentSchedule(
          cents,
          rateBasisPoints(campaign.interest_rate),
          campaign.loan_term_months,
          campaign.repayment_frequency,
        )
      : [];
  const summary = scheduleSummary(schedule);

  const confirm = () => {
    if (cents === null || problem) return;
    if (key.current?.cents !== cents) key.current = { cents, key: newKey() };
    invest.mutate(
      { id: campaign.id, amount: cents / 100, key: key.current.key },
      {
        onSuccess: () => {
          toastSuccess(t('invest.done', { amount: formatRand(cents), title: campaign.campaign_title }));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        step === 'amount' ? t('invest.title', { title: campaign.campaign_title }) : t('invest.confirm_title')
      }
      closeLabel={t('close')}
      footer={
        <DialogActions>
          {step === 'amount' ? (
            <>
              <Button variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button
                onClick={() => setStep('confirm')}
                disabled={!bounds.possible || problem !== null}
                data-testid="invest-review"
              >
                {t('invest.review')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={() => setStep('amount')} disabled={invest.isPending}>
                {t('invest.back')}
              </Button>
              <Button onClick={confirm} loading={invest.isPending} data-testid="invest-confirm">
                {t('invest.confirm', { amount: cents === null ? '' : formatRand(cents) })}
              </Button>
            </>
          )}
        </DialogActions>
      }
    >
      <div className="space-y-4">
        {step === 'amount' ? (
          <>
            <Field
              htmlFor="invest-amount"
              label={t('invest.amount')}
              hint={t('invest.bounds', {
                minimum: formatRand(bounds.min_cents),
                maximum: formatRand(Math.max(0, bounds.max_cents)),
              })}
              error={text !== '' && problem ? problem : undefined}
            >
              <Input
                id="invest-amount"
                inputMode="decimal"
                value={text}
                onChange={(e) => setText(e.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? 'invest-amount-error' : undefined}
                data-testid="invest-amount"
              />
            </Field>
            {!bounds.possible && (
              <p className="rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900" role="status">
                {t('invest.not_enough', { wallet: formatRand(randToCents(walletRand)) })}
              </p>
            )}
          </>
        ) : (
          <p className="text-sm text-stone-800">
            {t('invest.confirm_text', {
              amount: cents === null ? '' : formatRand(cents),
              title: campaign.campaign_title,
            })}
          </p>
        )}
        {schedule.length > 0 && (
          <div className="space-y-2" data-testid="invest-summary">
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 rounded-lg bg-stone-50 p-3 text-sm">
              <dt className="text-stone-600">{t('invest.instalments')}</dt>
              <dd className="text-right font-medium tabular-nums">
                {t('invest.instalments_value', {
                  count: summary.instalments,
                  amount: formatRand(schedule[0]!.payment_cents),
                  frequency: t(`frequency.${campaign.repayment_frequency}`),
                })}
              </dd>
              <dt className="text-stone-600">{t('invest.total_back')}</dt>
              <dd className="text-right font-medium tabular-nums">{formatRand(summary.total_cents)}</dd>
              <dt className="font-medium text-stone-900">{t('invest.expected_return')}</dt>
              <dd className="text-right font-semibold tabular-nums" data-testid="expected-return">
                {formatRand(summary.interest_cents)}
              </dd>
            </dl>
            <ScheduleTable schedule={schedule} testId="invest-schedule" />
            <p className="text-xs text-stone-600">{t('invest.expected_note')}</p>
          </div>
        )}
        <NoMoneyNotice />
      </div>
    </Dialog>
  );
}
