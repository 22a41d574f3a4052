import type { ReleaseId } from '../../shared/ids.js';
import type { FastifyInstance } from 'fastify';
import { repliesQuerySchema, researchQuerySchema, researchResolutionSchema } from '../../shared/replies.js';
import { canViewEmails, requireSuperAdmin, requireUser } from '../access/access.js';
import { parseInput, parseIntParam, parseUuidParam } from '../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { repliesOfRelease } from './replies.service.js';
import { researchQueue, resolveResearchItem } from './research.service.js';

/** Registered at /api: a release's replies, and the operator's research queue (issue 38). */
export async function repliesRoutes(app: FastifyInstance): Promise<void> {
  const { db, now } = app.deps;

  app.get<{ Params: { id: string } }>('/press-releases/:id/replies', async (request) => {
    const actor = requireUser(request);
    return repliesOfRelease(db, actor, parseUuidParam<ReleaseId>(request.params.id), parseInput(repliesQuerySchema, request.query), canViewEmails(actor));
  });

  app.get('/admin/research-queue', async (request) => {
    requireSuperAdmin(request);
    return researchQueue(db, parseInput(researchQuerySchema, request.query));
  });

  app.post<{ Params: { id: string } }>('/admin/research-queue/:id/resolve', async (request) => {
    const actor = requireSuperAdmin(request);
    const id = parseIntParam(request.params.id);
    const resolution = parseInput(researchResolutionSchema, request.body);
    await resolveResearchItem(db, actor, id, resolution, now());
    await recordAudit(db, actor, 'contact.research_resolved', String(id), { action: resolution.action });
    return { ok: true };
  });
}
