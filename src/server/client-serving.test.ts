import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { Database } from './db/client.js';
import { createMailer } from './mail/transport.js';
import { createTestDatabase } from './test/test-db.js';

let database: Database;
let app: FastifyInstance;
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nashr-client-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-def456.js'), `export const words = ${JSON.stringify('press release '.repeat(2000))};`);
  // What the build writes beside a file (vite.config.ts): its brotli and gzip forms, made once at the
  // highest quality. Marked so the test can tell them from compression done per request.
  const built = `export const words = ${JSON.stringify('compressed by the build '.repeat(500))};`;
  fs.writeFileSync(path.join(clientDir, 'assets', 'built-aaa111.js'), built);
  fs.writeFileSync(path.join(clientDir, 'assets', 'built-aaa111.js.br'), zlib.brotliCompressSync(built));
  fs.writeFileSync(path.join(clientDir, 'assets', 'built-aaa111.js.gz'), zlib.gzipSync(built));
  database = await createTestDatabase();
  const config = loadConfig({});
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, pool: 1, db: database.db, log });
  app = await buildApp({ config, database, db: database.db, mailer, now: () => new Date() }, { clientDir });
});
afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the built client', () => {
  it('sends scripts compressed to a browser that accepts it', async () => {
    const script = await app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(script.rawPayload).toString()).toContain('press release press release');
    expect(script.rawPayload.length).toBeLessThan(2000);
    const gzipped = await app.inject({ url: '/assets/app-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    // Without the header nothing is compressed.
    const plain = await app.inject({ url: '/assets/app-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends the compressed files the build wrote as they are, with the immutable cache header', async () => {
    const onDisk = fs.readFileSync(path.join(clientDir, 'assets', 'built-aaa111.js.br'));
    const script = await app.inject({ url: '/assets/built-aaa111.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(script.rawPayload, onDisk)).toBe(0);
    const gzipped = await app.inject({ url: '/assets/built-aaa111.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toContain('compressed by the build');
  });

  it('answers the root and every app path with the app, never cached', async () => {
    for (const url of ['/', '/dashboard', '/editor/123', '/no/such/page']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and a missing one as a 404, not as the app', async () => {
    const asset = await app.inject({ url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ url: '/assets/main-old.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it('serves files of a client rebuilt after the server started', async () => {
    fs.writeFileSync(path.join(clientDir, 'assets', 'main-def456.js'), 'console.log(2)');
    const res = await app.inject({ url: '/assets/main-def456.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
