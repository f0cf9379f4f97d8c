import { useTranslation } from 'react-i18next';
import { ShoppingBasket, Trash2 } from 'lucide-react';
import type { TillTotals } from '@tt/domain';
import { centsToRand } from '@tt/domain';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Field, Input } from '../../../components/ui/Field';
import { formatMoney } from '../../../lib/format';
import type { CartLine } from '../cart';

export interface CustomerFields {
  name: string;
  phone: string;
  discount: string;
}

/** The cart: lines with quantities, optional customer, discount %, totals, Process Payment and Clear Cart. */
export function CartPanel({
  cart,
  onQuantity,
  fields,
  onFields,
  errors,
  totals,
  vatRegistered,
  onPay,
  onClear,
}: {
  cart: readonly CartLine[];
  onQuantity: (productId: number, quantity: number) => void;
  fields: CustomerFields;
  onFields: (fields: CustomerFields) => void;
  errors: { phone?: string | undefined; discount?: string | undefined };
  totals: TillTotals | null;
  vatRegistered: boolean;
  onPay: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('pos');
  const money = (cents: number) => formatMoney(centsToRand(cents));
  return (
    <Card data-testid="pos-cart">
      <CardHeader title={t('cart.title')} subtitle={t('cart.items', { count: cart.length })} />
      <div className="space-y-4 px-4 py-3 sm:px-5">
        {cart.length === 0 ? (
          <EmptyState icon={ShoppingBasket} title={t('cart.empty')} message={t('cart.empty_hint')} />
        ) : (
          <ul className="divide-y divide-stone-100">
            {cart.map((line) => (
              <li key={line.product.id} className="flex items-center gap-2 py-2" data-testid="cart-line">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium break-words text-stone-900">{line.product.name}</p>
                  <p className="text-xs text-stone-600">
                    {formatMoney(line.product.price)} × {line.quantity}
                  </p>
                </div>
                <label className="sr-only" htmlFor={`qty-${line.product.id}`}>
                  {t('cart.quantity_of', { name: line.product.name })}
                </label>
                <div className="w-16 shrink-0">
                  <Input
                    id={`qty-${line.product.id}`}
                    data-testid={`qty-${line.product.sku}`}
                    type="number"
                    inputMode="numeric"
                    className="px-2 text-center"
                    value={line.quantity}
                    onChange={(e) => onQuantity(line.product.id, Number(e.target.value))}
                  />
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('cart.remove', { name: line.product.name })}
                  onClick={() => onQuantity(line.product.id, 0)}
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <Field label={t('customer.name')} htmlFor="pos-customer-name">
            <Input
              id="pos-customer-name"
              autoComplete="off"
              maxLength={120}
              value={fields.name}
              onChange={(e) => onFields({ ...fields, name: e.target.value })}
            />
          </Field>
          <Field label={t('customer.phone')} htmlFor="pos-customer-phone" error={errors.phone}>
            <Input
              id="pos-customer-phone"
              type="tel"
              autoComplete="off"
              aria-invalid={errors.phone ? true : undefined}
              value={fields.phone}
              onChange={(e) => onFields({ ...fields, phone: e.target.value })}
            />
          </Field>
        </div>
        <Field label={t('discount')} htmlFor="pos-discount" error={errors.discount}>
          <Input
            id="pos-discount"
            data-testid="pos-discount"
            inputMode="decimal"
            aria-invalid={errors.discount ? true : undefined}
            value={fields.discount}
            onChange={(e) => onFields({ ...fields, discount: e.target.value })}
          />
        </Field>
        {totals && (
          <dl className="space-y-1 text-sm" data-testid="pos-totals">
            <div className="flex justify-between gap-3">
              <dt className="text-stone-600">{t('totals.subtotal')}</dt>
              <dd>{money(totals.subtotal)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-stone-600">{t('totals.discount')}</dt>
              <dd>-{money(totals.discount)}</dd>
            </div>
            <div className="flex justify-between gap-3 text-base font-semibold">
              <dt>{t('totals.total')}</dt>
              <dd data-testid="pos-total">{money(totals.total)}</dd>
            </div>
            <div className="flex justify-between gap-3 text-stone-600" data-testid="pos-vat">
              <dt>{vatRegistered ? t('totals.vat_included') : t('totals.no_vat')}</dt>
              <dd>{vatRegistered ? money(totals.vat) : ''}</dd>
            </div>
          </dl>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            size="lg"
            className="flex-1"
            data-testid="process-payment"
            disabled={cart.length === 0 || !totals}
            onClick={onPay}
          >
            {t('process_payment')}
          </Button>
          <Button size="lg" variant="outline" disabled={cart.length === 0} onClick={onClear}>
            {t('clear_cart')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
