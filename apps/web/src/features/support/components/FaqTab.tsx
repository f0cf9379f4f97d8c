import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/Card';

/** The FAQ: fixed content (DECISIONS 11), in every language; the facts are the product's own rules. */
export const FAQ_ENTRIES = [
  { key: 'cancel', category: 'orders' },
  { key: 'payment_methods', category: 'payments' },
  { key: 'delivery', category: 'orders' },
  { key: 'vat', category: 'payments' },
  { key: 'coops', category: 'cooperatives' },
  { key: 'response', category: 'support' },
] as const;

export function FaqTab() {
  const { t } = useTranslation('support');
  return (
    <Card className="divide-y divide-stone-100 p-0" data-testid="faq">
      {FAQ_ENTRIES.map(({ key, category }) => (
        <details key={key} className="group p-4">
          <summary className="cursor-pointer list-inside font-semibold break-words text-stone-900 marker:text-brand-700">
            {t(`faq.${key}.question`)}
          </summary>
          <p className="mt-2 text-sm break-words text-stone-700">{t(`faq.${key}.answer`)}</p>
          <p className="mt-2 text-xs text-stone-600">{t(`faq.category.${category}`)}</p>
        </details>
      ))}
    </Card>
  );
}
