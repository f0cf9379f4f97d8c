import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search, Ticket as TicketIcon } from 'lucide-react';
import { TICKET_STATUSES, type Ticket, type TicketStatus } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input, Select } from '../../../components/ui/Field';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime } from '../../../lib/format';
import { useTickets } from '../api';
import { PRIORITY_TONE, STATUS_TONE } from '../format';

/** The tickets: search (subject, description, number) with the status filter, then one card per ticket. */
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
    limit: 100,
    ...(deferred ? { search: deferred } : {}),
    ...(status ? { status } : {}),
  });
  const filtered = Boolean(deferred || status);
  return (
    <div>
      <div className="mb-4 grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,1fr)_13rem]">
        <label className="relative">
          <span className="sr-only">{t('tickets.search')}</span>
          <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 size-4 text-stone-500" />
          <Input
            type="search"
            className="pl-9"
            placeholder={t('tickets.search_placeholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="ticket-search"
          />
        </label>
        <label>
          <span className="sr-only">{t('tickets.status_filter')}</span>
          <Select
            value={status}
            onChange={(e) => setStatus(e.target.value as TicketStatus | '')}
            data-testid="ticket-status-filter"
          >
            <option value="">{t('tickets.all_statuses')}</option>
            {TICKET_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`)}
              </option>
            ))}
          </Select>
        </label>
      </div>
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
      >
        {(list) => (
          <ul className="grid gap-3 lg:grid-cols-2" data-testid="ticket-list">
            {list.map((ticket) => (
              <li key={ticket.id}>
                <Card className="h-full p-0">
                  <button
                    type="button"
                    onClick={() => onOpen(ticket)}
                    className="block h-full w-full rounded-xl p-4 text-left hover:bg-stone-50 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
                    data-testid="ticket-card"
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-mono text-xs text-stone-600">{ticket.ticket_number}</span>
                      <Badge tone={STATUS_TONE[ticket.status]}>{t(`status.${ticket.status}`)}</Badge>
                      <Badge tone={PRIORITY_TONE[ticket.priority]}>{t(`priority.${ticket.priority}`)}</Badge>
                    </div>
                    <p className="mt-2 font-semibold break-words text-stone-900">{ticket.subject}</p>
                    <p className="mt-1 line-clamp-2 text-sm break-words text-stone-600">
                      {ticket.description}
                    </p>
                    <p className="mt-2 text-xs text-stone-600">
                      {t(`category.${ticket.category}`)} · {formatDateTime(ticket.updated_at, i18n.language)}
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
        )}
      </QueryState>
    </div>
  );
}
