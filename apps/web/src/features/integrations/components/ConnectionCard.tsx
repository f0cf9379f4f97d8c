import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Database,
  FileSpreadsheet,
  KeyRound,
  ShieldCheck,
  Table2,
  WifiOff,
  type LucideIcon,
} from 'lucide-react';
import type { Connection } from '@tt/domain';
import { buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { formatCount, formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { OfflineTill } from '../offline';
import { StatusBadge } from './StatusBadge';

export type AnyConnection = Connection | OfflineTill;

const ICONS: Record<AnyConnection['id'], LucideIcon> = {
  sso: ShieldCheck,
  public_api: KeyRound,
  spreadsheet_import: FileSpreadsheet,
  inventory_export: Table2,
  offline_till: WifiOff,
  database: Database,
};

/** The screen that manages each connection, for the roles that may use it (none for sign-in: it is set by env). */
const MANAGED_AT: Partial<Record<AnyConnection['id'], string>> = {
  public_api: paths.developer,
  spreadsheet_import: paths.bulkUpload,
  inventory_export: paths.inventory,
  offline_till: paths.pos,
  database: paths.performance,
};

/** The words a search reads for a connection: its name, provider and type in the reader's language. */
export function connectionWords(c: AnyConnection, t: (key: string) => string) {
  return {
    name: t(`connections.${c.id}.name`),
    provider:
      c.id === 'database' ? t(`connections.database.engine_${c.engine}`) : t(`connections.${c.id}.provider`),
    integration_type: t(`connections.${c.id}.type`),
  };
}

/** One of the deployment's connections: what it is, its status from reality, its figures, and where it is managed. */
export function ConnectionCard({ connection: c }: { connection: AnyConnection }) {
  const { t, i18n } = useTranslation('integrations');
  const Icon = ICONS[c.id];
  const words = connectionWords(c, t);
  const link = c.available ? MANAGED_AT[c.id] : undefined;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('never'));
  const n = (value: number) => formatCount(value, i18n.language);
  return (
    <Card className="flex flex-col p-4" data-testid="connection" data-id={c.id} data-status={c.status}>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-700">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-stone-900">{words.name}</h3>
          <p className="text-xs text-stone-600">
            {words.provider} · {words.integration_type}
          </p>
        </div>
        <StatusBadge status={c.status} />
      </div>
      <p className="mt-3 text-sm text-stone-700">{t(`connections.${c.id}.text`)}</p>
      <div className="mt-3 text-sm text-stone-700" data-testid="facts">
        {!c.available ? (
          <p className="text-stone-600">{t(`connections.${c.id}.unavailable`)}</p>
        ) : (
          <Facts c={c} when={when} n={n} />
        )}
      </div>
      {link && (
        <div className="mt-auto pt-4">
          <Link to={link} className={buttonClass('outline', 'sm')} data-testid="manage">
            {t(`connections.${c.id}.manage`)}
          </Link>
        </div>
      )}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-stone-600">{label}</dt>
      <dd className="font-medium text-stone-900 tabular-nums">{children}</dd>
    </div>
  );
}

function Facts({
  c,
  when,
  n,
}: {
  c: AnyConnection;
  when: (iso: string | null) => string;
  n: (value: number) => string;
}) {
  const { t } = useTranslation('integrations');
  switch (c.id) {
    case 'sso':
      return c.issuer_host ? (
        <dl>
          <Fact label={t('facts.provider_host')}>
            <span className="font-mono break-all">{c.issuer_host}</span>
          </Fact>
        </dl>
      ) : (
        <div>
          <p className="text-stone-600">{t('facts.set_by')}</p>
          <p className="mt-1 flex flex-wrap gap-1.5">
            {c.env_vars.map((v) => (
              <code key={v} className="rounded bg-stone-100 px-1.5 py-0.5 text-xs text-stone-800">
                {v}
              </code>
            ))}
          </p>
        </div>
      );
    case 'public_api':
      return (
        <dl className="space-y-1">
          <Fact label={t('facts.live_keys')}>{n(c.live_keys)}</Fact>
          <Fact label={t('facts.last_used')}>{when(c.last_activity_at)}</Fact>
          <Fact label={t('facts.requests_24h')}>
            <span data-testid="requests-24h">{n(c.requests_24h)}</span>
          </Fact>
          <Fact label={t('facts.errors_24h')}>
            <span data-testid="errors-24h">{n(c.errors_24h)}</span>
          </Fact>
        </dl>
      );
    case 'spreadsheet_import':
      return (
        <dl className="space-y-1">
          <Fact label={t('facts.uploads')}>{n(c.uploads)}</Fact>
          <Fact label={t('facts.last_upload')}>
            {c.last_upload_status
              ? `${when(c.last_activity_at)} · ${t(`upload_status.${c.last_upload_status}`)}`
              : t('never')}
          </Fact>
          <Fact label={t('facts.imported_rows')}>{n(c.imported_rows)}</Fact>
        </dl>
      );
    case 'inventory_export':
      return <p className="text-stone-600">{t('connections.inventory_export.ready')}</p>;
    case 'offline_till':
      return (
        <p className="text-stone-600">
          {c.controlling
            ? t('connections.offline_till.ready')
            : c.installed
              ? t('connections.offline_till.reload')
              : t('connections.offline_till.not_installed')}
        </p>
      );
    case 'database':
      return (
        <dl className="space-y-1">
          <Fact label={t('facts.engine')}>{t(`connections.database.engine_${c.engine}`)}</Fact>
          <Fact label={t('facts.version')}>{c.version}</Fact>
        </dl>
      );
  }
}
