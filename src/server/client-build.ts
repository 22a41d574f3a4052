import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
// The build's own plugin (the public pages' static copies) is a source of the build too.
const sources = ['src/client', 'src/shared', 'vite.config.ts', 'scripts/static-public-pages.ts', 'package.json'];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/client is missing or older than any client source. */
export function clientBuildIsStale(): boolean {
  const index = path.join(root, 'dist/client/index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

/** Builds the client with Vite when the build is missing or stale (first `npm start`, or after a change). */
export async function ensureClientBuilt(log: { info: (msg: string) => void }): Promise<void> {
  if (!clientBuildIsStale()) return;
  log.info('Building the web client (first start or sources changed)...');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  log.info('Web client built.');
}
