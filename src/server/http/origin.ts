import type { FastifyInstance } from 'fastify';
import { appError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a state-changing /api call that names an origin must name ours
 * (the configured public URL or the host the request was sent to). Calls without Origin and Referer
 * come from non-browser clients, which carry no ambient cookie risk.
 */
export function installOriginCheck(app: FastifyInstance, publicUrl: string, exemptPaths: string[] = []): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (exemptPaths.some((p) => request.url.startsWith(p))) return;
    const claimed = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (claimed === undefined) return;
    const host = request.headers.host;
    const allowed = claimed === publicOrigin || (host !== undefined && new URL(claimed).host === host);
    if (!allowed) throw appError('CROSS_ORIGIN_REFUSED');
  });
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value === 'null') return 'null://opaque';
  try {
    return new URL(value).origin;
  } catch {
    return 'null://malformed';
  }
}
