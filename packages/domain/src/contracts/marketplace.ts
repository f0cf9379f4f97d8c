import { z } from 'zod';
import { categorySchema, productListSchema, productQuerySchema } from '../catalog.ts';
import { addToCartSchema, cartSchema, updateCartLineSchema } from '../cart.ts';
import {
  checkoutResultSchema,
  checkoutSchema,
  checkoutTotalsSchema,
  IDEMPOTENCY_KEY_HEADER,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  quoteRequestSchema,
  quoteSchema,
  updateOrderStatusSchema,
  declineOrderSchema,
} from '../orders.ts';
import { idSchema } from '../ids.ts';
import { contract } from './contract.ts';

const idParams = z.object({ id: idSchema });

export const catalogContracts = {
  products: contract({
    method: 'GET',
    path: '/api/products',
    tag: 'catalog',
    summary: 'One page of the catalogue: active products with search, category, price and order filters',
    access: 'signed_in',
    apiScope: 'read:products',
    query: productQuerySchema,
    status: 200,
    response: productListSchema,
  }),
  categories: contract({
    method: 'GET',
    path: '/api/categories',
    tag: 'catalog',
    access: 'signed_in',
    status: 200,
    response: z.array(categorySchema),
  }),
};

export const cartContracts = {
  get: contract({
    method: 'GET',
    path: '/api/cart',
    tag: 'cart',
    // A seller's cart is simply empty; only putting things in it needs the permission.
    access: 'signed_in',
    status: 200,
    response: cartSchema,
  }),
  add: contract({
    method: 'POST',
    path: '/api/cart',
    tag: 'cart',
    access: 'orders.place',
    denied: 'cart.buyers_only',
    body: addToCartSchema,
    status: 200,
    response: cartSchema,
  }),
  update: contract({
    method: 'PUT',
    path: '/api/cart/:id',
    tag: 'cart',
    access: 'orders.place',
    denied: 'cart.buyers_only',
    resource: 'owner',
    params: idParams,
    body: updateCartLineSchema,
    status: 200,
    response: cartSchema,
  }),
  remove: contract({
    method: 'DELETE',
    path: '/api/cart/:id',
    tag: 'cart',
    // Someone whose role changed to a seller's can still empty what they had put in.
    access: 'signed_in',
    resource: 'owner',
    params: idParams,
    status: 204,
  }),
};

/** The extra fields of checkout's 409 when the client's totals differ from the server's (DECISIONS 2). */
export const checkoutConflictSchema = z.object({ totals: checkoutTotalsSchema.optional() });

const headerName = IDEMPOTENCY_KEY_HEADER.toLowerCase();

export const orderContracts = {
  checkout: contract({
    method: 'POST',
    path: '/api/orders',
    tag: 'orders',
    description:
      'Checkout. Requires an Idempotency-Key header (8-200 characters): the same key answers the first ' +
      "request's 201 and orders again, creating nothing (header Idempotent-Replayed: true).",
    access: 'orders.place',
    apiScope: 'write:orders',
    denied: 'cart.buyers_only',
    headers: z.object({ [headerName]: z.string().optional() }),
    body: checkoutSchema,
    status: 201,
    response: checkoutResultSchema,
    errorDetails: checkoutConflictSchema,
  }),
  quote: contract({
    method: 'POST',
    path: '/api/orders/quote',
    tag: 'orders',
    summary:
      'What checkout would charge now: per seller the lines with their discount and offer, delivery, ' +
      'rewards credit, VAT and total (writes nothing)',
    access: 'orders.place',
    denied: 'cart.buyers_only',
    body: quoteRequestSchema,
    status: 200,
    response: quoteSchema,
  }),
  list: contract({
    method: 'GET',
    path: '/api/orders',
    tag: 'orders',
    summary: "The caller's orders: bought, sold, or all for orders.view_all",
    access: 'signed_in',
    apiScope: 'read:orders',
    query: orderListQuerySchema,
    status: 200,
    response: orderListSchema,
  }),
  get: contract({
    method: 'GET',
    path: '/api/orders/:id',
    tag: 'orders',
    access: 'signed_in',
    resource: 'order_party',
    params: idParams,
    status: 200,
    response: orderSchema,
  }),
  move: contract({
    method: 'POST',
    path: '/api/orders/:id/status',
    tag: 'orders',
    summary: "The order's seller moves it one step on (DECISIONS 11)",
    access: 'orders.sell',
    denied: 'order.seller_only',
    resource: 'order_seller',
    params: idParams,
    body: updateOrderStatusSchema,
    status: 200,
    response: orderSchema,
  }),
  decline: contract({
    method: 'POST',
    path: '/api/orders/:id/decline',
    tag: 'orders',
    summary: "The order's seller declines a pending order with a reason the buyer sees; the stock returns",
    access: 'orders.sell',
    denied: 'order.seller_only',
    resource: 'order_seller',
    params: idParams,
    body: declineOrderSchema,
    status: 200,
    response: orderSchema,
  }),
  cancel: contract({
    method: 'POST',
    path: '/api/orders/:id/cancel',
    tag: 'orders',
    summary: 'The buyer cancels within 24 hours while pending or confirmed (DECISIONS 11)',
    access: 'orders.place',
    denied: 'order.buyer_only',
    resource: 'own_order',
    params: idParams,
    status: 200,
    response: orderSchema,
  }),
  markPaid: contract({
    method: 'POST',
    path: '/api/orders/:id/mark-paid',
    tag: 'orders',
    summary: "The buyer records paying for a delivered order; both parties' books post the payment",
    access: 'orders.place',
    denied: 'order.buyer_only',
    resource: 'own_order',
    params: idParams,
    status: 200,
    response: orderSchema,
  }),
};
