import { useTranslation } from 'react-i18next';
import { CalendarPlus, ListChecks } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import type { CrmActivity } from '@tt/domain';
import { useCrmActivities } from '../api';
import { ActivityList } from './ActivityList';

/** Activities: the latest 50 on the clients the caller may see, with Log Activity. */
export function ActivitiesTab({ onLog, canLog }: { onLog: () => void; canLog: boolean }) {
  const { t } = useTranslation('crm');
  const activities = useCrmActivities();
  const now = Date.now();
  const all = activities.data ?? [];
  // The list comes latest first: what is still ahead reads soonest first, the rest latest first.
  const upcoming = all.filter((a) => new Date(a.activity_date).getTime() >= now).reverse();
  const past = all.filter((a) => new Date(a.activity_date).getTime() < now);
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-stone-900">{t('activities.recent')}</h2>
        <Button size="sm" onClick={onLog} disabled={!canLog} data-testid="log-activity">
          <CalendarPlus aria-hidden className="size-4" />
          {t('activities.log')}
        </Button>
      </div>
      <QueryState
        query={activities}
        icon={ListChecks}
        loading={t('loading')}
        empty={{ title: t('activities.empty'), message: t('activities.empty_text') }}
      >
        {() => (
          <Card className="px-4 pb-1" data-testid="activity-list">
            <ActivitySection
              title={t('activities.upcoming')}
              activities={upcoming}
              testId="activities-upcoming"
            />
            <ActivitySection title={t('activities.past')} activities={past} testId="activities-past" />
          </Card>
        )}
      </QueryState>
    </div>
  );
}

function ActivitySection({
  title,
  activities,
  testId,
}: {
  title: string;
  activities: CrmActivity[];
  testId: string;
}) {
  if (activities.length === 0) return null;
  return (
    <section className="pt-3" data-testid={testId}>
      <h3 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{title}</h3>
      <ActivityList activities={activities} />
    </section>
  );
}
