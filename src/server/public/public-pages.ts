import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStaticPagePath, LANGUAGE_COOKIE, ORIGIN_PLACEHOLDER, SITE_LANGUAGES, STATIC_PAGE_FILES, type SiteLanguage } from '../../shared/static-pages.js';
import { SESSION_COOKIE } from '../access/session.js';

/**
 * The public pages' static copies (written by the client build into static-pages/, one per page and
 * language; see src/client/features/public/static-pages.tsx): a visitor without a session gets the page's
 * HTML with its text and layout, and a few-kilobyte script, instead of the app. Whoever has a session gets
 * the app as before, so a signed-in person's top bar and navigation are the app's own.
 */
const ORIGIN = new RegExp(ORIGIN_PLACEHOLDER, 'g');
const YEAR_S = 31_536_000;

const isLanguage = (value: unknown): value is SiteLanguage => SITE_LANGUAGES.includes(value as SiteLanguage);

/** An explicit ?lang= first (and remembered), then the remembered choice, then the browser's languages. */
export function pageLanguage(request: FastifyRequest): { language: SiteLanguage; chosen: boolean } {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguage(asked)) return { language: asked, chosen: true };
  const remembered = request.cookies[LANGUAGE_COOKIE];
  if (isLanguage(remembered)) return { language: remembered, chosen: false };
  const accepted = request.headers['accept-language'] ?? '';
  const first = accepted.split(',')[0]?.trim().toLowerCase() ?? '';
  return { language: first.startsWith('ar') ? 'ar' : 'en', chosen: false };
}

export function staticPagePath(url: string) {
  const pathname = url.split(/[?#]/)[0];
  return isStaticPagePath(pathname) ? pathname : null;
}

/**
 * Sends the static copy of a public page and returns the reply, or returns null when the app should answer
 * (a session, or no copy in this build).
 */
export function sendStaticPage(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { clientDir: string; publicUrl: () => string },
): FastifyReply | null {
  const pagePath = staticPagePath(request.url);
  if (!pagePath || request.cookies[SESSION_COOKIE]) return null;
  const { language, chosen } = pageLanguage(request);
  const file = path.join(options.clientDir, 'static-pages', `${STATIC_PAGE_FILES[pagePath]}.${language}.html`);
  let html: string;
  try {
    html = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  if (chosen) reply.setCookie(LANGUAGE_COOKIE, language, { path: '/', maxAge: YEAR_S, sameSite: 'lax' });
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'Cookie, Accept-Language')
    .send(html.replace(ORIGIN, options.publicUrl()));
}
