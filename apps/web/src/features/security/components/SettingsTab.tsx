import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckCircle2, KeyRound, ListChecks, Plus, XCircle } from 'lucide-react';
import {
  can,
  PERMISSIONS,
  SECURITY_CATEGORIES,
  type SecurityMeasure,
  type SecurityOverview,
} from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Dialog } from '../../../components/ui/Dialog';
import { QueryState } from '../../../components/ui/QueryState';
import { RoleBadge } from '../../../components/ui/RoleBadge';
import { paths } from '../../../lib/paths';
import { useMe } from '../../auth/api';
import { useApiKeys } from '../../developer/api';

/**
 * The deployment's measures as its configuration and code really have them: each says whether it is on and what
 * sets it (an environment variable read at start, or the code itself), never a switch that pretends. Then the
 * caller's API keys, masked (they are stored hashed: ADR 050), and what the caller's role may do.
 */
export function SettingsTab({ overview }: { overview: SecurityOverview }) {
  const { t } = useTranslation('security');
  const [showPermissions, setShowPermissions] = useState(false);
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[3fr_2fr]">
      <Card>
        <CardHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
        {SECURITY_CATEGORIES.map((category) => (
          <section key={category} className="border-b border-stone-100 last:border-b-0">
            <h3 className="px-4 pt-3 text-xs font-semibold tracking-wide text-stone-600 uppercase sm:px-5">
              {t(`settings.category.${category}`)}
            </h3>
            <ul className="divide-y divide-stone-100" data-testid={`measures-${category}`}>
              {overview.measures
                .filter((m) => m.category === category)
                .map((measure) => (
                  <MeasureRow key={measure.id} measure={measure} />
                ))}
            </ul>
          </section>
        ))}
      </Card>
      <div className="space-y-4">
        <ApiKeysCard />
        <Card className="p-4 sm:px-5">
          <Button variant="outline" onClick={() => setShowPermissions(true)} data-testid="view-permissions">
            <ListChecks aria-hidden className="size-4" />
            {t('permissions.view')}
          </Button>
        </Card>
      </div>
      {showPermissions && <PermissionsDialog onClose={() => setShowPermissions(false)} />}
    </div>
  );
}

function MeasureRow({ measure }: { measure: SecurityMeasure }) {
  const { t } = useTranslation('security');
  const Icon = measure.enabled ? CheckCircle2 : XCircle;
  return (
    <li className="flex gap-3 px-4 py-3 sm:px-5" data-testid="measure" data-measure={measure.id}>
      <Icon
        aria-hidden
        className={`mt-0.5 size-5 shrink-0 ${measure.enabled ? 'text-green-700' : 'text-red-700'}`}
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-stone-900">{t(`measure.${measure.id}.name`)}</span>
          <Badge tone={measure.enabled ? 'green' : 'red'}>
            {measure.enabled ? t('settings.on') : t('settings.off')}
          </Badge>
          <Badge tone="grey">{t(`settings.level.${measure.level}`)}</Badge>
        </p>
        <p className="mt-0.5 text-sm text-stone-600">
          {t(`measure.${measure.id}.text`, { count: measure.value ?? 0 })}
        </p>
        <p className="mt-0.5 text-xs text-stone-600">
          {measure.setting ? (
            <>
              {t('settings.set_by')}{' '}
              <code className="rounded bg-stone-100 px-1 font-mono text-stone-800">{measure.setting}</code>
            </>
          ) : (
            t('settings.built_in')
          )}
        </p>
      </div>
    </li>
  );
}

/** The caller's keys, masked with the reason; Generate New Key opens Developer Tools' dialog that makes one. */
function ApiKeysCard() {
  const { t } = useTranslation('security');
  const { data: user } = useMe();
  const mayHoldKeys = can(user?.role, 'reports.view');
  return (
    <Card data-testid="api-keys-card">
      <CardHeader title={t('keys.title')} subtitle={t('keys.reason')} />
      <div className="px-4 py-3 sm:px-5">
        {mayHoldKeys ? <KeyList /> : <p className="text-sm text-stone-600">{t('keys.staff_only')}</p>}
      </div>
    </Card>
  );
}

function KeyList() {
  const { t } = useTranslation('security');
  const keys = useApiKeys();
  return (
    <QueryState query={keys} icon={KeyRound} loading={t('loading')} compact>
      {(list) => (
        <>
          {list.keys.length === 0 ? (
            <p className="text-sm text-stone-600">{t('keys.none')}</p>
          ) : (
            <ul className="space-y-2" data-testid="masked-keys">
              {list.keys.map((key) => (
                <li key={key.id} className="min-w-0">
                  <p className="text-sm font-medium break-words text-stone-900">{key.name}</p>
                  <p className="font-mono text-sm break-all text-stone-700">{key.masked_key}</p>
                </li>
              ))}
            </ul>
          )}
          <Link
            to={`${paths.developer}?tab=keys&new=1`}
            className={buttonClass('primary', 'md', 'mt-3')}
            data-testid="generate-new-key"
          >
            <Plus aria-hidden className="size-4" />
            {t('keys.generate')}
          </Link>
        </>
      )}
    </QueryState>
  );
}

/** What the caller's role may do, in plain words, from the domain's one map of permissions. */
function PermissionsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('security');
  const { data: user } = useMe();
  const held = PERMISSIONS.filter((permission) => can(user?.role, permission));
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('permissions.title')}
      closeLabel={t('permissions.close')}
    >
      {user && (
        <p className="mb-2 flex flex-wrap items-center gap-2 text-sm text-stone-700">
          {t('permissions.role')} <RoleBadge role={user.role} />
        </p>
      )}
      <p className="mb-3 text-sm text-stone-600">{t('permissions.subtitle')}</p>
      <ul className="space-y-2" data-testid="permissions">
        {held.map((permission) => (
          <li key={permission} className="flex gap-2 text-sm text-stone-800">
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
            {/* i18next reads a dot as nesting: orders.place is under orders_place. */}
            <span className="min-w-0">{t(`permissions.names.${permission.replace('.', '_')}`)}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
