import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search, Users } from 'lucide-react';
import {
  CLIENT_STATUSES,
  CLIENT_TYPES,
  type ClientStatus,
  type ClientType,
  type CrmClient,
} from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { QueryState } from '../../../components/ui/QueryState';
import { ShowMore } from '../../../components/ui/ShowMore';
import { SearchFilters, type FilterSelect } from '../../../components/ui/SearchFilters';
import { useCrmClients } from '../api';
import { ClientCard } from './ClientCard';

/** The Clients tab: search (name, company, e-mail, phone) with the type and status filters, then cards. */
export function ClientsTab({
  showOwner,
  onAdd,
  onView,
  onEdit,
}: {
  showOwner: boolean;
  onAdd: () => void;
  onView: (client: CrmClient) => void;
  onEdit: (client: CrmClient) => void;
}) {
  const { t } = useTranslation('crm');
  const [search, setSearch] = useState('');
  const [type, setType] = useState<ClientType | ''>('');
  const [status, setStatus] = useState<ClientStatus | ''>('');
  const deferred = useDeferredValue(search.trim());
  const filters = {
    ...(deferred ? { search: deferred } : {}),
    ...(type ? { client_type: type } : {}),
    ...(status ? { status } : {}),
  };
  const clients = useCrmClients(filters);
  const filtered = Boolean(deferred || type || status);
  const clear = () => {
    setSearch('');
    setType('');
    setStatus('');
  };
  return (
    <div>
      <SearchFilters
        search={{
          label: t('clients.search'),
          placeholder: t('clients.search_placeholder'),
          value: search,
          onChange: setSearch,
          testId: 'client-search',
        }}
        filters={[
          {
            label: t('clients.type_filter'),
            value: type,
            onChange: setType,
            allLabel: t('clients.all_types'),
            options: CLIENT_TYPES.map((value) => ({ value, label: t(`types.${value}`) })),
            testId: 'client-type-filter',
          } satisfies FilterSelect<ClientType>,
          {
            label: t('clients.status_filter'),
            value: status,
            onChange: setStatus,
            allLabel: t('clients.all_statuses'),
            options: CLIENT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
            testId: 'client-status-filter',
          } satisfies FilterSelect<ClientStatus>,
        ]}
      />
      <QueryState
        query={clients}
        isEmpty={(data) => data.clients.length === 0}
        icon={filtered ? Search : Users}
        loading={t('loading')}
        empty={
          filtered
            ? {
                title: t('clients.no_match'),
                message: t('clients.no_match_text'),
                action: (
                  <Button variant="outline" onClick={clear}>
                    {t('clients.clear_filters')}
                  </Button>
                ),
              }
            : {
                title: t('clients.empty'),
                message: t('clients.empty_text'),
                action: <Button onClick={onAdd}>{t('clients.add')}</Button>,
              }
        }
      >
        {({ clients: list, matching }) => (
          <>
            <p className="mb-2 text-sm text-stone-600" aria-live="polite">
              {t('clients.shown', { count: list.length })}
            </p>
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="client-list">
              {list.map((client) => (
                <li key={client.id} className="min-w-0">
                  <ClientCard
                    client={client}
                    showOwner={showOwner}
                    onView={() => onView(client)}
                    onEdit={() => onEdit(client)}
                  />
                </li>
              ))}
            </ul>
            <ShowMore
              more={clients.hasNextPage}
              shown={list.length}
              total={matching}
              loading={clients.isFetchingNextPage}
              onMore={() => void clients.fetchNextPage()}
              testId="more-clients"
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
