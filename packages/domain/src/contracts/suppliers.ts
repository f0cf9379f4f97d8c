import { z } from 'zod';
import { idSchema } from '../ids.ts';
import {
  applicationReviewListSchema,
  applicationReviewSchema,
  sellerProductCreateSchema,
  sellerProductListQuerySchema,
  sellerProductListSchema,
  sellerProductSchema,
  sellerProductStatusSchema,
  sellerProductUpdateSchema,
  supplierApplicationInputSchema,
  supplierApplicationSchema,
} from '../suppliers.ts';
import { contract } from './contract.ts';

const idParams = z.object({ id: idSchema });

/**
 * Supplier applications (spec 1 §7) and a seller's own products (the My products tab of /bulk-upload).
 * See packages/domain/src/suppliers.ts for the rules.
 */
export const supplierContracts = {
  myApplications: contract({
    method: 'GET',
    path: '/api/supplier-applications',
    tag: 'suppliers',
    summary: "The caller's own application (at most one), as the spec's list",
    access: 'signed_in',
    status: 200,
    response: z.array(supplierApplicationSchema),
  }),
  apply: contract({
    method: 'POST',
    path: '/api/supplier-applications',
    tag: 'suppliers',
    summary: 'Apply Now: one application per user, for the seller role named (supplier when none is sent)',
    access: 'applications.submit',
    denied: 'application.buyers_only',
    body: supplierApplicationInputSchema,
    status: 201,
    response: supplierApplicationSchema,
  }),
  reviewList: contract({
    method: 'GET',
    path: '/api/supplier-applications/review',
    tag: 'suppliers',
    summary:
      'Review Applications: every application, open ones first, with the pending and under_review counts',
    access: 'applications.review',
    denied: 'application.reviewers_only',
    status: 200,
    response: applicationReviewListSchema,
  }),
  review: contract({
    method: 'POST',
    path: '/api/supplier-applications/:id/review',
    tag: 'suppliers',
    summary:
      'Move an application to under_review, or approve (granting the role applied for) or reject it with notes',
    access: 'applications.review',
    denied: 'application.reviewers_only',
    params: idParams,
    body: applicationReviewSchema,
    status: 200,
    response: supplierApplicationSchema,
  }),
  myProducts: contract({
    method: 'GET',
    path: '/api/my-products',
    tag: 'suppliers',
    summary: "The seller's own products, active and inactive, with search",
    access: 'products.manage',
    denied: 'products.sellers_only',
    query: sellerProductListQuerySchema,
    status: 200,
    response: sellerProductListSchema,
  }),
  createProduct: contract({
    method: 'POST',
    path: '/api/my-products',
    tag: 'suppliers',
    summary:
      'A new listing (SKU unique per seller) with its inventory item; opening stock is an "in" movement',
    access: 'products.manage',
    denied: 'products.sellers_only',
    body: sellerProductCreateSchema,
    status: 201,
    response: sellerProductSchema,
  }),
  updateProduct: contract({
    method: 'PUT',
    path: '/api/my-products/:id',
    tag: 'suppliers',
    summary: 'Edit name, brand, category, prices, minimum order and image (never the stock)',
    access: 'products.manage',
    denied: 'products.sellers_only',
    resource: 'owner',
    params: idParams,
    body: sellerProductUpdateSchema,
    status: 200,
    response: sellerProductSchema,
  }),
  setProductStatus: contract({
    method: 'PUT',
    path: '/api/my-products/:id/status',
    tag: 'suppliers',
    summary: "Activate (within the plan's listed products) or deactivate a listing",
    access: 'products.manage',
    denied: 'products.sellers_only',
    resource: 'owner',
    params: idParams,
    body: sellerProductStatusSchema,
    status: 200,
    response: sellerProductSchema,
  }),
};
