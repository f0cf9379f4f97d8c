import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import { PageHeader } from '../../components/ui/PageHeader';
import { ComingSoonMethods } from './components/ComingSoonMethods';
import { IntegrationGuide } from './components/IntegrationGuide';
import { MethodPicker } from './components/MethodPicker';
import { PaymentSteps } from './components/PaymentSteps';
import { SecurityItems } from './components/SecurityItems';
import type { SupportedMethodId } from './components/methods';

/** Spec 1's payment information hub: fixed content, no sign-in, no calls (DECISIONS 17: no provider is connected). */
export default function PaymentsPage() {
  const { t } = useTranslation('payments');
  const [method, setMethod] = useState<SupportedMethodId>('card');
  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <p
        className="mb-5 flex items-start gap-2 rounded-lg bg-blue-50 p-3 text-sm text-blue-900"
        data-testid="information-only"
      >
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('page.information_only')}
      </p>
      <div className="grid gap-5">
        <MethodPicker value={method} onChange={setMethod} />
        <IntegrationGuide method={method} />
        <div className="grid items-start gap-5 lg:grid-cols-2">
          <PaymentSteps />
          <SecurityItems />
        </div>
        <ComingSoonMethods />
      </div>
    </>
  );
}
