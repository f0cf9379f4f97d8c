import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The mark and name; `compact` keeps only the mark on the narrowest phones, where the buttons need the room. */
export function Logo({ to = '/dashboard', compact = false }: { to?: string; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      aria-label={t('app.name')}
      className="flex max-w-full shrink-0 items-center gap-2 font-bold text-stone-900"
    >
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span
        className={`min-w-0 leading-tight whitespace-nowrap ${compact ? 'hidden min-[440px]:block' : ''}`}
      >
        {t('app.name')}
        <span className="hidden text-[11px] font-medium whitespace-normal text-stone-500 sm:block">
          {t('app.tagline')}
        </span>
      </span>
    </Link>
  );
}
