import { useTranslation } from 'react-i18next';
import { BookOpen } from 'lucide-react';
import type { ApiEndpoint } from '@tt/domain';
import { Badge } from '../../../components/ui/Badge';
import { Card } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { useApiEndpoints } from '../api';

/**
 * The public API as the server has it (GET /api/developer/endpoints): every endpoint whose contract names a
 * scope, with the parameters its own schemas take. Nothing is written here by hand.
 */
export function ApiDocsTab() {
  const { t } = useTranslation('developer');
  const endpoints = useApiEndpoints();
  return (
    <div className="space-y-4">
      <Card className="space-y-2 p-4 text-sm text-stone-700 sm:p-5">
        <h2 className="font-semibold text-stone-900">{t('docs.title')}</h2>
        <p>{t('docs.auth')}</p>
        <p>{t('docs.limits')}</p>
        <p>
          {t('docs.errors')}{' '}
          <code className="font-mono text-xs break-all">
            {'{ "error": { "code", "message", "fields" } }'}
          </code>
        </p>
        <p>
          <a className="font-medium text-brand-700 underline" href="/api/docs">
            {t('docs.openapi')}
          </a>
        </p>
      </Card>
      <QueryState query={endpoints} icon={BookOpen} loading={t('loading')}>
        {(list) => (
          <ul className="space-y-3" data-testid="api-endpoints">
            {list.map((e) => (
              <EndpointCard key={`${e.method} ${e.path}`} endpoint={e} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function EndpointCard({ endpoint }: { endpoint: ApiEndpoint }) {
  const { t } = useTranslation('developer');
  return (
    <li data-testid="api-endpoint">
      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={endpoint.method === 'GET' ? 'green' : 'orange'}>{endpoint.method}</Badge>
          <code className="font-mono text-sm font-semibold break-all text-stone-900">{endpoint.path}</code>
          <Badge tone="blue">{endpoint.scope}</Badge>
        </div>
        {endpoint.summary && <p className="mt-2 text-sm text-stone-700">{endpoint.summary}</p>}
        <p className="mt-1 text-xs text-stone-600">
          {t(`docs.access.${accessKind(endpoint.access)}`, { permission: endpoint.access })}
        </p>
        {endpoint.parameters.length > 0 && (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[20rem] text-left text-sm">
              <caption className="sr-only">{t('docs.parameters_of', { path: endpoint.path })}</caption>
              <thead className="text-xs text-stone-600">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t('docs.name')}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t('docs.in')}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t('docs.type')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {endpoint.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`}>
                    <td className="py-1.5 pr-3 align-top font-mono text-xs break-all text-stone-900">
                      {p.name}
                      {p.required && (
                        <span className="ml-1 font-sans text-red-700">{t('docs.required')}</span>
                      )}
                    </td>
                    <td className="py-1.5 pr-3 align-top text-xs text-stone-700">
                      {t(`docs.where.${p.in}`)}
                    </td>
                    <td className="py-1.5 align-top text-xs break-words text-stone-700">{p.type}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </li>
  );
}

const accessKind = (access: string) =>
  access === 'public' ? 'public' : access === 'signed_in' ? 'signed_in' : 'permission';
