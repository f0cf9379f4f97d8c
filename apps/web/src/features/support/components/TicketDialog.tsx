import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Star, Ticket as TicketIcon } from 'lucide-react';
import type { TicketDetail } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { Dialog } from '../../../components/ui/Dialog';
import { Select } from '../../../components/ui/Field';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime } from '../../../lib/format';
import {
  useAssignTicket,
  useRateTicket,
  useSendTicketMessage,
  useSetTicketStatus,
  useSupportStaff,
  useTicket,
} from '../api';
import { PRIORITY_TONE, STATUS_TONE } from '../format';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';

/** One ticket (deep-linked as /support?ticket=<id>): its thread, support's controls and the rating. */
export function TicketDialog({
  id,
  userId,
  staff,
  onClose,
}: {
  id: number;
  userId: number;
  staff: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('support');
  const ticket = useTicket(id);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={ticket.data ? `${ticket.data.ticket_number} · ${ticket.data.subject}` : t('thread.title')}
      closeLabel={t('close')}
    >
      <QueryState query={ticket} icon={TicketIcon} loading={t('thread.loading')}>
        {(data) => <TicketBody ticket={data} customer={data.customer_id === userId} staff={staff} />}
      </QueryState>
    </Dialog>
  );
}

function TicketBody({
  ticket,
  customer,
  staff,
}: {
  ticket: TicketDetail;
  customer: boolean;
  staff: boolean;
}) {
  const { t, i18n } = useTranslation('support');
  const send = useSendTicketMessage(ticket.id);
  const move = useSetTicketStatus(ticket.id);
  const canRate = customer && ticket.resolved_at !== null && ticket.satisfaction_rating === null;
  return (
    <div className="space-y-4" data-testid="ticket-detail" data-status={ticket.status}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATUS_TONE[ticket.status]}>{t(`status.${ticket.status}`)}</Badge>
        <Badge tone={PRIORITY_TONE[ticket.priority]}>{t(`priority.${ticket.priority}`)}</Badge>
        <span className="text-sm text-stone-600">{t(`category.${ticket.category}`)}</span>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">{t('thread.customer')}</dt>
        <dd className="break-words text-stone-900">{ticket.customer_name}</dd>
        <dt className="text-stone-600">{t('thread.opened')}</dt>
        <dd className="text-stone-900">{formatDateTime(ticket.created_at, i18n.language)}</dd>
        <dt className="text-stone-600">{t('thread.assigned_to')}</dt>
        <dd className="text-stone-900">{ticket.assigned_to_name ?? t('thread.unassigned')}</dd>
      </dl>
      <p className="rounded-xl border border-stone-200 p-3 text-sm break-words whitespace-pre-wrap text-stone-800">
        {ticket.description}
      </p>

      {staff && <StaffControls ticket={ticket} moving={move.isPending} onMove={(s) => move.mutate(s)} />}

      <section aria-label={t('thread.messages')}>
        <h3 className="mb-2 text-sm font-semibold text-stone-900">{t('thread.messages')}</h3>
        {ticket.messages.length === 0 ? (
          <p className="text-sm text-stone-600">{t('thread.no_messages')}</p>
        ) : (
          <MessageList
            messages={ticket.messages}
            mine={customer ? 'customer' : 'support'}
            testId="ticket-thread"
          />
        )}
      </section>
      {ticket.status === 'closed' ? (
        <p className="text-sm text-stone-600">{t('thread.closed')}</p>
      ) : (
        <MessageComposer
          label={t('thread.write')}
          placeholder={customer ? t('thread.placeholder') : t('thread.placeholder_staff')}
          sendLabel={t('thread.send')}
          onSend={send.mutateAsync}
          sending={send.isPending}
          testId="ticket-message"
        />
      )}
      {canRate && <Rating ticketId={ticket.id} />}
      {ticket.satisfaction_rating !== null && (
        <p className="text-sm text-stone-700" data-testid="ticket-rated">
          {t('rating.given', { value: ticket.satisfaction_rating })}
        </p>
      )}
    </div>
  );
}

function StaffControls({
  ticket,
  moving,
  onMove,
}: {
  ticket: TicketDetail;
  moving: boolean;
  onMove: (status: TicketDetail['status']) => void;
}) {
  const { t } = useTranslation('support');
  const staff = useSupportStaff(true);
  const assign = useAssignTicket(ticket.id);
  return (
    <section
      className="space-y-3 rounded-xl border border-brand-100 bg-brand-50 p-3"
      aria-label={t('staff.title')}
    >
      <label className="block text-sm">
        <span className="mb-1 block font-medium text-stone-900">{t('staff.assign')}</span>
        <Select
          value={ticket.assigned_to ?? ''}
          disabled={assign.isPending || !staff.data}
          onChange={(e) => assign.mutate(e.target.value === '' ? null : Number(e.target.value))}
          data-testid="ticket-assign"
        >
          <option value="">{t('thread.unassigned')}</option>
          {staff.data?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
      </label>
      {ticket.next_statuses.length > 0 && (
        <div>
          <p className="mb-1 text-sm font-medium text-stone-900">{t('staff.move')}</p>
          <div className="flex flex-wrap gap-2">
            {ticket.next_statuses.map((status) => (
              <Button
                key={status}
                size="sm"
                variant={status === 'resolved' ? 'primary' : 'outline'}
                disabled={moving}
                onClick={() => onMove(status)}
                data-testid={`move-${status}`}
              >
                {t(`move.${status}`)}
              </Button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

function Rating({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('support');
  const rate = useRateTicket(ticketId);
  const [chosen, setChosen] = useState(0);
  return (
    <fieldset className="rounded-xl border border-stone-200 p-3" data-testid="ticket-rating">
      <legend className="px-1 text-sm font-semibold text-stone-900">{t('rating.title')}</legend>
      <div className="flex flex-wrap items-center gap-1">
        {[1, 2, 3, 4, 5].map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={chosen === value}
            aria-label={t('rating.stars', { count: value })}
            onClick={() => setChosen(value)}
            className="grid size-11 place-items-center rounded-lg hover:bg-stone-100 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
            data-testid={`rate-${value}`}
          >
            <Star
              aria-hidden
              className={cn('size-6', value <= chosen ? 'fill-yellow-400 text-yellow-600' : 'text-stone-500')}
            />
          </button>
        ))}
        <Button
          className="ml-auto"
          disabled={chosen === 0}
          loading={rate.isPending}
          onClick={() => rate.mutate(chosen)}
          data-testid="rate-submit"
        >
          {t('rating.submit')}
        </Button>
      </div>
    </fieldset>
  );
}
