export * from '../features/auth/tables.ts';
export * from '../features/notifications/tables.ts';
export * from '../features/catalog/tables.ts';
export * from '../features/orders/tables.ts';
export * from '../features/cooperatives/tables.ts';
