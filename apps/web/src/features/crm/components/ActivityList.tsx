import { useTranslation } from 'react-i18next';
import type { CrmActivity } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { formatDateTime } from '../../../lib/format';
import { activityIcons } from '../format';

/** Activities as a list of rows: type, subject, client (unless shown around it), when and by whom. */
export function ActivityList({
  activities,
  showClient = true,
  markUpcoming = false,
  testId,
}: {
  activities: CrmActivity[];
  showClient?: boolean;
  /** Badge the ones still ahead (where past and planned share one list). */
  markUpcoming?: boolean;
  testId?: string;
}) {
  const now = Date.now();
  const { t, i18n } = useTranslation('crm');
  return (
    <ul className="divide-y divide-stone-100" data-testid={testId}>
      {activities.map((a) => {
        const Icon = activityIcons[a.activity_type];
        const upcoming = markUpcoming && new Date(a.activity_date).getTime() >= now;
        return (
          <li key={a.id} className="flex gap-3 py-3" data-testid="crm-activity" data-activity-id={a.id}>
            <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-700">
              <Icon aria-hidden className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <p className="font-medium break-words text-stone-900">{a.subject}</p>
                {upcoming && <Badge tone="blue">{t('activities.upcoming')}</Badge>}
              </div>
              <p className="text-sm text-stone-600">
                {t(`activity_types.${a.activity_type}`)}
                {showClient && ` · ${t('activities.with', { name: a.client_name })}`}
              </p>
              {a.description && <p className="mt-1 text-sm break-words text-stone-600">{a.description}</p>}
              <p className="mt-0.5 text-xs text-stone-500">
                <time dateTime={a.activity_date}>{formatDateTime(a.activity_date, i18n.language)}</time>
                {a.created_by_name && ` · ${t('activities.by', { name: a.created_by_name })}`}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
