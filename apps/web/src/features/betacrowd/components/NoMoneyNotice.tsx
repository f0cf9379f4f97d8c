import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';

/** DECISIONS 17, said where money is: the app records payments made elsewhere and moves no real money. */
export function NoMoneyNotice() {
  const { t } = useTranslation('betacrowd');
  return (
    <p
      className="flex items-start gap-2 rounded-lg bg-blue-50 p-3 text-sm text-blue-900"
      data-testid="no-money-notice"
    >
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      {t('no_money')}
    </p>
  );
}
