import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { followSchema, newsroomSettingsQuerySchema, newsroomSettingsSchema } from '../../shared/newsroom.js';
import { pageParam } from '../../shared/paging.js';
import type { ReleaseLanguage } from '../../shared/releases.js';
import { z } from 'zod';
import { parseInput } from '../http/errors.js';
import { createRequestLimiter } from '../http/request-limit.js';
import { requireUser } from '../access/access.js';
import { versionToShow } from './version-to-show.js';
import { brandNameIn } from '../brands/brand-voice.js';
import { atomFeed } from './feeds.js';
import { confirmFollowPage, newsroomMessagePage, newsroomPage } from './newsroom-pages.js';
import {
  confirmFollow,
  findNewsroom,
  findNewsroomOrMoved,
  movedNewsroomSlug,
  newsroomNotFound,
  newsroomSettings,
  pendingFollow,
  publishedReleases,
  requestFollow,
  setNewsroomEnabled,
} from './newsroom.service.js';
import { newsroomUrl } from '../common/public-urls.js';

const PAGE_SIZE = 20;
const FEED_SIZE = 50;
/** Following sends an email: a few a minute per client is plenty for a person. */
const FOLLOWS_PER_MINUTE = 5;
const pageQuery = z.object({ page: pageParam(10_000) });

const HTML = 'text/html; charset=utf-8';
const ATOM = 'application/atom+xml; charset=utf-8';

/** ?lang=ar|en, else the reader's Accept-Language, else English. */
const readerLanguage = (request: FastifyRequest<{ Querystring: { lang?: string } }>): ReleaseLanguage =>
  versionToShow(['english', 'arabic'], {
    lang: typeof request.query.lang === 'string' ? request.query.lang : undefined,
    acceptLanguage: request.headers['accept-language'],
  });
const feedLanguage = (request: FastifyRequest<{ Querystring: { lang?: string } }>): ReleaseLanguage =>
  request.query.lang === 'ar' ? 'arabic' : 'english';

