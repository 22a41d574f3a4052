import type { FastifyInstance } from 'fastify';
import { deliverabilityQuerySchema } from '../../shared/deliverability.js';
import { parseInput } from '../http/errors.js';
import { requireSuperAdmin } from '../http/session.js';
import { deliverabilityReport } from './rates.service.js';

/** Registered at /api/admin/deliverability: super admins only. */
export async function deliverabilityRoutes(app: FastifyInstance): Promise<void> {
  const { db, now } = app.deps;
  app.get('/', async (request) => {
    requireSuperAdmin(request);
    return deliverabilityReport(db, now(), parseInput(deliverabilityQuerySchema, request.query));
  });
}
