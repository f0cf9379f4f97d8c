import { useTranslation } from 'react-i18next';
import { Clock, LogIn, MonitorSmartphone, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { SecurityOverview } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { StatCard } from '../../../components/ui/StatCard';
import { formatCount, formatDateTime } from '../../../lib/format';
import { SessionsCard } from './SessionsCard';

const BAND_TONE = { excellent: 'green', good: 'yellow', needs_improvement: 'red' } as const;

/** The score over the deployment's measures (spec 2 §9), the account's sign-in figures and its sessions. */
export function OverviewTab({
  overview,
  onSettings,
}: {
  overview: SecurityOverview;
  onSettings: () => void;
}) {
  const { t, i18n } = useTranslation('security');
  const enabled = overview.measures.filter((m) => m.enabled).length;
  const lang = i18n.language;
  return (
    <div className="space-y-4">
      <Card
        className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:px-5"
        data-testid="security-score"
      >
        <div className="flex items-center gap-4">
          <span className="grid size-16 shrink-0 place-items-center rounded-full bg-brand-50 text-xl font-bold text-brand-800 tabular-nums ring-4 ring-brand-200">
            {overview.score}%
          </span>
          <div className="min-w-0">
            <h2 className="font-semibold text-stone-900">{t('score.title')}</h2>
            <Badge tone={BAND_TONE[overview.band]} className="mt-1">
              {t(`score.band.${overview.band}`)}
            </Badge>
          </div>
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-sm text-stone-700">
            {t('score.text', { enabled, total: overview.measures.length })}
          </p>
          <Button variant="outline" size="sm" className="mt-2" onClick={onSettings}>
            {t('score.see_settings')}
          </Button>
        </div>
      </Card>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t('stats.sign_ins')} value={formatCount(overview.sign_ins_30d, lang)} icon={LogIn} />
        <StatCard
          label={t('stats.open_sessions')}
          value={formatCount(overview.open_sessions, lang)}
          icon={MonitorSmartphone}
          tone="bg-blue-100 text-blue-800"
        />
        <StatCard
          label={t('stats.last_sign_in')}
          value={overview.last_sign_in_at ? formatDateTime(overview.last_sign_in_at, lang) : t('stats.never')}
          icon={Clock}
          tone="bg-stone-100 text-stone-700"
        />
        {overview.failed_sign_ins_30d === null ? (
          <StatCard
            label={t('settings.title')}
            value={`${enabled}/${overview.measures.length}`}
            icon={ShieldCheck}
            tone="bg-green-100 text-green-800"
          />
        ) : (
          <StatCard
            label={t('stats.failed')}
            value={formatCount(overview.failed_sign_ins_30d, lang)}
            icon={ShieldAlert}
            tone="bg-red-100 text-red-800"
          />
        )}
      </div>
      <SessionsCard />
    </div>
  );
}
