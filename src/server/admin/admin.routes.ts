import type { FastifyInstance } from 'fastify';
import { adminSearchQuerySchema, hasControlCharacter, updateRoleSchema } from '../../shared/admin.js';
import { trustedSchema } from '../../shared/review.js';
import { setTrusted } from '../review/review.service.js';
import { listSuppressions } from '../suppressions/suppressions.service.js';
import { parseInput, parseIntParam, parseUuidParam, appError } from '../http/errors.js';
import { requireSuperAdmin } from '../access/access.js';
import { accreditationSchema } from '../../shared/accreditation.js';
import { accreditationOf, setAccreditation } from '../contacts/accreditation.service.js';
import { adminStats, changeUserRole, getOutboxMessage, liftSuppressionAudited, listOutbox, listUsers, listWorkspacesForAdmin } from './admin.service.js';
import type { UserId } from '../../shared/ids.js';

/** /api/admin: the super admin's console. Every route answers 403 to anyone else (401 when signed out). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db, mailer } = app.deps;

  app.addHook('preHandler', async (request) => {
    requireSuperAdmin(request);
  });

  app.get('/stats', async () => adminStats(db));

  app.get('/users', async (request) => listUsers(db, parseInput(adminSearchQuerySchema, request.query)));

  app.get('/workspaces', async (request) => listWorkspacesForAdmin(db, parseInput(adminSearchQuerySchema, request.query)));

  app.put('/users/:userId/role', async (request) => {
    const actor = requireSuperAdmin(request);
    const userId = parseUuidParam<UserId>((request.params as { userId: string }).userId);
    const { role } = parseInput(updateRoleSchema, request.body);
    return changeUserRole(db, actor, userId, role);
  });

  app.put('/users/:userId/trusted', async (request) => {
    const actor = requireSuperAdmin(request);
    const userId = parseUuidParam<UserId>((request.params as { userId: string }).userId);
    const { trusted } = parseInput(trustedSchema, request.body);
    return setTrusted(db, actor, userId, trusted);
  });

  app.get('/outbox', async (request) => ({
    ...(await listOutbox(db, parseInput(adminSearchQuerySchema, request.query))),
    mode: mailer.mode,
  }));

  app.get('/outbox/:id', async (request) => getOutboxMessage(db, parseIntParam((request.params as { id: string }).id), app.deps.config.publicUrl));

  app.get('/suppressions', async (request) => {
    const query = parseInput(adminSearchQuerySchema, request.query);
    return { ...(await listSuppressions(db, query)), page: query.page, pageSize: query.pageSize };
  });

  app.delete('/suppressions/:email', async (request) => {
    const actor = requireSuperAdmin(request);
    const email = String((request.params as { email: string }).email).trim().toLowerCase();
    if (!email || email.length > 320 || hasControlCharacter(email)) throw appError('SUPPRESSION_NOT_FOUND');
    await liftSuppressionAudited(db, actor, email);
    return { lifted: true, email };
  });

  // A journalist's accreditation for embargoed releases (issue 30), with the super admin's note.
  app.get('/contacts/:id/accreditation', async (request) =>
    accreditationOf(db, parseIntParam((request.params as { id: string }).id)),
  );

  app.put('/contacts/:id/accreditation', async (request) => {
    const actor = requireSuperAdmin(request);
    const contactId = parseIntParam((request.params as { id: string }).id);
    return setAccreditation(db, { id: actor.id, email: actor.email }, contactId, parseInput(accreditationSchema, request.body));
  });

}
