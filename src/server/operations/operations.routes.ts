import type { FastifyInstance } from 'fastify';
import { appError } from '../http/errors.js';
import { checkReadiness } from './readiness.js';
import { httpDuration, metricsText } from './metrics.js';
import { bearerMatches } from './worker-metrics.js';

/**
 * What operators and load balancers ask, without a session: /healthz (the process answers), /readyz
 * (it can serve: database reachable and migrated; 503 otherwise), /metrics (Prometheus text, behind
 * METRICS_TOKEN as a bearer token when set).
 */
export async function operationsRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;

  app.get('/healthz', { helmet: false }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', { helmet: false }, async (request, reply) => {
    const readiness = await checkReadiness(db);
    reply.header('cache-control', 'no-store');
    if (readiness.ready) return reply.send({ status: 'ready' });
    request.log.warn({ reason: readiness.reason }, 'not ready');
    return reply.status(503).send({ status: 'unavailable', reason: readiness.reason });
  });

  app.get('/metrics', { helmet: false }, async (request, reply) => {
    if (config.metricsToken && !bearerMatches(request.headers.authorization, config.metricsToken)) throw appError('METRICS_TOKEN_REQUIRED');
    const { contentType, body } = await metricsText(db, app.deps.now());
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}

/** Times every request under its route pattern (unmatched ones as one label, so URLs cannot explode it). */
export function installRequestTiming(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
