import { useTranslation } from 'react-i18next';
import { Webhook } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';

/** The spec's webhook events, named so the user knows what is planned. */
const EVENTS = [
  'order.created',
  'order.updated',
  'order.cancelled',
  'inventory.low_stock',
  'inventory.out_of_stock',
] as const;

/** Webhooks are not offered yet (ADR 050): the tab says so and offers nothing that would not work. */
export function WebhooksTab() {
  const { t } = useTranslation('developer');
  return (
    <Card data-testid="webhooks-not-offered">
      <EmptyState icon={Webhook} title={t('webhooks.title')} message={t('webhooks.message')} />
      <div className="px-4 pb-6 text-sm text-stone-700 sm:px-5">
        <p className="font-medium text-stone-900">{t('webhooks.events')}</p>
        <ul className="mt-1 flex flex-wrap gap-2">
          {EVENTS.map((e) => (
            <li key={e} className="rounded bg-stone-100 px-2 py-0.5 font-mono text-xs text-stone-800">
              {e}
            </li>
          ))}
        </ul>
        <p className="mt-3">{t('webhooks.meanwhile')}</p>
      </div>
    </Card>
  );
}
