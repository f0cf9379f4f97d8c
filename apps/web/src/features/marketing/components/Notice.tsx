import { useEffect } from 'react';
import { CheckCircle2 } from 'lucide-react';

const NOTICE_MS = 6000;

/** The success message after a save, announced politely and gone after a few seconds. */
export function Notice({ message, onDone }: { message: string | null; onDone: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(onDone, NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [message, onDone]);
  return (
    <div role="status" aria-live="polite">
      {message && (
        <div
          data-testid="marketing-notice"
          className="mb-4 flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
        >
          <CheckCircle2 aria-hidden className="size-5 shrink-0" />
          {message}
        </div>
      )}
    </div>
  );
}
