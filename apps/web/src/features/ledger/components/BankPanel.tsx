import { formatMoney } from '../../../lib/format';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, CircleDashed, Landmark, Scale } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { StatCard } from '../../../components/ui/StatCard';
import { useBankReconciliation, useReconcile, type PeriodChoice } from '../api';
import { describePosting, formatDay } from './shared';
import { QueryState } from '../../../components/ui/QueryState';

/** The bank account's lines of the period, each ticked off against the statement (the mark is saved). */
export function BankPanel({ period }: { period: PeriodChoice }) {
  const { t, i18n } = useTranslation('ledger');
  const bank = useBankReconciliation(period);
  const reconcile = useReconcile();
  return (
    <QueryState
      query={bank}
      loading={t('loading')}
      icon={Landmark}
      empty={{ title: t('bank.empty_title'), message: t('bank.empty_text') }}
      isEmpty={(data) => data.lines.length === 0 && data.book_balance === 0}
    >
      {(data) => (
        <div className="space-y-4">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <StatCard label={t('bank.book_balance')} value={formatMoney(data.book_balance)} icon={Scale} />
            <StatCard
              label={t('bank.reconciled_balance')}
              value={formatMoney(data.reconciled_balance)}
              icon={CheckCircle2}
              tone="bg-green-100 text-green-800"
            />
            <StatCard
              label={t('bank.unreconciled')}
              value={String(data.unreconciled_count)}
              icon={CircleDashed}
              tone="bg-yellow-100 text-yellow-800"
            />
          </div>
          {data.lines.length === 0 ? (
            <Card className="p-4 text-sm text-stone-600">{t('bank.no_lines')}</Card>
          ) : (
            <Card>
              <ul className="divide-y divide-stone-100" data-testid="bank-lines">
                {data.lines.map((line) => (
                  <li
                    key={line.id}
                    className="flex items-center gap-3 px-4 py-3 sm:px-5"
                    data-testid="bank-line"
                  >
                    <input
                      id={`bank-line-${line.id}`}
                      type="checkbox"
                      className="size-5 shrink-0 accent-brand-600"
                      checked={line.reconciled}
                      disabled={reconcile.isPending && reconcile.variables?.id === line.id}
                      onChange={(e) => reconcile.mutate({ id: line.id, reconciled: e.target.checked })}
                    />
                    <label htmlFor={`bank-line-${line.id}`} className="min-w-0 flex-1 cursor-pointer">
                      <span className="block truncate font-medium text-stone-900">
                        {describePosting(t, line.source, line.description)}
                      </span>
                      <span className="block text-sm text-stone-600">
                        {formatDay(line.entry_date, i18n.language)} ·{' '}
                        <span className="font-mono">{line.reference}</span>
                        {' · '}
                        {line.reconciled ? t('bank.mark') : t('bank.open')}
                      </span>
                    </label>
                    <span
                      className={`text-right font-semibold whitespace-nowrap tabular-nums ${line.amount < 0 ? 'text-red-700' : 'text-green-800'}`}
                    >
                      {line.amount < 0
                        ? `${t('bank.out')} ${formatMoney(-line.amount)}`
                        : `${t('bank.in')} ${formatMoney(line.amount)}`}
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </div>
      )}
    </QueryState>
  );
}
