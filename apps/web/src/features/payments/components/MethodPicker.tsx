import { useTranslation } from 'react-i18next';
import { RadioGroup } from 'radix-ui';
import { CheckCircle2 } from 'lucide-react';
import { cn } from '../../../components/ui/cn';
import { MethodFacts } from './MethodFacts';
import { SUPPORTED_METHODS, type SupportedMethodId } from './methods';

/** The supported methods as one radio group: arrow keys move the choice, the guide below follows it. */
export function MethodPicker({
  value,
  onChange,
}: {
  value: SupportedMethodId;
  onChange: (method: SupportedMethodId) => void;
}) {
  const { t } = useTranslation('payments');
  return (
    <section aria-labelledby="methods-heading">
      <h2 id="methods-heading" className="mb-1 text-lg font-semibold text-stone-900">
        {t('methods.title')}
      </h2>
      <p className="mb-3 text-sm text-stone-600">{t('methods.hint')}</p>
      <RadioGroup.Root
        value={value}
        onValueChange={(next) => onChange(next as SupportedMethodId)}
        aria-labelledby="methods-heading"
        className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-4"
      >
        {SUPPORTED_METHODS.map((method) => (
          <RadioGroup.Item
            key={method.id}
            value={method.id}
            // Radix selects on arrow-key focus only while the key is still down, which a quick press
            // can miss; a radio that takes focus is the chosen one, as native radios behave.
            onFocus={() => onChange(method.id)}
            data-testid={`method-${method.id}`}
            className={cn(
              'flex min-w-0 flex-col rounded-xl border bg-white p-4 text-left shadow-sm transition-colors',
              'focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
              'data-[state=checked]:border-brand-600 data-[state=checked]:ring-1 data-[state=checked]:ring-brand-600',
              'data-[state=unchecked]:border-stone-200 data-[state=unchecked]:hover:border-stone-300',
            )}
          >
            <span className="flex items-start justify-between gap-2">
              <span className="flex min-w-0 items-center gap-2">
                <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-700">
                  <method.icon aria-hidden className="size-5" />
                </span>
                <span className="font-semibold text-stone-900">{t(`methods.${method.id}.name`)}</span>
              </span>
              <RadioGroup.Indicator>
                <CheckCircle2 aria-hidden className="size-5 shrink-0 text-brand-700" />
              </RadioGroup.Indicator>
            </span>
            <span className="mt-2 text-sm text-stone-600">{t(`methods.${method.id}.description`)}</span>
            <MethodFacts method={method} />
            <span className="mt-3 inline-flex w-fit rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">
              {t('methods.supported')}
            </span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </section>
  );
}
