import { Link } from 'react-router';
import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';
import { paths } from '../../lib/paths';

export function UpcomingPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`nav.${titleKey}`)} />
      <Card className="flex flex-col items-center px-6 py-12 text-center">
        <span className="grid size-14 place-items-center rounded-full bg-brand-100 text-brand-700">
          <Hammer aria-hidden className="size-7" />
        </span>
        <h2 className="mt-4 text-lg font-semibold">{t('common.coming_soon_title')}</h2>
        <p className="mt-1 max-w-md text-sm text-stone-600">{t('common.coming_soon_message')}</p>
        <Link to={paths.dashboard} className={buttonClass('primary', 'md', 'mt-5')}>
          {t('common.go_to_dashboard')}
        </Link>
      </Card>
    </>
  );
}
