import { useTranslation } from 'react-i18next';
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { PERFORMANCE_WINDOW_MINUTES, type PerformanceReport } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { bandTone, metricFigure, metricTone } from './labels';

const TREND_ICONS = { up: ArrowUpRight, down: ArrowDownRight, stable: ArrowRight } as const;

/** The score (spec 2 §9's average) and each metric against its benchmark, with its status and trend. */
export function MetricsTab({ report }: { report: PerformanceReport }) {
  const { t, i18n } = useTranslation('performance');
  return (
    <div className="grid gap-4">
      <Card className="p-4 sm:p-5" data-testid="performance-score">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="text-sm font-medium text-stone-600">{t('score.title')}</h2>
            <p className="text-3xl font-bold text-stone-900 tabular-nums">
              {report.score === null ? t('score.none') : `${report.score}/100`}
            </p>
          </div>
          {report.band && <Badge tone={bandTone[report.band]}>{t(`band.${report.band}`)}</Badge>}
        </div>
        {report.score !== null && report.band && (
          <ProgressBar
            percent={report.score}
            label={t('score.title')}
            tone={bandTone[report.band]}
            className="mt-3"
          />
        )}
        <p className="mt-2 text-xs text-stone-600">
          {t('score.how', { minutes: PERFORMANCE_WINDOW_MINUTES })}
        </p>
      </Card>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="performance-metrics">
        {report.metrics.map((m) => {
          const Trend = TREND_ICONS[m.trend];
          return (
            <li key={m.id} data-testid={`metric-${m.id}`}>
              <Card className="h-full p-4">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="min-w-0 text-sm font-medium break-words text-stone-700">
                    {t(`metric.${m.id}.name`)}
                  </h3>
                  {m.status && <Badge tone={metricTone[m.status]}>{t(`status.${m.status}`)}</Badge>}
                </div>
                <p className="mt-1 flex items-center gap-1.5 text-2xl font-bold text-stone-900 tabular-nums">
                  <span data-testid="metric-value">
                    {m.value === null ? t('metric.none') : metricFigure(m.value, m.unit, i18n.language)}
                  </span>
                  {m.value !== null && (
                    <Trend
                      aria-label={t(`trend.${m.trend}`, { minutes: PERFORMANCE_WINDOW_MINUTES })}
                      role="img"
                      className="size-5 text-stone-500"
                    />
                  )}
                </p>
                <p className="mt-1 text-xs text-stone-600">
                  {t('metric.benchmark', { value: metricFigure(m.benchmark, m.unit, i18n.language) })}
                </p>
                <p className="mt-2 text-sm text-stone-700">{t(`metric.${m.id}.description`)}</p>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
