import { useEffect, useRef, useState } from 'react';

/** How long "Copied" shows after a copy. */
const COPIED_MS = 2000;

export type CopyState = 'done' | 'failed' | null;

/**
 * Copies a text to the clipboard and says how it went for two seconds; where the browser gives no clipboard (an old
 * browser, a refused permission) it selects the field `fieldId` shows the text in, so it can be copied by hand.
 */
export function useCopy(text: string, fieldId: string): { copied: CopyState; copy: () => Promise<void> } {
  const [copied, setCopied] = useState<CopyState>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setCopied('done');
    } catch {
      document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${fieldId}`)?.select();
      setCopied('failed');
    }
    timer.current = setTimeout(() => setCopied(null), COPIED_MS);
  };
  return { copied, copy };
}
