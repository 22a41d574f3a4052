import type { BrandId, ReleaseId } from '../../shared/ids.js';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';
import { brands, companyUnsubscribes } from '../db/schema.js';

/**
 * To a journalist a company is its name (decision 018): "only from {Company}" covers the brand chosen and
 * every brand of its workspace going by a name it had then (issue 35: a brand renamed, and a new one made
 * under the old name, got the address back). Names are compared as a reader tells them apart: not by case,
 * spacing, punctuation, accents, Arabic letter forms (أ/ا, ة/ه, ى/ي, marks), digits of either script,
 * invisible characters, or Cyrillic and Greek letters drawn like Latin ones ("Аcme" with a Cyrillic А).
 * The folding is one SQL function, company_name_keys(name, name_ar, sender_name) (its migration holds
 * the rule), so the send's INSERT … SELECT, the unsubscribe and the preference page read the same names.
 */

/**
 * The names the brand row `b` goes by now, folded: a text[] in SQL. Its Arabic sender name (issue 37) is one
 * of them, after the three the SQL function folds (a key twice over changes no comparison).
 */
export const brandNameKeys = (b = sql.raw('b')): SQL =>
  sql`(company_name_keys(${b}.name, ${b}.name_ar, ${b}.sender_name) || company_name_keys(${b}.sender_name_ar, '', ''))`;

/**
 * "Only from {Company}" written for a brand: its workspace, the name chosen and the names it goes by now.
 * A second time changes nothing (decision 018).
 */
export async function insertCompanyUnsubscribe(db: Db, brandId: BrandId, email: string, releaseId: ReleaseId | null): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${companyUnsubscribes} (brand_id, email, workspace_id, company_name, names, release_id)
    SELECT b.id, ${email.toLowerCase()}, b.workspace_id, b.name, ${brandNameKeys()}, ${releaseId}::uuid
    FROM ${brands} b WHERE b.id = ${brandId}::uuid
    ON CONFLICT DO NOTHING`);
}

/** The folded names of a name, an Arabic name and a sender name, as the database compares them. */
export async function companyNameKeys(db: Db, brand: { name: string; nameAr?: string; senderName?: string }): Promise<string[]> {
  const rows = rowsOf<{ keys: string[] }>(
    await db.execute(sql`SELECT company_name_keys(${brand.name}, ${brand.nameAr ?? ''}, ${brand.senderName ?? ''}) AS keys`),
  );
  return rows[0].keys;
}

export const sharesAName = (a: readonly string[], b: readonly string[]) => a.some((key) => b.includes(key));
