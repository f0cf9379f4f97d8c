import { useState } from 'react';
import { SendHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Textarea } from '../../../components/ui/Textarea';

/**
 * A message box for a thread or Live Chat: Enter sends (Shift+Enter makes a new line), a blank message is
 * never sent, and the box empties only once the server has the message.
 */
export function MessageComposer({
  label,
  placeholder,
  sendLabel,
  onSend,
  sending,
  testId,
}: {
  label: string;
  placeholder: string;
  sendLabel: string;
  onSend: (message: string) => Promise<unknown>;
  sending: boolean;
  testId: string;
}) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';
  const send = async () => {
    if (blank || sending) return;
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      // The message stays in the box; the error is shown by the app's toast.
    }
  };
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label className="min-w-0 flex-1">
        <span className="sr-only">{label}</span>
        <Textarea
          rows={2}
          value={text}
          placeholder={placeholder}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
          maxLength={4000}
          data-testid={`${testId}-input`}
        />
      </label>
      <Button
        type="submit"
        disabled={blank}
        loading={sending}
        aria-label={sendLabel}
        data-testid={`${testId}-send`}
      >
        <SendHorizontal aria-hidden className="size-4" />
        <span className="hidden sm:inline">{sendLabel}</span>
      </Button>
    </form>
  );
}
