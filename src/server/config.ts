import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { sellerSettingsSchema, type SellerSettings } from '../shared/invoices.js';

/**
 * The only reader of process.env. Every variable of the configuration table is parsed here once;
 * a bad value stops the process with a message naming the variable, before anything listens.
 */

const onOff = z.enum(['on', 'off'], { message: 'must be "on" or "off"' });

const urlWithProtocols = (protocols: string[]) =>
  z
    .string()
    .url({ message: 'must be a URL' })
    .refine((value) => protocols.includes(new URL(value).protocol), {
      message: `must start with ${protocols.map((p) => p + '//').join(' or ')}`,
    });

/**
 * Which peers may tell us the client's address in X-Forwarded-For (Fastify's trustProxy). Off by default:
 * directly exposed, the header is the client's own word and would defeat every per-IP limit.
 */
export type TrustProxy = boolean | number | string;
function parseTrustProxy(value: string): TrustProxy {
  if (value === 'on' || value === 'off') return value === 'on';
  return /^\d+$/.test(value) ? Number(value) : value.replace(/\s+/g, '');
}

const msPerUnit: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
/** "24h", "90m", "2d" or plain seconds → milliseconds. */
function durationMs(value: string): number {
  const match = /^(\d+)\s*([smhd]?)$/i.exec(value)!;
  return Number(match[1]) * msPerUnit[(match[2] || 's').toLowerCase()];
}

const envSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:']).optional(),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Nashr <releases@localhost>'),
  SEND_RATE: z.coerce.number({ message: 'must be a number' }).min(0).default(0),
  RETRY_WINDOW: z
    .string()
    .regex(/^\d+\s*[smhd]?$/i, { message: 'must be a duration such as 24h, 90m or 2d (seconds when no unit is given)' })
    .default('24h')
    .transform(durationMs)
    .refine((ms) => ms >= 60_000, { message: 'must be at least 1m' })
    .refine((ms) => ms <= 30 * 86_400_000, { message: 'must be at most 30d' }),
  EHLO_NAME: z.string().regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i, { message: 'must be a host name' }).optional(),
  SMTP_POOL: z.coerce.number({ message: 'must be a number' }).int().min(1).max(100).default(5),
  WORKERS: z.enum(['inline', 'off'], { message: 'must be "inline" or "off"' }).default('inline'),
  ADMIN_EMAIL: z.string().email({ message: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }).optional(),
  /** Whom a suspended workspace's members are told to contact. */
  SUPPORT_EMAIL: z.string().email({ message: 'must be an email address' }).optional(),
  APP_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', { message: 'must start with sk_' }).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', { message: 'must start with pk_' }).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', { message: 'must start with whsec_' }).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(on|off|\d{1,2}|[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*)$/i, {
      message: 'must be "on", "off", a number of proxy hops, or proxy addresses separated by commas',
    })
    .default('off')
    .transform(parseTrustProxy),
  DEMO_DATA: onOff.default('on'),
  REVIEW: onOff.default('on'),
  LINK_CHECK_ALLOW_PRIVATE: onOff.default('off'),
  FEED_ALLOW_PRIVATE: onOff.default('off'),
  FEED_POLL_INTERVAL: z.coerce.number({ message: 'must be a number of seconds' }).int({ message: 'must be a whole number of seconds' }).min(10, { message: 'must be at least 10 seconds' }).default(900),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'must be "json" or "pretty"' }).optional(),
  NODE_ENV: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  METRICS_PORT: z.coerce.number({ message: 'must be a number' }).int().min(1).max(65535).optional(),
  BOUNCE_DOMAIN: z.string().regex(/^[a-z0-9.-]+$/i, { message: 'must be a domain name' }).optional(),
  INBOUND_SMTP_PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().min(1).optional(),
  DKIM_DOMAIN: z.string().regex(/^[a-z0-9.-]+$/i, { message: 'must be a domain name' }).optional(),
  DKIM_SELECTOR: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/i, { message: 'must be letters, digits, dots, dashes or underscores' }).default('nashr'),
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  SES_SIGNING_CERT: z.string().min(1).optional(),
  SES_TOPIC_ARN: z.string().startsWith('arn:', { message: 'must be an ARN (arn:aws:sns:…)' }).optional(),
  REPLY_DOMAIN: z.string().regex(/^[a-z0-9.-]+$/i, { message: 'must be a domain name' }).optional(),
  REPLY_RETENTION_DAYS: z.coerce
    .number({ message: 'must be a number of days' })
    .int({ message: 'must be a whole number of days' })
    .min(1, { message: 'must be at least 1 day' })
    .max(3650, { message: 'must be at most 3650 days' })
    .default(180),
  BOUNCE_MX_HOST: z.string().regex(/^[a-z0-9.-]+$/i, { message: 'must be a host name' }).optional(),
  DNS_RESOLVER: z
    .string()
    .regex(/^[0-9a-f.:[\]]+$/i, { message: 'must be a resolver address, such as 127.0.0.1 or 127.0.0.1:5353' })
    .optional(),
  /** The seller on tax invoices until the console saves its own: JSON, or the path of a JSON file. */
  SELLER_SETTINGS: z.string().min(1).optional(),
});

