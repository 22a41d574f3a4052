import path from 'node:path';
import { build } from 'vite';

/** The browser tests run against the production build of the client, as `npm start` serves it. */
export default async function setup(): Promise<void> {
  await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn' });
}
