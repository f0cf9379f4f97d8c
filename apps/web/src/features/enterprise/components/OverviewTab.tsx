import { useTranslation } from 'react-i18next';
import { Boxes, PieChart, Users, WifiOff, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';

const HIGHLIGHTS: readonly [string, LucideIcon][] = [
  ['sites', Boxes],
  ['buying_power', Users],
  ['reports', PieChart],
  ['offline', WifiOff],
];

/** Who the enterprise offer is for, what it gives them, and the two ways on: the plans or a word with sales. */
export function OverviewTab({
  onPricing,
  onContactSales,
}: {
  onPricing: () => void;
  onContactSales: () => void;
}) {
  const { t } = useTranslation('enterprise');
  return (
    <div className="grid gap-4">
      <Card className="bg-gradient-to-br from-brand-50 to-white p-4 sm:p-6">
        <h2 className="text-lg font-semibold text-stone-900">{t('overview.heading')}</h2>
        <p className="mt-2 max-w-prose text-sm text-stone-700">{t('overview.text')}</p>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <Button onClick={onPricing} data-testid="see-pricing">
            {t('overview.see_pricing')}
          </Button>
          <Button variant="outline" onClick={onContactSales} data-testid="contact-sales">
            {t('sales.contact')}
          </Button>
        </div>
      </Card>
      <ul className="grid gap-3 sm:grid-cols-2">
        {HIGHLIGHTS.map(([id, Icon]) => (
          <li key={id}>
            <Card className="flex h-full gap-3 p-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                <Icon aria-hidden className="size-5" />
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-stone-900">{t(`overview.highlights.${id}.title`)}</h3>
                <p className="mt-1 text-sm text-stone-600">{t(`overview.highlights.${id}.text`)}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
