import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductPromotion, Promotion, promotionContracts, PromotionInput } from '@tt/domain';
import { call, endpoints } from '../../lib/api';
import { invalidateAfter, queryRoots } from '../../lib/invalidation';

// Named by method and path, typed by the contracts, without their schemas: zod stays out of the first screens
// (the product cards use this module; ADR 024, fourth pass).
const c = endpoints<typeof promotionContracts>({
  list: ['GET', '/api/trade-promotions'],
  forProducts: ['GET', '/api/trade-promotions/for-products'],
  myProducts: ['GET', '/api/trade-promotions/my-products'],
  create: ['POST', '/api/trade-promotions'],
  update: ['PUT', '/api/trade-promotions/:id'],
  cancel: ['POST', '/api/trade-promotions/:id/cancel'],
  remove: ['DELETE', '/api/trade-promotions/:id'],
});

export const promotionKeys = {
  all: [queryRoots.promotions] as const,
  list: () => [...promotionKeys.all, 'list'] as const,
  myProducts: (search: string) => [...promotionKeys.all, 'my-products', search] as const,
  forProducts: (ids: number[]) => [...promotionKeys.all, 'for-products', ids] as const,
};

/** The server answers at most this many products per call. */
const FOR_PRODUCTS_MAX = 100;
const NONE = new Map<number, ProductPromotion[]>();

/**
 * The promotions running today on the products a page shows (their cards' badges), asked for by the
 * page's product ids after the listing arrived, so the listing's own query stays as it is.
 */
export function useProductPromotions(ids: number[]): Map<number, ProductPromotion[]> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const query = useQuery({
    queryKey: promotionKeys.forProducts(sorted),
    queryFn: async () => {
      const chunks: number[][] = [];
      for (let i = 0; i < sorted.length; i += FOR_PRODUCTS_MAX)
        chunks.push(sorted.slice(i, i + FOR_PRODUCTS_MAX));
      const answers = await Promise.all(
        chunks.map((chunk) => call(c.forProducts, { query: { ids: chunk.join(',') } })),
      );
      return new Map(answers.flat().map((a) => [a.product_id, a.promotions]));
    },
    enabled: sorted.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return query.data ?? NONE;
}

/** GET /api/trade-promotions: the table and the four figures. */
export function usePromotions() {
  return useQuery({ queryKey: promotionKeys.list(), queryFn: () => call(c.list) });
}

/**
 * GET /api/trade-promotions/my-products?search=: a page of what the caller's promotion may target, and
 * how many match; the last answer stays on screen while the search is typed.
 */
export function usePromotableProducts(search: string) {
  return useQuery({
    queryKey: promotionKeys.myProducts(search),
    queryFn: () => call(c.myProducts, { query: search ? { search } : {} }),
    placeholderData: keepPreviousData,
  });
}

function useChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: promotionKeys.list() });
    void invalidateAfter(queryClient, 'promotion.changed');
  };
}

export function useSavePromotion(id: number | undefined) {
  const changed = useChanged();
  return useMutation({
    mutationFn: (input: PromotionInput) =>
      id === undefined ? call(c.create, { body: input }) : call(c.update, { params: { id }, body: input }),
    onSuccess: changed,
  });
}

export function useCancelPromotion() {
  const changed = useChanged();
  return useMutation({ mutationFn: (id: number) => call(c.cancel, { params: { id } }), onSuccess: changed });
}

export function useDeletePromotion() {
  const changed = useChanged();
  return useMutation({ mutationFn: (id: number) => call(c.remove, { params: { id } }), onSuccess: changed });
}

/** Publish a draft as it stands: the edit call with everything unchanged and publish set (the server's one way). */
export function usePublishPromotion() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (p: Promotion) =>
      call(c.update, {
        params: { id: p.id },
        body: {
          promotion_name: p.promotion_name,
          promotion_type: p.promotion_type,
          description: p.description,
          start_date: p.start_date,
          end_date: p.end_date,
          minimum_order_value: p.minimum_order_value,
          discount_percentage: p.discount_percentage,
          discount_amount: p.discount_amount,
          target_products: p.target_products.map((x) => x.id),
          terms_conditions: p.terms_conditions,
          max_uses: p.max_uses,
          publish: true,
        },
      }),
    onSuccess: changed,
  });
}
