import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../../lib/branding';

/** The mark and name; `compact` keeps only the mark on the narrowest phones, where the buttons need the room. */
export function Logo({ to = '/dashboard', compact = false }: { to?: string; compact?: boolean }) {
  const { t } = useTranslation();
  // The deployment's own name, tagline and logo (ADR 049); the product's own are translated.
  const branding = useBranding();
  const name = branding?.name ?? t('app.name');
  const tagline = branding?.tagline ?? t('app.tagline');
  return (
    <Link
      to={to}
      aria-label={name}
      className="flex max-w-full shrink-0 items-center gap-2 font-bold text-stone-900"
    >
      <img
        src={branding?.logo ?? '/favicon.svg'}
        alt=""
        width={32}
        height={32}
        className="size-8 object-contain"
      />
      <span
        className={`min-w-0 leading-tight whitespace-nowrap ${compact ? 'hidden min-[440px]:block' : ''}`}
      >
        {name}
        {tagline && (
          <span className="hidden text-[11px] font-medium whitespace-normal text-stone-500 sm:block">
            {tagline}
          </span>
        )}
      </span>
    </Link>
  );
}
