import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench [-- name-filter]`: runs every bench/*.bench.ts in its own process, one after the
 * other (they measure latency and memory; running them side by side would measure each other).
 */
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = fs
  .readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();

if (!files.length) {
  console.error(filter ? `No bench/*.bench.ts matches "${filter}"` : 'No bench/*.bench.ts files');
  process.exit(1);
}

const failed: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ${'='.repeat(Math.max(0, 70 - file.length))}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, file)], { stdio: 'inherit', env: process.env });
  console.log(`=== ${file}: ${result.status === 0 ? 'done' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (result.status !== 0) failed.push(file);
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
