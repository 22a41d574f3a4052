import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Deps } from '../deps.js';
import { metricsText } from './metrics.js';

/** A worker has no web server; Prometheus scrapes its counters (SMTP answers, messages sent) here. */
export async function serveWorkerMetrics(deps: Deps, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/metrics' || request.method !== 'GET') return response.writeHead(404).end();
    if (deps.config.metricsToken && !bearerMatches(request.headers.authorization, deps.config.metricsToken))
      return response.writeHead(401).end();
    metricsText(deps.db, deps.now()).then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}

export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
