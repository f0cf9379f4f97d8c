import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/Button';
import { paths } from '../../lib/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      <Compass aria-hidden className="size-12 text-brand-600" />
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="text-2xl font-bold">{t('errors.not_found_title')}</h1>
      <p className="max-w-sm text-stone-600">{t('errors.not_found_message')}</p>
      <Link to={paths.home} className={buttonClass('primary', 'md', 'mt-2')}>
        {t('common.back_home')}
      </Link>
    </main>
  );
}
