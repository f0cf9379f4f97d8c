export * from './contract.ts';
export * from './platform.ts';
export * from './marketplace.ts';
export * from './cooperatives.ts';
export * from './crm.ts';
export * from './ledger.ts';
export * from './inventory.ts';
export * from './academy.ts';
