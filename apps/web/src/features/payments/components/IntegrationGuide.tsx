import { useTranslation } from 'react-i18next';
import { BookOpen } from 'lucide-react';
import { Card, CardHeader } from '../../../components/ui/Card';
import { GUIDE_STEPS, type SupportedMethodId } from './methods';

/** The chosen method's guide: how a trader takes or makes payments with it. */
export function IntegrationGuide({ method }: { method: SupportedMethodId }) {
  const { t } = useTranslation('payments');
  const name = t(`methods.${method}.name`);
  return (
    <Card data-testid="integration-guide" data-method={method} aria-live="polite">
      <CardHeader title={t('guide.title', { method: name })} subtitle={t(`guide.${method}.intro`)} />
      <ol className="grid gap-3 p-4 sm:p-5">
        {GUIDE_STEPS.map((step, index) => (
          <li key={step} className="flex gap-3 text-sm text-stone-800">
            <span className="grid size-7 shrink-0 place-items-center rounded-full bg-stone-900 text-xs font-semibold text-white">
              {index + 1}
            </span>
            <span className="pt-1">{t(`guide.${method}.${step}`)}</span>
          </li>
        ))}
      </ol>
      <p className="flex items-start gap-2 border-t border-stone-100 px-4 py-3 text-sm text-stone-600 sm:px-5">
        <BookOpen aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('guide.no_provider')}
      </p>
    </Card>
  );
}
