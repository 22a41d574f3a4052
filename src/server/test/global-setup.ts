import { prepareTemplateDatabase } from './test-db.js';

/** Once per unit-test run: the migrated database every test file's database is copied from (test-db.ts). */
export default async function setup(): Promise<() => Promise<void>> {
  return prepareTemplateDatabase();
}
