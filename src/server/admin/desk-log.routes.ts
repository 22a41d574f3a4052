import type { FastifyInstance } from 'fastify';
import { deliveriesQuerySchema } from '../../shared/admin.js';
import { requireSuperAdmin } from '../access/access.js';
import { parseInput } from '../http/errors.js';
import { listDeliveryLog } from './delivery-log.service.js';

/** /api/admin: the operator's logs (issue 29): deliveries by address or release. Super admins only. */
export async function deskLogRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.addHook('preHandler', async (request) => {
    requireSuperAdmin(request);
  });

  app.get('/deliveries', async (request) => listDeliveryLog(db, parseInput(deliveriesQuerySchema, request.query)));
}
