import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EventBuffer, type RequestedEventType } from './event-buffer.js';
import { isProxyOrScanner } from './machine-open.js';
import { watchTrackingBuffer } from '../operations/metrics.js';
import {
  findClickTarget,
  findPublicAttachment,
  findPublicRelease,
  findTrackedDownload,
  isWellFormedToken,
  RESUBSCRIBE_WINDOW_HOURS,
  resubscribeByToken,
  deliveryOfRelease,
  unsubscribeByToken,
  unsubscribeTarget,
  type UnsubscribeScope,
} from './tracking.service.js';
import { versionToShow } from '../newsroom/version-to-show.js';
import { versionsOf } from '../../shared/releases.js';
import { releaseWebPath } from '../../shared/release-address.js';
import { newsroomUrl } from '../common/public-urls.js';
import { embargoAhead } from '../delivery/release-renderer.js';
import { notFoundPage, resubscribePage, unsubscribePage, webVersionPage } from './web-pages.js';

/** 1×1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const NO_STORE = 'no-store, no-cache, must-revalidate, private, max-age=0';
const PIXEL_HEADERS = {
  'content-type': 'image/gif',
  'cache-control': NO_STORE,
  pragma: 'no-cache',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'cross-origin',
};

/**
 * Public, unauthenticated endpoints (ARCHITECTURE.md §7): open pixel, click redirect, tracked download,
 * unsubscribe, web version. Unknown tokens get exactly the answer known ones get (the GIF, the
 * unsubscribe pages) or the one 404 page; nothing reveals whether a token exists.
 */