/** Public newsroom pages and feeds, following by email, and the customer's newsroom settings. */
export async function newsroomRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const follows = createRequestLimiter(FOLLOWS_PER_MINUTE, 60_000);
  const deps = () => ({ db, mailer: app.deps.mailer, publicUrl: config.publicUrl, now: app.deps.now });
  // The follow form of the newsroom page posts a plain HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const notFoundPage = (reply: FastifyReply, language: ReleaseLanguage) =>
    reply.status(404).type(HTML).send(newsroomMessagePage(language, 'invalid'));
  /**
   * A renamed newsroom's old address (issue 35): a permanent redirect to the same page or feed at its new
   * one, query kept; false when `slug` was never a newsroom's or leads nowhere now. Cached for an hour only,
   * so a brand that goes back to an older address is not sent round in a loop by a browser's cache.
   */
  const redirectMoved = async (request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply, rest = '') => {
    const moved = await movedNewsroomSlug(db, request.params.slug);
    if (!moved) return false;
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    await reply.header('cache-control', 'public, max-age=3600').redirect(`${newsroomUrl(config.publicUrl, moved)}${rest}${query}`, 301);
    return true;
  };

  app.get<{ Params: { slug: string }; Querystring: { lang?: string; page?: string } }>('/newsroom/:slug', async (request, reply) => {
    const language = readerLanguage(request);
    const newsroom = await findNewsroom(db, request.params.slug, config.publicUrl);
    if (!newsroom) return (await redirectMoved(request, reply)) ? reply : notFoundPage(reply, language);
    const { page } = parseInput(pageQuery, request.query);
    const releases = await publishedReleases(db, { brandId: newsroom.brandId, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    const html = newsroomPage(newsroom, { ...releases, page, pageSize: PAGE_SIZE }, language, {
      page: newsroomUrl(config.publicUrl, newsroom.slug),
      publicUrl: config.publicUrl,
    });
    return reply.type(HTML).header('cache-control', 'public, max-age=60').header('vary', 'Accept-Language').send(html);
  });

  app.get<{ Params: { slug: string }; Querystring: { lang?: string } }>('/newsroom/:slug/feed.xml', async (request, reply) => {
    const newsroom = await findNewsroom(db, request.params.slug, config.publicUrl);
    if (!newsroom) return (await redirectMoved(request, reply, '/feed.xml')) ? reply : notFoundPage(reply, 'english');
    const language = feedLanguage(request);
    const { items } = await publishedReleases(db, { brandId: newsroom.brandId, limit: FEED_SIZE });
    const pageUrl = newsroomUrl(config.publicUrl, newsroom.slug);
    const xml = atomFeed({
      title: `${brandNameIn(newsroom, language)} – ${language === 'arabic' ? 'غرفة الأخبار' : 'Newsroom'}`,
      selfUrl: `${pageUrl}/feed.xml?lang=${language === 'arabic' ? 'ar' : 'en'}`,
      pageUrl,
      language,
      releases: items,
      publicUrl: config.publicUrl,
    });
    return reply.type(ATOM).header('cache-control', 'public, max-age=300').send(xml);
  });

  app.get<{ Querystring: { lang?: string } }>('/feed.xml', async (request, reply) => {
    const language = feedLanguage(request);
    const { items } = await publishedReleases(db, { limit: FEED_SIZE });
    const xml = atomFeed({
      title: language === 'arabic' ? 'نشر – كل البيانات الصحفية' : 'Nashr – every press release',
      selfUrl: `${config.publicUrl}/feed.xml?lang=${language === 'arabic' ? 'ar' : 'en'}`,
      pageUrl: config.publicUrl,
      language,
      releases: items,
      publicUrl: config.publicUrl,
    });
    return reply.type(ATOM).header('cache-control', 'public, max-age=300').send(xml);
  });

  // Following: the JSON API, and the newsroom page's form (same service, an HTML answer).
  app.post<{ Params: { slug: string } }>('/api/newsroom/:slug/subscribe', async (request, reply) => {
    follows.take(request.ip);
    const input = parseInput(followSchema, request.body);
    const newsroom = await findNewsroomOrMoved(db, request.params.slug, config.publicUrl);
    if (!newsroom) throw newsroomNotFound();
    return reply.status(202).send(await requestFollow({ ...deps(), log: request.log }, newsroom, input));
  });

  app.post<{ Params: { slug: string }; Querystring: { lang?: string } }>('/newsroom/:slug/follow', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    const language: ReleaseLanguage = body.language === 'arabic' ? 'arabic' : readerLanguage(request);
    const input = followSchema.safeParse(body);
    if (!input.success) return reply.status(422).type(HTML).send(newsroomMessagePage(language, 'badEmail'));
    follows.take(request.ip);
    const newsroom = await findNewsroomOrMoved(db, request.params.slug, config.publicUrl);
    if (!newsroom) return notFoundPage(reply, language);
    await requestFollow({ ...deps(), log: request.log }, newsroom, input.data);
    return reply.status(202).type(HTML).send(newsroomMessagePage(language, 'checkInbox', brandNameIn(newsroom, language), newsroomUrl('', newsroom.slug)));
  });

  app.get<{ Params: { token: string } }>('/newsroom/follow/:token', async (request, reply) => {
    const pending = await pendingFollow(db, request.params.token);
    if (!pending) return notFoundPage(reply, 'english');
    const language: ReleaseLanguage = pending.language === 'arabic' ? 'arabic' : 'english';
    return reply.type(HTML).header('cache-control', 'no-store').send(confirmFollowPage(language, `/newsroom/follow/${encodeURIComponent(request.params.token)}`, pending.companyName));
  });

  app.post<{ Params: { token: string } }>('/newsroom/follow/:token', async (request, reply) => {
    const confirmed = await confirmFollow(db, request.params.token, app.deps.now());
    if (!confirmed) return notFoundPage(reply, 'english');
    const language: ReleaseLanguage = confirmed.language === 'arabic' ? 'arabic' : 'english';
    return reply.type(HTML).header('cache-control', 'no-store').send(
      newsroomMessagePage(language, 'confirmed', confirmed.companyName, confirmed.slug ? newsroomUrl('', confirmed.slug) : undefined),
    );
  });

  // Per brand (decision 022): `brandId` in the query or body, the workspace's first brand without it.
  app.get('/api/newsroom/settings', async (request) => {
    const actor = requireUser(request);
    const { brandId } = parseInput(newsroomSettingsQuerySchema, request.query);
    return newsroomSettings(deps(), actor, brandId);
  });

  app.patch('/api/newsroom/settings', async (request) => {
    const actor = requireUser(request);
    return setNewsroomEnabled(deps(), actor, parseInput(newsroomSettingsSchema, request.body));
  });
}
