import { useTranslation } from 'react-i18next';
import { Truck, Zap } from 'lucide-react';
import { DELIVERY_OPTIONS, formatRand, type DeliveryOption } from '@tt/domain';
import { Card, CardHeader } from '../../../components/ui/Card';
import { cn } from '../../../components/ui/cn';

export function DeliveryOptions({
  value,
  onChange,
  sellers,
}: {
  value: DeliveryOption;
  onChange: (option: DeliveryOption) => void;
  sellers: number;
}) {
  const { t } = useTranslation('cart');
  return (
    <Card>
      <CardHeader title={t('delivery.title')} />
      <fieldset className="space-y-2 p-3 sm:p-4">
        <legend className="sr-only">{t('delivery.title')}</legend>
        {(Object.keys(DELIVERY_OPTIONS) as DeliveryOption[]).map((option) => {
          const Icon = option === 'express' ? Zap : Truck;
          return (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border p-3',
                value === option ? 'border-brand-500 bg-brand-50' : 'border-stone-200 hover:bg-stone-50',
              )}
            >
              <input
                type="radio"
                name="delivery"
                value={option}
                checked={value === option}
                onChange={() => onChange(option)}
                className="size-4 accent-brand-600"
                data-testid={`delivery-${option}`}
              />
              <Icon aria-hidden className="size-5 shrink-0 text-stone-500" />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium">{t(`delivery.${option}`)}</span>
                <span className="block text-xs text-stone-600">{t(`delivery.${option}_time`)}</span>
              </span>
              <span className="text-sm font-semibold whitespace-nowrap tabular-nums">
                {formatRand(DELIVERY_OPTIONS[option].fee_cents)}
              </span>
            </label>
          );
        })}
        {sellers > 1 && (
          <p className="text-xs text-stone-600">{t('delivery.per_seller', { count: sellers })}</p>
        )}
      </fieldset>
    </Card>
  );
}
