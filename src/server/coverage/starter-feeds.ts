import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { CurrentUser } from '../../shared/auth.js';
import { feedInputSchema, type StarterFeedsResult } from '../../shared/coverage.js';
import type { Db } from '../db/client.js';
import { outletFeeds } from '../db/schema.js';
import { recordAudit } from '../audit/audit.service.js';

/**
 * The starter list (issue 29): MENA outlets' RSS/Atom feeds shipped in starter-feeds.csv (the import's own
 * columns, so the file can also be uploaded by hand), so coverage is not empty on a new installation.
 */

const STARTER_FILE = new URL('./starter-feeds.csv', import.meta.url);

export type StarterFeed = ReturnType<typeof feedInputSchema.parse>;

/** The list as shipped; a row that breaks the feed rules is a mistake in the repository, so it throws. */
export function starterFeeds(csv = fs.readFileSync(STARTER_FILE, 'utf8')): StarterFeed[] {
  const records = parse(csv, { columns: true, skip_empty_lines: true, trim: true }) as Array<Record<string, string>>;
  return records.map((record, index) => {
    const parsed = feedInputSchema.safeParse({ url: record.url, outlet: record.outlet, country: record.country, language: record.language });
    if (!parsed.success) throw new Error(`starter-feeds.csv row ${index + 1}: ${parsed.error.issues[0].message}`);
    return parsed.data;
  });
}

/** Adds the feeds not listed yet (by address) and leaves the others as the operator set them: running it twice adds nothing. */
export async function importStarterFeeds(db: Db, actor: CurrentUser): Promise<StarterFeedsResult> {
  const feeds = starterFeeds();
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(outletFeeds)
      .values(feeds.map((feed) => ({ ...feed, host: new URL(feed.url).host.toLowerCase() })))
      .onConflictDoNothing({ target: outletFeeds.url })
      .returning({ id: outletFeeds.id });
    const result = { added: inserted.length, skipped: feeds.length - inserted.length };
    await recordAudit(tx, { id: actor.id, email: actor.email }, 'feed.starter_imported', null, result);
    return result;
  });
}
