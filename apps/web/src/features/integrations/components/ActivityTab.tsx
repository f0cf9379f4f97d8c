import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KeyRound, ListTree } from 'lucide-react';
import { can, INTEGRATION_LOG_STATUSES, type IntegrationLogStatus } from '@tt/domain';
import { buttonClass } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { QueryState } from '../../../components/ui/QueryState';
import { ShowMore } from '../../../components/ui/ShowMore';
import { Select } from '../../../components/ui/Field';
import { paths } from '../../../lib/paths';
import { useMe } from '../../auth/api';
import { useIntegrationActivity } from '../api';
import { LogList } from './LogList';

/**
 * The real activity: the requests made with the caller's API keys (the developer log, ADR 050), by status, 20 at a
 * time (ADR 046). A role without API keys is told why there is none.
 */
export function ActivityTab() {
  const { t } = useTranslation('integrations');
  const { data: user } = useMe();
  const keysHolder = can(user?.role, 'reports.view');
  const [status, setStatus] = useState<IntegrationLogStatus | ''>('');
  const logs = useIntegrationActivity(status, keysHolder);
  if (!keysHolder)
    return (
      <Card data-testid="activity-closed">
        <EmptyState icon={KeyRound} title={t('activity.closed')} message={t('activity.closed_text')} />
      </Card>
    );
  return (
    <div>
      <label className="mb-4 block sm:max-w-xs">
        <span className="mb-1 block text-sm font-medium text-stone-700">{t('activity.status')}</span>
        <Select
          value={status}
          onChange={(e) => setStatus(e.target.value as IntegrationLogStatus | '')}
          data-testid="activity-status"
        >
          <option value="">{t('activity.all')}</option>
          {INTEGRATION_LOG_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </Select>
      </label>
      <QueryState
        query={logs}
        icon={ListTree}
        loading={t('loading')}
        isEmpty={(l) => l.logs.length === 0}
        empty={{
          title: status ? t('activity.none_status') : t('activity.none'),
          message: t('activity.none_text'),
          action: (
            <Link to={paths.developer} className={buttonClass('outline', 'sm')}>
              {t('connections.public_api.manage')}
            </Link>
          ),
          testId: 'activity-empty',
        }}
      >
        {(list) => (
          <Card>
            <CardHeader title={t('activity.title')} subtitle={t('activity.subtitle')} />
            <LogList logs={list.logs} />
            <ShowMore
              more={logs.hasNextPage}
              shown={list.logs.length}
              total={list.matching}
              loading={logs.isFetchingNextPage}
              onMore={() => void logs.fetchNextPage()}
              testId="activity-more"
            />
            <div className="h-2" />
          </Card>
        )}
      </QueryState>
    </div>
  );
}
