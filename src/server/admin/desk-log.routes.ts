import type { FastifyInstance } from 'fastify';
import { auditCsvQuerySchema, auditQuerySchema, deliveriesQuerySchema, releaseChoicesQuerySchema } from '../../shared/admin.js';
import { requireSuperAdmin } from '../access/access.js';
import { auditCsv, listAudit } from '../audit/audit.service.js';
import { reportLanguage } from '../analytics/brand-report.service.js';
import { parseInput } from '../http/errors.js';
import { sendCsvReport } from '../http/csv-reply.js';
import { listDeliveryLog, listReleaseChoices } from './delivery-log.service.js';

/** /api/admin: the operator's logs (issue 29): deliveries by address or release, the audit log in words. Super admins only. */
export async function deskLogRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.addHook('preHandler', async (request) => {
    requireSuperAdmin(request);
  });

  app.get('/deliveries', async (request) => listDeliveryLog(db, parseInput(deliveriesQuerySchema, request.query)));
  app.get('/releases', async (request) => listReleaseChoices(db, parseInput(releaseChoicesQuerySchema, request.query)));

  app.get('/audit', async (request) => listAudit(db, parseInput(auditQuerySchema, request.query)));

  app.get('/audit.csv', async (request, reply) => {
    const actor = requireSuperAdmin(request);
    const { lang, ...filters } = parseInput(auditCsvQuerySchema, request.query);
    return sendCsvReport(reply, await auditCsv(db, filters, reportLanguage(lang, request.headers['accept-language'], actor)));
  });
}
