import type { FastifyInstance } from 'fastify';
import { performanceContracts as c } from '@tt/domain';
import { defineRoute } from '../../platform/route.ts';
import { performanceReport } from './service.ts';

/** The performance monitor (spec 2; ADR 049): this instance's figures, measured as they are asked for. */
export async function performanceRoutes(app: FastifyInstance) {
  defineRoute(app, c.report, async () => performanceReport(app));
}
