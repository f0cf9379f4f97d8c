import { useTranslation } from 'react-i18next';
import { BadgeCheck, Clock, Gift, Users } from 'lucide-react';
import type { ReferralStats } from '@tt/domain';
import { PageHeader } from '../../components/ui/PageHeader';
import { QueryState } from '../../components/ui/QueryState';
import { StatCard } from '../../components/ui/StatCard';
import { formatMoney } from '../../lib/format';
import { useReferralStats } from './api';
import { HowItWorks } from './components/HowItWorks';
import { ReferralHistory } from './components/ReferralHistory';
import { ReferralLinkCard } from './components/ReferralLinkCard';
import { RewardsCard } from './components/RewardsCard';

/** Referrals (spec 1 /referrals): the tiles, the link to share, how it works, the history and the rewards. */
export default function ReferralsPage() {
  const { t } = useTranslation('referrals');
  const stats = useReferralStats();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <QueryState query={stats} icon={Gift}>
        {(s: ReferralStats) => (
          <div className="space-y-5">
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="referral-stats">
              <StatCard
                label={t('stats.total_earnings')}
                value={formatMoney(s.total_earnings)}
                icon={Gift}
                tone="bg-green-100 text-green-700"
              />
              <StatCard
                label={t('stats.pending_earnings')}
                value={formatMoney(s.pending_earnings)}
                icon={Clock}
                tone="bg-yellow-100 text-yellow-800"
              />
              <StatCard label={t('stats.total_referrals')} value={String(s.total_referrals)} icon={Users} />
              <StatCard
                label={t('stats.verified_referrals')}
                value={String(s.verified_referrals)}
                icon={BadgeCheck}
                tone="bg-blue-100 text-blue-700"
              />
            </div>
            <ReferralLinkCard code={s.referral_code} />
            <HowItWorks />
            <div className="grid gap-5 lg:grid-cols-[2fr_1fr]">
              <ReferralHistory />
              <RewardsCard />
            </div>
          </div>
        )}
      </QueryState>
    </>
  );
}
