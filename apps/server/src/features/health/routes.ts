import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { healthContracts } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';

export async function healthRoutes(app: FastifyInstance) {
  defineRoute(app, healthContracts.health, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: app.dbKind };
  });
}
