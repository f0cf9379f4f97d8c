import { z } from 'zod';
import { bulkUploadConfirmSchema, bulkUploadReportSchema, bulkUploadSchema } from '../bulk-upload.ts';
import { idSchema } from '../ids.ts';
import { contract } from './contract.ts';

const idParams = z.object({ id: idSchema });

/** Bulk product upload (spec 3 /bulk-upload; docs/decisions/021): validate first, write on confirm. */
export const bulkUploadContracts = {
  template: contract({
    method: 'GET',
    path: '/api/bulk-upload/template',
    tag: 'suppliers',
    summary:
      "The upload template (.xlsx with the allowed values on a second sheet, or .csv): the spec's 14 columns and an example row",
    access: 'products.manage',
    denied: 'products.sellers_only',
    query: z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
    status: 200,
  }),
  upload: contract({
    method: 'POST',
    path: '/api/bulk-upload/products',
    tag: 'suppliers',
    summary:
      'Upload a product file (multipart field "file", .xlsx or .csv up to 10 MB): validated per row and column, nothing written until confirmed',
    access: 'products.manage',
    denied: 'products.sellers_only',
    status: 201,
    response: bulkUploadReportSchema,
  }),
  history: contract({
    method: 'GET',
    path: '/api/bulk-uploads',
    tag: 'suppliers',
    summary: "The seller's upload history with status and counts, newest first",
    access: 'products.manage',
    denied: 'products.sellers_only',
    status: 200,
    response: z.array(bulkUploadSchema),
  }),
  report: contract({
    method: 'GET',
    path: '/api/bulk-uploads/:id',
    tag: 'suppliers',
    summary: 'One upload with its validation report (the error log) and its import progress',
    access: 'products.manage',
    denied: 'products.sellers_only',
    resource: 'owner',
    params: idParams,
    status: 200,
    response: bulkUploadReportSchema,
  }),
  confirm: contract({
    method: 'POST',
    path: '/api/bulk-uploads/:id/import',
    tag: 'suppliers',
    summary:
      'Confirm a validated upload: skip the rows with errors and import the rest, or refuse the whole file',
    access: 'products.manage',
    denied: 'products.sellers_only',
    resource: 'owner',
    params: idParams,
    body: bulkUploadConfirmSchema,
    status: 200,
    response: bulkUploadSchema,
  }),
};
