import { useTranslation } from 'react-i18next';
import { MessageCircle } from 'lucide-react';
import { CHAT_HISTORY } from '@tt/domain';
import { Card } from '../../../components/ui/Card';
import { cn } from '../../../components/ui/cn';
import { EmptyState } from '../../../components/ui/EmptyState';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime } from '../../../lib/format';
import { useChat, useConversations, useSendChat } from '../api';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';
import { useQueryParams } from '../../../lib/query-params';

/** Live Chat: a customer's conversation with support; support sees the inbox and answers one at a time. */
export function ChatTab({ staff }: { staff: boolean }) {
  return staff ? <Inbox /> : <Conversation customerId={null} />;
}

function Conversation({ customerId }: { customerId: number | null }) {
  const { t } = useTranslation('support');
  const chat = useChat(customerId);
  const send = useSendChat(customerId);
  return (
    <Card className="space-y-3 p-3 sm:p-4" data-testid="chat">
      <p className="text-sm text-stone-600">
        {customerId === null ? t('chat.intro', { count: CHAT_HISTORY }) : t('chat.staff_intro')}
      </p>
      <QueryState query={chat} icon={MessageCircle} loading={t('chat.loading')}>
        {(messages) =>
          messages.length === 0 ? (
            <p className="rounded-xl bg-stone-50 p-3 text-sm text-stone-600">{t('chat.empty')}</p>
          ) : (
            <MessageList
              messages={messages}
              mine={customerId === null ? 'customer' : 'support'}
              testId="chat-log"
            />
          )
        }
      </QueryState>
      <MessageComposer
        label={t('chat.write')}
        placeholder={t('chat.placeholder')}
        sendLabel={t('chat.send')}
        onSend={send.mutateAsync}
        sending={send.isPending}
        testId="chat"
      />
    </Card>
  );
}

function Inbox() {
  const { t, i18n } = useTranslation('support');
  const conversations = useConversations(true);
  // The chosen conversation lives in the address, so a chat notification opens it (?customer=ID).
  const [params, setParams] = useQueryParams();
  const chosen = Number(params.get('customer')) || null;
  const setChosen = (id: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('customer', String(id));
        return next;
      },
      { replace: true },
    );
  return (
    <div className="grid gap-3 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <Card className="p-2">
        <h3 className="px-2 py-1 text-sm font-semibold text-stone-900">{t('chat.inbox')}</h3>
        <QueryState query={conversations} icon={MessageCircle} empty={{ title: t('chat.inbox_empty') }}>
          {(list) => (
            <ul className="space-y-1" data-testid="chat-inbox">
              {list.map((c) => (
                <li key={c.customer_id}>
                  <button
                    type="button"
                    aria-pressed={chosen === c.customer_id}
                    onClick={() => setChosen(c.customer_id)}
                    className={cn(
                      'w-full rounded-lg px-2 py-2 text-left text-sm hover:bg-stone-50',
                      chosen === c.customer_id && 'bg-brand-50 ring-1 ring-brand-200',
                    )}
                  >
                    <span className="block font-medium break-words text-stone-900">{c.customer_name}</span>
                    <span className="block truncate text-stone-600">{c.last_message}</span>
                    <span className="block text-xs text-stone-600">
                      {formatDateTime(c.last_at, i18n.language)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </Card>
      {chosen === null ? (
        <Card>
          <EmptyState icon={MessageCircle} title={t('chat.choose')} />
        </Card>
      ) : (
        <Conversation key={chosen} customerId={chosen} />
      )}
    </div>
  );
}
