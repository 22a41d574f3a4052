import fs from 'node:fs';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { migrate } from '../../src/server/db/migrate.js';
import { CSV_COLUMNS } from '../../src/shared/contacts.js';
import { csvLine } from '../../src/server/contacts/contacts-csv.js';
import { generateContacts } from './generate.js';
import { DEMO_CONTACT_COUNT, loadDemoContacts } from './load.js';

/**
 * npx tsx scripts/demo-data/cli.ts load [count]       add demo contacts to the configured database
 * npx tsx scripts/demo-data/cli.ts csv [count] [file] write them as an import file (SPEC.md §5 columns)
 */
const [command = 'load', countArg, file] = process.argv.slice(2);
const count = Number(countArg ?? DEMO_CONTACT_COUNT);
if (!Number.isInteger(count) || count < 1) throw new Error(`Not a count: ${countArg}`);

if (command === 'csv') {
  const out = file ? fs.createWriteStream(file) : process.stdout;
  out.write(csvLine([...CSV_COLUMNS]));
  for (const c of generateContacts(count)) {
    const row: Record<(typeof CSV_COLUMNS)[number], string> = {
      Name: `${c.firstName} ${c.lastName}`.trim(),
      'Outlet Name': c.organization,
      'Job Title': c.position,
      'Contact Topics': c.contactTopics,
      'Outlet Topics': c.outletTopics,
      Category: c.category,
      'Media Type': c.mediaType,
      Focus: c.focus,
      Email: c.email,
      Country: c.country,
      Language: c.language,
    };
    if (!out.write(csvLine(CSV_COLUMNS.map((col) => row[col])))) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  if (file) out.end();
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
