import { useTranslation } from 'react-i18next';
import { limitUsedPercent, type UsageStats } from '@tt/domain';
import { Card, CardHeader } from '../../../components/ui/Card';
import { ProgressBar, type ProgressTone } from '../../../components/ui/ProgressBar';

const tone = (percent: number): ProgressTone => (percent >= 90 ? 'red' : percent >= 70 ? 'yellow' : 'green');
const figure = (n: number) => String(Math.round(n * 100) / 100);

/** Usage against each limit of the plan, as bars; unlimited shows the infinity sign (spec 2 §9). */
export function UsagePanel({ usage }: { usage: UsageStats }) {
  const { t } = useTranslation('subscriptions');
  const rows = [
    { key: 'coop_members', used: usage.members_count, limit: usage.max_members },
    { key: 'listed_products', used: usage.products_count, limit: usage.max_products },
    { key: 'orders_monthly', used: usage.orders_this_month, limit: usage.max_orders_monthly },
    { key: 'warehouses', used: usage.warehouses_count, limit: usage.max_warehouses },
    { key: 'warehouse_space', used: usage.warehouse_space_used, limit: usage.max_warehouse_space },
  ] as const;
  return (
    <Card data-testid="usage-panel">
      <CardHeader title={t('usage.title')} subtitle={t('usage.subtitle')} />
      <ul className="space-y-4 px-4 py-4 sm:px-5">
        {rows.map((row) => {
          const unlimited = row.limit < 0;
          const percent = unlimited ? 0 : limitUsedPercent(row.used, row.limit);
          return (
            <li key={row.key} data-testid={`usage-${row.key}`}>
              <div className="mb-1 flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 text-stone-700">{t(`usage.${row.key}`)}</span>
                <span
                  className="shrink-0 font-medium text-stone-900 tabular-nums"
                  data-testid="usage-figures"
                >
                  {unlimited
                    ? t('usage.of_unlimited', { used: figure(row.used) })
                    : t('usage.of', { used: figure(row.used), limit: figure(row.limit) })}
                </span>
              </div>
              <ProgressBar
                percent={percent}
                tone={unlimited ? 'blue' : tone(percent)}
                label={t(`usage.${row.key}`)}
              />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
