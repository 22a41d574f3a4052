import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../app.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
const listening: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of listening) await app.close();
  await t.close();
});

/** The real app on a real socket, with connection limits a test can reach in moments. */
async function listen(limits: AppOptions['connectionLimits'] = {}) {
  const app = await buildApp(t.deps, { serveClient: false, connectionLimits: limits });
  await app.listen({ port: 0, host: '127.0.0.1' });
  listening.push(app);
  return (app.server.address() as AddressInfo).port;
}

/** Opens a raw connection, writes the request head (and any body bytes), and resolves with everything the server answers until it closes. */
function rawRequest(port: number, head: string, body = '', trickle?: { every: number }) {
  return new Promise<{ answer: string; bytesSent: number }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head + body);
      if (trickle) {
        timer = setInterval(() => {
          if (socket.writable) socket.write('x', () => (bytesSent += 1));
        }, trickle.every);
      }
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, bytesSent });
    });
  });
}

const postHead = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

describe('request bodies', () => {
  it('refuses a 24 MB body to the login before reading it', async () => {
    const port = await listen();
    // Only the head is sent: an answer at all proves the server did not wait for (or parse) the body.
    const { answer } = await rawRequest(port, postHead('/api/auth/login', 24 * 1024 * 1024), '{"email":');
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
  });

  it('takes a few KB on account routes, 1 MB elsewhere, and 25 MB only where attachments arrive', async () => {
    await t.signInAs('body-sizer');
    const json = (bytes: number) => JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(bytes) });
    const post = (url: string, payload: string) =>
      t.request({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' }, as: 'body-sizer' });

    expect((await post('/api/auth/login', json(4 * 1024))).statusCode).not.toBe(413);
    expect((await post('/api/auth/login', json(64 * 1024))).statusCode).toBe(413);
    expect((await post('/api/auth/register', json(64 * 1024))).statusCode).toBe(413);
    expect((await post('/api/user-lists', json(512 * 1024))).statusCode).not.toBe(413);
    expect((await post('/api/user-lists', json(2 * 1024 * 1024))).statusCode).toBe(413);
    expect((await post('/api/send-press-release', json(20 * 1024 * 1024))).statusCode).not.toBe(413);
    expect((await post('/api/send-press-release', json(26 * 1024 * 1024))).statusCode).toBe(413);
  });
});

describe('slow clients and many connections', () => {
  it('closes a request whose body trickles in a byte at a time once the request time is up', async () => {
    const port = await listen({ requestTimeoutMs: 1_000, headersTimeoutMs: 500, checkIntervalMs: 100 });
    const { answer } = await rawRequest(port, postHead('/api/auth/login', 100), '{', { every: 200 });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that sends no complete request head in time', async () => {
    const port = await listen({ requestTimeoutMs: 1_000, headersTimeoutMs: 500, checkIntervalMs: 100 });
    const { answer } = await rawRequest(port, 'GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('accepts no more connections than its limit', async () => {
    const port = await listen({ maxConnections: 3 });
    const open = await Promise.all(
      Array.from({ length: 3 }, () => new Promise<net.Socket>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
      })),
    );
    // Node closes connections beyond maxConnections as soon as they arrive.
    const { answer } = await rawRequest(port, 'GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer).toBe('');
    for (const socket of open) socket.destroy();
    // The server counts a connection as gone once it has seen it close; until then, it may still refuse.
    let after = '';
    for (let tries = 0; !after && tries < 50; tries++) {
      after = (await rawRequest(port, 'GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')).answer;
    }
    expect(after).toMatch(/^HTTP\/1\.1 401 /);
  });
});
