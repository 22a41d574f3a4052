import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { chromiumPath } from './chromium-path';

/**
 * Runs the browser suite in the system Chromium. Without a browser the suite is skipped with a message,
 * except under CI=true, where a missing browser is a failure.
 * SKIP_BROWSER_TESTS=1 (set by .ci/run in its embedded-database run only) leaves the suite to the PostgreSQL run:
 * the specs drive the same pages through the same services on either database, and those services' own tests
 * run on both (decision 033).
 */
if (process.env.SKIP_BROWSER_TESTS === '1') {
  console.log('Browser tests left out here (SKIP_BROWSER_TESTS=1): they run with DATABASE_URL set, on PostgreSQL.');
  process.exit(0);
}
const browser = chromiumPath();
if (!fs.existsSync(browser)) {
  const message = `Browser tests need Chromium at ${browser} (set CHROMIUM_PATH, or apt-get install chromium).`;
  if (process.env.CI === 'true') {
    console.error(`FAILED: ${message}`);
    process.exit(1);
  }
  console.warn(`SKIPPED: ${message}`);
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
