import { useTranslation } from 'react-i18next';
import { AlertTriangle, Database, HardDrive, Inbox, Server, Timer } from 'lucide-react';
import { PERFORMANCE_WINDOW_MINUTES, type ComponentId, type PerformanceReport } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Card, CardHeader } from '../../../components/ui/Card';
import { formatDateTime } from '../../../lib/format';
import { componentTone, metricFigure } from './labels';

const ICONS: Record<ComponentId, typeof Server> = {
  api: Server,
  database: Database,
  jobs: Timer,
  events: Inbox,
  storage: HardDrive,
};

/** How long, in the largest two units that say it: 3 d 4 h, 2 h 15 min, 40 min, 12 s. */
function duration(seconds: number, t: (key: string, options: Record<string, number>) => string): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return t('uptime.days_hours', { days: d, hours: h });
  if (h > 0) return t('uptime.hours_minutes', { hours: h, minutes: m });
  if (m > 0) return t('uptime.minutes', { minutes: m });
  return t('uptime.seconds', { seconds });
}

/** This instance, each part of the system with its status, and the jobs that gave up. */
export function HealthTab({ report }: { report: PerformanceReport }) {
  const { t, i18n } = useTranslation('performance');
  const { instance } = report;
  return (
    <div className="grid gap-4">
      <Card className="p-4 sm:p-5" data-testid="performance-instance">
        <h2 className="font-semibold text-stone-900">{t('instance.title')}</h2>
        <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">{t('instance.started')}</dt>
            <dd className="text-right text-stone-900">
              {formatDateTime(instance.started_at, i18n.language)}
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">{t('instance.uptime')}</dt>
            <dd className="text-right text-stone-900" data-testid="performance-uptime">
              {duration(instance.uptime_seconds, t)}
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">{t('instance.database')}</dt>
            <dd className="text-right text-stone-900">{t(`instance.db.${instance.database}`)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">{t('instance.jobs')}</dt>
            <dd className="text-right text-stone-900">
              {instance.runs_jobs ? t('instance.yes') : t('instance.no')}
            </dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-stone-600">{t('instance.note')}</p>
      </Card>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="performance-components">
        {report.components.map((c) => {
          const Icon = ICONS[c.id];
          return (
            <li key={c.id} data-testid={`component-${c.id}`} data-status={c.status}>
              <Card className="flex h-full gap-3 p-4">
                <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-stone-100 text-stone-700">
                  <Icon aria-hidden className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-medium text-stone-900">{t(`component.${c.id}.name`)}</h3>
                    <Badge tone={componentTone[c.status]}>{t(`component_status.${c.status}`)}</Badge>
                  </div>
                  <p className="mt-1 text-sm text-stone-700">
                    {t(`component.${c.id}.detail`, {
                      count: c.detail ?? 0,
                      value: c.detail ?? 0,
                      minutes: PERFORMANCE_WINDOW_MINUTES,
                      time:
                        c.response_time_ms === null
                          ? ''
                          : metricFigure(c.response_time_ms, 'ms', i18n.language),
                    })}
                  </p>
                  <p className="mt-1 text-xs text-stone-600">
                    {t('component.checked', { time: formatDateTime(c.last_check, i18n.language) })}
                  </p>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      <Card>
        <CardHeader title={t('failed_jobs.title')} subtitle={t('failed_jobs.subtitle')} />
        {report.failed_jobs.length === 0 ? (
          <p className="px-4 py-4 text-sm text-stone-600 sm:px-5">{t('failed_jobs.none')}</p>
        ) : (
          <ul className="divide-y divide-stone-100" data-testid="performance-failed-jobs">
            {report.failed_jobs.map((j, i) => (
              <li key={`${j.name}-${j.updated_at}-${i}`} className="flex gap-3 px-4 py-3 sm:px-5">
                <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-red-700" />
                <div className="min-w-0">
                  <p className="text-sm font-medium break-all text-stone-900">{j.name}</p>
                  <p className="text-xs text-stone-600">
                    {t('failed_jobs.attempts', {
                      count: j.attempts,
                      time: formatDateTime(j.updated_at, i18n.language),
                    })}
                  </p>
                  {j.last_error && <p className="mt-1 text-xs break-words text-red-800">{j.last_error}</p>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
