import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { REFERRAL_REWARD_CENTS, centsToRand } from '@tt/domain';
import { Card } from '../../../components/ui/Card';

const STEPS = ['share', 'join', 'deliver'] as const;

export function HowItWorks() {
  const { t } = useTranslation('referrals');
  const reward = formatMoney(centsToRand(REFERRAL_REWARD_CENTS));
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold text-stone-900">{t('how.title')}</h2>
      <ol className="mt-3 grid gap-3 sm:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step} className="flex gap-3">
            <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
              {i + 1}
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-stone-900">{t(`how.${step}.title`)}</p>
              <p className="text-sm text-stone-600">{t(`how.${step}.text`, { reward })}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
