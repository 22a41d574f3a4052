import type { ReleaseId } from '../../shared/ids.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TemplateLanguage } from '../../shared/email-template.js';
import type { EmbargoAudience } from '../../shared/embargo.js';
import { parseUuidParam } from '../http/errors.js';
import { createRequestLimiter } from '../http/request-limit.js';
import { requireBrowse, requireRelease, requireUser } from '../access/access.js';
import { ensureAppSecret } from '../common/app-secret.js';
import { embargoAudienceOfRelease } from '../delivery/embargo-deliveries.js';
import { notFoundPage } from '../tracking/web-pages.js';
import { agreeToEmbargo, maskedAddress, noticeOfToken, pageStateOf, readerZone, type EmbargoNotice, type EmbargoPageState } from './embargo-agreement.service.js';
import { embargoPage } from './embargo-pages.js';

/** Reading and agreeing: a person clicks a few times; a loop guessing links is stopped. */
const EMBARGO_REQUESTS_PER_MINUTE = 60;
const NO_STORE = 'no-store, no-cache, must-revalidate, private, max-age=0';

const languageOf = (lang: unknown): TemplateLanguage | undefined => (lang === 'ar' ? 'arabic' : lang === 'en' ? 'english' : undefined);

/** /embargo/{token}: the notice's page (GET shows the terms, POST agrees), public, reached by the notice's signed link. */
export async function embargoPageRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.deps;
  const limiter = createRequestLimiter(EMBARGO_REQUESTS_PER_MINUTE, 60_000);
  let secret: Promise<string> | undefined;
  // The form posts "fromNowOn=on"; nothing else in a body is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  type Request = FastifyRequest<{ Params: { token: string }; Querystring: { lang?: string } }>;
  const noticeFor = async (request: Request) => {
    limiter.take(request.ip);
    secret ??= ensureAppSecret(app.deps);
    return noticeOfToken(db, request.params.token, await secret, languageOf(request.query.lang));
  };
  const show = async (reply: FastifyReply, request: Request, notice: EmbargoNotice, state: EmbargoPageState) => {
    const lang = languageOf(request.query.lang) ? `?lang=${request.query.lang}` : '';
    const html = embargoPage({
      notice,
      state,
      zone: await readerZone(db, notice),
      action: `/embargo/${encodeURIComponent(request.params.token)}${lang}`,
      masked: maskedAddress(notice),
      releaseUrl: notice.release.slug ? `${config.publicUrl}/r/${notice.release.slug}` : null,
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', NO_STORE).send(html);
  };
  const notFound = (reply: FastifyReply) => reply.status(404).type('text/html; charset=utf-8').header('cache-control', NO_STORE).send(notFoundPage());

  app.get('/embargo/:token', async (request: Request, reply) => {
    const notice = await noticeFor(request);
    if (!notice) return notFound(reply);
    return show(reply, request, notice, await pageStateOf(db, notice, app.deps.now()));
  });

  app.post('/embargo/:token', async (request: Request, reply) => {
    const notice = await noticeFor(request);
    if (!notice) return notFound(reply);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const state = await agreeToEmbargo(db, notice, body.fromNowOn === 'on' || body.fromNowOn === true, app.deps.now());
    return show(reply, request, notice, state);
  });
}

/** GET /api/press-releases/{id}/embargo: a sent release's embargo audience, counted from its deliveries. */
export async function embargoApiRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/press-releases/:id/embargo', async (request): Promise<EmbargoAudience | null> => {
    const actor = requireUser(request);
    requireBrowse(actor);
    const release = await requireRelease(app.deps.db, actor, parseUuidParam<ReleaseId>(request.params.id), 'read');
    return release.embargoUntil ? embargoAudienceOfRelease(app.deps.db, release) : null;
  });
}
