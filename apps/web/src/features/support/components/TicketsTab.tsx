import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ticket as TicketIcon } from 'lucide-react';
import { TICKET_STATUSES, type Ticket, type TicketStatus } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { ShowMore } from '../../../components/ui/ShowMore';
import { SearchFilters, type FilterSelect } from '../../../components/ui/SearchFilters';
import { formatDateTime } from '../../../lib/format';
import { useTickets } from '../api';
import { PRIORITY_TONE, STATUS_TONE } from '../format';

/**
 * The tickets: search (subject, description, number) with the status filter, then one card per ticket, a page
 * at a time with Show more under the list.
 */
export function TicketsTab({
  staff,
  onOpen,
  onCreate,
}: {
  staff: boolean;
  onOpen: (ticket: Ticket) => void;
  onCreate: () => void;
}) {
  const { t, i18n } = useTranslation('support');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const deferred = useDeferredValue(search.trim());
  const tickets = useTickets({
    ...(deferred ? { search: deferred } : {}),
    ...(status ? { status } : {}),
  });
  const filtered = Boolean(deferred || status);
  return (
    <div>
      <SearchFilters
        search={{
          label: t('tickets.search'),
          placeholder: t('tickets.search_placeholder'),
          value: search,
          onChange: setSearch,
          testId: 'ticket-search',
        }}
        filters={[
          {
            label: t('tickets.status_filter'),
            value: status,
            onChange: setStatus,
            allLabel: t('tickets.all_statuses'),
            options: TICKET_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
            testId: 'ticket-status-filter',
          } satisfies FilterSelect<TicketStatus>,
        ]}
      />
      <QueryState
        query={tickets}
        icon={TicketIcon}
        loading={t('tickets.loading')}
        empty={
          filtered
            ? { title: t('tickets.none_found'), message: t('tickets.none_found_text') }
            : {
                title: t('tickets.empty'),
                message: t('tickets.empty_text'),
                action: <Button onClick={onCreate}>{t('tickets.new')}</Button>,
              }
        }
        isEmpty={(data) => data.tickets.length === 0}
      >
        {(data) => (
          <>
            <ul className="grid gap-3 lg:grid-cols-2" data-testid="ticket-list">
              {data.tickets.map((ticket) => (
                <li key={ticket.id}>
                  <Card className="h-full p-0">
                    <button
                      type="button"
                      onClick={() => onOpen(ticket)}
                      className="block h-full w-full rounded-xl p-4 text-left hover:bg-stone-50 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
                      data-testid="ticket-card"
                      data-ticket-id={ticket.id}
                    >
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-mono text-xs text-stone-600">{ticket.ticket_number}</span>
                        <Badge tone={STATUS_TONE[ticket.status]}>{t(`status.${ticket.status}`)}</Badge>
                        <Badge tone={PRIORITY_TONE[ticket.priority]}>
                          {t(`priority.${ticket.priority}`)}
                        </Badge>
                      </div>
                      <p className="mt-2 font-semibold break-words text-stone-900">{ticket.subject}</p>
                      <p className="mt-1 line-clamp-2 text-sm break-words text-stone-600">
                        {ticket.description}
                      </p>
                      <p className="mt-2 text-xs text-stone-600">
                        {t(`category.${ticket.category}`)} ·{' '}
                        {formatDateTime(ticket.updated_at, i18n.language)}
                        {staff ? ` · ${ticket.customer_name}` : ''}
                        {ticket.assigned_to_name
                          ? ` · ${t('tickets.assigned', { name: ticket.assigned_to_name })}`
                          : ''}
                      </p>
                    </button>
                  </Card>
                </li>
              ))}
            </ul>
            <ShowMore
              more={tickets.hasNextPage}
              shown={data.tickets.length}
              total={data.matching}
              loading={tickets.isFetchingNextPage}
              onMore={() => void tickets.fetchNextPage()}
              testId="more-tickets"
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
