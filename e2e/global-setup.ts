import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { prepareTemplateDatabase } from '../src/server/test/test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    clientDir: string;
  }
}

/**
 * The browser tests run against a production build of the client, as `npm start` serves it, built into a
 * folder of this run's own so that a second run (or `npm start`) never empties it underneath.
 * E2E_CLIENT_DIR names a build made beforehand (CI builds once for its two database runs); it is used as it is
 * and left in place.
 * Each spec's database is a copy of one migrated here, once per run (src/server/test/test-db.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dropTemplate = await prepareTemplateDatabase();
  const prebuilt = process.env.E2E_CLIENT_DIR;
  if (prebuilt) {
    if (!fs.existsSync(path.join(prebuilt, 'index.html'))) {
      await dropTemplate();
      throw new Error(`E2E_CLIENT_DIR=${prebuilt} holds no client build`);
    }
    project.provide('clientDir', path.resolve(prebuilt));
    return dropTemplate;
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nashr-e2e-client-'));
  await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } }).catch(async (error: unknown) => {
    await dropTemplate();
    throw error;
  });
  project.provide('clientDir', outDir);
  return async () => {
    fs.rmSync(outDir, { recursive: true, force: true });
    await dropTemplate();
  };
}
