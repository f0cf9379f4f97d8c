import { useTranslation } from 'react-i18next';
import { Cloud, Network, Server, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';

const OPTIONS: readonly [string, LucideIcon][] = [
  ['cloud', Cloud],
  ['on_premise', Server],
  ['hybrid', Network],
];

/** Spec 2: cloud, on-premise and hybrid, described as the app really runs (DESIGN.md: stateless, PostgreSQL). */
export function DeploymentTab({ onContactSales }: { onContactSales: () => void }) {
  const { t } = useTranslation('enterprise');
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3 md:grid-cols-3" data-testid="deployment-options">
        {OPTIONS.map(([id, Icon]) => (
          <li key={id}>
            <Card className="h-full p-4">
              <Icon aria-hidden className="size-6 text-brand-700" />
              <h3 className="mt-2 font-semibold text-stone-900">{t(`deployment.${id}.title`)}</h3>
              <p className="mt-1 text-sm text-stone-600">{t(`deployment.${id}.text`)}</p>
              <p className="mt-2 text-sm text-stone-700">
                <span className="font-medium">{t('deployment.best_for')}</span> {t(`deployment.${id}.for`)}
              </p>
            </Card>
          </li>
        ))}
      </ul>
      <Card className="flex flex-col items-start gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-700">{t('deployment.talk')}</p>
        <Button variant="outline" onClick={onContactSales} className="shrink-0">
          {t('sales.contact')}
        </Button>
      </Card>
    </div>
  );
}
