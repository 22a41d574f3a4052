import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Nashr <releases@localhost>',
      sendRate: 0,
      smtpPool: 5,
      workers: 'inline',
      adminEmail: undefined,
      stripe: undefined,
      demoData: true,
      trustProxy: false,
      logFormat: 'pretty',
      metricsToken: undefined,
      metricsPort: undefined,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('retries temporary failures for 24 hours unless told otherwise, and names itself by the public host in EHLO', () => {
    expect(loadConfig({})).toMatchObject({ retryWindowMs: 24 * 3_600_000, ehloName: 'localhost' });
    expect(loadConfig({ PUBLIC_URL: 'https://Press.Example.com/' }).ehloName).toBe('press.example.com');
    expect(loadConfig({ EHLO_NAME: 'mta1.example.com' }).ehloName).toBe('mta1.example.com');
    expect(loadConfig({ RETRY_WINDOW: '5d' }).retryWindowMs).toBe(5 * 86_400_000);
    expect(loadConfig({ RETRY_WINDOW: '90m' }).retryWindowMs).toBe(90 * 60_000);
    expect(loadConfig({ RETRY_WINDOW: '3600' }).retryWindowMs).toBe(3_600_000);
    expect(() => loadConfig({ RETRY_WINDOW: 'soon' })).toThrow(/RETRY_WINDOW: must be a duration/);
    expect(() => loadConfig({ RETRY_WINDOW: '10s' })).toThrow(/RETRY_WINDOW: must be at least/);
    expect(() => loadConfig({ RETRY_WINDOW: '40d' })).toThrow(/RETRY_WINDOW: must be at most/);
    expect(() => loadConfig({ EHLO_NAME: 'not a name' })).toThrow(/EHLO_NAME: must be a host name/);
  });

  it('logs JSON in production unless told otherwise, and checks the metrics settings', () => {
    const production = { NODE_ENV: 'production', METRICS_TOKEN: 'a-metrics-token-of-length' };
    expect(loadConfig(production).logFormat).toBe('json');
    expect(loadConfig({ ...production, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    // /metrics is never open in production: without a token the process does not start.
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/METRICS_TOKEN: required when NODE_ENV=production/);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT: must be "json" or "pretty"/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });

  it('takes the bounce domain from MAIL_FROM unless given, and listens for bounces only when asked', () => {
    expect(loadConfig({ MAIL_FROM: 'Nashr <releases@News.Example.com>' })).toMatchObject({ bounceDomain: 'news.example.com', inboundSmtp: undefined });
    expect(loadConfig({ BOUNCE_DOMAIN: 'bounce.example.com', INBOUND_SMTP_PORT: '2525' })).toMatchObject({
      bounceDomain: 'bounce.example.com',
      inboundSmtp: { port: 2525, host: '127.0.0.1' },
    });
    expect(() => loadConfig({ BOUNCE_DOMAIN: 'not a domain' })).toThrow(/BOUNCE_DOMAIN: must be a domain name/);
    // Replies come back to the bounce domain unless a domain of their own is given.
    expect(loadConfig({ BOUNCE_DOMAIN: 'Bounce.Example.com' })).toMatchObject({ replyDomain: 'bounce.example.com', replyRetentionDays: 180 });
    expect(loadConfig({ MAIL_FROM: 'Nashr <releases@news.example.com>' })).toMatchObject({ replyDomain: 'news.example.com' });
    expect(loadConfig({ REPLY_DOMAIN: 'reply.example.com', REPLY_RETENTION_DAYS: '30' })).toMatchObject({ replyDomain: 'reply.example.com', replyRetentionDays: 30 });
    expect(() => loadConfig({ REPLY_DOMAIN: 'no domain' })).toThrow(/REPLY_DOMAIN: must be a domain name/);
    expect(() => loadConfig({ REPLY_RETENTION_DAYS: '0' })).toThrow(/REPLY_RETENTION_DAYS: must be at least 1 day/);
  });

  it('derives the public URL from the port and treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '4000', SMTP_URL: '' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PUBLIC_URL: 'https://news.example.com/' })).toMatchObject({
      publicUrl: 'https://news.example.com',
      secureCookies: true,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ WORKERS: 'sometimes' }, 'WORKERS'],
    [{ DEMO_DATA: 'yes' }, 'DEMO_DATA'],
    [{ SMTP_POOL: '0' }, 'SMTP_POOL'],
    [{ SEND_RATE: '-1' }, 'SEND_RATE'],
    [{ ADMIN_EMAIL: 'not-an-address' }, 'ADMIN_EMAIL'],
    [{ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_PASSWORD: 'long-enough-password' }, 'ADMIN_PASSWORD'],
    [{ STRIPE_SECRET_KEY: 'pk_live_123' }, 'STRIPE_SECRET_KEY'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('keeps the admin email in lower case and enables Stripe only with a secret key', () => {
    const config = loadConfig({
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'long-enough-password',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(config.adminEmail).toBe('boss@example.com');
    expect(config.stripe).toEqual({ secretKey: 'sk_test_abc', publishableKey: undefined, webhookSecret: 'whsec_abc' });
  });
});
