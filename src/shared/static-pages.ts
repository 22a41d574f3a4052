/**
 * What the client build and the server agree on about the public pages' static copies (decision 029): which
 * paths have one and under which file name, the languages they are written in, the cookie that remembers
 * the visitor's language, and the placeholder the server replaces with its public address.
 */
export const STATIC_PAGE_FILES = {
  '/': 'index',
  '/contact': 'contact',
  '/privacy-policy': 'privacy-policy',
  '/terms-of-service': 'terms-of-service',
} as const;
export type StaticPagePath = keyof typeof STATIC_PAGE_FILES;

export const SITE_LANGUAGES = ['en', 'ar'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/** Set by the language switch (in the app and through ?lang= on a static copy), read by the server. */
export const LANGUAGE_COOKIE = 'nashr-language';

export const ORIGIN_PLACEHOLDER = '__NASHR_ORIGIN__';

export const isStaticPagePath = (path: string): path is StaticPagePath => Object.hasOwn(STATIC_PAGE_FILES, path);
