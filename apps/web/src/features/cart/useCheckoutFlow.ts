import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  centsToRand,
  priceCheckout,
  randToCents,
  type CartLine,
  type CheckoutInput,
  type DeliveryOption,
  type Order,
} from '@tt/domain';
import { ApiError } from '../../lib/api';
import { errorMessage, loadErrorTranslations } from '../../lib/errors';
import { checkoutRefusal, useCheckout, useCheckoutQuote } from '../orders/api';
import { cartKeys } from './api';
import { groupBySeller } from './sellers';

export type CheckoutProblem = { kind: 'prices'; total: number } | { kind: 'message'; text: string };

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a plain-http LAN address still has getRandomValues.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * The cart's checkout: the delivery option, the address, the priced orders (one per seller) and placing
 * them. Placing happens only from the review step, after the buyer saw what each order costs.
 */
export function useCheckoutFlow(lines: CartLine[], defaultAddress: string, reviewing = false) {
  const { t } = useTranslation('cart');
  const queryClient = useQueryClient();
  const checkout = useCheckout();
  const [delivery, setDelivery] = useState<DeliveryOption>('standard');
  const [address, setAddress] = useState<string | null>(null);
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  const [placed, setPlaced] = useState<Order[] | null>(null);
  const [useRewards, setUseRewards] = useState(false);
  // One attempt = one payload. Its key is reused if that same attempt is retried after a dropped
  // connection, so the server never creates a second order (DECISIONS 3).
  const attempt = useRef<{ signature: string; key: string } | null>(null);

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
  const deliveryAddress = (address ?? defaultAddress).trim();
  // The cart and the review show the server's priced checkout (offers, rewards, VAT) and the order is placed
  // at exactly its totals (ADR 022); a price or offer that changed since gives the 409 with the new totals.
  // A line the server would refuse (gone from sale) is not quoted: the cart then shows its own estimate.
  const quotable = lines.length > 0 && !lines.some((l) => !l.is_active);
  const quoteInput = useMemo(
    () =>
      quotable
        ? {
            items: lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity })),
            delivery_option: delivery,
            use_rewards: useRewards,
          }
        : null,
    [quotable, lines, delivery, useRewards],
  );
  const quote = useCheckoutQuote(quoteInput);
  const quoted = quote.data && !quote.isPlaceholderData ? quote.data : null;
  // Going on to the review asks again, so the review shows today's prices and offers, not the cart's.
  const wasReviewing = useRef(reviewing);
  const { refetch } = quote;
  useEffect(() => {
    if (reviewing && !wasReviewing.current && quoteInput) void refetch();
    wasReviewing.current = reviewing;
  }, [reviewing, quoteInput, refetch]);

  const place = () => {
    if (!quoted) return;
    setProblem(null);
    const items = priced.orders.flatMap((o) =>
      o.lines.map((l) => ({
        product_id: l.product_id,
        quantity: l.quantity,
        unit_price: centsToRand(l.unit_price_cents),
        total_price: centsToRand(l.total_price_cents),
      })),
    );
    const signature = JSON.stringify([delivery, deliveryAddress, items, useRewards, quoted.total_amount]);
    if (attempt.current?.signature !== signature) {
      attempt.current = { signature, key: newIdempotencyKey() };
    }
    // DECISIONS 19: the server numbers the orders; no order_number is sent.
    const body: CheckoutInput = {
      total_amount: quoted.total_amount,
      tax_amount: quoted.tax_amount,
      discount_amount: quoted.discount_amount,
      items,
      delivery_option: delivery,
      use_rewards: useRewards,
      delivery_address: deliveryAddress === '' ? null : deliveryAddress,
    };
    checkout.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onSuccess: (result) => {
          attempt.current = null;
          setPlaced(result.orders);
        },
        onError: (error) => {
          // The server answered and refused: the next try is a new attempt. Without an answer
          // (offline, 5xx) the same key is kept, as the order may have been written.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) attempt.current = null;
          // Every failure already shows the server's message as a toast; a conflict also stays on screen.
          if (!(error instanceof ApiError) || error.status !== 409) return;
          const totals = checkoutRefusal(error)?.totals;
          if (typeof totals?.total_amount === 'number')
            setProblem({ kind: 'prices', total: totals.total_amount });
          else
            void loadErrorTranslations().then(() =>
              setProblem({ kind: 'message', text: errorMessage(error, t) }),
            );
          void queryClient.invalidateQueries({ queryKey: cartKeys.all });
          void quote.refetch();
        },
      },
    );
  };

  return {
    groups,
    priced,
    delivery,
    setDelivery,
    deliveryAddress,
    setAddress,
    problem,
    quote,
    quoted,
    useRewards,
    setUseRewards,
    place,
    placing: checkout.isPending,
    placed,
  };
}

export type CheckoutFlow = ReturnType<typeof useCheckoutFlow>;
