import { useTranslation } from 'react-i18next';
import { Check, Copy, MessageCircle } from 'lucide-react';
import { referralLink, whatsappShareUrl } from '@tt/domain';
import { useCopy } from '../../../lib/use-copy';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';

/** The trader's code and join link, with Copy and a WhatsApp share pre-filled with both. */
export function ReferralLinkCard({ code }: { code: string }) {
  const { t } = useTranslation('referrals');
  const link = referralLink(window.location.origin, code);
  const { copied, copy } = useCopy(link, 'referral-link');

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold text-stone-900">{t('link.title')}</h2>
      <p className="mt-1 text-sm text-stone-600">{t('link.subtitle')}</p>
      <p className="mt-4 text-xs font-medium text-stone-600">{t('link.code')}</p>
      <p className="font-mono text-xl font-bold tracking-wider text-brand-700" data-testid="referral-code">
        {code}
      </p>
      <label htmlFor="referral-link" className="mt-3 block text-xs font-medium text-stone-600">
        {t('link.label')}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id="referral-link"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm text-stone-800"
        />
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
          href={whatsappShareUrl(t('link.share_message', { code, link }))}
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
    </Card>
  );
}
