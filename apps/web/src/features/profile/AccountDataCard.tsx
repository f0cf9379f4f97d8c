import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserX } from 'lucide-react';
import type { AppUser } from '@tt/domain';
import { Button, buttonClass } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Dialog } from '../../components/ui/Dialog';
import { paths } from '../../lib/paths';
import { exportUrl, useCloseAccount } from './api';
import { DownloadLink } from '../../components/ui/DownloadLink';

/**
 * POPIA: a user downloads everything the product holds about them, and closes their account after a
 * dialog that says what is removed and what is kept. Shared demo accounts cannot be closed.
 */
export function AccountDataCard({ user }: { user: AppUser }) {
  const { t } = useTranslation('account');
  const [closing, setClosing] = useState(false);

  return (
    <Card className="mt-4" data-testid="account-data">
      <CardHeader title={t('data.title')} subtitle={t('data.subtitle')} />
      <div className="space-y-4 p-4 sm:p-5">
        <div>
          <p className="text-sm text-stone-700">{t('data.download_text')}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <DownloadLink
              href={exportUrl('json')}
              filename="township-trade-my-data.json"
              className={buttonClass('outline')}
              data-testid="download-json"
            >
              {t('data.download_json')}
            </DownloadLink>
            <DownloadLink
              href={exportUrl('csv')}
              filename="township-trade-my-data.csv"
              className={buttonClass('outline')}
              data-testid="download-csv"
            >
              {t('data.download_csv')}
            </DownloadLink>
          </div>
        </div>
        <div className="border-t border-stone-100 pt-4">
          <p className="text-sm text-stone-700">{t('close.text')}</p>
          <Button
            variant="outline"
            className="mt-2 text-red-700"
            disabled={user.is_demo}
            aria-describedby={user.is_demo ? 'close-demo-reason' : undefined}
            onClick={() => setClosing(true)}
            data-testid="close-account"
          >
            <UserX aria-hidden className="size-4" />
            {t('close.button')}
          </Button>
          {user.is_demo && (
            <p id="close-demo-reason" className="mt-1 text-xs text-stone-600">
              {t('close.demo')}
            </p>
          )}
        </div>
      </div>
      {closing && <CloseAccountDialog onClose={() => setClosing(false)} />}
    </Card>
  );
}

function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const close = useCloseAccount();
  const navigate = useNavigate();
  const [understood, setUnderstood] = useState(false);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('close.dialog_title')}
      description={t('close.dialog_intro')}
      closeLabel={t('close.keep')}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            {t('close.keep')}
          </Button>
          <Button
            variant="danger"
            disabled={!understood}
            loading={close.isPending}
            onClick={() => close.mutate(undefined, { onSuccess: () => void navigate(paths.home) })}
            data-testid="confirm-close-account"
          >
            {t('close.confirm')}
          </Button>
        </div>
      }
    >
      <div className="space-y-3 text-sm text-stone-700" data-testid="close-account-dialog">
        <div>
          <h3 className="font-semibold text-stone-900">{t('close.removed_title')}</h3>
          <p>{t('close.removed_text')}</p>
        </div>
        <div>
          <h3 className="font-semibold text-stone-900">{t('close.kept_title')}</h3>
          <p>{t('close.kept_text')}</p>
        </div>
        <p>{t('close.download_first')}</p>
        <label className="flex items-start gap-2 font-medium text-stone-900">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-red-600"
            checked={understood}
            onChange={(e) => setUnderstood(e.target.checked)}
            data-testid="close-understood"
          />
          {t('close.understand')}
        </label>
      </div>
    </Dialog>
  );
}
