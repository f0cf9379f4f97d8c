import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HandCoins, PiggyBank, Plus, Store, TrendingUp, Wallet as WalletIcon } from 'lucide-react';
import {
  AMOUNT_BAND_KEYS,
  CROWD_CAMPAIGN_TYPES,
  RISK_LEVELS,
  depositSchema,
  formatRand,
  randToCents,
  type CrowdCampaign,
  type FundingMethod,
} from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { Field, Input, Select } from '../../../components/ui/Field';
import { QueryState } from '../../../components/ui/QueryState';
import { StatCard } from '../../../components/ui/StatCard';
import { toDecimal } from '../../../components/form';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useDeposit, useMarketplace, usePortfolio, useWallet, type MarketplaceFilters } from '../api';
import { statusTone, CampaignCard } from './CampaignCard';
import { InvestDialog } from './InvestDialog';
import { NoMoneyNotice } from './NoMoneyNotice';
import { MethodSelect } from './MethodSelect';

export function MarketplaceTab({ userId }: { userId: number }) {
  const { t } = useTranslation('betacrowd');
  const [filters, setFilters] = useState<MarketplaceFilters>({});
  const campaigns = useMarketplace(filters);
  const wallet = useWallet();
  const [investing, setInvesting] = useState<CrowdCampaign | null>(null);
  const set = (name: keyof MarketplaceFilters, value: string) =>
    setFilters((f) => {
      const next = { ...f } as Record<string, string>;
      if (value === '') delete next[name];
      else next[name] = value;
      return next as MarketplaceFilters;
    });
  return (
    <>
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="marketplace-filters">
        <Field htmlFor="filter-type" label={t('filters.type')}>
          <Select
            id="filter-type"
            value={filters.campaign_type ?? ''}
            onChange={(e) => set('campaign_type', e.target.value)}
          >
            <option value="">{t('filters.all_types')}</option>
            {CROWD_CAMPAIGN_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field htmlFor="filter-risk" label={t('filters.risk')}>
          <Select
            id="filter-risk"
            value={filters.risk_level ?? ''}
            onChange={(e) => set('risk_level', e.target.value)}
          >
            <option value="">{t('filters.all_risks')}</option>
            {RISK_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`risk.${level}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field htmlFor="filter-band" label={t('filters.amount')}>
          <Select
            id="filter-band"
            value={filters.amount_band ?? ''}
            onChange={(e) => set('amount_band', e.target.value)}
          >
            <option value="">{t('filters.all_amounts')}</option>
            {AMOUNT_BAND_KEYS.map((band) => (
              <option key={band} value={band}>
                {t(`bands.${band}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <QueryState
        query={campaigns}
        icon={Store}
        empty={{ title: t('marketplace.empty_title'), message: t('marketplace.empty_text') }}
      >
        {(list) => (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="marketplace-list">
            {list.map((c) => (
              <li key={c.id} className="min-w-0">
                <CampaignCard campaign={c}>
                  {c.entrepreneur_id === userId ? (
                    <Badge tone="grey">{t('marketplace.yours')}</Badge>
                  ) : (
                    <Button onClick={() => setInvesting(c)} disabled={!wallet.data} data-testid="invest-now">
                      <HandCoins aria-hidden className="size-4" />
                      {t('marketplace.invest')}
                    </Button>
                  )}
                </CampaignCard>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {investing && wallet.data && (
        <InvestDialog
          campaign={investing}
          walletRand={wallet.data.available_balance}
          onClose={() => setInvesting(null)}
        />
      )}
    </>
  );
}

function AddFundsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('betacrowd');
  const deposit = useDeposit();
  const [text, setText] = useState('');
  const [method, setMethod] = useState<FundingMethod>('eft');
  const [confirming, setConfirming] = useState(false);
  const value = toDecimal(text);
  const parsed = depositSchema.safeParse({ amount: value, method });
  const error = text !== '' && !parsed.success ? t('wallet.amount_invalid') : undefined;
  const cents = parsed.success ? randToCents(parsed.data.amount) : 0;
  if (confirming && parsed.success) {
    return (
      <ConfirmDialog
        title={t('wallet.confirm_title')}
        confirmLabel={t('wallet.confirm', { amount: formatRand(cents) })}
        danger={false}
        busy={deposit.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          deposit.mutate(parsed.data, {
            onSuccess: () => {
              toastSuccess(t('wallet.added', { amount: formatRand(cents) }));
              onClose();
            },
          })
        }
      >
        <p className="text-sm text-stone-800">
          {t('wallet.confirm_text', { amount: formatRand(cents), method: t(`methods.${method}`) })}
        </p>
        <div className="mt-3">
          <NoMoneyNotice />
        </div>
      </ConfirmDialog>
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('wallet.add_title')}
      description={t('wallet.add_text')}
      closeLabel={t('close')}
      footer={
        <DialogActions>
          <Button variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            onClick={() => setConfirming(true)}
            disabled={!parsed.success}
            data-testid="add-funds-review"
          >
            {t('wallet.continue')}
          </Button>
        </DialogActions>
      }
    >
      <div className="space-y-4">
        <Field
          htmlFor="deposit-amount"
          label={t('wallet.amount')}
          required
          error={error}
          hint={t('wallet.amount_hint')}
        >
          <Input
            id="deposit-amount"
            inputMode="decimal"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'deposit-amount-error' : undefined}
            data-testid="deposit-amount"
          />
        </Field>
        <MethodSelect
          id="deposit-method"
          label={t('wallet.method')}
          value={method}
          onChange={setMethod}
          required
        />
        <NoMoneyNotice />
      </div>
    </Dialog>
  );
}

export function WalletTab() {
  const { t, i18n } = useTranslation('betacrowd');
  const wallet = useWallet();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <StatCard
          label={t('wallet.available')}
          value={wallet.data ? formatMoney(wallet.data.available_balance) : '—'}
          icon={WalletIcon}
        />
        <Card className="flex flex-col justify-center gap-2 p-4">
          <Button onClick={() => setAdding(true)} data-testid="add-funds">
            <Plus aria-hidden className="size-4" />
            {t('wallet.add')}
          </Button>
        </Card>
      </div>
      <div className="mb-4">
        <NoMoneyNotice />
      </div>
      <h2 className="mb-2 font-semibold text-stone-900">{t('wallet.ledger')}</h2>
      <QueryState
        query={wallet}
        icon={WalletIcon}
        isEmpty={(w) => w.movements.length === 0}
        empty={{ title: t('wallet.empty_title'), message: t('wallet.empty_text') }}
      >
        {(w) => (
          <Card>
            <ul className="divide-y divide-stone-100" data-testid="wallet-ledger">
              {w.movements.map((m) => (
                <li key={m.id} className="flex items-start justify-between gap-3 p-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-stone-900">
                      {t(`movement.${m.kind}`, { instalment: m.instalment_number ?? '' })}
                    </p>
                    <p className="break-words text-stone-600">
                      {[
                        m.campaign_title,
                        m.method ? t(`methods.${m.method}`) : null,
                        formatDateTime(m.created_at, i18n.language),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <span
                    className={`shrink-0 font-semibold whitespace-nowrap tabular-nums ${m.amount < 0 ? 'text-stone-900' : 'text-green-800'}`}
                  >
                    {m.amount > 0 ? '+' : ''}
                    {formatMoney(m.amount)}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </QueryState>
      {adding && <AddFundsDialog onClose={() => setAdding(false)} />}
    </>
  );
}

export function PortfolioTab() {
  const { t, i18n } = useTranslation('betacrowd');
  const portfolio = usePortfolio();
  const invested = portfolio.data?.investments.reduce((s, i) => s + randToCents(i.amount), 0) ?? 0;
  const received = portfolio.data?.returns.reduce((s, r) => s + randToCents(r.amount), 0) ?? 0;
  return (
    <>
      <div className="mb-4 grid grid-cols-2 gap-3">
        <StatCard label={t('portfolio.invested')} value={formatRand(invested)} icon={PiggyBank} />
        <StatCard label={t('portfolio.received')} value={formatRand(received)} icon={TrendingUp} />
      </div>
      <QueryState
        query={portfolio}
        icon={PiggyBank}
        isEmpty={(p) => p.investments.length === 0}
        empty={{ title: t('portfolio.empty_title'), message: t('portfolio.empty_text') }}
      >
        {(p) => (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="portfolio-list">
            {p.investments.map((i) => (
              <li key={i.id}>
                <Card className="space-y-1 p-4 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold break-words text-stone-900">{i.campaign_title}</h3>
                    <Badge tone={statusTone[i.campaign_status]}>{t(`status.${i.campaign_status}`)}</Badge>
                  </div>
                  <p className="text-stone-600">{t('card.by', { name: i.entrepreneur_name })}</p>
                  <p className="text-lg font-bold tabular-nums">{formatMoney(i.amount)}</p>
                  <p className="text-stone-600">
                    {t('portfolio.terms', {
                      rate: i.interest_rate,
                      months: i.loan_term_months,
                      frequency: t(`frequency.${i.repayment_frequency}`),
                    })}
                  </p>
                  <p className="text-stone-600">
                    {t('portfolio.since', { date: formatDate(i.created_at, i18n.language) })}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}

export function ReturnsTab() {
  const { t, i18n } = useTranslation('betacrowd');
  const portfolio = usePortfolio();
  return (
    <QueryState
      query={portfolio}
      icon={TrendingUp}
      isEmpty={(p) => p.returns.length === 0}
      empty={{ title: t('returns.empty_title'), message: t('returns.empty_text') }}
    >
      {(p) => (
        <Card>
          <ul className="divide-y divide-stone-100" data-testid="returns-list">
            {p.returns.map((r) => (
              <li key={r.id} className="flex items-start justify-between gap-3 p-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium break-words text-stone-900">
                    {r.campaign_title ?? t('returns.closed')}
                  </p>
                  <p className="text-stone-600">
                    {t('returns.instalment', { number: r.instalment_number ?? '' })} ·{' '}
                    {formatDate(r.created_at, i18n.language)}
                  </p>
                </div>
                <span className="shrink-0 font-semibold whitespace-nowrap text-green-800 tabular-nums">
                  +{formatMoney(r.amount)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </QueryState>
  );
}
