import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function Logo({ to = '/dashboard' }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="flex items-center gap-2 font-bold text-stone-900">
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span className="leading-tight whitespace-nowrap">
        {t('app.name')}
        <span className="hidden text-[11px] font-medium text-stone-500 sm:block">{t('app.tagline')}</span>
      </span>
    </Link>
  );
}
