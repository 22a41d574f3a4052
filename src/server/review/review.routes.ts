import type { ReleaseId } from '../../shared/ids.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageParam, pageSizeParam } from '../../shared/paging.js';
import { rejectSchema, requestChangesSchema } from '../../shared/review.js';
import { parseInput, parseUuidParam } from '../http/errors.js';
import { requireUser } from '../access/access.js';
import { assertEditor, checkReleaseLinks, decide, reviewDetail, reviewQueue, reviewStats } from './review.service.js';

/** A link that has not answered in 5 seconds does not answer for a journalist either. */
const LINK_CHECK_TIMEOUT_MS = 5000;
const queueQuerySchema = z.object({ page: pageParam(10_000), pageSize: pageSizeParam(20, 100) });

/** /api/review: the editors' queue, one release under review, decisions and turnaround (issue 11). */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const deps = { db: app.deps.db, mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl, mailFrom: app.deps.config.mailFrom, now: app.deps.now, log: app.log };
  const linkCheck = { allowPrivate: app.deps.config.linkCheckAllowPrivate, timeoutMs: LINK_CHECK_TIMEOUT_MS };
  const editor = (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    assertEditor(user);
    return user;
  };

  app.get('/queue', async (request) => {
    editor(request);
    const { page, pageSize } = parseInput(queueQuerySchema, request.query);
    return reviewQueue(deps, page, pageSize);
  });

  // A static path: it wins over /:id in the router.
  app.get('/stats', async (request) => {
    editor(request);
    return reviewStats(deps);
  });

  app.get<{ Params: { id: string } }>('/:id', async (request) => {
    return reviewDetail(deps, editor(request), parseUuidParam<ReleaseId>(request.params.id));
  });

  app.get<{ Params: { id: string } }>('/:id/links', async (request) => {
    return checkReleaseLinks(deps, editor(request), parseUuidParam<ReleaseId>(request.params.id), linkCheck);
  });

  app.post<{ Params: { id: string } }>('/:id/approve', async (request) => {
    const user = editor(request);
    return { pressRelease: await decide(deps, user, parseUuidParam<ReleaseId>(request.params.id), { kind: 'approved' }) };
  });

  app.post<{ Params: { id: string } }>('/:id/request-changes', async (request) => {
    const user = editor(request);
    const { comment } = parseInput(requestChangesSchema, request.body ?? {});
    return { pressRelease: await decide(deps, user, parseUuidParam<ReleaseId>(request.params.id), { kind: 'changes_requested', comment }) };
  });

  app.post<{ Params: { id: string } }>('/:id/reject', async (request) => {
    const user = editor(request);
    const { reason } = parseInput(rejectSchema, request.body ?? {});
    return { pressRelease: await decide(deps, user, parseUuidParam<ReleaseId>(request.params.id), { kind: 'rejected', reason }) };
  });
}
