import { useTranslation } from 'react-i18next';
import type { IntegrationLog } from '@tt/domain';
import { formatDateTime } from '../../../lib/format';
import { StatusBadge } from './StatusBadge';

/** Lines of the public API's request log (spec 2 §3 "Integration log"): action, status, time, duration, key. */
export function LogList({ logs }: { logs: readonly IntegrationLog[] }) {
  const { t, i18n } = useTranslation('integrations');
  return (
    <ul className="divide-y divide-stone-100" data-testid="integration-logs">
      {logs.map((log) => (
        <li
          key={log.id}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 sm:px-5"
          data-testid="integration-log"
          data-status={log.status}
        >
          <StatusBadge status={log.status} />
          <p className="min-w-0 flex-1 basis-48 font-mono text-sm break-all text-stone-900">{log.action}</p>
          <p className="text-xs text-stone-600 tabular-nums">{t('ms', { count: log.execution_time_ms })}</p>
          <p className="w-full text-xs text-stone-600">
            {formatDateTime(log.created_at, i18n.language)} · {t('connections.public_api.name')} ·{' '}
            {log.key_name} <span className="font-mono break-all">{log.masked_key}</span>
          </p>
          {log.status === 'error' && (
            <p className="w-full text-xs text-red-700" data-testid="log-error">
              {t('log_error', { status: log.http_status })}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
