import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  VirtualWarehouse,
  WarehouseOwnership,
  allocateSpaceSchema,
  createWarehouseSchema,
  virtualInventoryItemSchema,
} from '@tt/domain';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { invalidateAfter, queryRoots } from '../../lib/invalidation';

export type VirtualInventoryItem = z.infer<typeof virtualInventoryItemSchema>;

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
    queryFn: () => api.get<VirtualWarehouse[]>(`/api/cooperatives/${coopId}/virtual-warehouses`),
  });

export const useWarehouses = (coopId: number) =>
  useQuery({ ...warehousesQuery(coopId), enabled: Number.isInteger(coopId) && coopId > 0 });

export const useOwnership = () =>
  useQuery({
    queryKey: warehouseKeys.ownership(),
    queryFn: () => api.get<WarehouseOwnership[]>('/api/virtual-warehouses/my-ownership'),
  });

export const useInventory = () =>
  useQuery({
    queryKey: warehouseKeys.inventory(),
    queryFn: () => api.get<VirtualInventoryItem[]>('/api/virtual-warehouses/my-inventory'),
  });

export type CreateWarehouse = z.output<typeof createWarehouseSchema>;
export type AllocateSpace = z.output<typeof allocateSpaceSchema>;

export function useCreateWarehouse(coopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWarehouse) =>
      api.post<VirtualWarehouse>(`/api/cooperatives/${coopId}/virtual-warehouses`, input),
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
    mutationFn: (input: AllocateSpace) =>
      api.post<WarehouseOwnership>('/api/virtual-warehouses/allocate-space', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: warehouseKeys.list(coopId) });
      void queryClient.invalidateQueries({ queryKey: warehouseKeys.ownership() });
      void invalidateAfter(queryClient, 'warehouse.space_allocated');
    },
  });
}
