import fs from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A test file touches a database when it opens one, directly or through the test helpers that do (test-db,
 * test-app, test/processes), or reads DATABASE_URL. The others (pure functions, client logic, templates, MIME)
 * give the same answer on either database.
 */
const OPENS_A_DATABASE = /test-db|test-app|test\/processes|DATABASE_URL|openDatabase|@electric-sql\/pglite|from 'pg'/;

/**
 * SKIP_DATABASE_FREE_TESTS=1 (set by .ci/run in its second, PostgreSQL, run only): the files that never open a
 * database ran already in the PGlite run, so this run keeps only the ones that do.
 */
const testFiles = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.ts')).map((f) => `${dir}/${f}`) : [];
const databaseFree = (file: string) => !OPENS_A_DATABASE.test(fs.readFileSync(file, 'utf8'));
const exclude = process.env.SKIP_DATABASE_FREE_TESTS === '1' ? [...testFiles('src'), ...testFiles('scripts')].filter(databaseFree) : [];

/**
 * The files that run real processes (test/processes: send-chaos, topology, postfix-relay) start first. They
 * last longest (send-chaos about two minutes) mostly waiting on their children, so the other worker gets
 * through the rest meanwhile; run last, as the duration cache of a PGlite run (where they are skipped) orders
 * them, they were the run's tail.
 */
class ProcessesFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const startsProcesses = (spec: TestSpecification) => /test\/processes/.test(fs.readFileSync(spec.moduleId, 'utf8'));
    return [...sorted.filter(startsProcesses), ...sorted.filter((spec) => !startsProcesses(spec))];
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...exclude],
    environment: 'node',
    // One migrated database per run, copied for every test file (src/server/test/test-db.ts).
    globalSetup: ['src/server/test/global-setup.ts'],
    sequence: { sequencer: ProcessesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Mail that leaves after the answer (receipts, alerts) is awaited with expect.poll: a loaded CI machine
    // needs longer than the default second for it, and a poll that never succeeds still fails.
    expect: { poll: { timeout: 10_000 } },
    // Two cores: more parallel files only thrash the embedded databases.
    maxWorkers: 2,
    // A worker keeps its loaded modules from one file to the next instead of importing the server afresh for
    // each (about half of the run's time: 262 s → 112 s on PGlite). Every file still builds its own app and
    // database (test-app, test-db); what the process shares, as production does (the metrics registry), is
    // read by its tests as the change a request makes.
    isolate: false,
  },
});
