import { useTranslation } from 'react-i18next';
import { Activity, AlertTriangle, LogIn, Users } from 'lucide-react';
import {
  inSast,
  PERFORMANCE_HISTORY_MINUTES,
  type PerformanceMinute,
  type PerformanceReport,
} from '@tt/domain';
import { Card, CardHeader } from '../../../components/ui/Card';
import { StatCard } from '../../../components/ui/StatCard';
import { formatCount } from '../../../lib/format';
import { metricFigure } from './labels';

/** Johannesburg's clock time of a minute: 14:05. */
function clockTime(iso: string): string {
  const at = inSast(new Date(iso));
  return `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * Requests a minute over the last half hour, as plain bars (no chart library for 30 columns); each bar says its
 * minute and figures to a screen reader, and the 5xx part of it is drawn in red.
 */
function MinuteBars({ minutes }: { minutes: PerformanceMinute[] }) {
  const { t, i18n } = useTranslation('performance');
  const most = Math.max(1, ...minutes.map((m) => m.requests));
  return (
    <div className="px-4 pt-3 pb-4 sm:px-5">
      <ol className="flex h-40 items-end gap-0.5" data-testid="performance-minutes">
        {minutes.map((m) => {
          const label = t('realtime.minute', {
            time: clockTime(m.at),
            count: m.requests,
            errors: m.errors,
          });
          return (
            <li
              key={m.at}
              className="flex h-full min-w-0 flex-1 flex-col justify-end"
              aria-label={label}
              title={label}
              data-requests={m.requests}
            >
              <div
                className="flex w-full flex-col justify-end overflow-hidden rounded-t-sm bg-brand-500"
                style={{ height: `${(m.requests / most) * 100}%` }}
              >
                {m.errors > 0 && (
                  <div
                    className="w-full bg-red-600"
                    style={{ height: `${(m.errors / m.requests) * 100}%` }}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <div className="mt-1 flex justify-between text-xs text-stone-600" aria-hidden>
        <span>{minutes[0] ? clockTime(minutes[0].at) : ''}</span>
        <span>{formatCount(most, i18n.language)}</span>
        <span>{minutes.at(-1) ? clockTime(minutes.at(-1)!.at) : ''}</span>
      </div>
    </div>
  );
}

/** The last half hour: requests a minute, who is signed in, and the busiest routes. */
export function RealtimeTab({ report }: { report: PerformanceReport }) {
  const { t, i18n } = useTranslation('performance');
  const { realtime } = report;
  const requests = realtime.minutes.reduce((sum, m) => sum + m.requests, 0);
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="performance-realtime">
        <StatCard
          label={t('realtime.requests', { minutes: PERFORMANCE_HISTORY_MINUTES })}
          value={formatCount(requests, i18n.language)}
          icon={Activity}
        />
        <StatCard
          label={t('realtime.server_errors')}
          value={formatCount(realtime.statuses.server_error, i18n.language)}
          icon={AlertTriangle}
          tone="bg-red-100 text-red-700"
          hint={t('realtime.client_errors', { count: realtime.statuses.client_error })}
        />
        <StatCard
          label={t('realtime.open_sessions')}
          value={formatCount(realtime.open_sessions, i18n.language)}
          icon={Users}
          tone="bg-blue-100 text-blue-700"
        />
        <StatCard
          label={t('realtime.sign_ins')}
          value={formatCount(realtime.sign_ins_last_hour, i18n.language)}
          icon={LogIn}
          tone="bg-green-100 text-green-700"
        />
      </div>
      <Card>
        <CardHeader
          title={t('realtime.per_minute')}
          subtitle={t('realtime.per_minute_hint', { minutes: PERFORMANCE_HISTORY_MINUTES })}
        />
        <MinuteBars minutes={realtime.minutes} />
      </Card>
      <Card>
        <CardHeader title={t('realtime.routes')} />
        {realtime.routes.length === 0 ? (
          <p className="px-4 py-4 text-sm text-stone-600 sm:px-5">
            {t('realtime.no_routes', { minutes: PERFORMANCE_HISTORY_MINUTES })}
          </p>
        ) : (
          <ul className="divide-y divide-stone-100" data-testid="performance-routes">
            {realtime.routes.map((r) => (
              <li key={`${r.method} ${r.route}`} className="flex items-center gap-3 px-4 py-2.5 sm:px-5">
                <div className="min-w-0 flex-1">
                  <p className="font-mono text-xs break-all text-stone-900">
                    <span className="font-semibold">{r.method}</span> {r.route}
                  </p>
                  <p className="text-xs text-stone-600">
                    {t('realtime.route_figures', {
                      count: r.requests,
                      p95: r.p95_ms === null ? '-' : metricFigure(r.p95_ms, 'ms', i18n.language),
                      errors: r.errors,
                    })}
                  </p>
                </div>
                <span className="shrink-0 text-sm font-semibold text-stone-900 tabular-nums">
                  {formatCount(r.requests, i18n.language)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
