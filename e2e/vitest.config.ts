import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time, each with its own server, database and Chromium: on two cores the suite takes
    // about a third less time (462 s → 319 s on PGlite) and CI stays within its time.
    fileParallelism: true,
    maxWorkers: 2,
    // A worker keeps the server's modules it loaded for one spec file for the next, as the unit suite does,
    // instead of importing the whole server afresh for each of the ~40 files; every file still starts its own
    // server, database, SMTP peer and Chromium (harness.ts).
    isolate: false,
  },
});
