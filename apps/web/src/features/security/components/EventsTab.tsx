import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTree } from 'lucide-react';
import {
  can,
  SECURITY_EVENT_STATUSES,
  SECURITY_EVENT_TYPES,
  type SecurityEvent,
  type SecurityEventFilter,
} from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Field, Select } from '../../../components/ui/Field';
import { QueryState } from '../../../components/ui/QueryState';
import { ShowMore } from '../../../components/ui/ShowMore';
import { formatDateTime } from '../../../lib/format';
import { useMe } from '../../auth/api';
import { exportEventsUrl, useSecurityEvents } from '../api';
import { EventDetail } from './EventDetail';
import { DownloadLink } from '../../../components/ui/DownloadLink';

const STATUS_TONE = { success: 'green', failed: 'red', blocked: 'orange' } as const;

/**
 * The account's security events, newest first, 20 at a time (ADR 046), filtered by type and status; an
 * administrator (security.monitor) may look at every account's. Export Log downloads what the filter shows.
 */
export function EventsTab({ days }: { days: number }) {
  const { t, i18n } = useTranslation('security');
  const { data: user } = useMe();
  const monitor = can(user?.role, 'security.monitor');
  const [filter, setFilter] = useState<SecurityEventFilter>({ scope: 'mine' });
  const events = useSecurityEvents(filter);
  const set = (name: keyof SecurityEventFilter, value: string) =>
    setFilter((previous) => {
      const next: Record<string, string | undefined> = { ...previous, [name]: value || undefined };
      return next as SecurityEventFilter;
    });
  return (
    <div className="space-y-4">
      <Card className="p-4 sm:px-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="font-semibold text-stone-900">{t('events.title')}</h2>
            <p className="text-sm text-stone-500">{t('events.subtitle', { days })}</p>
          </div>
          <DownloadLink
            href={exportEventsUrl(filter)}
            filename={`township-trade-security-events-${filter.scope}.csv`}
            className={buttonClass('outline', 'md', 'shrink-0')}
            data-testid="export-log"
          >
            {t('events.export')}
          </DownloadLink>
        </div>
        <div
          className={`mt-4 grid grid-cols-1 gap-3 ${monitor ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}
          data-testid="event-filters"
        >
          {monitor && (
            <Field htmlFor="event-scope" label={t('events.scope')}>
              <Select id="event-scope" value={filter.scope} onChange={(e) => set('scope', e.target.value)}>
                <option value="mine">{t('events.scope_mine')}</option>
                <option value="deployment">{t('events.scope_deployment')}</option>
              </Select>
            </Field>
          )}
          <Field htmlFor="event-type" label={t('events.type')}>
            <Select id="event-type" value={filter.type ?? ''} onChange={(e) => set('type', e.target.value)}>
              <option value="">{t('events.all_types')}</option>
              {SECURITY_EVENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`type.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field htmlFor="event-status" label={t('events.status')}>
            <Select
              id="event-status"
              value={filter.status ?? ''}
              onChange={(e) => set('status', e.target.value)}
            >
              <option value="">{t('events.all_statuses')}</option>
              {SECURITY_EVENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </Card>
      <QueryState
        query={events}
        icon={ListTree}
        loading={t('loading')}
        isEmpty={(list) => list.events.length === 0}
        empty={{ title: t('events.empty'), message: t('events.empty_text', { days }) }}
      >
        {(list) => (
          <Card>
            <p
              className="border-b border-stone-100 px-4 py-2 text-xs text-stone-600 sm:px-5"
              aria-live="polite"
            >
              {t('events.matching', { count: list.matching })}
            </p>
            <ul className="divide-y divide-stone-100" data-testid="security-events">
              {list.events.map((event) => (
                <EventRow
                  key={event.id}
                  event={event}
                  showAccount={filter.scope === 'deployment'}
                  lang={i18n.language}
                />
              ))}
            </ul>
            <ShowMore
              more={events.hasNextPage}
              shown={list.events.length}
              total={list.matching}
              loading={events.isFetchingNextPage}
              onMore={() => void events.fetchNextPage()}
              testId="events-more"
            />
            <div className="h-2" />
          </Card>
        )}
      </QueryState>
    </div>
  );
}

function EventRow({
  event,
  showAccount,
  lang,
}: {
  event: SecurityEvent;
  showAccount: boolean;
  lang: string;
}) {
  const { t } = useTranslation('security');
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 sm:px-5"
      data-testid="security-event"
    >
      <p className="min-w-0 flex-1 basis-40 font-medium text-stone-900">{t(`type.${event.type}`)}</p>
      <Badge tone={STATUS_TONE[event.status]}>{t(`status.${event.status}`)}</Badge>
      <p className="w-full text-xs break-words text-stone-600">
        {formatDateTime(event.created_at, lang)} · {event.device}
        {event.ip && <> · {event.ip}</>}
        {showAccount && <> · {event.user_name ?? t('events.unknown_account')}</>}
      </p>
      <EventDetail event={event} />
    </li>
  );
}
