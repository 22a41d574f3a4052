import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import type { Deps } from './deps.js';
import type { TrustProxy } from './config.js';
import { frameworkErrors, installErrorHandler } from './http/errors.js';
import { refuseIllFormedText } from './http/well-formed-text.js';
import { installOriginCheck } from './http/origin.js';
import { installSessions } from './access/session.js';
import { sendStaticPage } from './public/public-pages.js';
import { CONNECTION_LIMITS, serverOptions, type ConnectionLimits } from './http/server-limits.js';
import { authRoutes } from './auth/auth.routes.js';
import { billingRoutes } from './billing/billing.routes.js';
import { invoicesRoutes } from './invoices/invoices.routes.js';
import { newsroomRoutes } from './newsroom/newsroom.routes.js';
import { reviewRoutes } from './review/review.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { deskRoutes } from './admin/desk.routes.js';
import { deskLogRoutes } from './admin/desk-log.routes.js';
import { contactsRoutes } from './contacts/contacts.routes.js';
import { listsRoutes } from './lists/lists.routes.js';
import { releasesRoutes } from './releases/releases.routes.js';
import { trackingRoutes } from './tracking/tracking.routes.js';
import { analyticsRoutes } from './analytics/analytics.routes.js';
import { repliesRoutes } from './replies/replies.routes.js';
import { installRequestTiming, operationsRoutes } from './operations/operations.routes.js';
import { campaignsRoutes } from './campaigns/campaigns.routes.js';
import { brandsRoutes } from './brands/brands.routes.js';
import { brandReportRoutes } from './analytics/brand-report.routes.js';
import { coverageRoutes, feedsRoutes } from './coverage/coverage.routes.js';
import { deliverabilityRoutes } from './deliverability/deliverability.routes.js';
import { bounceWebhookRoutes } from './deliverability/webhooks.routes.js';
import { workspacesRoutes } from './workspaces/workspaces.routes.js';
import { preferencesAdminRoutes, preferencesRoutes } from './preferences/preferences.routes.js';
import { invoicePdfRoutes } from './invoices/invoice-pdf.routes.js';
import { embargoApiRoutes, embargoPageRoutes } from './embargo/embargo.routes.js';

const defaultClientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

/** Paths served by the server itself, never by the single-page app. */
const SERVER_PREFIXES = ['/api/', '/t/', '/u/', '/r/', '/embargo/'];

const REQUEST_ID = /^[\w.:-]{1,64}$/;

export type AppOptions = {
  logger?: boolean | object;
  serveClient?: boolean;
  /** Where the built client is; the browser tests build their own copy so parallel runs don't collide. */
  clientDir?: string;
  /** Overrides of the request times and connection cap (CONNECTION_LIMITS). */
  connectionLimits?: Partial<ConnectionLimits>;
};

/** Builds the web application: plugins, every feature's routes, the client. Tests build it too. */
export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const connectionLimits = { ...CONNECTION_LIMITS, ...options.connectionLimits };
  const app = Fastify({
    logger: options.logger ?? false,
    ...serverOptions(connectionLimits),
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // Unknown query shapes must never reach a handler as arrays of objects.
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    // A proxy's request id is kept when it looks like one, so one id follows a request through both logs.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.decorate('deps', deps);
  app.server.maxConnections = connectionLimits.maxConnections;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installRequestTiming(app);
  installErrorHandler(app);
  refuseIllFormedText(app);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for images only: a chosen logo is previewed from the file itself before it is uploaded.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // API answers (JSON, CSV) go out brotli- or gzip-compressed; brotli at a middle quality compresses in
  // milliseconds, where its maximum would take far longer per request. The client's files come
  // compressed at maximum quality from the build (preCompressed below); this plugin leaves them be.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  installOriginCheck(app, deps.config.publicUrl, ['/api/subscription/webhook', '/api/webhooks/']);
  installSessions(app, deps.db);

  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(contactsRoutes, { prefix: '/api/global-contacts' });
  await app.register(listsRoutes, { prefix: '/api/user-lists' });
  await app.register(releasesRoutes, { prefix: '/api' });
  await app.register(workspacesRoutes, { prefix: '/api' });
  await app.register(trackingRoutes);
  await app.register(analyticsRoutes, { prefix: '/api' });
  await app.register(billingRoutes, { prefix: '/api/subscription' });
  await app.register(invoicesRoutes, { prefix: '/api/billing' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(deskRoutes, { prefix: '/api/admin' });
  await app.register(deskLogRoutes, { prefix: '/api/admin' });
  await app.register(reviewRoutes, { prefix: '/api/review' });
  await app.register(newsroomRoutes);
  await app.register(operationsRoutes);
  await app.register(campaignsRoutes, { prefix: '/api' });
  await app.register(deliverabilityRoutes, { prefix: '/api/admin' });
  await app.register(bounceWebhookRoutes, { prefix: '/api/webhooks' });
  await app.register(feedsRoutes, { prefix: '/api/admin' });
  await app.register(coverageRoutes, { prefix: '/api' });
  await app.register(brandsRoutes, { prefix: '/api' });
  await app.register(brandReportRoutes, { prefix: '/api' });
  await app.register(preferencesRoutes, { prefix: '/api/preferences' });
  await app.register(preferencesAdminRoutes, { prefix: '/api/admin' });
  await app.register(invoicePdfRoutes, { prefix: '/api/billing' });
  await app.register(embargoPageRoutes);
  await app.register(embargoApiRoutes, { prefix: '/api' });
  await app.register(repliesRoutes, { prefix: '/api' });
  // Feature routes are registered above this line, one line per feature.

  const clientDir = options.clientDir ?? defaultClientDir;
  const serveClient = options.serveClient !== false && fs.existsSync(path.join(clientDir, 'index.html'));
  if (serveClient) {
    // Files are looked up per request (wildcard), so a rebuilt client is served without a restart.
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are when accepted.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite puts a content hash in every asset name: they never change under the same name.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const sendSinglePageApp = (reply: FastifyReply) =>
    reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .sendFile('index.html', clientDir, { cacheControl: false });
  // The address is read per request: a test server learns its own port after it was built.
  const publicPages = { clientDir, publicUrl: () => deps.config.publicUrl };
  // The static plugin refuses to list the root folder; the root is the landing page.
  if (serveClient) app.get('/', (request, reply) => sendStaticPage(request, reply, publicPages) ?? sendSinglePageApp(reply));
  app.setNotFoundHandler((request, reply) => {
    const isServerPath = SERVER_PREFIXES.some((p) => request.url.startsWith(p)) || request.url === '/api';
    // A missing build asset is a 404, not the app's HTML under a script's name.
    const isMissingAsset = request.url.startsWith('/assets/');
    if (isServerPath || isMissingAsset || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: 'Resource not found', code: 'NOT_FOUND' });
    }
    // Every other path belongs to the single-page app, which shows its own 404 page for unknown ones.
    if (!serveClient) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The client is not built. Run `npm start` or `npm run build`.');
    }
    return sendStaticPage(request, reply, publicPages) ?? sendSinglePageApp(reply);
  });
  return app;
}

/** Fastify's typings omit the hop count that proxy-addr accepts, so a count becomes the equivalent predicate. */
function trustProxyOption(trust: TrustProxy): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
