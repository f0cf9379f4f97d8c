import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag, Trash2 } from 'lucide-react';
import { formatRand, randToCents, type CartLine, type Quote } from '@tt/domain';
import { PriceLine } from '../../../components/ui/PriceLine';
import { ProductImage } from '../../../components/ui/ProductImage';
import { loadErrorTranslations } from '../../../lib/errors';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useRemoveCartLine, useUpdateCartLine } from '../api';
import { unavailable } from '../sellers';
import { QuantityField } from './QuantityField';

export type QuotedLine = Quote['orders'][number]['lines'][number];

/**
 * One cart line. With the server's quote of it (ADR 022) a discounted line shows its struck total, the
 * offer's name and what it costs after the discount, the same figures the review shows.
 */
export function CartLineRow({ line, quoted }: { line: CartLine; quoted?: QuotedLine | undefined }) {
  const { t } = useTranslation('cart');
  const update = useUpdateCartLine();
  const remove = useRemoveCartLine();
  const unitCents = randToCents(line.selling_price);
  const busy = update.isPending || remove.isPending;
  // The quote is of this quantity only once it is back (a change shows the cart's own figure meanwhile).
  const current = quoted && quoted.quantity === line.quantity ? quoted : undefined;
  const discount = current ? randToCents(current.discount) : 0;
  const lineCents = current ? randToCents(current.total_price) : unitCents * line.quantity;
  // A refused quantity is said under the quantity (DECISIONS 4, 6) as well as in the toast.
  const [refusal, setRefusal] = useState<string | null>(null);
  const setQuantity = (quantity: number) =>
    update.mutate(
      { id: line.id, quantity },
      {
        onSuccess: () => setRefusal(null),
        onError: (error) =>
          void loadErrorTranslations().then(() => {
            const quantityError = serverFieldErrors(error, t).find(([name]) => name === 'quantity');
            setRefusal(quantityError ? quantityError[1] : null);
          }),
      },
    );

  return (
    <li className="flex gap-3 p-3 sm:p-4" data-testid="cart-line" data-product-id={line.product_id}>
      <ProductImage src={line.image_url} alt={line.name} className="size-16 rounded-lg sm:size-20" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <p className="line-clamp-2 text-sm font-semibold text-stone-900">{line.name}</p>
            <p className="text-xs text-stone-600">{t('sku', { sku: line.sku })}</p>
          </div>
          <button
            type="button"
            className="-mt-1 -mr-1 grid size-9 shrink-0 place-items-center rounded-lg text-stone-500 hover:bg-red-50 hover:text-red-600 disabled:opacity-50"
            aria-label={t('remove', { name: line.name })}
            title={t('remove', { name: line.name })}
            disabled={busy}
            onClick={() => remove.mutate(line.id)}
            data-testid="remove-line"
          >
            <Trash2 aria-hidden className="size-4" />
          </button>
        </div>
        <PriceLine
          sellingCents={unitCents}
          mrpCents={randToCents(line.mrp)}
          exclVatLabel={t('price.excl_vat')}
          saveLabel={(amount) => t('save', { amount })}
          className="mt-1"
        />
        {unavailable(line) && (
          <p className="mt-1 text-xs font-medium text-red-700">
            {line.is_active ? t('errors.short_stock', { count: line.stock_quantity }) : t('errors.inactive')}
          </p>
        )}
        {current && discount > 0 && (
          <p
            className="mt-1 flex items-baseline gap-1.5 text-xs font-medium text-green-800"
            data-testid="line-discount"
          >
            <Tag aria-hidden className="size-3.5 shrink-0 self-center" />
            <span className="min-w-0 flex-1 break-words">
              {current.offer?.name || t('review.offer_fallback')}
            </span>
            <span className="whitespace-nowrap tabular-nums">−{formatRand(discount)}</span>
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-start justify-between gap-2">
          <QuantityField line={line} busy={busy} onChange={setQuantity} refusal={refusal} />
          <p className="pt-2 text-right text-sm whitespace-nowrap tabular-nums">
            {discount > 0 && (
              <s className="mr-1.5 text-xs text-stone-600" data-testid="line-total-before">
                {formatRand(lineCents)}
              </s>
            )}
            <span className="font-bold" data-testid="line-total">
              {formatRand(lineCents - discount)}
            </span>
          </p>
        </div>
      </div>
    </li>
  );
}
