import { useTranslation } from 'react-i18next';
import { ShieldCheck, ShieldEllipsis } from 'lucide-react';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Badge } from '../../../components/ui/Badge';
import { SECURITY_ITEMS } from './methods';

/** DECISIONS 17: these are the payment providers' certifications, not the product's, and say so. */
export function SecurityItems() {
  const { t } = useTranslation('payments');
  return (
    <Card data-testid="security-items">
      <CardHeader title={t('security.title')} subtitle={t('security.subtitle')} />
      <ul className="divide-y divide-stone-100">
        {SECURITY_ITEMS.map((item) => {
          const Icon = item.status === 'implemented' ? ShieldCheck : ShieldEllipsis;
          return (
            <li
              key={item.id}
              className="flex items-start gap-3 px-4 py-3 sm:px-5"
              data-testid={`security-${item.id}`}
            >
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-stone-700" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-stone-900">{t(`security.${item.id}.name`)}</span>
                  <Badge tone={item.status === 'implemented' ? 'green' : 'yellow'}>
                    {t(`security.status.${item.status}`)}
                  </Badge>
                </div>
                <p className="mt-0.5 text-sm text-stone-600">{t(`security.${item.id}.text`)}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
