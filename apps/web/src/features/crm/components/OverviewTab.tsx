import { useTranslation } from 'react-i18next';
import { CalendarClock, Trophy } from 'lucide-react';
import type { CrmClient, CrmSummary } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { formatMoney } from '../../../lib/format';
import { statusTones } from '../format';
import { ActivityList } from './ActivityList';

/** Overview: the next five activities and the five most valuable clients (spec 3 §2). */
export function OverviewTab({
  summary,
  onLogActivity,
  onAddClient,
  onView,
}: {
  summary: CrmSummary;
  onLogActivity: () => void;
  onAddClient: () => void;
  onView: (client: CrmClient) => void;
}) {
  const { t } = useTranslation('crm');
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card className="p-4" data-testid="upcoming-activities">
        <h2 className="flex items-center gap-2 font-semibold text-stone-900">
          <CalendarClock aria-hidden className="size-5 text-brand-700" />
          {t('overview.upcoming')}
        </h2>
        {summary.upcoming_activities.length === 0 ? (
          <EmptyState
            icon={CalendarClock}
            title={t('overview.upcoming_empty')}
            message={t('overview.upcoming_empty_text')}
            action={
              summary.total_clients > 0 && (
                <Button variant="outline" onClick={onLogActivity}>
                  {t('activities.log')}
                </Button>
              )
            }
          />
        ) : (
          <ActivityList activities={summary.upcoming_activities} />
        )}
      </Card>
      <Card className="p-4" data-testid="top-clients">
        <h2 className="flex items-center gap-2 font-semibold text-stone-900">
          <Trophy aria-hidden className="size-5 text-brand-700" />
          {t('overview.top')}
        </h2>
        {summary.top_clients.length === 0 ? (
          <EmptyState
            icon={Trophy}
            title={t('overview.top_empty')}
            message={t('overview.top_empty_text')}
            action={<Button onClick={onAddClient}>{t('clients.add')}</Button>}
          />
        ) : (
          <ol className="divide-y divide-stone-100">
            {summary.top_clients.map((client, index) => (
              <li key={client.id}>
                <button
                  type="button"
                  onClick={() => onView(client)}
                  className="flex w-full items-center gap-3 rounded-lg py-3 text-left hover:bg-stone-50 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
                  data-testid="top-client"
                >
                  <span className="grid size-8 shrink-0 place-items-center rounded-full bg-stone-100 text-sm font-semibold text-stone-700">
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium break-words text-stone-900">{client.client_name}</span>
                    {client.company_name && (
                      <span className="block text-sm break-words text-stone-600">{client.company_name}</span>
                    )}
                  </span>
                  <span className="flex shrink-0 flex-col items-end gap-1">
                    <span className="font-semibold whitespace-nowrap tabular-nums">
                      {formatMoney(client.client_value)}
                    </span>
                    <Badge tone={statusTones[client.status]}>{t(`statuses.${client.status}`)}</Badge>
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
