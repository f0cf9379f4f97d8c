import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, CheckCircle2, KeyRound, Plus, Trash2 } from 'lucide-react';
import { PASSKEY_MAX, type AppUser, type Passkey } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Field, Input } from '../../../components/ui/Field';
import { QueryState } from '../../../components/ui/QueryState';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { passkeyAlreadyHere, passkeyCancelled, useWebAuthnSupport } from '../../../lib/webauthn';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api';

/** The most a passkey's name may be (the domain's registration schema). */
const NAME_MAX = 60;

/**
 * The account's passkeys: each signs in to it alone, without the password, from the phone or key that holds it.
 * Added here, from the signed-in account, and removed after asking. A shared demo account is offered none: every
 * visitor of the demo signs in to it.
 */
export function PasskeysCard({ user }: { user: AppUser }) {
  const { t } = useTranslation('profile');
  return (
    <Card className="mt-4" data-testid="passkeys">
      <CardHeader title={t('passkeys.title')} subtitle={t('passkeys.subtitle')} />
      {user.is_demo ? (
        <p className="px-4 py-3 text-sm text-stone-700 sm:px-5" data-testid="passkeys-demo">
          {t('passkeys.demo')}
        </p>
      ) : (
        <AccountPasskeys />
      )}
    </Card>
  );
}

function AccountPasskeys() {
  const { t } = useTranslation('profile');
  const passkeys = usePasskeys(true);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  return (
    <>
      <QueryState query={passkeys} icon={KeyRound} loading={t('passkeys.loading')} compact>
        {({ passkeys: list }) => (
          <>
            {list.length === 0 ? (
              <p className="px-4 pt-3 text-sm text-stone-600 sm:px-5" data-testid="no-passkeys">
                {t('passkeys.none')}
              </p>
            ) : (
              <ul className="divide-y divide-stone-100 border-b border-stone-100">
                {list.map((passkey) => (
                  <PasskeyRow key={passkey.id} passkey={passkey} onRemove={() => setRemoving(passkey)} />
                ))}
              </ul>
            )}
            <AddPasskey held={list.length} />
          </>
        )}
      </QueryState>
      {removing && <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const date = (iso: string) => formatDate(iso, i18n.language);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5" data-testid="passkey">
      <KeyRound aria-hidden className="size-5 shrink-0 text-stone-500" />
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-center gap-2 font-medium text-stone-900">
          <span className="min-w-0 break-words">{passkey.name}</span>
          {passkey.backed_up ? (
            <Badge tone="green">{t('passkeys.synced')}</Badge>
          ) : (
            <Badge>{t('passkeys.one_device')}</Badge>
          )}
        </p>
        <p className="text-xs text-stone-600">
          {t('passkeys.added', { date: date(passkey.created_at) })} ·{' '}
          {passkey.last_used_at
            ? t('passkeys.last_used', { date: date(passkey.last_used_at) })
            : t('passkeys.never_used')}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onRemove}
        aria-label={t('passkeys.remove_named', { name: passkey.name })}
        data-testid="remove-passkey"
      >
        <Trash2 aria-hidden className="size-4" />
        {t('passkeys.remove')}
      </Button>
    </li>
  );
}

/**
 * The name (optional) and the button that opens the browser's prompt; what came of the last try under them. Where
 * the browser has no passkeys, or the account holds the most it may, it says so instead of offering a dead button.
 */
function AddPasskey({ held }: { held: number }) {
  const { t } = useTranslation('profile');
  const supported = useWebAuthnSupport();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const nameId = useId();
  const full = held >= PASSKEY_MAX;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const typed = name.trim();
    add.mutate(typed === '' ? undefined : typed, { onSuccess: () => setName('') });
  };

  return (
    <div className="space-y-3 px-4 py-3 sm:px-5">
      {supported === false ? (
        <p className="text-sm text-stone-700" data-testid="passkeys-unsupported">
          {t('passkeys.unsupported')}
        </p>
      ) : full ? (
        <p className="text-sm text-stone-700" data-testid="passkeys-full">
          {t('passkeys.at_limit', { limit: PASSKEY_MAX })}
        </p>
      ) : (
        supported && (
          <form onSubmit={submit} className="space-y-3" data-testid="add-passkey-form">
            <Field label={t('passkeys.name_label')} htmlFor={nameId} hint={t('passkeys.name_hint')}>
              <Input
                id={nameId}
                value={name}
                maxLength={NAME_MAX}
                autoComplete="off"
                aria-describedby={`${nameId}-hint`}
                onChange={(event) => setName(event.target.value)}
                data-testid="passkey-name"
              />
            </Field>
            <Button type="submit" variant="outline" loading={add.isPending} data-testid="add-passkey">
              <Plus aria-hidden className="size-4" />
              {t('passkeys.add')}
            </Button>
          </form>
        )
      )}
      {add.isError && <AddOutcome error={add.error} />}
      {add.isSuccess && (
        <p role="status" className="flex gap-2 text-sm text-green-800" data-testid="passkey-added">
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('passkeys.added_note')}
        </p>
      )}
      {!full && <p className="text-xs text-stone-600">{t('passkeys.limit', { limit: PASSKEY_MAX })}</p>}
    </div>
  );
}

/** Why the last try added nothing: a closed prompt quietly, anything else as a refusal to read. */
function AddOutcome({ error }: { error: Error }) {
  const { t } = useTranslation('profile');
  if (passkeyCancelled(error)) {
    return (
      <p role="status" className="text-sm text-stone-600" data-testid="passkey-cancelled">
        {t('passkeys.cancelled')}
      </p>
    );
  }
  const message =
    error instanceof ApiError
      ? errorMessage(error, t)
      : passkeyAlreadyHere(error)
        ? t('passkeys.already_here')
        : t('passkeys.failed');
  return (
    <p
      role="alert"
      className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
      data-testid="passkey-refused"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">{message}</span>
    </p>
  );
}

function RemovePasskeyDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const remove = useRemovePasskey();
  return (
    <ConfirmDialog
      title={t('passkeys.confirm_title')}
      message={t('passkeys.confirm_text', { name: passkey.name })}
      confirmLabel={t('passkeys.remove')}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(passkey.id, {
          onSuccess: () => {
            onClose();
            toastSuccess(t('passkeys.removed'));
          },
        })
      }
    />
  );
}
