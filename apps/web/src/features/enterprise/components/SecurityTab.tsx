import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { paths } from '../../../lib/paths';

/** What the product does to keep a business's data safe: each line is how the code works (ADR 047). */
const MEASURES = [
  'sessions',
  'server_checks',
  'sign_in_limit',
  'own_scripts',
  'open_sign_in',
  'money',
] as const;
const POPIA = ['minimum', 'correct', 'forget', 'purpose'] as const;

export function SecurityTab() {
  const { t } = useTranslation('enterprise');
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <Card className="p-4">
        <h2 className="font-semibold text-stone-900">{t('security.heading')}</h2>
        <ul className="mt-3 space-y-3" data-testid="security-measures">
          {MEASURES.map((id) => (
            <li key={id} className="flex gap-2 text-sm">
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
              <span className="min-w-0">
                <span className="font-medium text-stone-900">{t(`security.measures.${id}.title`)}</span>
                <span className="block text-stone-600">{t(`security.measures.${id}.text`)}</span>
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          <Link to={paths.security} className="font-medium text-brand-700 underline underline-offset-2">
            {t('security.center_link')}
          </Link>
        </p>
      </Card>
      <Card className="p-4">
        <h2 className="font-semibold text-stone-900">{t('security.popia.heading')}</h2>
        <p className="mt-1 text-sm text-stone-600">{t('security.popia.text')}</p>
        <ul className="mt-3 space-y-2" data-testid="popia">
          {POPIA.map((id) => (
            <li key={id} className="flex gap-2 text-sm text-stone-700">
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
              <span className="min-w-0">{t(`security.popia.items.${id}`)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          <Link to={paths.profile} className="font-medium text-brand-700 underline underline-offset-2">
            {t('security.popia.profile_link')}
          </Link>
        </p>
        <p className="mt-3 text-xs text-stone-600">{t('security.no_certificates')}</p>
      </Card>
    </div>
  );
}
