import { useTranslation } from 'react-i18next';
import { Wallet } from 'lucide-react';
import type { Rewards } from '@tt/domain';
import { Card } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { cn } from '../../../components/ui/cn';
import { formatDate, formatMoney } from '../../../lib/format';
import { useRewards } from '../api';

/** The rewards balance as a ledger: each credit (and later each use) with its date. */
export function RewardsCard() {
  const { t, i18n } = useTranslation('referrals');
  const rewards = useRewards();
  return (
    <section aria-labelledby="rewards-title">
      <h2 id="rewards-title" className="mb-2 text-base font-semibold text-stone-900">
        {t('rewards.title')}
      </h2>
      <QueryState query={rewards} icon={Wallet}>
        {(data: Rewards) => (
          <Card className="p-4">
            <p className="text-sm text-stone-600">{t('rewards.balance')}</p>
            <p className="text-2xl font-bold text-stone-900 tabular-nums" data-testid="rewards-balance">
              {formatMoney(data.balance)}
            </p>
            {data.entries.length === 0 ? (
              <p className="mt-2 text-sm text-stone-600">{t('rewards.empty')}</p>
            ) : (
              <ul className="mt-3 divide-y divide-stone-100 border-t border-stone-100">
                {data.entries.map((e) => (
                  <li key={e.id} className="flex items-center gap-3 py-2 text-sm">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-stone-900">
                        {t(`rewards.kind.${e.kind}`, { name: e.referred_user_name ?? '' })}
                      </p>
                      <p className="text-xs text-stone-600">{formatDate(e.created_at, i18n.language)}</p>
                    </div>
                    <span
                      className={cn(
                        'font-semibold tabular-nums',
                        e.amount >= 0 ? 'text-green-800' : 'text-stone-900',
                      )}
                    >
                      {e.amount > 0 ? '+' : ''}
                      {formatMoney(e.amount)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
      </QueryState>
    </section>
  );
}
