import type { ReleaseId } from '../../shared/ids.js';
import type { FastifyInstance } from 'fastify';
import { adminSearchQuerySchema } from '../../shared/admin.js';
import { addCoverageSchema, FEED_IMPORT_MAX_BYTES, feedInputSchema } from '../../shared/coverage.js';
import { parseInput, parseIntParam, parseUuidParam, validationFailed, appError, fieldError } from '../http/errors.js';
import { createRequestLimiter } from '../http/request-limit.js';
import { requireRelease, requireSuperAdmin, requireUser } from '../access/access.js';
import { addCoverageFromUrl, coverageOf, recentCoverage, removeItem } from './coverage.service.js';
import { createFeed, deleteFeed, importFeeds, listFeeds, updateFeed } from './feeds.service.js';
import { importStarterFeeds } from './starter-feeds.js';

/** A person adds an article now and then; each addition fetches a page on their behalf. */
const ADDITIONS_PER_MINUTE = 10;

/** Registered at /api/admin: the outlet feeds, super admins only. */
export async function feedsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  app.addHook('preHandler', async (request) => {
    requireSuperAdmin(request);
  });
  const feedId = (params: unknown) => parseUuidParam((params as { feedId: string }).feedId);

  app.get('/feeds', async (request) => listFeeds(db, parseInput(adminSearchQuerySchema, request.query)));
  app.post('/feeds', async (request, reply) => {
    reply.status(201);
    return createFeed(db, requireSuperAdmin(request), parseInput(feedInputSchema, request.body));
  });
  app.put('/feeds/:feedId', async (request) => updateFeed(db, requireSuperAdmin(request), feedId(request.params), parseInput(feedInputSchema, request.body)));
  app.delete('/feeds/:feedId', async (request, reply) => {
    await deleteFeed(db, requireSuperAdmin(request), feedId(request.params));
    return reply.status(204).send();
  });
  app.post('/feeds/starter', async (request) => importStarterFeeds(db, requireSuperAdmin(request)));
  app.post('/feeds/import', async (request) => {
    const actor = requireSuperAdmin(request);
    if (!request.isMultipart()) throw appError('CSV_MULTIPART_REQUIRED');
    const part = await request.file();
    if (!part || part.fieldname !== 'csvFile') throw validationFailed([fieldError('csvFile', 'CSV_FILE_REQUIRED')]);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file) {
      size += chunk.length;
      if (size > FEED_IMPORT_MAX_BYTES) throw appError('FEED_LIST_TOO_LARGE');
      chunks.push(chunk);
    }
    return importFeeds(db, actor, Buffer.concat(chunks).toString('utf8'));
  });
}

/** Registered at /api: a release's coverage (its owner or a super admin; 404 for anyone else). */
export async function coverageRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const additions = createRequestLimiter(ADDITIONS_PER_MINUTE, 60_000);
  const deps = { ...app.deps, publicUrl: config.publicUrl, log: app.log, allowPrivate: config.feedAllowPrivate };
  const releaseId = (params: unknown) => parseUuidParam<ReleaseId>((params as { id: string }).id);

  app.get('/press-releases/:id/coverage', async (request) => {
    const release = await requireRelease(db, requireUser(request), releaseId(request.params), 'read');
    return coverageOf(db, release);
  });

  app.post('/press-releases/:id/coverage', async (request, reply) => {
    const actor = requireUser(request);
    const release = await requireRelease(db, actor, releaseId(request.params), 'write');
    const { url } = parseInput(addCoverageSchema, request.body);
    if (release.status !== 'sending' && release.status !== 'sent') throw appError('COVERAGE_BEFORE_SEND');
    additions.take(actor.id);
    reply.status(201);
    return addCoverageFromUrl(deps, actor, release.id, url);
  });

  app.delete('/press-releases/:id/coverage/:itemId', async (request, reply) => {
    const actor = requireUser(request);
    const release = await requireRelease(db, actor, releaseId(request.params), 'write');
    await removeItem(db, actor, release.id, parseIntParam((request.params as { itemId: string }).itemId));
    return reply.status(204).send();
  });

  app.get('/coverage/recent', async (request) => recentCoverage(db, requireUser(request), app.deps.now()));
}
