import type { FastifyInstance } from 'fastify';
import { deliverabilityQuerySchema } from '../../shared/deliverability.js';
import { parseInput } from '../http/errors.js';
import { requireSuperAdmin } from '../access/access.js';
import { loadDkimKey } from './dkim.js';
import { deliverabilityReport } from './rates.service.js';
import { sendingDomain } from './sending-domain.service.js';

/** Registered at /api/admin: super admins only. */
export async function deliverabilityRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, config } = app.deps;

  app.get('/deliverability', async (request) => {
    requireSuperAdmin(request);
    return deliverabilityReport(db, now(), parseInput(deliverabilityQuerySchema, request.query));
  });

  app.get('/sending-domain', async (request) => {
    requireSuperAdmin(request);
    return sendingDomain(await loadDkimKey(db, config), {
      bounceDomain: config.bounceDomain,
      replyDomain: config.replyDomain,
      inboundHost: config.bounceMxHost,
      resolver: config.dnsResolver,
    });
  });
}
