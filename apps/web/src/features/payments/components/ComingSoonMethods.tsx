import { useTranslation } from 'react-i18next';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Badge } from '../../../components/ui/Badge';
import { MethodFacts } from './MethodFacts';
import { COMING_SOON_METHODS } from './methods';

export function ComingSoonMethods() {
  const { t } = useTranslation('payments');
  return (
    <Card data-testid="coming-soon">
      <CardHeader title={t('coming_soon.title')} subtitle={t('coming_soon.subtitle')} />
      <ul className="divide-y divide-stone-100">
        {COMING_SOON_METHODS.map((method) => (
          <li
            key={method.id}
            className="flex items-start gap-3 px-4 py-3 sm:px-5"
            data-testid={`soon-${method.id}`}
          >
            <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-stone-100 text-stone-700">
              <method.icon aria-hidden className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-stone-900">{t(`methods.${method.id}.name`)}</span>
                <Badge tone="yellow">{t('coming_soon.badge')}</Badge>
              </div>
              <MethodFacts method={method} />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
