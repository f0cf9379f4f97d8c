import { useTranslation } from 'react-i18next';
import { BellOff, Check } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime } from '../../../lib/format';
import { useAlerts, useResolveAlert } from '../api';
import { LevelBadge } from './StockBadges';

/** Active alerts, most urgent first; Resolve closes one (DECISIONS 11). */
export function AlertsTab({ onNotice }: { onNotice: (message: string) => void }) {
  const { t, i18n } = useTranslation('inventory');
  const alerts = useAlerts();
  const resolve = useResolveAlert();
  return (
    <QueryState
      query={alerts}
      icon={BellOff}
      loading={t('loading')}
      empty={{ title: t('empty.alerts.title'), message: t('empty.alerts.message') }}
    >
      {(data) => (
        <ul className="space-y-2" data-testid="alerts-list">
          {data.map((alert) => (
            <li key={alert.id}>
              <Card className="flex flex-wrap items-center gap-3 p-3 sm:p-4" data-testid="alert">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <LevelBadge level={alert.alert_level} />
                    <p className="font-medium text-stone-900">
                      {t(`alert_type.${alert.alert_type}`, {
                        defaultValue: alert.alert_type.replaceAll('_', ' '),
                      })}
                    </p>
                  </div>
                  <p className="mt-1 text-sm break-words text-stone-700">
                    {alert.product_name} · {alert.location_name}
                  </p>
                  <p className="text-xs text-stone-500">
                    {t(alert.alert_type === 'overstock' ? 'alert_values.overstock' : 'alert_values.short', {
                      current: alert.current_value,
                      threshold: alert.threshold_value,
                    })}{' '}
                    · {formatDateTime(alert.created_at, i18n.language)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  loading={resolve.isPending && resolve.variables === alert.id}
                  onClick={() =>
                    resolve.mutate(alert.id, { onSuccess: () => onNotice(t('notice.resolved')) })
                  }
                  aria-label={t('resolve_for', { product: alert.product_name })}
                >
                  <Check aria-hidden className="size-4" />
                  {t('resolve')}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
