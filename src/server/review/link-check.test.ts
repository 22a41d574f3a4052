import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLinks } from './link-check.js';

/** A real HTTP server on 127.0.0.1: one page that answers, one that is gone, redirects, a slow one, HEAD refused. */
let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/ok') return res.writeHead(200).end('ok');
    if (req.url === '/moved') return res.writeHead(301, { location: '/ok' }).end();
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/get-only') return req.method === 'HEAD' ? res.writeHead(405).end() : res.writeHead(200).end('ok');
    if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end(), 2000);
    res.writeHead(404).end('gone');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const links = (...paths: string[]) => paths.map((p) => ({ text: p, href: p.startsWith('/') ? `${base}${p}` : p }));

describe('link check', () => {
  it('tells links that answer from those that do not, following redirects and falling back from HEAD to GET', async () => {
    const results = await checkLinks(links('/ok', '/missing', '/moved', '/get-only', '/loop', '/slow'), { allowPrivate: true, timeoutMs: 500 });
    expect(results.map((r) => [r.text, r.ok, r.status, r.problem])).toEqual([
      ['/ok', true, 200, null],
      ['/missing', false, 404, 'http_error'],
      ['/moved', true, 200, null],
      ['/get-only', true, 200, null],
      ['/loop', false, null, 'too_many_redirects'],
      ['/slow', false, null, 'timeout'],
    ]);
  });

  it('never reaches loopback, private or metadata addresses unless allowed, whatever the name', async () => {
    const results = await checkLinks(
      links('/ok', 'http://localhost:9/', 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', 'http://[::1]/'),
      { allowPrivate: false, timeoutMs: 1000 },
    );
    expect(results.map((r) => r.problem)).toEqual(['private_address', 'private_address', 'private_address', 'private_address', 'private_address']);
  });

  it('answers an unreachable host and a link that is not a web address plainly', async () => {
    const results = await checkLinks(links('http://nashr-link-check.invalid/', 'mailto:press@example.com'), { allowPrivate: false, timeoutMs: 2000 });
    expect(results.map((r) => r.problem)).toEqual(['unreachable', 'invalid']);
  });
});
