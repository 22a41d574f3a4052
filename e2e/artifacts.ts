import fs from 'node:fs';
import path from 'node:path';

/** The browser tests' artefacts folder: screenshots of each step, to look at after a run. */
export const ARTIFACTS = path.resolve('.e2e-artifacts');

/** Where a screenshot named `name` goes (the folder made on first use). */
export function artifactPath(name: string): string {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, name);
}
