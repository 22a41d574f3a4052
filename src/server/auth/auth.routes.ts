import type { FastifyInstance } from 'fastify';
import { endSession, requireUser } from '../http/session.js';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.get('/me', async (request) => requireUser(request));

  app.post('/logout', async (request, reply) => {
    await endSession(db, request, reply);
    return { ok: true };
  });
}
