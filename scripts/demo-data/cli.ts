import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { migrate } from '../../src/server/db/migrate.js';
import { writeImportCsv, writeImportCsvFile } from './csv.js';
import { DEMO_CONTACT_COUNT, loadDemoContacts } from '../../src/server/demo-data/load.js';

/**
 * npx tsx scripts/demo-data/cli.ts load [count]       add demo contacts to the configured database
 * npx tsx scripts/demo-data/cli.ts csv [count] [file] write them as an import file (SPEC.md §5 columns)
 */
const [command = 'load', countArg, file] = process.argv.slice(2);
const count = Number(countArg ?? DEMO_CONTACT_COUNT);
if (!Number.isInteger(count) || count < 1) throw new Error(`Not a count: ${countArg}`);

if (command === 'csv') {
  if (file) await writeImportCsvFile(file, count);
  else await writeImportCsv(process.stdout, count);
} else if (command === 'load') {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dir: config.databaseUrl ? undefined : `${config.dataDir}/db` });
  await migrate(database);
  const started = Date.now();
  const inserted = await loadDemoContacts(database.db, count, { batchSize: 5000 });
  console.log(`${inserted} new contacts (of ${count}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await database.close();
} else {
  console.error('Usage: cli.ts load [count] | csv [count] [file]');
  process.exit(1);
}
