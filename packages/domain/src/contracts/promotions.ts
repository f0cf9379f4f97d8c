import { z } from 'zod';
import { idSchema } from '../ids.ts';
import {
  promotableProductListSchema,
  promotableProductsQuerySchema,
  promotionInputSchema,
  productPromotionsQuerySchema,
  productPromotionsSchema,
  promotionListSchema,
  promotionSchema,
} from '../promotions.ts';
import { contract } from './contract.ts';

const idParams = z.object({ id: idSchema });

/**
 * Trade promotions (spec 3 §7): every signed-in user sees the published promotions (and their own
 * drafts); sellers and admins create them on their own products; only the owner edits, cancels or
 * deletes one (DECISIONS 21).
 */
export const promotionContracts = {
  list: contract({
    method: 'GET',
    path: '/api/trade-promotions',
    tag: 'promotions',
    summary: 'Published promotions and the caller’s own drafts, with the four figures',
    access: 'signed_in',
    status: 200,
    response: promotionListSchema,
  }),
  forProducts: contract({
    method: 'GET',
    path: '/api/trade-promotions/for-products',
    tag: 'promotions',
    summary: 'The promotions running today on these products (ids, at most 100), for product cards',
    access: 'signed_in',
    query: productPromotionsQuerySchema,
    status: 200,
    response: productPromotionsSchema,
  }),
  myProducts: contract({
    method: 'GET',
    path: '/api/trade-promotions/my-products',
    tag: 'promotions',
    summary:
      'The caller’s own products a promotion may target, by name: at most PROMOTABLE_PRODUCTS_PAGE, narrowed by search (name, brand or SKU), with the total matching',
    access: 'promotions.create',
    denied: 'promotion.sellers_only',
    query: promotableProductsQuerySchema,
    status: 200,
    response: promotableProductListSchema,
  }),
  create: contract({
    method: 'POST',
    path: '/api/trade-promotions',
    tag: 'promotions',
    summary: 'Create Promotion: a draft, or published at once when publish is true',
    access: 'promotions.create',
    denied: 'promotion.sellers_only',
    body: promotionInputSchema,
    status: 201,
    response: promotionSchema,
  }),
  update: contract({
    method: 'PUT',
    path: '/api/trade-promotions/:id',
    tag: 'promotions',
    summary: 'Edit the promotion (the owner; not once cancelled or expired); publish: true publishes it',
    access: 'promotions.create',
    denied: 'promotion.sellers_only',
    resource: 'owner',
    params: idParams,
    body: promotionInputSchema,
    status: 200,
    response: promotionSchema,
  }),
  cancel: contract({
    method: 'POST',
    path: '/api/trade-promotions/:id/cancel',
    tag: 'promotions',
    summary: 'Cancels the promotion (the owner): buyers stop getting it at once',
    access: 'promotions.create',
    denied: 'promotion.sellers_only',
    resource: 'owner',
    params: idParams,
    status: 200,
    response: promotionSchema,
  }),
  remove: contract({
    method: 'DELETE',
    path: '/api/trade-promotions/:id',
    tag: 'promotions',
    summary: 'Deletes the promotion (the owner), unless buyers have already used it',
    access: 'promotions.create',
    denied: 'promotion.sellers_only',
    resource: 'owner',
    params: idParams,
    status: 204,
  }),
};
