import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Activity, AlertTriangle, CheckCircle2, PlugZap, Wrench } from 'lucide-react';
import { integrationCounts, type IntegrationsOverview } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { QueryState } from '../../../components/ui/QueryState';
import { StatCard } from '../../../components/ui/StatCard';
import { formatCount } from '../../../lib/format';
import type { OfflineTill } from '../offline';
import { LogList } from './LogList';

/** Real counts (the browser's offline till counted beside the server's connections) and the latest API requests. */
export function OverviewTab({
  query,
  offline,
  onConnections,
  onActivity,
}: {
  query: UseQueryResult<IntegrationsOverview>;
  offline: OfflineTill;
  onConnections: () => void;
  onActivity: () => void;
}) {
  const { t, i18n } = useTranslation('integrations');
  return (
    <QueryState query={query} icon={PlugZap} loading={t('loading')}>
      {(data) => {
        const counts = integrationCounts([...data.connections, offline], {
          requests: data.counts.requests_24h,
          errors: data.counts.errors_24h,
        });
        const n = (value: number) => formatCount(value, i18n.language);
        const keysHolder = data.connections.some((c) => c.id === 'public_api' && c.available);
        return (
          <div className="space-y-4">
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="counts">
              <StatCard
                label={t('overview.connected')}
                value={n(counts.connected)}
                icon={CheckCircle2}
                tone="bg-green-100 text-green-700"
              />
              <StatCard
                label={t('overview.needs_setup')}
                value={n(counts.needs_setup)}
                icon={Wrench}
                tone="bg-yellow-100 text-yellow-800"
              />
              <StatCard label={t('overview.requests')} value={n(counts.requests_24h)} icon={Activity} />
              <StatCard
                label={t('overview.errors')}
                value={n(counts.errors_24h)}
                icon={AlertTriangle}
                tone="bg-red-100 text-red-700"
              />
            </div>
            <Card>
              <CardHeader
                title={t('overview.recent')}
                subtitle={t('overview.recent_text')}
                action={
                  data.recent.length > 0 ? (
                    <Button variant="outline" size="sm" onClick={onActivity}>
                      {t('overview.all_activity')}
                    </Button>
                  ) : undefined
                }
              />
              {data.recent.length === 0 ? (
                <EmptyState
                  icon={Activity}
                  title={t('overview.no_recent')}
                  message={keysHolder ? t('overview.no_recent_text') : t('activity.closed_text')}
                  action={
                    <Button variant="outline" size="sm" onClick={onConnections}>
                      {t('overview.see_connections')}
                    </Button>
                  }
                  testId="no-recent"
                />
              ) : (
                <LogList logs={data.recent} />
              )}
            </Card>
          </div>
        );
      }}
    </QueryState>
  );
}
