import { formatMoney } from '../../../lib/format';
import { useTranslation } from 'react-i18next';
import { BookOpen, Landmark, ReceiptText, TrendingDown, TrendingUp, Wallet } from 'lucide-react';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { StatCard } from '../../../components/ui/StatCard';
import { useFinanceSummary, useJournal, type PeriodChoice } from '../api';
import { EntryCard } from './JournalPanel';
import { QueryState } from '../../../components/ui/QueryState';

/** The four tiles of the period, whether VAT is posted, and the latest entries. */
export function DashboardPanel({
  period,
  onSeeAll,
  onReverse,
}: {
  period: PeriodChoice;
  onSeeAll: () => void;
  onReverse: (entry: { id: number; reference: string }) => void;
}) {
  const { t } = useTranslation('ledger');
  const summary = useFinanceSummary(period);
  const journal = useJournal(period, 1);
  return (
    <div className="space-y-4">
      <QueryState query={summary} loading={t('loading')} icon={Landmark}>
        {(s) => (
          <>
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="finance-tiles">
              <StatCard
                label={t('tiles.income')}
                value={formatMoney(s.income)}
                icon={TrendingUp}
                tone="bg-green-100 text-green-800"
              />
              <StatCard
                label={t('tiles.expenses')}
                value={formatMoney(s.expenses)}
                icon={TrendingDown}
                tone="bg-red-100 text-red-800"
              />
              <StatCard
                label={s.profit < 0 ? t('tiles.loss') : t('tiles.profit')}
                value={formatMoney(s.profit)}
                icon={ReceiptText}
              />
              <StatCard
                label={t('tiles.cash')}
                value={formatMoney(s.cash)}
                icon={Wallet}
                hint={t('tiles.cash_hint')}
                tone="bg-blue-100 text-blue-800"
              />
            </div>
            <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600" data-testid="vat-status">
              <Badge tone={s.vat_registered ? 'green' : 'grey'}>
                {s.vat_registered ? t('vat.registered_badge') : t('vat.not_registered_badge')}
              </Badge>
              <span>{s.vat_registered ? t('vat.registered') : t('vat.not_registered')}</span>
            </p>
          </>
        )}
      </QueryState>
      <Card>
        <CardHeader
          title={t('dashboard.recent')}
          action={
            <Button variant="outline" size="sm" onClick={onSeeAll}>
              {t('dashboard.see_all')}
            </Button>
          }
        />
        <div className="p-3 sm:p-4">
          <QueryState query={journal} loading={t('loading')} icon={BookOpen}>
            {(list) =>
              list.entries.length === 0 ? (
                <EmptyState
                  icon={BookOpen}
                  title={t('dashboard.empty_title')}
                  message={t('dashboard.empty_text')}
                />
              ) : (
                <ul className="space-y-3">
                  {list.entries.slice(0, 5).map((entry) => (
                    <li key={entry.id}>
                      <EntryCard entry={entry} onReverse={onReverse} />
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
        </div>
      </Card>
    </div>
  );
}
