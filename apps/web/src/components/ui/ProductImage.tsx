import { useState } from 'react';
import { Package } from 'lucide-react';
import { cn } from './cn';

/** A product's picture, or a parcel when it has none or it fails to load (the catalogue's and the cart's). */
export function ProductImage({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string | null;
  alt: string;
  className?: string;
  /** In the first screenful (the list's first row): fetched at once and early, not when scrolled to. */
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={cn('grid shrink-0 place-items-center overflow-hidden bg-stone-50', className)}>
      {src && !failed ? (
        <img
          src={src}
          alt={alt}
          width={160}
          height={160}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-contain p-2"
        />
      ) : (
        <Package aria-hidden className="size-1/3 text-stone-300" />
      )}
    </div>
  );
}
