import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVITATION_DAYS, invitationCreateSchema, STAFF_ROLES, type NewInvitation } from '@tt/domain';
import { FormActions, SelectField, useContractForm, useFormSubmit } from '../../../components/form';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { useInvite } from '../api';
import { OneTimeLink } from './OneTimeLink';
import { Refusal, useRefusal } from './Refusal';

/** Invite staff: the role the new account will hold, then the invitation's link, shown this once. */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('people');
  const invite = useInvite();
  const refusal = useRefusal(['role']);
  const [made, setMade] = useState<NewInvitation | null>(null);
  const form = useContractForm(invitationCreateSchema, { defaultValues: {} });
  const submit = useFormSubmit(
    form,
    (values) => {
      refusal.clear();
      return invite.mutateAsync(values.role);
    },
    { keepValues: true, onSuccess: setMade, onError: refusal.show },
  );
  if (made) {
    const role = t(`common:roles.${made.role}`);
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t('invite.made_title', { role })}
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
          id="invitation-link"
          link={made.link}
          expiresAt={made.expires_at}
          validity={t('invite.validity', { days: INVITATION_DAYS })}
          share={t('invite.share', { role, link: made.link, days: INVITATION_DAYS })}
        />
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('invite.title')}
      description={t('invite.subtitle', { days: INVITATION_DAYS })}
      closeLabel={t('common:common.close')}
      footer={
        <FormActions
          formId="invite-form"
          submitLabel={t('invite.create')}
          busy={form.formState.isSubmitting}
          onCancel={onClose}
          testId="create-invitation"
        />
      }
    >
      <form id="invite-form" onSubmit={submit} noValidate>
        <SelectField
          form={form}
          name="role"
          id="invite-role"
          label={t('invite.role')}
          hint={t('invite.role_hint')}
          required
          placeholder={t('invite.choose')}
          options={STAFF_ROLES.map((value) => ({ value, label: t(`common:roles.${value}`) }))}
        />
      </form>
      <Refusal error={refusal.error} />
    </Dialog>
  );
}
