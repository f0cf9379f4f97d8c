import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { warehouseContracts as c, type BodyIn, type ResponseOf } from '@tt/domain';
import { call } from '../../lib/api';
import { invalidateAfter, queryRoots } from '../../lib/invalidation';

export type VirtualInventoryItem = ResponseOf<typeof c.myInventory>[number];

export const warehouseKeys = {
  all: [queryRoots.warehouses] as const,
  lists: () => [...warehouseKeys.all, 'list'] as const,
  /** A cooperative's warehouses. */
  list: (coopId: number) => [...warehouseKeys.lists(), { coop_id: coopId }] as const,
  ownership: () => [...warehouseKeys.all, 'my-ownership'] as const,
  inventory: () => [...warehouseKeys.all, 'my-inventory'] as const,
};

export const warehousesQuery = (coopId: number) =>
  queryOptions({
    queryKey: warehouseKeys.list(coopId),
    queryFn: () => call(c.list, { params: { id: coopId } }),
  });

export const useWarehouses = (coopId: number) =>
  useQuery({ ...warehousesQuery(coopId), enabled: Number.isInteger(coopId) && coopId > 0 });

export const useOwnership = () =>
  useQuery({
    queryKey: warehouseKeys.ownership(),
    queryFn: () => call(c.myOwnership),
  });

export const useInventory = () =>
  useQuery({
    queryKey: warehouseKeys.inventory(),
    queryFn: () => call(c.myInventory),
  });

export type CreateWarehouse = BodyIn<typeof c.create>;
export type AllocateSpace = BodyIn<typeof c.allocate>;

export function useCreateWarehouse(coopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWarehouse) => call(c.create, { params: { id: coopId }, body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: warehouseKeys.list(coopId) });
      void invalidateAfter(queryClient, 'warehouse.created');
    },
  });
}

/** An allocation raises the warehouse's allocated capacity and adds an ownership. */
export function useAllocateSpace(coopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AllocateSpace) => call(c.allocate, { body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: warehouseKeys.list(coopId) });
      void queryClient.invalidateQueries({ queryKey: warehouseKeys.ownership() });
      void invalidateAfter(queryClient, 'warehouse.space_allocated');
    },
  });
}
