import { useTranslation } from 'react-i18next';
import { CalendarRange, PackageCheck } from 'lucide-react';
import type { AiInsights } from '@tt/domain';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { formatDate, formatMoney } from '../../../lib/format';
import { NoSales } from './NoSales';

type Range = NonNullable<AiInsights['predictions']['next_7']>;

function Forecast({ title, range, testId }: { title: string; range: Range; testId: string }) {
  const { t } = useTranslation('ai_insights');
  return (
    <Card className="p-4" data-testid={testId}>
      <p className="text-sm text-stone-600">{title}</p>
      <p className="mt-1 text-2xl font-semibold text-stone-900 tabular-nums" data-testid="expected">
        {formatMoney(range.expected)}
      </p>
      <p className="mt-1 text-sm text-stone-700" data-testid="range">
        {t('predictions.range', { low: formatMoney(range.low), high: formatMoney(range.high) })}
      </p>
    </Card>
  );
}

/** The next 7 and 30 days' takings from the same weekdays of the last four weeks, and when each item runs out. */
export function PredictionsTab({ data }: { data: AiInsights }) {
  const { t, i18n } = useTranslation('ai_insights');
  if (!data.has_sales) return <NoSales what="predictions" />;
  const { predictions: p } = data;
  return (
    <div className="grid gap-4">
      {p.next_7 && p.next_30 ? (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <Forecast title={t('predictions.next_7')} range={p.next_7} testId="forecast-7" />
            <Forecast title={t('predictions.next_30')} range={p.next_30} testId="forecast-30" />
          </div>
          <p className="text-sm text-stone-600">{t('predictions.how', { days: p.days })}</p>
          <Card className="p-4">
            <h3 className="font-semibold text-stone-900">{t('predictions.daily_title')}</h3>
            <ul className="mt-2 grid gap-1.5 text-sm" data-testid="daily-forecast">
              {p.daily.map((d) => (
                <li key={d.date} className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="text-stone-800">
                    {t(`weekday.${d.weekday}`)} {formatDate(d.date, i18n.language)}
                  </span>
                  <span className="tabular-nums text-stone-900">
                    <span className="font-medium">{formatMoney(d.expected)}</span>{' '}
                    <span className="text-stone-600">
                      ({formatMoney(d.low)} – {formatMoney(d.high)})
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        </>
      ) : (
        <Card>
          <EmptyState
            icon={CalendarRange}
            title={t('predictions.too_early_title')}
            message={t('predictions.too_early', { days: p.days })}
            testId="forecast-too-early"
          />
        </Card>
      )}

      <Card className="p-4">
        <h3 className="font-semibold text-stone-900">{t('predictions.run_out_title')}</h3>
        <p className="mt-1 text-xs text-stone-600">{t('predictions.run_out_how', { days: data.days })}</p>
        {p.run_out.length === 0 ? (
          <EmptyState icon={PackageCheck} title={t('predictions.run_out_none')} />
        ) : (
          <ul className="mt-3 grid gap-2 text-sm" data-testid="run-out">
            {p.run_out.map((r) => (
              <li
                key={r.product_id}
                className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-stone-100 pb-2 last:border-0"
                data-testid="run-out-item"
              >
                <span className="min-w-0 font-medium text-stone-900">{r.name}</span>
                <span className="text-stone-700">
                  {r.days_left === 0
                    ? t('predictions.out_now', { rate: r.rate })
                    : t('predictions.runs_out', {
                        date: formatDate(r.date, i18n.language),
                        available: r.available,
                        rate: r.rate,
                        days: r.days_left,
                      })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
