import { useTranslation } from 'react-i18next';
import { Activity, AlertTriangle, CalendarDays, KeyRound, Timer } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { QueryState } from '../../../components/ui/QueryState';
import { StatCard } from '../../../components/ui/StatCard';
import { formatCount } from '../../../lib/format';
import { exampleCall, useApiKeys, useApiUsage } from '../api';
import { CopyButton } from './CopyButton';

/** What a masked key stands for in the example when the user has no key yet. */
const PLACEHOLDER_KEY = 'tt_live_YOUR_KEY';

/**
 * Usage figures from the user's own request log (ADR 050: requests today and over 7 days, error rate, average
 * time) and the quick start: the real address of the API and a curl call with the user's own key, masked.
 */
export function OverviewTab({ onKeys, onDocs }: { onKeys: () => void; onDocs: () => void }) {
  const { t, i18n } = useTranslation('developer');
  const usage = useApiUsage();
  const keys = useApiKeys();
  return (
    <QueryState query={usage} icon={Activity} loading={t('loading')}>
      {(u) => {
        const key = keys.data?.keys[0]?.masked_key ?? PLACEHOLDER_KEY;
        const curl = `curl -H "Authorization: Bearer ${key}" "${u.base_url}${exampleCall.path}?page_size=5"`;
        const none = t('overview.none');
        return (
          <div className="space-y-4">
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="usage">
              <StatCard
                label={t('overview.today')}
                value={formatCount(u.requests_today, i18n.language)}
                icon={Activity}
              />
              <StatCard
                label={t('overview.week')}
                value={formatCount(u.requests_7d, i18n.language)}
                icon={CalendarDays}
              />
              <StatCard
                label={t('overview.error_rate')}
                value={
                  u.error_rate_7d === null
                    ? none
                    : new Intl.NumberFormat(i18n.language, {
                        style: 'percent',
                        maximumFractionDigits: 1,
                      }).format(u.error_rate_7d)
                }
                icon={AlertTriangle}
                tone="bg-red-100 text-red-700"
              />
              <StatCard
                label={t('overview.average')}
                value={u.average_ms_7d === null ? none : t('overview.ms', { count: u.average_ms_7d })}
                icon={Timer}
                tone="bg-blue-100 text-blue-700"
              />
            </div>
            <Card>
              <CardHeader title={t('quick.title')} subtitle={t('quick.subtitle')} />
              <ol className="space-y-4 px-4 py-4 sm:px-5">
                <Step n={1} title={t('quick.step_key')}>
                  <p>
                    {u.live_keys > 0
                      ? t('quick.step_key_have', { count: u.live_keys })
                      : t('quick.step_key_none')}
                  </p>
                  <Button variant="outline" size="sm" className="mt-2" onClick={onKeys}>
                    <KeyRound aria-hidden className="size-4" />
                    {t('quick.open_keys')}
                  </Button>
                </Step>
                <Step n={2} title={t('quick.step_call')}>
                  <p>{t('quick.step_call_text', { base: u.base_url })}</p>
                  <label htmlFor="quick-curl" className="sr-only">
                    {t('quick.example')}
                  </label>
                  <textarea
                    id="quick-curl"
                    readOnly
                    rows={3}
                    value={curl}
                    className="mt-2 block w-full resize-none rounded-lg border border-stone-300 bg-stone-900 px-3 py-2 font-mono text-xs break-all text-stone-50"
                    data-testid="quick-curl"
                  />
                  <p className="mt-1 text-xs text-stone-600">{t('quick.masked_note')}</p>
                  <div className="mt-2">
                    <CopyButton text={curl} fieldId="quick-curl" label={t('quick.copy')} />
                  </div>
                </Step>
                <Step n={3} title={t('quick.step_docs')}>
                  <p>{t('quick.step_docs_text')}</p>
                  <Button variant="outline" size="sm" className="mt-2" onClick={onDocs}>
                    {t('quick.open_docs')}
                  </Button>
                </Step>
              </ol>
            </Card>
          </div>
        );
      }}
    </QueryState>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden
        className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
      >
        {n}
      </span>
      <div className="min-w-0 flex-1 text-sm text-stone-700">
        <p className="font-medium text-stone-900">{title}</p>
        {children}
      </div>
    </li>
  );
}
