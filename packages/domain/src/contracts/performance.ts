import { performanceReportSchema } from '../performance.ts';
import { contract } from './contract.ts';

/**
 * The performance monitor (spec 2; DECISIONS 12; ADR 049): the instance that answers, its response times, the
 * database, the event loop, the job queue and memory, measured live. The platform's operators only.
 */
export const performanceContracts = {
  report: contract({
    method: 'GET',
    path: '/api/performance',
    tag: 'admin',
    summary:
      'This instance’s performance: metrics with their score, the system’s health, tips and the last half hour',
    access: 'platform.monitor',
    status: 200,
    response: performanceReportSchema,
  }),
};
