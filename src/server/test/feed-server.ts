import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local web server for coverage tests: each path answers what `routes` says, and the server counts
 * requests per path and the most it ever served at once per path.
 */

export type FeedRoute = (request: http.IncomingMessage, response: http.ServerResponse) => void | Promise<void>;

export async function startFeedServer(routes: Record<string, FeedRoute>) {
  const requests = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const mostAtOnce = new Map<string, number>();
  const headersSeen = new Map<string, http.IncomingHttpHeaders[]>();
  let open = 0;
  let mostOpenAtOnce = 0;
  const server = http.createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    requests.set(path, (requests.get(path) ?? 0) + 1);
    headersSeen.set(path, [...(headersSeen.get(path) ?? []), request.headers]);
    inFlight.set(path, (inFlight.get(path) ?? 0) + 1);
    mostAtOnce.set(path, Math.max(mostAtOnce.get(path) ?? 0, inFlight.get(path)!));
    mostOpenAtOnce = Math.max(mostOpenAtOnce, ++open);
    response.on('close', () => {
      inFlight.set(path, inFlight.get(path)! - 1);
      open -= 1;
    });
    const route = routes[path];
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    try {
      await route(request, response);
    } catch {
      response.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    requests,
    mostAtOnce,
    /** The most requests this host ever served at once, whatever their paths. */
    mostOpenAtOnce: () => mostOpenAtOnce,
    resetMostOpen: () => void (mostOpenAtOnce = open),
    headersSeen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const xml = (body: string): FeedRoute => (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(body);
};

export const html = (body: string): FeedRoute => (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
};

/** An article page as outlets publish them: navigation and footer around the article's paragraphs. */
export function articlePage(input: { site: string; title: string; paragraphs: string[]; publishedAt: Date; lang?: string }): string {
  const dir = input.lang === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${input.lang ?? 'en'}" dir="${dir}"><head><meta charset="utf-8"><title>${input.title} | ${input.site}</title>
<meta property="og:site_name" content="${input.site}"><meta property="article:published_time" content="${input.publishedAt.toISOString()}"></head>
<body><nav><a href="/">Home</a> <a href="/business">Business</a> <a href="/sport">Sport</a></nav>
<main><article><h1>${input.title}</h1>${input.paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</article></main>
<footer>© ${input.site}. All rights reserved. <a href="/privacy">Privacy</a></footer></body></html>`;
}
