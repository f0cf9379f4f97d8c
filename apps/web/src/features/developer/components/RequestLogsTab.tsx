import { useTranslation } from 'react-i18next';
import { ListTree } from 'lucide-react';
import { Badge } from '../../../components/ui/Badge';
import { Card, CardHeader } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { ShowMore } from '../../../components/ui/ShowMore';
import { formatDateTime } from '../../../lib/format';
import { useRequestLogs } from '../api';

/** Every request made with the user's keys, newest first, 20 at a time (ADR 046); kept 30 days. */
export function RequestLogsTab() {
  const { t, i18n } = useTranslation('developer');
  const logs = useRequestLogs();
  return (
    <QueryState
      query={logs}
      icon={ListTree}
      loading={t('loading')}
      isEmpty={(l) => l.logs.length === 0}
      empty={{ title: t('logs.empty'), message: t('logs.empty_text') }}
    >
      {(list) => (
        <Card>
          <CardHeader title={t('logs.title')} subtitle={t('logs.subtitle')} />
          <ul className="divide-y divide-stone-100" data-testid="request-logs">
            {list.logs.map((log) => (
              <li
                key={log.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 sm:px-5"
                data-testid="request-log"
              >
                <Badge tone={log.status < 400 ? 'green' : 'red'}>{log.status}</Badge>
                <p className="min-w-0 flex-1 basis-48 font-mono text-sm break-all text-stone-900">
                  <span className="font-semibold">{log.method}</span> {log.path}
                </p>
                <p className="text-xs text-stone-600 tabular-nums">
                  {t('overview.ms', { count: log.duration_ms })}
                </p>
                <p className="w-full text-xs text-stone-600">
                  {formatDateTime(log.created_at, i18n.language)} · {log.key_name}{' '}
                  <span className="font-mono break-all">{log.masked_key}</span>
                </p>
              </li>
            ))}
          </ul>
          <ShowMore
            more={logs.hasNextPage}
            shown={list.logs.length}
            total={list.matching}
            loading={logs.isFetchingNextPage}
            onMore={() => void logs.fetchNextPage()}
            testId="logs-more"
          />
          <div className="h-2" />
        </Card>
      )}
    </QueryState>
  );
}
