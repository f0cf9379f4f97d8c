import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_LINK_MINUTES, type AdminUser, type PasswordLink } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { usePasswordLink } from '../api';
import { OneTimeLink } from './OneTimeLink';
import { Refusal, useRefusal } from './Refusal';

/**
 * A one-time password link for an account, to pass on by hand (no email goes from here): asked first, since
 * whoever holds the link can set the account's password; then shown once.
 */
export function PasswordLinkDialog({ account, onClose }: { account: AdminUser; onClose: () => void }) {
  const { t } = useTranslation('people');
  const issue = usePasswordLink();
  const refusal = useRefusal();
  const [made, setMade] = useState<PasswordLink | null>(null);
  const minutes = PASSWORD_LINK_MINUTES;
  if (!made) {
    return (
      <ConfirmDialog
        title={t('password.title', { name: account.name })}
        message={t(account.has_password ? 'password.text' : 'password.text_first', {
          name: account.name,
          minutes,
        })}
        confirmLabel={t('password.confirm')}
        danger={false}
        busy={issue.isPending}
        onClose={onClose}
        onConfirm={() => {
          refusal.clear();
          issue.mutate(account.id, { onSuccess: setMade, onError: refusal.show });
        }}
      >
        <Refusal error={refusal.error} />
      </ConfirmDialog>
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('password.made_title', { name: account.name })}
      closeLabel={t('common:common.close')}
      footer={
        <DialogActions>
          <Button onClick={onClose} data-testid="link-done">
            {t('link.done')}
          </Button>
        </DialogActions>
      }
    >
      <OneTimeLink
        id="password-link"
        link={made.link}
        expiresAt={made.expires_at}
        validity={t('password.validity', { minutes })}
        share={t('password.share', { link: made.link, minutes })}
      />
    </Dialog>
  );
}
