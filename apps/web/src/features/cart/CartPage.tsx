import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CircleAlert, ArrowLeft, Minus, Plus, ShoppingCart, Store, Trash2, Truck, Zap } from 'lucide-react';
import {
  DELIVERY_OPTIONS,
  centsToRand,
  formatRand,
  notionalListPriceCents,
  priceCheckout,
  randToCents,
  type CartLine,
  type CheckoutInput,
  type DeliveryOption,
} from '@tt/domain';
import { Button, buttonClass } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Loading } from '../../components/ui/Loading';
import { PageHeader } from '../../components/ui/PageHeader';
import { cn } from '../../components/ui/cn';
import { ApiError } from '../../lib/api';
import { errorMessage, loadErrorTranslations } from '../../lib/errors';
import { serverFieldErrors } from '../../lib/form-errors';
import { paths } from '../../lib/paths';
import { checkoutRefusal, useCheckout } from '../orders/api';
import { ProductImage } from '../../components/ui/ProductImage';
import { cartKeys, useCart, useRemoveCartLine, useUpdateCartLine } from './api';

interface SellerGroup {
  seller_id: number;
  seller_name: string;
  lines: CartLine[];
}

function groupBySeller(lines: CartLine[]): SellerGroup[] {
  const groups = new Map<number, SellerGroup>();
  for (const line of lines) {
    const group = groups.get(line.seller_id) ?? {
      seller_id: line.seller_id,
      seller_name: line.seller_name,
      lines: [],
    };
    group.lines.push(line);
    groups.set(line.seller_id, group);
  }
  return [...groups.values()].sort((a, b) => a.seller_id - b.seller_id);
}

/** A line the server would refuse at checkout: gone from sale, or more than is in stock. */
const unavailable = (line: CartLine) => !line.is_active || line.quantity > line.stock_quantity;

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a plain-http LAN address still has getRandomValues.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

type Problem = { kind: 'prices'; total: number } | { kind: 'message'; text: string };

