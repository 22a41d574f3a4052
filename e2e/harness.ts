import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { loadConfig } from '../src/server/config';
import { buildApp } from '../src/server/app';
import type { Deps } from '../src/server/deps';
import { createMailer } from '../src/server/mail/transport';
import { accountMailSigning } from '../src/server/deliverability/account-mail';
import { createTestDatabase } from '../src/server/test/test-db';
import { startSmtpSink } from '../src/server/test/smtp-sink';
import { sessions } from '../src/server/db/schema';
import { randomToken, sha256 } from '../src/server/http/tokens';
import type { UserId } from '../src/shared/ids';
import { chromiumPath } from './chromium-path';


const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The whole product for one spec file: a fresh database, a real SMTP peer, the real server on a free
 * port serving the built client, and the system Chromium.
 */
export async function startStack(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const smtp = await startSmtpSink();
  const probe = loadConfig({ SMTP_URL: smtp.url, ...env });
  const mailer = createMailer({ smtpUrl: probe.smtpUrl, from: probe.mailFrom, pool: 2, db: database.db, log: silentLog, signing: await accountMailSigning(database.db, probe) });
  const deps: Deps = { config: probe, database, db: database.db, mailer, now: () => new Date() };
  const app = await buildApp(deps, { clientDir: inject('clientDir') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Links in emails must point at this server.
  deps.config = loadConfig({ SMTP_URL: smtp.url, PUBLIC_URL: baseUrl, ...env });
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const contexts: BrowserContext[] = [];
  /** timezoneId: the zone the browser reports (a reader in Riyadh), else the machine's. */
  type PageOptions = { locale?: string; viewport?: { width: number; height: number }; timezoneId?: string };

  /** A new browser profile; cookie consent is pre-set unless asked otherwise, so banners don't cover the page. */
  async function newPage(options: PageOptions & { consent?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: options.locale ?? 'en-US',
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      viewport: options.viewport ?? { width: 1280, height: 860 },
    });
    contexts.push(context);
    if (options.consent !== false) {
      await context.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
    }
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  /** A new browser profile signed in as the user (a real session row, as login makes). */
  async function signedInPage(userId: UserId, options: PageOptions = {}): Promise<Page> {
    const sid = randomToken();
    await database.db.insert(sessions).values({ idHash: sha256(sid), userId, expiresAt: new Date(Date.now() + 86_400_000) });
    const page = await newPage(options);
    // The machine running the suite may be busy; a slow first load is not a failure of these screens.
    page.setDefaultTimeout(30_000);
    await page.context().addCookies([{ name: 'sid', value: sid, url: baseUrl }]);
    return page;
  }

  return {
    baseUrl,
    deps,
    db: database.db,
    smtp,
    browser,
    newPage,
    signedInPage,
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await app.close();
      await mailer.close();
      await smtp.close();
      await database.close();
    },
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;
