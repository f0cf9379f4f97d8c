import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailPlus, Plus } from 'lucide-react';
import { INVITATION_DAYS, type AppUser, type Invitation } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { QueryState } from '../../../components/ui/QueryState';
import { RoleBadge } from '../../../components/ui/RoleBadge';
import { formatDateTime } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useInvitations, useRevokeInvitation } from '../api';
import { InviteDialog } from './InviteDialog';
import { Refusal, useRefusal } from './Refusal';

/**
 * Staff invitations still open (not used, revoked or expired), and Invite staff. A shared demo administrator is told
 * why it invites nobody instead of being offered a button the server refuses.
 */
export function InvitationsTab({ viewer }: { viewer: AppUser }) {
  const { t } = useTranslation('people');
  const invitations = useInvitations();
  const [inviting, setInviting] = useState(false);
  return (
    <div className="space-y-4">
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:px-5">
        <div className="min-w-0">
          <h2 className="font-semibold text-stone-900">{t('invitations.title')}</h2>
          <p className="text-sm text-stone-600">{t('invitations.subtitle', { days: INVITATION_DAYS })}</p>
        </div>
        {viewer.is_demo ? (
          <p className="text-sm text-stone-700 sm:max-w-xs" data-testid="demo-invites-nobody">
            {t('invitations.demo')}
          </p>
        ) : (
          <Button
            className="shrink-0 self-start"
            onClick={() => setInviting(true)}
            data-testid="invite-staff"
          >
            <Plus aria-hidden className="size-4" />
            {t('invitations.invite')}
          </Button>
        )}
      </Card>
      <QueryState
        query={invitations}
        icon={MailPlus}
        loading={t('invitations.loading')}
        isEmpty={(list) => list.invitations.length === 0}
        empty={{
          title: t('invitations.empty'),
          message: t('invitations.empty_text'),
          testId: 'invitations-empty',
        }}
      >
        {(list) => (
          <Card>
            <ul className="divide-y divide-stone-100" data-testid="invitations">
              {list.invitations.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} />
              ))}
            </ul>
          </Card>
        )}
      </QueryState>
      {inviting && !viewer.is_demo && <InviteDialog onClose={() => setInviting(false)} />}
    </div>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t, i18n } = useTranslation('people');
  const revoke = useRevokeInvitation();
  const refusal = useRefusal();
  const [confirming, setConfirming] = useState(false);
  const role = t(`common:roles.${invitation.role}`);
  const stopConfirming = () => {
    refusal.clear();
    setConfirming(false);
  };
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3 sm:px-5" data-testid="invitation">
      <div className="min-w-0 flex-1 basis-60">
        <RoleBadge role={invitation.role} />
        <p className="mt-1 text-sm break-words text-stone-700">
          {t('invitations.by', { name: invitation.created_by_name })}
        </p>
        <p className="text-xs text-stone-600">
          {t('invitations.created', { time: formatDateTime(invitation.created_at, i18n.language) })} ·{' '}
          {t('invitations.expires', { time: formatDateTime(invitation.expires_at, i18n.language) })}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setConfirming(true)}
        aria-label={t('invitations.revoke_named', { role })}
        data-testid="revoke-invitation"
      >
        {t('invitations.revoke')}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={t('invitations.revoke_title')}
          message={t('invitations.revoke_text', { role, name: invitation.created_by_name })}
          confirmLabel={t('invitations.revoke')}
          busy={revoke.isPending}
          onClose={stopConfirming}
          onConfirm={() => {
            refusal.clear();
            revoke.mutate(invitation.id, {
              onSuccess: () => {
                setConfirming(false);
                toastSuccess(t('invitations.revoked', { role }));
              },
              onError: refusal.show,
            });
          }}
        >
          <Refusal error={refusal.error} />
        </ConfirmDialog>
      )}
    </li>
  );
}
