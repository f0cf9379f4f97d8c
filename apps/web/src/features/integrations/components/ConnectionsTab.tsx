import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { PlugZap } from 'lucide-react';
import {
  INTEGRATION_SEARCH_MAX,
  INTEGRATION_STATUSES,
  integrationMatches,
  type IntegrationsOverview,
  type IntegrationStatus,
} from '@tt/domain';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { QueryState } from '../../../components/ui/QueryState';
import { SearchFilters } from '../../../components/ui/SearchFilters';
import type { OfflineTill } from '../offline';
import { ConnectionCard, connectionWords, type AnyConnection } from './ConnectionCard';

/** The deployment's connections and the browser's offline till, searchable by name, provider or type. */
export function ConnectionsTab({
  query,
  offline,
}: {
  query: UseQueryResult<IntegrationsOverview>;
  offline: OfflineTill;
}) {
  const { t } = useTranslation('integrations');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<IntegrationStatus | ''>('');
  const wanted = useDeferredValue(search);
  return (
    <QueryState query={query} icon={PlugZap} loading={t('loading')}>
      {(data) => {
        const all: AnyConnection[] = [...data.connections, offline];
        const shown = all.filter(
          (c) => (status === '' || c.status === status) && integrationMatches(connectionWords(c, t), wanted),
        );
        return (
          <div>
            <p className="mb-3 text-sm text-stone-700">{t('connections_intro')}</p>
            <SearchFilters
              search={{
                label: t('search.label'),
                placeholder: t('search.placeholder'),
                value: search,
                onChange: (v) => setSearch(v.slice(0, INTEGRATION_SEARCH_MAX)),
                testId: 'connection-search',
              }}
              filters={[
                {
                  label: t('search.status'),
                  value: status,
                  onChange: setStatus,
                  allLabel: t('search.all_statuses'),
                  options: INTEGRATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
                  testId: 'connection-status',
                },
              ]}
            />
            {shown.length === 0 ? (
              <Card>
                <EmptyState icon={PlugZap} title={t('search.none')} message={t('search.none_text')} />
              </Card>
            ) : (
              <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="connections">
                {shown.map((c) => (
                  <ConnectionCard key={c.id} connection={c} />
                ))}
              </div>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
