import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import type { Referral, ReferralStatus } from '@tt/domain';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDate, formatMoney } from '../../../lib/format';
import { useMyReferrals } from '../api';

const tone: Record<ReferralStatus, Tone> = { pending: 'yellow', verified: 'green', paid: 'blue' };

export function ReferralHistory() {
  const { t, i18n } = useTranslation('referrals');
  const referrals = useMyReferrals();
  return (
    <section aria-labelledby="referral-history">
      <h2 id="referral-history" className="mb-2 text-base font-semibold text-stone-900">
        {t('history.title')}
      </h2>
      <QueryState
        query={referrals}
        icon={UserPlus}
        empty={{ title: t('history.empty_title'), message: t('history.empty_message') }}
      >
        {(list: Referral[]) => (
          <Card>
            <ul className="divide-y divide-stone-100" data-testid="referral-history">
              {list.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-stone-900">{r.referred_user_name}</p>
                    <p className="text-xs text-stone-600">
                      {t('history.joined', { date: formatDate(r.created_at, i18n.language) })}
                      {r.verified_at &&
                        ` · ${t('history.verified_on', { date: formatDate(r.verified_at, i18n.language) })}`}
                    </p>
                  </div>
                  <span className="text-sm font-semibold text-stone-900 tabular-nums">
                    {formatMoney(r.reward_amount)}
                  </span>
                  <Badge tone={tone[r.status]}>{t(`status.${r.status}`)}</Badge>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </QueryState>
    </section>
  );
}
