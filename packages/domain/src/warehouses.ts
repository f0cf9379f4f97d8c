import { z } from 'zod';
import { idSchema } from './ids.ts';

export const WAREHOUSE_TYPES = ['shared', 'dedicated', 'premium'] as const;
export const OWNERSHIP_STATUSES = ['active', 'pending_payment', 'suspended'] as const;

export const virtualWarehouseSchema = z.object({
  id: z.number().int(),
  coop_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  total_capacity_cubic_meters: z.number(),
  allocated_capacity: z.number(),
  location_description: z.string().nullable(),
  warehouse_type: z.enum(WAREHOUSE_TYPES),
  cost_per_cubic_meter_monthly: z.number(),
  is_active: z.boolean(),
});
export type VirtualWarehouse = z.infer<typeof virtualWarehouseSchema>;

/** Spec 3 §3 defaults of the Create Virtual Warehouse form. */
export const NEW_WAREHOUSE_DEFAULTS = {
  total_capacity_cubic_meters: 100,
  warehouse_type: 'shared',
  cost_per_cubic_meter_monthly: 50,
} as const;
export const ALLOCATION_DEFAULTS = { allocated_space_cubic_meters: 10, ownership_percentage: 10 } as const;

export const createWarehouseSchema = z.object({
  name: z.string().trim().min(1, { message: 'validation.required' }).max(120),
  description: z.string().trim().max(1000).nullish(),
  total_capacity_cubic_meters: z.number().positive().max(1_000_000),
  location_description: z.string().trim().max(240).nullish(),
  warehouse_type: z.enum(WAREHOUSE_TYPES).default('shared'),
  cost_per_cubic_meter_monthly: z.number().min(0).max(100_000),
});

export const allocateSpaceSchema = z.object({
  warehouse_id: idSchema,
  allocated_space_cubic_meters: z.number().positive().max(1_000_000),
  ownership_percentage: z.number().min(1).max(100),
});

export const warehouseOwnershipSchema = z.object({
  id: z.number().int(),
  warehouse_id: z.number().int(),
  warehouse_name: z.string(),
  owner_name: z.string(),
  allocated_space_cubic_meters: z.number(),
  ownership_percentage: z.number(),
  monthly_fee: z.number(),
  start_date: z.string(),
  status: z.enum(OWNERSHIP_STATUSES),
});
export type WarehouseOwnership = z.infer<typeof warehouseOwnershipSchema>;

export const virtualInventoryItemSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  warehouse_name: z.string(),
  quantity: z.number().int(),
  reserved_quantity: z.number().int(),
  total_value: z.number(),
});

/** Utilisation colour: green to 70%, yellow above 70%, red above 90%. */
export function utilisationTone(allocated: number, total: number): 'green' | 'yellow' | 'red' {
  const percent = total <= 0 ? 100 : (allocated / total) * 100;
  if (percent > 90) return 'red';
  if (percent > 70) return 'yellow';
  return 'green';
}

export function warehouseFull(allocated: number, total: number): boolean {
  return allocated >= total;
}

/** Space is kept to the hundredth of a cubic metre. */
export function spaceHundredths(cubicMetres: number): number {
  return Math.round(cubicMetres * 100);
}

/** DECISIONS 14: the monthly fee is the space times the chosen warehouse's own cost per m3, in cents. */
export function monthlyFeeCents(cubicMetres: number, costPerCubicMetreCents: number): number {
  return Math.round((spaceHundredths(cubicMetres) * costPerCubicMetreCents) / 100);
}

/** The utilisation bar's width: allocated over total, in whole percent, capped at 100. */
export function utilisationPercent(allocated: number, total: number): number {
  return total <= 0 ? 100 : Math.min(100, Math.round((allocated / total) * 100));
}

/** Space still free in a warehouse, in hundredths of a cubic metre (never negative). */
export function freeSpaceHundredths(total: number, allocated: number): number {
  return Math.max(0, spaceHundredths(total) - spaceHundredths(allocated));
}
