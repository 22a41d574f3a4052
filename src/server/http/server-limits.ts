import type { FastifyInstance } from 'fastify';

/**
 * How much one request may send and how long it may take, so that one slow or greedy client cannot hold
 * the server's memory, sockets or event loop. A body larger than the limit is refused from its
 * Content-Length (or as soon as a chunked body passes it), before any of it is parsed.
 */
export const BODY_LIMIT = {
  /** JSON of every route that does not say otherwise: 10,000 ids of a bulk action fit with room to spare. */
  default: 1024 * 1024,
  /** Sign-in, registration, password and profile forms: a few fields. */
  accountForms: 16 * 1024,
  /** A press release with its attachments (15 MB of files, base64-encoded, plus the text). */
  attachments: 25 * 1024 * 1024,
};

export type ConnectionLimits = {
  /** The whole request (head and body) must arrive within this; a 25 MB release at 2 Mbit/s takes 100 s. */
  requestTimeoutMs: number;
  /** The request head must arrive within this. */
  headersTimeoutMs: number;
  /** How often the server looks for requests past those times. */
  checkIntervalMs: number;
  /** Connections beyond this are closed as they arrive. */
  maxConnections: number;
};

export const CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 120_000,
  headersTimeoutMs: 20_000,
  checkIntervalMs: 5_000,
  maxConnections: 2_000,
};

/** Fastify's server options for those limits (Node's HTTP server applies them). */
export function serverOptions(limits: ConnectionLimits) {
  return {
    bodyLimit: BODY_LIMIT.default,
    requestTimeout: limits.requestTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs },
  };
}

/** Every route registered in this plugin (and its children) takes bodies up to `limit` unless it sets its own. */
export function limitBodiesTo(app: FastifyInstance, limit: number): void {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= limit;
  });
}
