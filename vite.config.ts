import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { staticPublicPages } from './scripts/static-public-pages.js';

// react-router's package exports point every bundler at its development build (warnings, checks); the
// production build beside it is the same API without them, so the shipped bundle uses it.
// The app runs on Preact's React-compatible layer (decision 035): react-dom alone was 54 KB of the 123 KB every
// page paid, preact/compat is about 11. The code and its types stay React's. The dev server runs Preact too, so
// what a developer sees is what users get (a difference between the two would otherwise show only in
// production); React's fast refresh needs React itself, so under Preact an edit reloads the page.
const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

const preactCompat = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  root: 'src/client',
  // Every asset is also written brotli- (maximum quality) and gzip-compressed once, at build time; the
  // server sends those files as they are (preCompressed) instead of compressing on each request.
  plugins: [
    // No module is refreshed in place: the dev server runs Preact, which React's refresh runtime cannot patch.
    react({ refreshExclude: /./ }),
    tailwindcss(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    // The public pages' static copies, written after the bundle (scripts/static-public-pages.ts).
    staticPublicPages(),
  ],
  // react-router's production build only where the bundle is built: the dev server keeps its warnings and checks.
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }, ...preactCompat] : preactCompat },
  // The manifest names each page's chunks, so bench/bundle-size.bench.ts can weigh what every route loads.
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    // The app, and the few-kilobyte script of the public pages' static copies.
    rollupOptions: {
      // react-router looks for React 19's useOptimistic and falls back when it is missing, as it is from
      // preact/compat: the bundler's notice that the import is undefined says what is meant to happen.
      onwarn(warning, warn) {
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
      input: {
        app: fileURLToPath(new URL('./src/client/index.html', import.meta.url)),
        islands: fileURLToPath(new URL('./src/client/features/public/islands.ts', import.meta.url)),
      },
    },
  },
  // The API and the journalists' links go to the server; the links' prefixes as whole path segments ('/u' alone
  // also caught the app's own /ui/… modules).
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '^/(t|u|r)/': 'http://127.0.0.1:3000' } },
}));
