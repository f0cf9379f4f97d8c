import { formatRand, struckPrice } from '@tt/domain';
import { cn } from './cn';

/**
 * DECISIONS 18: a wholesale price labelled as excluding VAT, with the product's mrp struck through and the
 * saving when the mrp is higher. The product card and the cart both use it, so they always agree. The
 * caller passes its translated labels.
 */
export function PriceLine({
  sellingCents,
  mrpCents,
  exclVatLabel,
  saveLabel,
  size = 'sm',
  className,
}: {
  sellingCents: number;
  mrpCents: number;
  exclVatLabel: string;
  saveLabel: (amount: string) => string;
  size?: 'sm' | 'lg';
  className?: string;
}) {
  const struck = struckPrice(sellingCents, mrpCents);
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-1.5', className)}>
      <span
        className={cn(
          'font-bold whitespace-nowrap text-stone-900 tabular-nums',
          size === 'lg' ? 'text-base' : 'text-sm',
        )}
        data-testid="price"
      >
        {formatRand(sellingCents)}
      </span>
      <span className="text-xs whitespace-nowrap text-stone-600" data-testid="excl-vat">
        {exclVatLabel}
      </span>
      {struck && (
        <>
          <s className="text-xs whitespace-nowrap text-stone-600 tabular-nums" data-testid="mrp">
            {formatRand(struck.mrp_cents)}
          </s>
          <span className="text-xs font-medium whitespace-nowrap text-green-700" data-testid="saving">
            {saveLabel(formatRand(struck.saving_cents))}
          </span>
        </>
      )}
    </p>
  );
}
