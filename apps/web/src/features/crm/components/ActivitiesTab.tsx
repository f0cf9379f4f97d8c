import { useTranslation } from 'react-i18next';
import { CalendarPlus, ListChecks } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadError } from '../../../components/ui/LoadError';
import { Loading } from '../../../components/ui/Loading';
import { useCrmActivities } from '../api';
import { ActivityList } from './ActivityList';

/** Activities: the latest 50 on the clients the caller may see, with Log Activity. */
export function ActivitiesTab({ onLog, canLog }: { onLog: () => void; canLog: boolean }) {
  const { t } = useTranslation('crm');
  const activities = useCrmActivities();
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-stone-900">{t('activities.recent')}</h2>
        <Button size="sm" onClick={onLog} disabled={!canLog} data-testid="log-activity">
          <CalendarPlus aria-hidden className="size-4" />
          {t('activities.log')}
        </Button>
      </div>
      {activities.isPending ? (
        <Loading label={t('loading')} />
      ) : !activities.data ? (
        <LoadError icon={ListChecks} onRetry={() => void activities.refetch()} />
      ) : activities.data.length === 0 ? (
        <EmptyState icon={ListChecks} title={t('activities.empty')} message={t('activities.empty_text')} />
      ) : (
        <ActivityList activities={activities.data} testId="activity-list" />
      )}
    </Card>
  );
}
