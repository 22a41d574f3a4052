import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('HTTP conventions', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Resource not found', code: 'NOT_FOUND', requestId: res.headers['x-request-id'] });
  });

  it('answers malformed JSON with a 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('answers a badly encoded URL with a 400 in the error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/%zz' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'message', 'requestId']);
  });

  it('refuses a state-changing call from a foreign origin', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    const same = await t.request({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'http://localhost:3000' } });
    expect(same.statusCode).toBe(200);
  });

  it('answers /api/auth/me with 401 when signed out', async () => {
    const res = await t.request({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
  });
});

describe('test harness', () => {
  it('signs a jar in as a new user', async () => {
    const user = await t.signInAs('harness', { role: 'super_admin' });
    const res = await t.request({ method: 'GET', url: '/api/auth/me', as: 'harness' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, role: 'super_admin', userType: 'super_admin' });
    expect(res.body).not.toMatch(/password/i);
  });
});
