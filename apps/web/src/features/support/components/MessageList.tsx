import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SenderType } from '@tt/domain';
import { cn } from '../../../components/ui/cn';
import { formatDateTime } from '../../../lib/format';

export interface Bubble {
  id: number;
  message: string;
  sender_type: SenderType;
  sender_name: string;
  created_at: string;
}

/**
 * A conversation, oldest first, scrolled to the newest. `mine` is the side the reader writes on: the
 * customer's own messages (or, for support, support's) sit on the right.
 */
export function MessageList({
  messages,
  mine,
  testId,
}: {
  messages: Bubble[];
  mine: SenderType;
  testId: string;
}) {
  const { t, i18n } = useTranslation('support');
  const box = useRef<HTMLOListElement>(null);
  const last = messages.at(-1)?.id;
  // The list scrolls itself to the newest message; the page stays where the reader is.
  useEffect(() => {
    const list = box.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [last]);
  return (
    <ol
      ref={box}
      // Scrollable, so reachable by keyboard (axe: scrollable-region-focusable).
      tabIndex={0}
      aria-label={t('thread.messages')}
      className="max-h-80 space-y-2 overflow-y-auto rounded-xl bg-stone-50 p-3"
      data-testid={testId}
      aria-live="polite"
    >
      {messages.map((m) => {
        const own = m.sender_type === mine;
        return (
          <li key={m.id} className={cn('flex', own ? 'justify-end' : 'justify-start')}>
            <div
              className={cn(
                'max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm',
                own ? 'bg-brand-700 text-white' : 'bg-white text-stone-900 ring-1 ring-stone-200',
              )}
              data-sender={m.sender_type}
            >
              <p className="break-words whitespace-pre-wrap">{m.message}</p>
              <p className={cn('mt-1 text-xs', own ? 'text-white/90' : 'text-stone-600')}>
                {m.sender_type === 'support'
                  ? t('thread.support_name', { name: m.sender_name })
                  : m.sender_name}{' '}
                · {formatDateTime(m.created_at, i18n.language)}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
