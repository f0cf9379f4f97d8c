import { Link } from 'react-router';
import { ArrowLeft, type LucideIcon } from 'lucide-react';
import { buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { paths } from '../../lib/paths';

/** The way back from a co-op's own screens (governance, warehouses) to the co-op list. */
export function BackToCooperatives({ label }: { label: string }) {
  return (
    <Link
      to={paths.cooperatives}
      className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
      data-testid="back-to-cooperatives"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {label}
    </Link>
  );
}

/** A co-op screen the user may not open (not a member) or that does not exist, with the way back. */
export function CoopAccessPanel({
  forbidden,
  icon,
  title,
  text,
  browseLabel,
  backLabel,
}: {
  forbidden: boolean;
  icon: LucideIcon;
  title: string;
  text: string;
  browseLabel: string;
  backLabel: string;
}) {
  return (
    <>
      <BackToCooperatives label={backLabel} />
      <Card data-testid={forbidden ? 'not-a-member' : 'coop-not-found'}>
        <EmptyState
          icon={icon}
          title={title}
          message={text}
          action={
            <Link to={paths.cooperatives} className={buttonClass('primary')}>
              {browseLabel}
            </Link>
          }
        />
      </Card>
    </>
  );
}