/** SELLER_SETTINGS read and checked as the console's form checks it. */
function parseSellerSettings(value: string | undefined): SellerSettings | undefined {
  if (value === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(value.trimStart().startsWith('{') ? value : readFileSync(value, 'utf8'));
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  SELLER_SETTINGS: must be JSON or the path of a JSON file (${(error as Error).message})`);
  }
  const parsed = sellerSettingsSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  SELLER_SETTINGS.${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  secureCookies: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sendRate: number;
  /** How long a message refused with a temporary (4xx) answer is retried before it fails (RETRY_WINDOW). */
  retryWindowMs: number;
  /** The name the product gives in EHLO when it sends (EHLO_NAME, default the host of PUBLIC_URL). */
  ehloName: string;
  smtpPool: number;
  workers: 'inline' | 'off';
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** The address named to the members of a suspended workspace (SUPPORT_EMAIL, else ADMIN_EMAIL, else MAIL_FROM's). */
  supportEmail: string;
  appSecret: string | undefined;
  stripe: { secretKey: string; publishableKey: string | undefined; webhookSecret: string | undefined } | undefined;
  demoData: boolean;
  /** Editorial review of customers' releases before they go out (REVIEW, default on). */
  review: boolean;
  /** Let the review's link check reach private and loopback addresses (tests serve links from 127.0.0.1). */
  linkCheckAllowPrivate: boolean;
  /** Let the coverage poller reach private and loopback addresses (tests serve feeds from 127.0.0.1). */
  feedAllowPrivate: boolean;
  /** Seconds between two fetches of one outlet feed. */
  feedPollInterval: number;
  logLevel: string;
  /** JSON lines for a log collector (production), or lines for a person (development). */
  logFormat: 'json' | 'pretty';
  /** When set, GET /metrics asks for it as a bearer token; always set in production. */
  metricsToken: string | undefined;
  /** A worker process serves its /metrics on this port (the web process serves it with the app). */
  metricsPort: number | undefined;
  /** The domain of the VERP envelope senders (bounces+…@): where bounces come back. */
  bounceDomain: string;
  /** The domain of the reply addresses (r-{delivery}.{mac}@): where journalists' replies come back (REPLY_DOMAIN, default the bounce domain). */
  replyDomain: string;
  /** How long a journalist's reply is kept (REPLY_RETENTION_DAYS). */
  replyRetentionDays: number;
  /** The inbound SMTP listener for bounces and complaints (off when unset). */
  inboundSmtp: { port: number; host: string } | undefined;
  /** Who signs (DKIM): the key is DKIM_PRIVATE_KEY (PEM or a path), or one generated at the first start. */
  dkim: { domain: string; selector: string; privateKey: string | undefined };
  /** The SNS signing certificate (PEM or a path) used instead of fetching it from AWS. */
  sesSigningCert: string | undefined;
  /** When set, SES notifications of other SNS topics are refused. */
  sesTopicArn: string | undefined;
  /** The host the bounce domain's MX names: where the inbound listener is reached. */
  bounceMxHost: string;
  /** The DNS server the sending-domain checks ask (the system's when unset). */
  dnsResolver: string | undefined;
  trustProxy: TrustProxy;
  /** The seller on tax invoices before the console saves one (SELLER_SETTINGS); built-in defaults otherwise. */
  seller: SellerSettings | undefined;
};

export class ConfigError extends Error {}

/** "Nashr <releases@example.com>" → example.com. */
/** "Nashr <releases@nashr.test>" → "releases@nashr.test". */
const addressOf = (mailbox: string) => /<([^>\s]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox.trim();
const domainOf = (mailbox: string) => /@([^>\s]+)>?\s*$/.exec(mailbox)?.[1] ?? 'localhost';

/** Reads an environment (process.env by default) into a validated Config, or throws ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "unset", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: set ADMIN_EMAIL too');
  }
  // Open metrics tell anyone the service's volume and queue, and each scrape costs the database a read.
  if (e.NODE_ENV === 'production' && !e.METRICS_TOKEN) {
    throw new ConfigError('Invalid configuration:\n  METRICS_TOKEN: required when NODE_ENV=production (GET /metrics asks for it as a bearer token)');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sendRate: e.SEND_RATE,
    retryWindowMs: e.RETRY_WINDOW,
    ehloName: (e.EHLO_NAME ?? new URL(publicUrl).hostname).toLowerCase(),
    smtpPool: e.SMTP_POOL,
    workers: e.WORKERS,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    supportEmail: (e.SUPPORT_EMAIL ?? e.ADMIN_EMAIL ?? addressOf(e.MAIL_FROM)).toLowerCase(),
    appSecret: e.APP_SECRET,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        }
      : undefined,
    demoData: e.DEMO_DATA === 'on',
    review: e.REVIEW === 'on',
    linkCheckAllowPrivate: e.LINK_CHECK_ALLOW_PRIVATE === 'on',
    feedAllowPrivate: e.FEED_ALLOW_PRIVATE === 'on',
    feedPollInterval: e.FEED_POLL_INTERVAL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'production' ? 'json' : 'pretty'),
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    bounceDomain: (e.BOUNCE_DOMAIN ?? domainOf(e.MAIL_FROM)).toLowerCase(),
    replyDomain: (e.REPLY_DOMAIN ?? e.BOUNCE_DOMAIN ?? domainOf(e.MAIL_FROM)).toLowerCase(),
    replyRetentionDays: e.REPLY_RETENTION_DAYS,
    dkim: { domain: (e.DKIM_DOMAIN ?? domainOf(e.MAIL_FROM)).toLowerCase(), selector: e.DKIM_SELECTOR, privateKey: e.DKIM_PRIVATE_KEY },
    dnsResolver: e.DNS_RESOLVER,
    sesSigningCert: e.SES_SIGNING_CERT,
    sesTopicArn: e.SES_TOPIC_ARN,
    bounceMxHost: (e.BOUNCE_MX_HOST ?? new URL(publicUrl).hostname).toLowerCase(),
    inboundSmtp: e.INBOUND_SMTP_PORT === undefined ? undefined : { port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST ?? e.HOST },
    trustProxy: e.TRUST_PROXY,
    seller: parseSellerSettings(e.SELLER_SETTINGS),
  };
}
