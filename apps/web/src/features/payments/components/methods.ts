import { Bitcoin, CreditCard, Landmark, QrCode, Smartphone, type LucideIcon } from 'lucide-react';

/** Spec 1's payment hub, fixed content: fees as a percentage and/or a rand amount per payment. */
export interface MethodInfo {
  id: string;
  icon: LucideIcon;
  percent?: string;
  fixedRand?: number;
  /** Only where the spec names a settlement time. */
  timing?: 'instant' | 'business_days' | 'minutes';
}

export const SUPPORTED_METHODS = [
  { id: 'card', icon: CreditCard, percent: '2.9', fixedRand: 2.5, timing: 'instant' },
  { id: 'eft', icon: Landmark, fixedRand: 8.5, timing: 'business_days' },
  { id: 'qr_one', icon: QrCode, percent: '3.5' },
  { id: 'qr_two', icon: QrCode, percent: '3.2' },
] as const satisfies readonly MethodInfo[];

export type SupportedMethodId = (typeof SUPPORTED_METHODS)[number]['id'];

export const COMING_SOON_METHODS = [
  { id: 'bank_pay_one', icon: Smartphone, fixedRand: 2 },
  { id: 'bank_pay_two', icon: Smartphone, percent: '2.5' },
  { id: 'crypto', icon: Bitcoin, percent: '1.5', timing: 'minutes' },
] as const satisfies readonly MethodInfo[];

export const PAYMENT_STEPS = ['choose', 'details', 'confirm', 'done'] as const;

export const SECURITY_ITEMS = [
  { id: 'pci_dss', status: 'implemented' },
  { id: 'ssl_tls', status: 'implemented' },
  { id: 'fraud_detection', status: 'implemented' },
  { id: 'three_d_secure', status: 'in_development' },
] as const;

/** Every supported method's guide has these steps (texts under guide.<method>.<step>). */
export const GUIDE_STEPS = ['one', 'two', 'three'] as const;
