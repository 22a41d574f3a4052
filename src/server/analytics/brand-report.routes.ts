import type { FastifyInstance } from 'fastify';
import { brandReportCsvQuerySchema, brandReportQuerySchema } from '../../shared/brands.js';
import { parseInput } from '../http/errors.js';
import { sendCsvReport } from '../http/csv-reply.js';
import { requireUser } from '../access/access.js';
import { brandReport, brandReportCsv, reportLanguage } from './brand-report.service.js';

/** The brand report (issue 28), printable and as CSV; registered under /api. */
export async function brandReportRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, now } = app.deps;
  const deps = () => ({ db, publicUrl: config.publicUrl, now: now() });

  app.get<{ Params: { id: string } }>('/brands/:id/report', async (request) => {
    const actor = requireUser(request);
    return brandReport(deps(), actor, request.params.id, parseInput(brandReportQuerySchema, request.query));
  });

  app.get<{ Params: { id: string } }>('/brands/:id/report.csv', async (request, reply) => {
    const actor = requireUser(request);
    const { tz, lang, ...period } = parseInput(brandReportCsvQuerySchema, request.query);
    const report = await brandReport(deps(), actor, request.params.id, period);
    return sendCsvReport(reply, brandReportCsv(report, reportLanguage(lang, request.headers['accept-language'], actor), tz));
  });
}
