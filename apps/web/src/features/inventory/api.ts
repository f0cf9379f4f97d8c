import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryContracts as c, MOVEMENTS_FIRST_PAGE, type BodyIn, type StockStatus } from '@tt/domain';
import { call } from '../../lib/api';
import { invalidateAfter, queryRoots } from '../../lib/invalidation';

export interface InventoryFilters {
  search?: string;
  status?: StockStatus;
  limit: number;
}

export const inventoryKeys = {
  all: [queryRoots.inventory] as const,
  lists: () => [...inventoryKeys.all, 'list'] as const,
  list: (filters: InventoryFilters) => [...inventoryKeys.lists(), filters] as const,
  movements: (limit: number) => [...inventoryKeys.all, 'movements', limit] as const,
  alerts: () => [...inventoryKeys.all, 'alerts'] as const,
  locations: () => [...inventoryKeys.all, 'locations'] as const,
  products: () => [...inventoryKeys.all, 'products'] as const,
};

export const inventoryQuery = (filters: InventoryFilters) =>
  queryOptions({
    queryKey: inventoryKeys.list(filters),
    queryFn: () =>
      call(c.list, {
        query: {
          limit: filters.limit,
          ...(filters.search ? { search: filters.search } : {}),
          ...(filters.status ? { status: filters.status } : {}),
        },
      }),
  });

export const useInventory = (filters: InventoryFilters) =>
  useQuery({ ...inventoryQuery(filters), placeholderData: keepPreviousData });

/** Every item (up to the API's cap) for the CSV export, fetched when asked. */
export const fetchAllInventory = () => call(c.list, { query: { limit: 1000 } });

export const useMovements = (limit = MOVEMENTS_FIRST_PAGE) =>
  useQuery({
    queryKey: inventoryKeys.movements(limit),
    queryFn: () => call(c.movements, { query: { limit } }),
    placeholderData: keepPreviousData,
  });

export const useAlerts = () => useQuery({ queryKey: inventoryKeys.alerts(), queryFn: () => call(c.alerts) });
export const useLocations = () =>
  useQuery({ queryKey: inventoryKeys.locations(), queryFn: () => call(c.locations) });
export const useInventoryProducts = () =>
  useQuery({ queryKey: inventoryKeys.products(), queryFn: () => call(c.products) });

/** After any stock change: this area's lists and alerts, and the listings' stock elsewhere. */
function useStockChange<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      void invalidateAfter(queryClient, 'inventory.changed');
    },
  });
}

export type RecordMovement = BodyIn<typeof c.recordMovement>;
export const useRecordMovement = () =>
  useStockChange((body: RecordMovement) => call(c.recordMovement, { body }));

export const useResolveAlert = () => useStockChange((id: number) => call(c.resolveAlert, { params: { id } }));

export const useCreateLocation = () =>
  useStockChange((body: BodyIn<typeof c.createLocation>) => call(c.createLocation, { body }));

export const useCreateProduct = () =>
  useStockChange((body: BodyIn<typeof c.createProduct>) => call(c.createProduct, { body }));

export const useUpdateItem = () =>
  useStockChange(({ id, body }: { id: number; body: BodyIn<typeof c.updateItem> }) =>
    call(c.updateItem, { params: { id }, body }),
  );

export type StockCount = BodyIn<typeof c.counts>;
/** The preview writes nothing (no invalidation); applying is a stock change. */
export const usePreviewCounts = () =>
  useMutation({ mutationFn: (body: StockCount) => call(c.counts, { body: { ...body, dry_run: true } }) });
export const useApplyCounts = () =>
  useStockChange((body: StockCount) => call(c.counts, { body: { ...body, dry_run: false } }));
