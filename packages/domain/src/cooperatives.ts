import { z } from 'zod';

export const COOPERATIVE_STATUSES = ['active', 'pending', 'inactive'] as const;
export const cooperativeStatusSchema = z.enum(COOPERATIVE_STATUSES);
export type CooperativeStatus = z.infer<typeof cooperativeStatusSchema>;
export const DEFAULT_MINIMUM_MEMBERS = 25;

/** Progress towards the minimum membership, capped at 100%. */
export function membershipProgress(current: number, minimum: number): number {
  if (minimum <= 0) return 100;
  return Math.min(100, Math.round((current / minimum) * 100));
}
