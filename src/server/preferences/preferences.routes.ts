import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dataRequestSchema, preferencesUpdateSchema } from '../../shared/preferences.js';
import { adminPageQuerySchema } from '../../shared/admin.js';
import { parseInput, parseIntParam, parseUuidParam } from '../http/errors.js';
import { createRequestLimiter } from '../http/request-limit.js';
import { requireSuperAdmin } from '../access/access.js';
import { ensureAppSecret } from '../common/app-secret.js';
import { linkOf, preferencePage, requestData, updatePreferences } from './preferences.service.js';
import { contactPreferences, listDataRequests, resolveDataRequest } from './preferences-admin.service.js';
import { exportDataRequest, journalistLanguage } from './data-export.js';
import { dataExportDocument } from './data-export-document.js';

/** A person reading and saving their page: a generous limit per client that still stops guessing links. */
const PREFERENCE_REQUESTS_PER_MINUTE = 60;
/** Asking for a copy or erasure: a few a minute is plenty for a person. */
const DATA_REQUESTS_PER_MINUTE = 5;

/** /api/preferences/{token}: the journalist's preference page, public, reached by the signed link of an e-mail (decision 024). */
export async function preferencesRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const reads = createRequestLimiter(PREFERENCE_REQUESTS_PER_MINUTE, 60_000);
  const asks = createRequestLimiter(DATA_REQUESTS_PER_MINUTE, 60_000);
  let secret: Promise<string> | undefined;
  const linkFor = async (request: FastifyRequest) => {
    reads.take(request.ip);
    secret ??= ensureAppSecret(app.deps);
    return linkOf(db, String((request.params as { token: string }).token), await secret);
  };

  app.get('/:token', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return preferencePage(db, await linkFor(request));
  });

  app.put('/:token', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const link = await linkFor(request);
    return updatePreferences(db, link, parseInput(preferencesUpdateSchema, request.body));
  });

  app.post('/:token/requests', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const link = await linkFor(request);
    asks.take(request.ip);
    const { kind } = parseInput(dataRequestSchema, request.body);
    return requestData(db, link, kind, app.deps.now());
  });
}

/** /api/admin: a journalist's own choices and consent records, and the queue of access and erasure requests. */
export async function preferencesAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  app.addHook('preHandler', async (request) => {
    requireSuperAdmin(request);
  });

  app.get('/contacts/:id/preferences', async (request) => contactPreferences(db, parseIntParam((request.params as { id: string }).id)));

  app.get('/data-requests', async (request) => listDataRequests(db, parseInput(adminPageQuerySchema, request.query)));

  // A download (Content-Disposition) for the super admin to send on: what Nashr holds about the journalist.
  app.get('/data-requests/:id/export', async (request, reply) => {
    const actor = requireSuperAdmin(request);
    const exported = await exportDataRequest(db, actor, parseUuidParam((request.params as { id: string }).id), app.deps.now());
    const name = exported.email.replace(/[^a-z0-9@._-]/gi, '_');
    reply.header('cache-control', 'no-store');
    reply.header('content-disposition', `attachment; filename="nashr-data-${name}.json"`);
    return exported;
  });

  // The same export as a document to send a person: headed sections and words for every field, in the
  // journalist's language (their own first choice, else their contact's) unless ?language= asks otherwise.
  app.get('/data-requests/:id/export.html', async (request, reply) => {
    const actor = requireSuperAdmin(request);
    const exported = await exportDataRequest(db, actor, parseUuidParam((request.params as { id: string }).id), app.deps.now());
    const asked = (request.query as { language?: string }).language;
    const language = asked === 'en' || asked === 'ar' ? asked : journalistLanguage(exported);
    const name = exported.email.replace(/[^a-z0-9@._-]/gi, '_');
    reply.header('cache-control', 'no-store');
    reply.header('content-disposition', `attachment; filename="nashr-data-${name}.html"`);
    return reply.type('text/html; charset=utf-8').send(dataExportDocument(exported, language));
  });

  app.post('/data-requests/:id/resolve', async (request) => {
    const actor = requireSuperAdmin(request);
    return resolveDataRequest(db, actor, parseUuidParam((request.params as { id: string }).id), app.deps.now());
  });
}
