import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let testApp: TestApp;
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nashr-public-pages-'));
const publicUrl = 'https://nashr.example';

beforeAll(async () => {
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  fs.mkdirSync(path.join(clientDir, 'static-pages'));
  // What the client build writes (scripts/static-public-pages.ts): one file per page and language.
  for (const [file, title] of [['index', 'landing'], ['contact', 'contact']]) {
    for (const language of ['en', 'ar']) {
      fs.writeFileSync(
        path.join(clientDir, 'static-pages', `${file}.${language}.html`),
        `<!doctype html><html lang="${language}"><link rel="canonical" href="__NASHR_ORIGIN__/${file}"><h1>${title} ${language}</h1><p>${'press release '.repeat(200)}</p>`,
      );
    }
  }
  testApp = await createTestApp({ PUBLIC_URL: publicUrl }, { clientDir });
});
afterAll(async () => {
  await testApp.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('public pages served as their static copies', () => {
  it('sends a visitor the English copy, with the site address written in, compressed where accepted', async () => {
    const compressed = await testApp.request({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    const page = await testApp.request({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<h1>landing en</h1>');
    expect(page.body).toContain(`href="${publicUrl}/index"`);
    expect(page.body).not.toContain('__NASHR_ORIGIN__');
    expect(page.headers.vary).toContain('Accept-Language');
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it("answers in the browser's language, then in a remembered choice, then in an explicit one, which it remembers", async () => {
    const arabicBrowser = await testApp.request({ url: '/contact', headers: { 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.8' } });
    expect(arabicBrowser.body).toContain('<h1>contact ar</h1>');
    const remembered = await testApp.request({ url: '/', headers: { cookie: 'nashr-language=ar', 'accept-language': 'en-US' } });
    expect(remembered.body).toContain('<h1>landing ar</h1>');
    const explicit = await testApp.request({ url: '/?lang=en', headers: { cookie: 'nashr-language=ar' } });
    expect(explicit.body).toContain('<h1>landing en</h1>');
    expect(String(explicit.headers['set-cookie'])).toMatch(/^nashr-language=en;.*Path=\//);
  });

  it('ignores a language it does not have', async () => {
    const page = await testApp.request({ url: '/?lang=fr', headers: { cookie: 'nashr-language=xx' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>landing en</h1>');
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('sends the app to whoever has a session, and for every other path', async () => {
    const signedIn = await testApp.request({ url: '/', headers: { cookie: 'sid=anything' } });
    expect(signedIn.body).toContain('<title>app</title>');
    const dashboard = await testApp.request({ url: '/dashboard' });
    expect(dashboard.body).toContain('<title>app</title>');
  });

  it('falls back to the app for a page the build has no copy of', async () => {
    const privacy = await testApp.request({ url: '/privacy-policy' });
    expect(privacy.statusCode).toBe(200);
    expect(privacy.body).toContain('<title>app</title>');
  });
});
