import type { ReleaseId } from '../../shared/ids.js';
import type { FastifyInstance } from 'fastify';
import { recipientsQuerySchema, reportQuerySchema } from '../../shared/releases.js';
import { parseInput, parseUuidParam } from '../http/errors.js';
import { canViewEmails, requireUser } from '../access/access.js';
import { dashboard, recipients, releaseAnalytics, reportCsv } from './analytics.service.js';
import { brandFilterQuerySchema } from '../../shared/brands.js';

/** Registered at /api. */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const { db, now } = app.deps;

  app.get('/analytics/dashboard', async (request) =>
    dashboard(db, requireUser(request), now(), parseInput(brandFilterQuerySchema, request.query).brandId),
  );

  app.get<{ Params: { id: string } }>('/press-releases/:id/analytics', async (request) => {
    const actor = requireUser(request);
    return releaseAnalytics(db, actor, parseUuidParam<ReleaseId>(request.params.id));
  });

  app.get<{ Params: { id: string } }>('/press-releases/:id/recipients', async (request) => {
    const actor = requireUser(request);
    const id = parseUuidParam<ReleaseId>(request.params.id);
    return recipients(db, actor, id, parseInput(recipientsQuerySchema, request.query), canViewEmails(actor));
  });

  app.get<{ Params: { id: string } }>('/press-releases/:id/report.csv', async (request, reply) => {
    const actor = requireUser(request);
    const id = parseUuidParam<ReleaseId>(request.params.id);
    const { tz, lang } = parseInput(reportQuerySchema, request.query);
    const report = await reportCsv(db, actor, id, canViewEmails(actor), tz, lang);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${report.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(report.csv);
  });
}
