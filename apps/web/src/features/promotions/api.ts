import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { promotionContracts as c, type PromotionInput } from '@tt/domain';
import { call } from '../../lib/api';
import { invalidateAfter, queryRoots } from '../../lib/invalidation';

export const promotionKeys = {
  all: [queryRoots.promotions] as const,
  list: () => [...promotionKeys.all, 'list'] as const,
  myProducts: () => [...promotionKeys.all, 'my-products'] as const,
};

/** GET /api/trade-promotions: the table and the four figures. */
export function usePromotions() {
  return useQuery({ queryKey: promotionKeys.list(), queryFn: () => call(c.list) });
}

/** GET /api/trade-promotions/my-products: what the caller's promotion may target. */
export function usePromotableProducts(enabled: boolean) {
  return useQuery({ queryKey: promotionKeys.myProducts(), queryFn: () => call(c.myProducts), enabled });
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
