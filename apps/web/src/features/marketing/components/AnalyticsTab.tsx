import { useTranslation } from 'react-i18next';
import { BarChart3 } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCampaignAnalytics } from '../api';

/** The analytics tab: every figure from the campaigns' tracked links and recorded spend. */
export function AnalyticsTab() {
  const { t, i18n } = useTranslation('marketing');
  const analytics = useCampaignAnalytics();
  return (
    <QueryState
      query={analytics}
      icon={BarChart3}
      loading={t('loading')}
      isEmpty={(a) => a.total_campaigns === 0}
      empty={{ title: t('analytics.empty_title'), message: t('analytics.empty_message') }}
    >
      {(a) => {
        const peak = Math.max(1, ...a.daily_clicks.map((d) => d.clicks));
        return (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card className="p-4">
              <h3 className="font-semibold">{t('analytics.by_type')}</h3>
              <div className="mt-3 overflow-x-auto">
                <table className="w-full text-sm" data-testid="analytics-by-type">
                  <thead>
                    <tr className="text-left text-stone-600">
                      <th className="py-1 pr-2 font-medium">{t('analytics.type')}</th>
                      <th className="py-1 pr-2 text-right font-medium">{t('analytics.campaigns')}</th>
                      <th className="py-1 pr-2 text-right font-medium">{t('metrics.clicks')}</th>
                      <th className="py-1 text-right font-medium">{t('metrics.conversions')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {a.by_type.map((row) => (
                      <tr key={row.campaign_type} className="border-t border-stone-100">
                        <td className="py-1.5 pr-2">{t(`types.${row.campaign_type}`)}</td>
                        <td className="py-1.5 pr-2 text-right tabular-nums">{row.campaigns}</td>
                        <td className="py-1.5 pr-2 text-right tabular-nums">{row.clicks}</td>
                        <td className="py-1.5 text-right tabular-nums">{row.conversions}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="mt-3 text-sm text-stone-700">
                {t('analytics.spend', {
                  spent: formatMoney(a.total_spent),
                  budget: formatMoney(a.total_budget),
                })}
              </p>
              <p className="mt-1 text-xs text-stone-600">{t('analytics.conversion_rule')}</p>
            </Card>
            <Card className="p-4">
              <h3 className="font-semibold">{t('analytics.daily')}</h3>
              <div
                className="mt-3 flex h-32 items-end gap-0.5"
                role="img"
                aria-label={t('analytics.daily_label', {
                  clicks: a.daily_clicks.reduce((s, d) => s + d.clicks, 0),
                })}
              >
                {a.daily_clicks.map((d) => (
                  <div
                    key={d.date}
                    className="flex-1 rounded-t bg-brand-500"
                    style={{
                      height: `${Math.max(2, (d.clicks / peak) * 100)}%`,
                      opacity: d.clicks ? 1 : 0.25,
                    }}
                    title={`${formatDate(d.date, i18n.language)}: ${d.clicks}`}
                  />
                ))}
              </div>
              <div className="mt-1 flex justify-between text-xs text-stone-600">
                <span>{formatDate(a.daily_clicks[0]!.date, i18n.language)}</span>
                <span>{formatDate(a.daily_clicks.at(-1)!.date, i18n.language)}</span>
              </div>
            </Card>
          </div>
        );
      }}
    </QueryState>
  );
}
