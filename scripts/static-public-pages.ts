import fs from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * After the client build, renders the public pages to HTML with their own components
 * (src/client/features/public/static-pages.tsx, loaded through Vite so its JSON texts and TSX load as in the
 * app) and writes one file per page and language into static-pages/ of the build. Each file is the app's
 * index.html with the page's markup in #root, its own <html lang dir>, title, description, canonical and
 * alternate addresses and structured data, the app's stylesheet, and islands.ts in place of the app's script.
 */
type Head = { title?: string; description?: string; structuredData: Array<{ id: string; json: string }> };
type StaticPagesModule = {
  STATIC_PAGE_FILES: Record<string, string>;
  LANGUAGES: readonly ('en' | 'ar')[];
  ORIGIN_PLACEHOLDER: string;
  renderStaticPage: (path: string, language: 'en' | 'ar') => Promise<{ body: string; head: Head }>;
};
type ManifestChunk = { file: string; isEntry?: boolean; src?: string };

export const STATIC_PAGES_DIR = 'static-pages';
const ISLANDS_SOURCE = 'features/public/islands.ts';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script> may not close the element. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c');

function addressOf(origin: string, pagePath: string, language: string): string {
  return `${origin}${pagePath}${language === 'en' ? '' : `?lang=${language}`}`;
}

function staticHtml(template: string, islandsFile: string, pagePath: string, language: string, body: string, head: Head, origin: string, languages: readonly string[]) {
  const headLinks = [
    `<link rel="canonical" href="${addressOf(origin, pagePath, language)}" />`,
    ...languages.map((l) => `<link rel="alternate" hreflang="${l}" href="${addressOf(origin, pagePath, l)}" />`),
    `<link rel="alternate" hreflang="x-default" href="${addressOf(origin, pagePath, 'en')}" />`,
    ...head.structuredData.map((block) => `<script type="application/ld+json" id="${block.id}">${scriptSafe(block.json)}</script>`),
    `<script type="module" src="/${islandsFile}"></script>`,
  ];
  return template
    .replace(/<html[^>]*>/, `<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title ?? '')}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, (_m, start: string, end: string) => `${start}${escapeHtml(head.description ?? '')}${end}`)
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', `    ${headLinks.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}

export function staticPublicPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'nashr-static-public-pages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      const islands = manifest[ISLANDS_SOURCE];
      if (!islands) throw new Error(`${ISLANDS_SOURCE} is not an entry of the build`);
      const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const server = await createServer({
        configFile: false,
        root: config.root,
        plugins: [react()],
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      });
      try {
        const pages = (await server.ssrLoadModule('/features/public/static-pages.tsx')) as StaticPagesModule;
        const target = path.join(outDir, STATIC_PAGES_DIR);
        fs.mkdirSync(target, { recursive: true });
        for (const language of pages.LANGUAGES) {
          for (const [pagePath, file] of Object.entries(pages.STATIC_PAGE_FILES)) {
            const { body, head } = await pages.renderStaticPage(pagePath, language);
            const html = staticHtml(template, islands.file, pagePath, language, body, head, pages.ORIGIN_PLACEHOLDER, pages.LANGUAGES);
            fs.writeFileSync(path.join(target, `${file}.${language}.html`), html);
          }
        }
      } finally {
        await server.close();
      }
    },
  };
}
