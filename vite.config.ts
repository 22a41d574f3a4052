import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss()],
  // The manifest names each page's chunks, so bench/bundle-size.bench.ts can weigh what every route loads.
  build: { outDir: '../../dist/client', emptyOutDir: true, chunkSizeWarningLimit: 1500, manifest: true },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/t': 'http://127.0.0.1:3000', '/u': 'http://127.0.0.1:3000', '/r': 'http://127.0.0.1:3000' } },
});