export async function trackingRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const events = new EventBuffer(db, app.log);
  const unwatch = watchTrackingBuffer(events);
  app.addHook('onClose', async () => {
    unwatch();
    await events.close();
  });

  // RFC 8058 one-click posts `List-Unsubscribe=One-Click` form-encoded; no body carries anything we need,
  // so none is parsed (a malformed JSON body must get the same page as any other, not an API error).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { bodyLimit: 4096 }, (_req, _payload, done) => done(null, undefined));

  const record = (request: FastifyRequest, token: string, type: RequestedEventType, extra: { linkId?: number; attachmentId?: string } = {}) => {
    if (!isWellFormedToken(token)) return;
    const ua = request.headers['user-agent']?.slice(0, 500) ?? null;
    events.push({ token, type, at: new Date().toISOString(), ua, proxy: isProxyOrScanner(ua ?? undefined), ...extra });
  };

  const notFound = (reply: FastifyReply) => reply.status(404).type('text/html; charset=utf-8').header('cache-control', NO_STORE).send(notFoundPage());

  const sendFile = (reply: FastifyReply, file: { originalName: string; mimetype: string; content: Buffer }) =>
    reply
      .type(file.mimetype)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.originalName)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=0')
      .send(file.content);

  // The busiest path, so it skips helmet (the plugin rebuilds every header, CSP included, per request):
  // a GIF needs no page policies, and helmet's default same-origin resource policy would stop webmail
  // that loads images straight from us from showing the pixel at all.
  app.get<{ Params: { file: string } }>('/t/o/:file', { helmet: false }, async (request, reply) => {
    const token = request.params.file.replace(/\.gif$/, '');
    record(request, token, 'open');
    return reply.headers(PIXEL_HEADERS).send(PIXEL);
  });

  app.get<{ Params: { token: string; linkId: string } }>('/t/c/:token/:linkId', async (request, reply) => {
    const { token } = request.params;
    const linkId = /^\d{1,6}$/.test(request.params.linkId) ? Number(request.params.linkId) : NaN;
    const url = await findClickTarget(db, token, linkId);
    if (!url) return notFound(reply);
    record(request, token, 'click', { linkId });
    return reply.header('cache-control', NO_STORE).redirect(url, 302);
  });

  app.get<{ Params: { token: string; attachmentId: string } }>('/t/d/:token/:attachmentId', async (request, reply) => {
    const { token, attachmentId } = request.params;
    const file = await findTrackedDownload(db, token, attachmentId);
    if (!file) return notFound(reply);
    record(request, token, 'download', { attachmentId: attachmentId.toLowerCase() });
    return sendFile(reply, file);
  });

  const htmlPage = (reply: FastifyReply, html: string) => reply.type('text/html; charset=utf-8').header('cache-control', NO_STORE).send(html);
  /** `?scope=company` is "only from {Company}"; anything else (and RFC 8058 one-click) is every release. */
  const scopeOf = (query: { scope?: unknown }): UnsubscribeScope => (query.scope === 'company' ? 'company' : 'everyone');

  app.get<{ Params: { token: string } }>('/u/:token', async (request, reply) => {
    const { token } = request.params;
    const target = await unsubscribeTarget(db, token);
    const brand = target && !target.follower ? target : undefined;
    return htmlPage(
      reply,
      unsubscribePage(false, { action: `/u/${encodeURIComponent(token)}`, companyName: brand?.companyName, companyNameAr: brand?.companyNameAr }),
    );
  });

  app.post<{ Params: { token: string }; Querystring: { scope?: string } }>('/u/:token', async (request, reply) => {
    const { token } = request.params;
    const scope = scopeOf(request.query);
    if (await unsubscribeByToken(db, token, scope)) record(request, token, 'unsubscribe');
    const target = await unsubscribeTarget(db, token);
    const resubscribe = { action: `/u/${encodeURIComponent(token)}/resubscribe`, hours: RESUBSCRIBE_WINDOW_HOURS };
    return htmlPage(reply, unsubscribePage(true, { action: '', companyName: target?.companyName, companyNameAr: target?.companyNameAr, scope, resubscribe }));
  });

  app.post<{ Params: { token: string } }>('/u/:token/resubscribe', async (request, reply) => {
    const done = await resubscribeByToken(db, request.params.token, app.deps.now());
    return reply.type('text/html; charset=utf-8').header('cache-control', NO_STORE).send(resubscribePage(done));
  });

  app.get<{ Params: { slug: string }; Querystring: { t?: string; lang?: string } }>('/r/:slug', async (request, reply) => {
    const { slug } = request.params;
    const token = typeof request.query.t === 'string' ? request.query.t : '';
    // Under embargo only the recipient's own link (?t= of one of its deliveries) finds it.
    const found = await findPublicRelease(db, slug, config.publicUrl, token);
    if (!found) return notFound(reply);
    const held = found.release.embargoUntil !== null && found.release.publishedAt === null;
    const embargo = held ? embargoAhead(found.release, app.deps.now()) : null;
    const recipient = token ? await deliveryOfRelease(db, token, found.release.id) : undefined;
    const downloadUrl = (fileId: string) => (recipient ? `${config.publicUrl}/t/d/${token}/${fileId}` : `${config.publicUrl}${releaseWebPath(slug)}/files/${fileId}`);
    const versions = versionsOf(found.release);
    const shown = versionToShow(versions, {
      lang: typeof request.query.lang === 'string' ? request.query.lang : undefined,
      sent: recipient?.language,
      acceptLanguage: request.headers['accept-language'],
    });
    const html = webVersionPage(found, shown, {
      pageUrl: `${config.publicUrl}${releaseWebPath(slug)}`,
      downloadUrl,
      // The switch keeps a recipient's token, so downloads from the other version still count.
      switchQuery: token && recipient ? `t=${encodeURIComponent(token)}&` : '',
      // Relative: the newsroom is served by this same server, whatever address the reader used.
      newsroomPageUrl: found.brand.newsroomSlug ? newsroomUrl('', found.brand.newsroomSlug) : null,
      embargo,
    });
    return reply
      .type('text/html; charset=utf-8')
      // A page under embargo is the recipient's alone: no shared cache may keep it past or before the lift.
      .header('cache-control', held ? NO_STORE : 'public, max-age=300')
      .header('vary', 'Accept-Language')
      .send(html);
  });

  app.get<{ Params: { slug: string; attachmentId: string } }>('/r/:slug/files/:attachmentId', async (request, reply) => {
    const file = await findPublicAttachment(db, request.params.slug, request.params.attachmentId);
    if (!file) return notFound(reply);
    return sendFile(reply, file);
  });
}
