import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n, { i18nReady, LANGUAGES, type Language } from '../../lib/i18n';
import { HeadCollector, type HeadRecord } from '../../lib/document-title';
import { CookieBanner } from '../../ui/cookie-banner';
import { PageFrame } from '../../ui/page-frame';
import { isStaticPagePath, ORIGIN_PLACEHOLDER, STATIC_PAGE_FILES, type StaticPagePath } from '../../../shared/static-pages';
import LandingPage from './landing-page';
import ContactPage from './contact-page';
import PrivacyPolicyPage from './privacy-policy-page';
import TermsOfServicePage from './terms-of-service-page';

/**
 * The public pages rendered to HTML ahead of time, from the same components the app shows, so a visitor
 * reads the page (and a search engine indexes it) before any script runs, and without one. The build
 * writes one file per page and language (scripts/static-public-pages.ts); the server sends it to visitors
 * without a session (src/server/http/public-pages.ts). Only islands.ts runs on these copies.
 */
const PAGES: Record<StaticPagePath, ComponentType> = {
  '/': LandingPage,
  '/contact': ContactPage,
  '/privacy-policy': PrivacyPolicyPage,
  '/terms-of-service': TermsOfServicePage,
};

export { LANGUAGES, ORIGIN_PLACEHOLDER, STATIC_PAGE_FILES };

export async function renderStaticPage(path: string, language: Language): Promise<{ body: string; head: HeadRecord }> {
  if (!isStaticPagePath(path)) throw new Error(`No static copy for ${path}`);
  const Page = PAGES[path];
  await i18nReady;
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'public', 'legal']);
  const head: HeadRecord = { origin: ORIGIN_PLACEHOLDER, structuredData: [] };
  const body = renderToString(
    <HeadCollector.Provider value={head}>
      <QueryClientProvider client={new QueryClient()}>
        <StaticRouter location={path}>
          {/* A visitor's frame, as the app draws it for them: no navigation bar. */}
          <PageFrame>
            <Page />
          </PageFrame>
          <CookieBanner details={false} hidden />
        </StaticRouter>
      </QueryClientProvider>
    </HeadCollector.Provider>,
  );
  return { body, head };
}
