import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can, type cartContracts, type CartLine, type Role } from '@tt/domain';
import { call, endpoints } from '../../lib/api';
import { queryRoots } from '../../lib/invalidation';

// Named by method and path, typed by the contracts, without their schemas: zod stays out of the first screens
// (the product cards use this module; ADR 024, fourth pass).
const c = endpoints<typeof cartContracts>({
  get: ['GET', '/api/cart'],
  add: ['POST', '/api/cart'],
  update: ['PUT', '/api/cart/:id'],
  remove: ['DELETE', '/api/cart/:id'],
});

/** The cart is one resource per user: its lines. */
export const cartKeys = {
  all: [queryRoots.cart] as const,
  lines: () => [...cartKeys.all, 'lines'] as const,
};

export const cartQuery = () => queryOptions({ queryKey: cartKeys.lines(), queryFn: () => call(c.get) });

export function useCart() {
  return useQuery(cartQuery());
}

/** Sellers and admins do not buy (the server refuses them), so they get no cart to count. */
export const canBuy = (role: Role) => can(role, 'orders.place');

/** The number of lines in the cart, for the View Cart button and the bottom bar's badge. */
export function useCartCount(role: Role | undefined) {
  const { data } = useQuery({ ...cartQuery(), enabled: role !== undefined && canBuy(role) });
  return data?.length ?? 0;
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { product_id: number; quantity: number }) => call(c.add, { body: input }),
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.lines(), cart),
  });
}

/** DECISIONS 4: quantities are saved on the server. Shown at once, put back if the server refuses. */
export function useUpdateCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quantity }: { id: number; quantity: number }) =>
      call(c.update, { params: { id }, body: { quantity } }),
    onMutate: async ({ id, quantity }) => {
      await queryClient.cancelQueries({ queryKey: cartKeys.lines() });
      const previous = queryClient.getQueryData<CartLine[]>(cartKeys.lines());
      queryClient.setQueryData<CartLine[]>(cartKeys.lines(), (lines) =>
        lines?.map((line) => (line.id === id ? { ...line, quantity } : line)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(cartKeys.lines(), context.previous);
    },
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.lines(), cart),
  });
}

export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(c.remove, { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<CartLine[]>(cartKeys.lines(), (lines) => lines?.filter((l) => l.id !== id));
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