export default function CartPage() {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useCart();
  const checkout = useCheckout();
  const [delivery, setDelivery] = useState<DeliveryOption>('standard');
  const [problem, setProblem] = useState<Problem | null>(null);
  // One attempt = one payload. Its key and order number are reused if that same attempt is retried
  // after a dropped connection, so the server never creates a second order (DECISIONS 3).
  const attempt = useRef<{ signature: string; key: string; orderNumber: string } | null>(null);

  const lines = useMemo(() => cart.data ?? [], [cart.data]);
  const groups = useMemo(() => groupBySeller(lines), [lines]);
  const priced = useMemo(
    () =>
      priceCheckout(
        lines.map((l) => ({
          product_id: l.product_id,
          seller_id: l.seller_id,
          quantity: l.quantity,
          unit_price_cents: randToCents(l.selling_price),
        })),
        delivery,
      ),
    [lines, delivery],
  );

  if (cart.isPending) return <Loading label={t('common:common.loading')} />;
  if (cart.isError && !cart.data) {
    return (
      <Card>
        <EmptyState
          icon={ShoppingCart}
          title={t('common:errors.screen_title')}
          action={
            <Button variant="outline" onClick={() => void cart.refetch()}>
              {t('common:common.reload')}
            </Button>
          }
        />
      </Card>
    );
  }

  if (lines.length === 0) {
    return (
      <>
        <PageHeader title={t('title')} />
        <Card data-testid="cart-empty">
          <EmptyState
            icon={ShoppingCart}
            title={t('empty.title')}
            message={t('empty.text')}
            action={
              <Link to={paths.products} className={buttonClass('primary')}>
                {t('browse_products')}
              </Link>
            }
          />
        </Card>
      </>
    );
  }

  const blocked = lines.some(unavailable);
  const sellers = priced.orders.length;

  const onCheckout = () => {
    setProblem(null);
    const items = priced.orders.flatMap((o) =>
      o.lines.map((l) => ({
        product_id: l.product_id,
        quantity: l.quantity,
        unit_price: centsToRand(l.unit_price_cents),
        total_price: centsToRand(l.total_price_cents),
      })),
    );
    const signature = JSON.stringify([delivery, items]);
    if (attempt.current?.signature !== signature) {
      attempt.current = { signature, key: newIdempotencyKey(), orderNumber: `ORD${Date.now()}` };
    }
    const body: CheckoutInput = {
      order_number: attempt.current.orderNumber,
      total_amount: centsToRand(priced.total_cents),
      tax_amount: centsToRand(priced.tax_cents),
      discount_amount: 0,
      items,
      delivery_option: delivery,
    };
    checkout.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onSuccess: () => {
          attempt.current = null;
          void navigate(paths.orders);
        },
        onError: (error) => {
          // The server answered and refused: the next try is a new attempt. Without an answer
          // (offline, 5xx) the same key is kept, as the order may have been written.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) attempt.current = null;
          // Every failure already shows the server's message as a toast; a conflict also stays on the cart.
          if (!(error instanceof ApiError) || error.status !== 409) return;
          const totals = checkoutRefusal(error)?.totals;
          if (typeof totals?.total_amount === 'number')
            setProblem({ kind: 'prices', total: totals.total_amount });
          else
            void loadErrorTranslations().then(() =>
              setProblem({ kind: 'message', text: errorMessage(error, t) }),
            );
          void queryClient.invalidateQueries({ queryKey: cartKeys.all });
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle', { count: lines.length })}
        action={
          <Link to={paths.products} className={buttonClass('outline', 'sm')}>
            <ArrowLeft aria-hidden className="size-4" />
            {t('continue_shopping')}
          </Link>
        }
      />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          {groups.map((group) => (
            <Card key={group.seller_id} data-testid="cart-seller" data-seller-id={group.seller_id}>
              <div className="flex items-center gap-2 border-b border-stone-100 px-3 py-2.5 sm:px-4">
                <Store aria-hidden className="size-4 shrink-0 text-stone-500" />
                <h2 className="min-w-0 truncate text-sm font-semibold text-stone-900">
                  {t('seller', { name: group.seller_name })}
                </h2>
              </div>
              <ul className="divide-y divide-stone-100">
                {group.lines.map((line) => (
                  <CartLineRow key={line.id} line={line} />
                ))}
              </ul>
            </Card>
          ))}
        </div>

        <div className="space-y-4 lg:sticky lg:top-20">
          <Card>
            <CardHeader title={t('delivery.title')} />
            <fieldset className="space-y-2 p-3 sm:p-4">
              <legend className="sr-only">{t('delivery.title')}</legend>
              {(Object.keys(DELIVERY_OPTIONS) as DeliveryOption[]).map((option) => {
                const Icon = option === 'express' ? Zap : Truck;
                return (
                  <label
                    key={option}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-lg border p-3',
                      delivery === option
                        ? 'border-brand-500 bg-brand-50'
                        : 'border-stone-200 hover:bg-stone-50',
                    )}
                  >
                    <input
                      type="radio"
                      name="delivery"
                      value={option}
                      checked={delivery === option}
                      onChange={() => setDelivery(option)}
                      className="size-4 accent-brand-600"
                      data-testid={`delivery-${option}`}
                    />
                    <Icon aria-hidden className="size-5 shrink-0 text-stone-500" />
                    <span className="min-w-0 flex-1">
                      <span className="block text-sm font-medium">{t(`delivery.${option}`)}</span>
                      <span className="block text-xs text-stone-500">{t(`delivery.${option}_time`)}</span>
                    </span>
                    <span className="text-sm font-semibold whitespace-nowrap tabular-nums">
                      {formatRand(DELIVERY_OPTIONS[option].fee_cents)}
                    </span>
                  </label>
                );
              })}
              {sellers > 1 && (
                <p className="text-xs text-stone-500">{t('delivery.per_seller', { count: sellers })}</p>
              )}
            </fieldset>
          </Card>

          <Card data-testid="order-summary">
            <CardHeader title={t('summary.title')} />
            <dl className="space-y-2 p-3 text-sm sm:p-4">
              <SummaryRow
                label={t('summary.subtotal')}
                value={formatRand(priced.subtotal_cents)}
                testId="summary-subtotal"
              />
              <SummaryRow
                label={t('summary.vat')}
                value={formatRand(priced.tax_cents)}
                testId="summary-vat"
              />
              <SummaryRow
                label={
                  sellers > 1
                    ? t('summary.delivery_sellers', {
                        fee: formatRand(DELIVERY_OPTIONS[delivery].fee_cents),
                        count: sellers,
                      })
                    : t('summary.delivery')
                }
                value={formatRand(priced.delivery_cents)}
                testId="summary-delivery"
              />
              <div className="flex items-baseline justify-between gap-3 border-t border-stone-200 pt-2 text-base font-bold">
                <dt>{t('summary.total')}</dt>
                <dd className="whitespace-nowrap tabular-nums" data-testid="summary-total">
                  {formatRand(priced.total_cents)}
                </dd>
              </div>
              {sellers > 1 && (
                <p className="text-xs text-stone-500">{t('summary.orders_note', { count: sellers })}</p>
              )}
            </dl>
            <div className="space-y-2 border-t border-stone-100 p-3 sm:p-4">
              {problem && (
                <div
                  role="alert"
                  data-testid="checkout-problem"
                  className="flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
                >
                  <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                  <p>
                    {problem.kind === 'prices'
                      ? t('errors.prices_changed', { total: formatRand(randToCents(problem.total)) })
                      : problem.text}
                  </p>
                </div>
              )}
              {blocked && <p className="text-sm text-red-700">{t('errors.unavailable_lines')}</p>}
              <Button
                size="lg"
                className="w-full"
                disabled={blocked}
                loading={checkout.isPending}
                onClick={onCheckout}
                data-testid="checkout"
              >
                {t('checkout')}
              </Button>
              <Link to={paths.products} className={buttonClass('ghost', 'md', 'w-full')}>
                {t('continue_shopping')}
              </Link>
            </div>
          </Card>
        </div>
      </div>
    </>
  );
}

function SummaryRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="min-w-0 text-stone-600">{label}</dt>
      <dd className="font-medium whitespace-nowrap tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function CartLineRow({ line }: { line: CartLine }) {
  const { t } = useTranslation('cart');
  const update = useUpdateCartLine();
  const remove = useRemoveCartLine();
  const unitCents = randToCents(line.selling_price);
  const listCents = notionalListPriceCents(unitCents);
  const minimum = Math.max(1, line.minimum_order_quantity);
  const busy = update.isPending || remove.isPending;
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
            <p className="text-xs text-stone-500">{t('sku', { sku: line.sku })}</p>
          </div>
          <button
            type="button"
            className="-mt-1 -mr-1 grid size-9 shrink-0 place-items-center rounded-lg text-stone-400 hover:bg-red-50 hover:text-red-600 disabled:opacity-50"
            aria-label={t('remove', { name: line.name })}
            title={t('remove', { name: line.name })}
            disabled={busy}
            onClick={() => remove.mutate(line.id)}
            data-testid="remove-line"
          >
            <Trash2 aria-hidden className="size-4" />
          </button>
        </div>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold whitespace-nowrap tabular-nums">{formatRand(unitCents)}</span>
          <s className="text-xs whitespace-nowrap text-stone-500 tabular-nums">{formatRand(listCents)}</s>
          <span className="text-xs font-medium whitespace-nowrap text-green-700">
            {t('save', { amount: formatRand(listCents - unitCents) })}
          </span>
        </p>
        {unavailable(line) && (
          <p className="mt-1 text-xs font-medium text-red-700">
            {line.is_active ? t('errors.short_stock', { count: line.stock_quantity }) : t('errors.inactive')}
          </p>
        )}
        <div className="mt-2 flex items-center justify-between gap-2">
          <div
            className="flex items-center rounded-lg border border-stone-300"
            role="group"
            aria-label={t('quantity')}
          >
            <button
              type="button"
              className="grid size-9 place-items-center text-stone-700 hover:bg-stone-100 disabled:text-stone-300 disabled:hover:bg-transparent"
              aria-label={t('decrease')}
              disabled={busy || line.quantity <= minimum}
              onClick={() => setQuantity(line.quantity - 1)}
              data-testid="quantity-minus"
            >
              <Minus aria-hidden className="size-4" />
            </button>
            <span
              className="min-w-10 px-1 text-center text-sm font-semibold tabular-nums"
              data-testid="quantity"
              aria-live="polite"
            >
              {line.quantity}
            </span>
            <button
              type="button"
              className="grid size-9 place-items-center text-stone-700 hover:bg-stone-100 disabled:text-stone-300 disabled:hover:bg-transparent"
              aria-label={t('increase')}
              disabled={busy || line.quantity >= line.stock_quantity}
              onClick={() => setQuantity(line.quantity + 1)}
              data-testid="quantity-plus"
            >
              <Plus aria-hidden className="size-4" />
            </button>
          </div>
          <p className="text-sm font-bold whitespace-nowrap tabular-nums" data-testid="line-total">
            {formatRand(unitCents * line.quantity)}
          </p>
        </div>
        {refusal && (
          <p className="mt-1 text-xs font-medium text-red-700" role="alert" data-testid="quantity-error">
            {refusal}
          </p>
        )}
        {line.minimum_order_quantity > 1 && (
          <p className="mt-1 text-xs text-stone-500">{t('moq', { count: line.minimum_order_quantity })}</p>
        )}
      </div>
    </li>
  );
}
