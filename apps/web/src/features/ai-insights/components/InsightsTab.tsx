import { useTranslation } from 'react-i18next';
import { Banknote, Percent, Receipt, ShoppingBag } from 'lucide-react';
import { RATE_WINDOW_DAYS, type AiInsights } from '@tt/domain';
import { Card } from '../../../components/ui/Card';
import { StatCard } from '../../../components/ui/StatCard';
import { formatDate, formatMoney } from '../../../lib/format';
import { NoSales } from './NoSales';

type ItemFigure = AiInsights['insights']['top_by_takings'][number];

function Bar({ share }: { share: number }) {
  return (
    <div className="h-2 w-full rounded-full bg-stone-100" aria-hidden>
      <div
        className="h-2 rounded-full bg-brand-600"
        style={{ width: `${Math.max(2, Math.min(100, share))}%` }}
      />
    </div>
  );
}

function TopItems({
  title,
  items,
  figure,
}: {
  title: string;
  items: ItemFigure[];
  figure: (i: ItemFigure) => string;
}) {
  return (
    <Card className="p-4">
      <h3 className="font-semibold text-stone-900">{title}</h3>
      <ol className="mt-2 grid gap-1.5 text-sm">
        {items.map((item, i) => (
          <li key={item.product_id} className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 text-stone-800">
              {i + 1}. {item.name}
            </span>
            <span className="shrink-0 font-medium text-stone-900 tabular-nums">{figure(item)}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** What the figures show: the last four weeks' takings, the weekdays, top items, payment methods, the month so far. */
export function InsightsTab({ data }: { data: AiInsights }) {
  // The till's own words for its payment methods.
  const { t, i18n } = useTranslation(['ai_insights', 'pos']);
  if (!data.has_sales) return <NoSales what="insights" />;
  const { insights } = data;
  const best = Math.max(...insights.weekdays.map((w) => w.average), 0);
  const byWeekday = [...insights.weekdays].sort((a, b) => a.weekday - b.weekday);
  const month = insights.month;
  const date = (d: string) => formatDate(d, i18n.language);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-stone-600">
        {t('insights.window', { days: Math.min(data.days, RATE_WINDOW_DAYS) })}
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t('insights.takings')} value={formatMoney(insights.takings)} icon={Banknote} />
        <StatCard label={t('insights.sales')} value={String(insights.sales)} icon={Receipt} />
        <StatCard
          label={t('insights.average_sale')}
          value={insights.average_sale === null ? '-' : formatMoney(insights.average_sale)}
          icon={ShoppingBag}
        />
        <StatCard
          label={t('insights.margin')}
          value={insights.margin_percent === null ? '-' : `${insights.margin_percent}%`}
          icon={Percent}
          hint={data.vat_registered ? t('insights.margin_vat') : undefined}
        />
      </div>

      <Card className="p-4" data-testid="month-comparison">
        <h3 className="font-semibold text-stone-900">{t('insights.month_title')}</h3>
        {month ? (
          <>
            <p className="mt-1 text-sm text-stone-700">
              {t('insights.month_text', {
                this_from: date(month.this_month_from),
                this_to: date(month.this_month_to),
                this_month: formatMoney(month.this_month),
                last_from: date(month.last_month_from),
                last_to: date(month.last_month_to),
                last_month: formatMoney(month.last_month),
              })}
            </p>
            <p className="mt-1 text-sm font-medium text-stone-900">
              {month.change_percent === null
                ? t('insights.month_no_before')
                : t(month.change_percent >= 0 ? 'insights.month_up' : 'insights.month_down', {
                    percent: Math.abs(month.change_percent),
                  })}
            </p>
            <p className="mt-1 text-xs text-stone-600">{t('insights.month_how', { days: month.days })}</p>
          </>
        ) : (
          <p className="mt-1 text-sm text-stone-700">{t('insights.month_first_day')}</p>
        )}
      </Card>

      <Card className="p-4" data-testid="weekdays">
        <h3 className="font-semibold text-stone-900">{t('insights.weekdays_title')}</h3>
        <p className="mt-1 text-xs text-stone-600">{t('insights.weekdays_how')}</p>
        <ul className="mt-3 grid gap-2 text-sm">
          {byWeekday.map((w) => (
            <li key={w.weekday} className="grid grid-cols-[5.5rem_1fr_auto] items-center gap-2">
              <span className="text-stone-800">
                {t(`weekday.${w.weekday}`)}
                {w.average === best && best > 0 && (
                  <span className="sr-only"> ({t('insights.best_day')})</span>
                )}
              </span>
              <Bar share={best > 0 ? (w.average / best) * 100 : 0} />
              <span className="font-medium text-stone-900 tabular-nums">{formatMoney(w.average)}</span>
            </li>
          ))}
        </ul>
        {insights.weekdays[0] && insights.weekdays[0].average > 0 && (
          <p className="mt-3 text-sm text-stone-700" data-testid="best-day">
            {t('insights.best_days', {
              first: t(`weekday.${insights.weekdays[0].weekday}`),
              last: t(`weekday.${insights.weekdays.at(-1)!.weekday}`),
            })}
          </p>
        )}
      </Card>

      <div className="grid gap-4 md:grid-cols-2">
        <TopItems
          title={t('insights.top_takings')}
          items={insights.top_by_takings}
          figure={(i) => formatMoney(i.takings)}
        />
        <TopItems
          title={t('insights.top_profit')}
          items={insights.top_by_profit}
          figure={(i) =>
            i.margin_percent === null
              ? formatMoney(i.gross_profit)
              : t('insights.profit_margin', { profit: formatMoney(i.gross_profit), margin: i.margin_percent })
          }
        />
      </div>

      <Card className="p-4" data-testid="payment-methods">
        <h3 className="font-semibold text-stone-900">{t('insights.methods_title')}</h3>
        <ul className="mt-3 grid gap-2 text-sm">
          {insights.payment_methods.map((m) => (
            <li key={m.method} className="grid grid-cols-[7rem_1fr_auto] items-center gap-2">
              <span className="text-stone-800">{t(`pos:methods.${m.method}`)}</span>
              <Bar share={m.share} />
              <span className="font-medium text-stone-900 tabular-nums">
                {m.share}% · {formatMoney(m.takings)}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
