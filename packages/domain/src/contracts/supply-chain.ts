import { supplyChainQuerySchema, supplyChainSchema } from '../supply-chain.ts';
import { contract } from './contract.ts';

/**
 * Supply chain analytics (spec 2; DECISIONS 12): a buyer's suppliers from its own marketplace orders. Only roles
 * that buy have suppliers to analyse (spec 1: sellers and admins do not buy).
 */
export const supplyChainContracts = {
  suppliers: contract({
    method: 'GET',
    path: '/api/supply-chain',
    tag: 'supply-chain',
    summary:
      'The caller’s suppliers over a period: spend, delivery fees, delivery days and cancellations, with advice',
    access: 'orders.place',
    query: supplyChainQuerySchema,
    status: 200,
    response: supplyChainSchema,
  }),
};
