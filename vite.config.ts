import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { staticPublicPages } from './scripts/static-public-pages.js';

// react-router's package exports point every bundler at its development build (warnings, checks); the
// production build beside it is the same API without them, so the shipped bundle uses it.
// The shipped bundle runs the app on Preact's React-compatible layer (decision 035): react-dom alone was 54 KB of
// the 123 KB every page paid, preact/compat is about 11. The code, its types, the dev server and the unit tests
// stay React's; the browser specs drive this build, so every one of them runs on what users get.
const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ command }) => ({
  root: 'src/client',
  // Every asset is also written brotli- (maximum quality) and gzip-compressed once, at build time; the
  // server sends those files as they are (preCompressed) instead of compressing on each request.
  plugins: [
    react(),
    tailwindcss(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    // The public pages' static copies, written after the bundle (scripts/static-public-pages.ts).
    staticPublicPages(),
  ],
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router$/, replacement: reactRouterProduction },
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
            { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
            { find: /^react$/, replacement: 'preact/compat' },
          ],
        }
      : {},
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
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/t': 'http://127.0.0.1:3000', '/u': 'http://127.0.0.1:3000', '/r': 'http://127.0.0.1:3000' } },
}));
