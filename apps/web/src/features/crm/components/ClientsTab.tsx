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
import { Input, Select } from '../../../components/ui/Field';
import { QueryState } from '../../../components/ui/QueryState';
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
    limit: 200,
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
      <div className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,1fr)_11rem_11rem]">
        <label className="relative col-span-2 sm:col-span-1">
          <span className="sr-only">{t('clients.search')}</span>
          <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 size-4 text-stone-500" />
          <Input
            type="search"
            className="pl-9"
            placeholder={t('clients.search_placeholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="client-search"
          />
        </label>
        <label>
          <span className="sr-only">{t('clients.type_filter')}</span>
          <Select
            value={type}
            onChange={(e) => setType(e.target.value as ClientType | '')}
            data-testid="client-type-filter"
          >
            <option value="">{t('clients.all_types')}</option>
            {CLIENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`types.${value}`)}
              </option>
            ))}
          </Select>
        </label>
        <label>
          <span className="sr-only">{t('clients.status_filter')}</span>
          <Select
            value={status}
            onChange={(e) => setStatus(e.target.value as ClientStatus | '')}
            data-testid="client-status-filter"
          >
            <option value="">{t('clients.all_statuses')}</option>
            {CLIENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`statuses.${value}`)}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <QueryState
        query={clients}
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
        {(list) => (
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
          </>
        )}
      </QueryState>
    </div>
  );
}
