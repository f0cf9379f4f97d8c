import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PERSONAL_DATA_REGISTER, SECURITY_EVENT_DAYS, TERMS_VERSION } from '@tt/domain';
import { Card } from '../../components/ui/Card';
import { useBranding } from '../../lib/branding';
import { paths } from '../../lib/paths';
import { RegisterTable } from '../security';

const TERMS = ['who', 'sign_in', 'honest', 'prices', 'coops', 'abuse', 'suspend', 'close'] as const;
const RIGHTS = ['see', 'correct', 'close', 'object'] as const;
/** A link in running text: the brand's colour (7:1 on white) and underlined, so it is not told by colour alone. */
const textLink = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * The terms of use and the privacy notice a sign-up accepts, at the version it records. Open signed in or
 * out (sign-up links here in a new tab). The register is the domain's own, in the security screen's words,
 * so what this notice promises is what the account's data export and closing do.
 */
export default function TermsPage() {
  const { t } = useTranslation(['legal', 'security', 'common']);
  // The deployment's own name where it has one, as its header shows.
  const name = useBranding()?.name ?? t('common:app.name');
  return (
    <Card className="mx-auto max-w-2xl p-4 break-words sm:p-8" data-testid="terms-page">
      <article className="space-y-8 text-base text-stone-800">
        <header>
          <h1 className="text-xl font-bold text-stone-900 sm:text-2xl">{t('legal:title', { name })}</h1>
          <p className="mt-1 text-sm text-stone-600" data-testid="terms-version">
            {t('legal:version', { version: TERMS_VERSION })}
          </p>
          <p className="mt-4">{t('legal:intro', { name })}</p>
        </header>

        <section aria-labelledby="terms-of-use">
          <h2 id="terms-of-use" className="text-lg font-semibold text-stone-900">
            {t('legal:terms.title')}
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-6">
            {TERMS.map((key) => (
              <li key={key}>{t(`legal:terms.${key}`)}</li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="privacy-notice" className="space-y-6">
          <div>
            <h2 id="privacy-notice" className="text-lg font-semibold text-stone-900">
              {t('legal:privacy.title')}
            </h2>
            <p className="mt-3">{t('legal:privacy.intro', { name })}</p>
          </div>
          <div>
            <h3 className="font-semibold text-stone-900">{t('legal:privacy.register_title')}</h3>
            <p className="mt-1 mb-3 text-sm text-stone-600">{t('security:register.subtitle')}</p>
            <RegisterTable register={PERSONAL_DATA_REGISTER} days={SECURITY_EVENT_DAYS} />
          </div>
          <div>
            <h3 className="font-semibold text-stone-900">{t('legal:privacy.rights_title')}</h3>
            <ul className="mt-3 list-disc space-y-2 pl-6">
              {RIGHTS.map((key) => (
                <li key={key}>{t(`legal:privacy.rights.${key}`)}</li>
              ))}
            </ul>
            <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
              <Link to={paths.profile} className={textLink}>
                {t('legal:privacy.open_profile')}
              </Link>
              <Link to={paths.support} className={textLink}>
                {t('legal:privacy.open_support')}
              </Link>
            </p>
          </div>
          <div>
            <h3 className="font-semibold text-stone-900">{t('legal:privacy.safe_title')}</h3>
            <ul className="mt-3 list-disc space-y-2 pl-6">
              <li>{t('legal:privacy.passwords')}</li>
              <li>{t('legal:privacy.not_sold')}</li>
            </ul>
          </div>
        </section>
      </article>
    </Card>
  );
}
