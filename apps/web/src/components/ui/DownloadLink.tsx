import { useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Loader2 } from 'lucide-react';
import { downloadFrom } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { toastError } from '../../lib/toast';

interface DownloadLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'download'> {
  /** The server's file: an API path that answers with the file, or a refusal in the one error shape. */
  href: string;
  /** The name the file is saved under when the server gives none. */
  filename: string;
  children: ReactNode;
}

/**
 * A link to a file the server writes. A click fetches it and saves it under the server's name; a refusal or a lost
 * connection is said in a toast, in the person's language, instead of being saved as the file. While it downloads,
 * the icon turns and a second click does nothing. Opened in a new tab or saved with the browser's own menu, it is
 * an ordinary link to the same file.
 */
export function DownloadLink({ href, filename, children, onClick, ...props }: DownloadLinkProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const start = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A modified click (new tab, new window) is the browser's to handle.
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    downloadFrom(href, filename)
      .catch((error: unknown) => toastError(errorMessage(error, t)))
      .finally(() => setBusy(false));
  };
  return (
    <a href={href} download={filename} onClick={start} data-downloading={busy || undefined} {...props}>
      {busy ? (
        <Loader2 aria-hidden className="size-4 animate-spin" />
      ) : (
        <Download aria-hidden className="size-4" />
      )}
      {children}
    </a>
  );
}
