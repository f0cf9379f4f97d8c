import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Activity, Gauge, HeartPulse, Lightbulb, RefreshCw } from 'lucide-react';
import {
  PERFORMANCE_REFRESH_DEFAULT,
  PERFORMANCE_REFRESH_SECONDS,
  type PerformanceRefreshSeconds,
} from '@tt/domain';
import { Button } from '../../components/ui/Button';
import { Select } from '../../components/ui/Field';
import { LoadError } from '../../components/ui/LoadError';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { TabPanel, Tabs, useTabParam } from '../../components/ui/Tabs';
import { formatDateTime } from '../../lib/format';
import { usePerformance } from './api';
import { HealthTab } from './components/HealthTab';
import { MetricsTab } from './components/MetricsTab';
import { RealtimeTab } from './components/RealtimeTab';
import { TipsTab } from './components/TipsTab';

const TABS = ['metrics', 'health', 'tips', 'realtime'] as const;
type Tab = (typeof TABS)[number];

/**
 * The performance monitor (spec 2; ADR 049): the answering instance's own figures, measured as they are asked for,
 * asked again on the chosen interval while auto-refresh is on (spec 2 §4, §9).
 */
export default function PerformancePage() {
  const { t, i18n } = useTranslation('performance');
  const [tab, setTab] = useTabParam<Tab>(TABS);
  const [auto, setAuto] = useState(true);
  const [interval, setInterval] = useState<PerformanceRefreshSeconds>(PERFORMANCE_REFRESH_DEFAULT);
  const report = usePerformance(auto ? interval : false);
  const data = report.data;
  const problems = data ? data.tips.filter((tip) => tip.kind !== 'all_good').length : 0;
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        action={
          <div className="flex flex-wrap items-center gap-3 text-sm font-medium text-stone-700">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={auto}
                onChange={(e) => setAuto(e.target.checked)}
                className="size-4 accent-brand-600"
                data-testid="performance-auto"
              />
              {t('refresh.auto')}
            </label>
            <label className="flex items-center gap-2">
              <span className="sr-only sm:not-sr-only">{t('refresh.every')}</span>
              <Select
                value={interval}
                onChange={(e) => setInterval(Number(e.target.value) as PerformanceRefreshSeconds)}
                disabled={!auto}
                className="w-auto"
                aria-label={t('refresh.every')}
                data-testid="performance-interval"
              >
                {PERFORMANCE_REFRESH_SECONDS.map((s) => (
                  <option key={s} value={s}>
                    {s < 60 ? t('refresh.seconds', { count: s }) : t('refresh.minutes', { count: s / 60 })}
                  </option>
                ))}
              </Select>
            </label>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void report.refetch()}
              disabled={report.isFetching}
              data-testid="performance-refresh"
            >
              <RefreshCw aria-hidden className={report.isFetching ? 'size-4 animate-spin' : 'size-4'} />
              {t('refresh.now')}
            </Button>
          </div>
        }
      />
      {data && (
        <p className="-mt-2 mb-3 text-xs text-stone-600" data-testid="performance-checked">
          {t('checked', { time: formatDateTime(data.checked_at, i18n.language) })}
          {report.isError && <span className="ml-2 text-red-700">{t('refresh.failed')}</span>}
        </p>
      )}
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'metrics', label: t('tabs.metrics'), icon: Gauge },
          { value: 'health', label: t('tabs.health'), icon: HeartPulse },
          { value: 'tips', label: t('tabs.tips'), icon: Lightbulb, ...(problems ? { count: problems } : {}) },
          { value: 'realtime', label: t('tabs.realtime'), icon: Activity },
        ]}
      >
        {report.isPending ? (
          <Loading label={t('loading')} />
        ) : !data ? (
          <LoadError icon={Gauge} onRetry={() => void report.refetch()} />
        ) : (
          <>
            <TabPanel value="metrics">
              <MetricsTab report={data} />
            </TabPanel>
            <TabPanel value="health">
              <HealthTab report={data} />
            </TabPanel>
            <TabPanel value="tips">
              <TipsTab report={data} />
            </TabPanel>
            <TabPanel value="realtime">
              <RealtimeTab report={data} />
            </TabPanel>
          </>
        )}
      </Tabs>
    </>
  );
}
