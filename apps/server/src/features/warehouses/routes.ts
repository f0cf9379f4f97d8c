import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allocateSpaceSchema,
  createWarehouseSchema,
  virtualInventoryItemSchema,
  virtualWarehouseSchema,
  warehouseOwnershipSchema,
} from '@tt/domain';
import { currentUser } from '../../platform/auth.ts';
import { allocateSpace, createWarehouse, listWarehouses, myInventory, myOwnership } from './service.ts';

const coopParams = z.object({ id: z.coerce.number().int().positive() });

/** Spec 3 /virtual-warehouses/:id (the id is the cooperative's). */
export async function warehouseRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['virtual-warehouses'];

  r.get(
    '/api/cooperatives/:id/virtual-warehouses',
    { schema: { tags, params: coopParams, response: { 200: z.array(virtualWarehouseSchema) } } },
    async (request) => listWarehouses(app.db, request.params.id, currentUser(request)),
  );
  r.post(
    '/api/cooperatives/:id/virtual-warehouses',
    {
      schema: {
        tags,
        params: coopParams,
        body: createWarehouseSchema,
        response: { 201: virtualWarehouseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createWarehouse(app.db, request.params.id, currentUser(request), request.body)),
  );
  r.get(
    '/api/virtual-warehouses/my-ownership',
    { schema: { tags, response: { 200: z.array(warehouseOwnershipSchema) } } },
    async (request) => myOwnership(app.db, currentUser(request).id),
  );
  r.get(
    '/api/virtual-warehouses/my-inventory',
    { schema: { tags, response: { 200: z.array(virtualInventoryItemSchema) } } },
    async (request) => myInventory(app.db, currentUser(request).id),
  );
  r.post(
    '/api/virtual-warehouses/allocate-space',
    { schema: { tags, body: allocateSpaceSchema, response: { 201: warehouseOwnershipSchema } } },
    async (request, reply) =>
      reply.status(201).send(await allocateSpace(app.db, currentUser(request), request.body)),
  );
}
