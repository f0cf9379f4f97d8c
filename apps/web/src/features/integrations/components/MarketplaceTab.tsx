import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Info, Store } from 'lucide-react';
import {
  can,
  INTEGRATION_SEARCH_MAX,
  INTEGRATION_TYPES,
  integrationMatches,
  type IntegrationType,
  type MarketplaceEntry,
} from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { QueryState } from '../../../components/ui/QueryState';
import { SearchFilters } from '../../../components/ui/SearchFilters';
import { errorMessage } from '../../../lib/errors';
import { formatCount, formatMoney } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useMe } from '../../auth/api';
import { useIntegrationRequest, useMarketplace, useMarketplaceDemand } from '../api';

/**
 * The marketplace (DECISIONS 11): a fixed showcase of services the product does not connect to, said so on every
 * card. "Request this integration" records the caller's wish; admins see how many asked for each.
 */
export function MarketplaceTab() {
  const { t } = useTranslation('integrations');
  const { data: user } = useMe();
  const admin = can(user?.role, 'integrations.manage');
  const marketplace = useMarketplace();
  const demand = useMarketplaceDemand(admin);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<IntegrationType | ''>('');
  const wanted = useDeferredValue(search);
  const asked = new Map((demand.data ?? []).map((d) => [d.key, d.requests]));
  return (
    <QueryState query={marketplace} icon={Store} loading={t('loading')}>
      {(entries) => {
        const shown = entries.filter(
          (e) =>
            (type === '' || e.integration_type === type) &&
            integrationMatches({ ...e, type_label: t(`types.${e.integration_type}`) }, wanted),
        );
        return (
          <div>
            <div
              className="mb-4 flex gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900"
              data-testid="showcase-note"
            >
              <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
              <p>{t('marketplace.note')}</p>
            </div>
            <SearchFilters
              search={{
                label: t('search.label'),
                placeholder: t('search.placeholder'),
                value: search,
                onChange: (v) => setSearch(v.slice(0, INTEGRATION_SEARCH_MAX)),
                testId: 'marketplace-search',
              }}
              filters={[
                {
                  label: t('search.type'),
                  value: type,
                  onChange: setType,
                  allLabel: t('search.all_types'),
                  options: INTEGRATION_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) })),
                  testId: 'marketplace-type',
                },
              ]}
            />
            {shown.length === 0 ? (
              <Card>
                <EmptyState icon={Store} title={t('search.none')} message={t('search.none_text')} />
              </Card>
            ) : (
              <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="marketplace">
                {shown.map((entry) => (
                  <MarketplaceCard
                    key={entry.key}
                    entry={entry}
                    asked={admin ? (asked.get(entry.key) ?? 0) : null}
                  />
                ))}
              </div>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}

function MarketplaceCard({ entry, asked }: { entry: MarketplaceEntry; asked: number | null }) {
  const { t, i18n } = useTranslation('integrations');
  const request = useIntegrationRequest();
  const toggle = () =>
    request.mutate(
      { key: entry.key, requested: !entry.requested },
      {
        onSuccess: (saved) =>
          toastSuccess(
            saved.requested
              ? t('marketplace.requested_toast', { name: entry.name })
              : t('marketplace.withdrawn_toast', { name: entry.name }),
          ),
        onError: (error) => toastError(errorMessage(error, t)),
      },
    );
  return (
    <Card className="flex flex-col p-4" data-testid="marketplace-entry" data-key={entry.key}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-stone-900">{entry.name}</h3>
          <p className="text-xs text-stone-600">{entry.provider}</p>
        </div>
        <Badge tone="grey">{t('marketplace.not_connected')}</Badge>
      </div>
      <p className="mt-2">
        <Badge tone="blue">{t(`types.${entry.integration_type}`)}</Badge>
      </p>
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('marketplace.features')}>
        {entry.features.map((f) => (
          <li key={f} className="rounded-md bg-stone-100 px-2 py-0.5 text-xs text-stone-800">
            {t(`features.${f}`)}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-stone-800" data-testid="cost">
        {entry.monthly_cost > 0
          ? t('marketplace.cost', { amount: formatMoney(entry.monthly_cost) })
          : t('marketplace.per_use')}
      </p>
      {asked !== null && (
        <p className="mt-1 text-sm text-stone-700" data-testid="asked">
          {t('marketplace.asked', { count: asked, formatted: formatCount(asked, i18n.language) })}
        </p>
      )}
      <div className="mt-auto pt-4">
        <Button
          variant={entry.requested ? 'outline' : 'primary'}
          size="sm"
          className="w-full sm:w-auto"
          loading={request.isPending}
          onClick={toggle}
          data-testid="request"
        >
          {entry.requested ? t('marketplace.withdraw') : t('marketplace.request')}
        </Button>
        {entry.requested && (
          <p className="mt-2 text-xs text-green-800" data-testid="requested">
            {t('marketplace.requested')}
          </p>
        )}
      </div>
    </Card>
  );
}
