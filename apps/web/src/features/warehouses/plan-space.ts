import { spaceHundredths, warehouseFull, type VirtualWarehouse } from '@tt/domain';

/** A warehouse one can still take space in: open and not full. */
export const withFreeSpace = (w: VirtualWarehouse) =>
  w.is_active && !warehouseFull(w.allocated_capacity, w.total_capacity_cubic_meters);

/**
 * Plan space still free to allocate, in hundredths of m³ (null: not known yet, or unlimited): the
 * screen offers no allocation the server's plan guard would refuse.
 */
export function planSpaceLeftOf(
  usage: { max_warehouse_space: number; warehouse_space_used: number } | undefined,
): number | null {
  if (!usage || usage.max_warehouse_space < 0) return null;
  return Math.max(
    0,
    spaceHundredths(usage.max_warehouse_space) - spaceHundredths(usage.warehouse_space_used),
  );
}
