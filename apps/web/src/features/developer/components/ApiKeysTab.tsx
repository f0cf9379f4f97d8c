import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound, Plus, ShieldAlert, Trash2 } from 'lucide-react';
import { API_SCOPES, createApiKeySchema, type ApiKey, type CreatedApiKey } from '@tt/domain';
import { fieldMessage, FormField, useContractForm, useFormSubmit } from '../../../components/form';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime } from '../../../lib/format';
import { useQueryParams } from '../../../lib/query-params';
import { toastSuccess } from '../../../lib/toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api';
import { CopyButton } from './CopyButton';

/**
 * The user's own API keys (ADR 050): made with a name and scopes, the whole key shown once in the dialog that made
 * it, then only masked (the server keeps its hash); revoked after a confirmation, when it stops working at once.
 */
export function ApiKeysTab() {
  const { t } = useTranslation('developer');
  const keys = useApiKeys();
  // The Security Center's Generate New Key opens this tab with the dialog open (?new=1).
  const [params, setParams] = useQueryParams();
  const [creating, setCreating] = useState(() => params.get('new') === '1');
  const stopCreating = () => {
    setCreating(false);
    if (params.has('new'))
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('new');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
  };
  const full = keys.data !== undefined && keys.data.keys.length >= keys.data.max_keys;
  return (
    <div className="space-y-4">
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:px-5">
        <div className="min-w-0">
          <h2 className="font-semibold text-stone-900">{t('keys.title')}</h2>
          <p className="text-sm text-stone-500">{t('keys.subtitle')}</p>
          {keys.data && (
            <p className="mt-2 text-sm text-stone-700" data-testid="key-count">
              {full
                ? t('keys.full', { count: keys.data.max_keys })
                : t('keys.count', { count: keys.data.keys.length, max: keys.data.max_keys })}
            </p>
          )}
        </div>
        <Button
          className="shrink-0 self-start"
          onClick={() => setCreating(true)}
          disabled={full || !keys.data}
          data-testid="generate-key"
        >
          <Plus aria-hidden className="size-4" />
          {t('keys.generate')}
        </Button>
      </Card>
      <QueryState
        query={keys}
        icon={KeyRound}
        loading={t('loading')}
        isEmpty={(list) => list.keys.length === 0}
        empty={{ title: t('keys.empty'), message: t('keys.empty_text') }}
      >
        {(list) => (
          <Card>
            <ul className="divide-y divide-stone-100" data-testid="api-keys">
              {list.keys.map((key) => (
                <KeyRow key={key.id} apiKey={key} />
              ))}
            </ul>
          </Card>
        )}
      </QueryState>
      {creating && !full && <NewKeyDialog onClose={stopCreating} />}
    </div>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const { t, i18n } = useTranslation('developer');
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3 sm:px-5" data-testid="api-key">
      <div className="min-w-0 flex-1 basis-60">
        <p className="font-medium break-words text-stone-900">{apiKey.name}</p>
        <p className="font-mono text-sm break-all text-stone-700" data-testid="masked-key">
          {apiKey.masked_key}
        </p>
        <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('keys.scopes')}>
          {apiKey.permissions.map((scope) => (
            <li key={scope}>
              <Badge tone="blue">{scope}</Badge>
            </li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-stone-600">
          {t('keys.created', { time: formatDateTime(apiKey.created_at, i18n.language) })} ·{' '}
          {apiKey.last_used_at
            ? t('keys.last_used', { time: formatDateTime(apiKey.last_used_at, i18n.language) })
            : t('keys.never_used')}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setConfirming(true)}
        aria-label={t('keys.revoke_named', { name: apiKey.name })}
        data-testid="revoke-key"
      >
        <Trash2 aria-hidden className="size-4" />
        {t('keys.revoke')}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={t('keys.revoke_title', { name: apiKey.name })}
          message={t('keys.revoke_message')}
          confirmLabel={t('keys.revoke')}
          busy={revoke.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            revoke.mutate(apiKey.id, {
              onSuccess: () => {
                setConfirming(false);
                toastSuccess(t('keys.revoked', { name: apiKey.name }));
              },
            })
          }
        />
      )}
    </li>
  );
}

/** The form, then (once made) the key itself: the only time the whole key is on screen. */
function NewKeyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('developer');
  const create = useCreateApiKey();
  const [made, setMade] = useState<CreatedApiKey | null>(null);
  const form = useContractForm(createApiKeySchema, {
    defaultValues: { name: '', scopes: ['read:products'] },
  });
  const submit = useFormSubmit(form, create.mutateAsync, { onSuccess: setMade, keepValues: true });
  const scopesError = fieldMessage(form.getFieldState('scopes', form.formState).error);
  if (made) {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t('created.title', { name: made.name })}
        closeLabel={t('common:common.close')}
        footer={
          <DialogActions>
            <Button onClick={onClose} data-testid="key-done">
              {t('created.done')}
            </Button>
          </DialogActions>
        }
      >
        <div
          className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          role="note"
        >
          <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>{t('created.once')}</p>
        </div>
        <label htmlFor="new-api-key" className="mt-4 block text-sm font-medium text-stone-700">
          {t('created.label')}
        </label>
        <textarea
          id="new-api-key"
          readOnly
          rows={2}
          value={made.key}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1 block w-full resize-none rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm break-all text-stone-900"
          data-testid="new-key"
        />
        <div className="mt-2">
          <CopyButton text={made.key} fieldId="new-api-key" label={t('created.copy')} testId="copy-key" />
        </div>
        <p className="text-sm text-stone-600">{t('created.how', { header: 'Authorization: Bearer' })}</p>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('new.title')}
      description={t('new.subtitle')}
      closeLabel={t('common:common.close')}
      footer={
        <DialogActions>
          <Button variant="outline" onClick={onClose}>
            {t('common:common.cancel')}
          </Button>
          <Button
            type="submit"
            form="new-api-key-form"
            loading={form.formState.isSubmitting}
            data-testid="create-key"
          >
            {t('new.create')}
          </Button>
        </DialogActions>
      }
    >
      <form id="new-api-key-form" onSubmit={submit} noValidate className="space-y-4">
        <FormField
          form={form}
          name="name"
          label={t('new.name')}
          hint={t('new.name_hint')}
          required
          id="key-name"
        />
        <fieldset aria-describedby={scopesError ? 'key-scopes-error' : undefined}>
          <legend className="mb-1 text-sm font-medium text-stone-700">{t('new.scopes')}</legend>
          <div className="space-y-2">
            {API_SCOPES.map((scope) => (
              <label
                key={scope}
                className="flex items-start gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="checkbox"
                  value={scope}
                  {...form.register('scopes')}
                  className="mt-1 size-4 accent-brand-600"
                  data-testid={`scope-${scope}`}
                />
                <span>
                  <span className="block font-mono text-sm font-medium text-stone-900">{scope}</span>
                  <span className="block text-sm text-stone-600">
                    {t(`scope.${scope.replace(':', '_')}`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {scopesError && (
            <p role="alert" id="key-scopes-error" className="mt-1 text-xs text-red-600">
              {scopesError}
            </p>
          )}
          <p className="mt-2 text-xs text-stone-600">{t('new.role_note')}</p>
        </fieldset>
      </form>
    </Dialog>
  );
}
