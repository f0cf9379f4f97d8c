import { useTranslation } from 'react-i18next';
import { Check, Copy, MessageCircle, ShieldAlert } from 'lucide-react';
import { whatsappShareUrl } from '@tt/domain';
import { useCopy } from '../../../lib/use-copy';
import { Button, buttonClass } from '../../../components/ui/Button';
import { formatDateTime } from '../../../lib/format';

/**
 * A link that works once and is shown once (the server keeps only its hash): the link to select, Copy, a WhatsApp
 * message in the reader's language that carries it, and until when it works.
 */
export function OneTimeLink({
  id,
  link,
  expiresAt,
  validity,
  share,
}: {
  /** The link field's id (Copy selects it when the browser gives no clipboard). */
  id: string;
  link: string;
  expiresAt: string;
  /** How long a link of this kind works, in words ("60 minutes"). */
  validity: string;
  /** The WhatsApp message, the link in it. */
  share: string;
}) {
  const { t, i18n } = useTranslation('people');
  const { copied, copy } = useCopy(link, id);
  return (
    <div>
      <div
        className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        role="note"
      >
        <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p>{t('link.once')}</p>
      </div>
      <label htmlFor={id} className="mt-4 block text-sm font-medium text-stone-700">
        {t('link.label')}
      </label>
      <textarea
        id={id}
        readOnly
        rows={3}
        value={link}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1 block w-full resize-none rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm break-all text-stone-900"
        data-testid="one-time-link"
      />
      <p className="mt-1 text-sm text-stone-700" data-testid="link-expiry">
        {t('link.expires', { time: formatDateTime(expiresAt, i18n.language), validity })}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={() => void copy()} data-testid="copy-link">
          {copied === 'done' ? (
            <Check aria-hidden className="size-4" />
          ) : (
            <Copy aria-hidden className="size-4" />
          )}
          {copied === 'done' ? t('link.copied') : t('link.copy')}
        </Button>
        <a
          className={buttonClass('primary', 'md')}
          href={whatsappShareUrl(share)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="share-whatsapp"
        >
          <MessageCircle aria-hidden className="size-4" />
          {t('link.whatsapp')}
        </a>
      </div>
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-green-800">
        {copied === 'done' ? t('link.copied_message') : copied === 'failed' ? t('link.copy_failed') : ''}
      </p>
    </div>
  );
}
