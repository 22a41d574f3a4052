import type { ReleaseId } from '../../shared/ids.js';
import { sql, type SQL } from 'drizzle-orm';
import type { EmbargoAudience } from '../../shared/embargo.js';
import type { ReleaseLanguage } from '../../shared/releases.js';
import { rowsOf, type Db } from '../db/client.js';
import { releaseSelection, type SelectableRelease } from './recipient-selection.js';
import { deliveries } from '../db/schema.js';

/**
 * The deliveries of an embargo a journalist can agree to (decision 027). At the send, whoever would get the
 * release but neither accepts embargoes nor is accredited is queued a notice (audience `embargo_notice`), a
 * delivery of its own beside the release's (its own unique index, so the release can follow it). The release
 * follows when they agree (`queueReleaseToWaiting` with their address) or at the lift (without): both read the
 * recipient selection again, as if the embargo had lifted, so a journalist who has since unsubscribed, bounced
 * or changed their choices is not sent it, and both insert with ON CONFLICT DO NOTHING, so however many clicks,
 * ticks or workers meet, each address gets the release once.
 */

/**
 * Inserts one delivery of `audience` per row of `selection`'s `selected` that `where` keeps, in the version of
 * the journalist's language (else the primary), each with a random token (two v4 UUIDs: 244 random bits).
 * Sending order is by name, never by address. Returns the rows inserted.
 */
export async function insertSelected(
  tx: Db,
  input: { releaseId: ReleaseId; versions: readonly ReleaseLanguage[]; now: Date; audience: 'list' | 'embargo_notice'; selection: SQL; where: SQL },
): Promise<number> {
  const conflict = input.audience === 'embargo_notice' ? sql`WHERE audience = 'embargo_notice'` : sql`WHERE audience <> 'embargo_notice'`;
  const result = await tx.execute(sql`
    ${input.selection}
    INSERT INTO ${deliveries} (release_id, email, contact_id, language, audience, token, status, next_attempt_at, created_at)
    SELECT ${input.releaseId}::uuid, r.email, r.contact_id,
           CASE WHEN r.lower_language = ANY(${sql.param(input.versions)}::text[]) THEN r.lower_language ELSE ${input.versions[0]} END,
           ${input.audience},
           replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
           'queued', ${input.now.toISOString()}::timestamptz, ${input.now.toISOString()}::timestamptz
    FROM selected r
    WHERE ${input.where}
    ORDER BY r.first_name, r.last_name, r.contact_id
    ON CONFLICT (release_id, email) ${conflict} DO NOTHING
    RETURNING id`);
  return rowsOf(result).length;
}

/** At the send, inside dispatch's transaction: the notice to everyone who waits for the lift. */
export function queueEmbargoNotices(tx: Db, input: { releaseId: ReleaseId; versions: readonly ReleaseLanguage[]; now: Date; selection: SQL }): Promise<number> {
  return insertSelected(tx, { ...input, audience: 'embargo_notice', where: sql`r.left_out IS NULL AND r.waits_for_lift` });
}

/**
 * The release to the journalists it was held from, as the selection reads them now with the embargo lifted:
 * to `email` alone when they have agreed, else (the lift) to every address that was sent the notice. An
 * address that already has the release is skipped. Returns how many were queued.
 */
export function queueReleaseToWaiting(tx: Db, release: SelectableRelease, now: Date, email?: string): Promise<number> {
  const { versions, selection } = releaseSelection({ ...release, embargoUntil: null }, now);
  const whom = email === undefined ? sql`true` : sql`r.email = ${email.toLowerCase()}`;
  return insertSelected(tx, {
    releaseId: release.id,
    versions,
    now,
    audience: 'list',
    selection,
    where: sql`r.left_out IS NULL AND ${whom} AND EXISTS (
      SELECT 1 FROM ${deliveries} n WHERE n.release_id = ${release.id}::uuid AND n.audience = 'embargo_notice' AND n.email = r.email)`,
  });
}

/**
 * A sent release's embargo audience, counted from its deliveries: `now` got the release without a notice,
 * `asked` were sent one, `agreed` took the release before the lift by agreeing, `atLift` are the others asked.
 */
export async function embargoAudienceOfRelease(db: Db, release: { id: string; embargoUntil: Date | null }): Promise<EmbargoAudience> {
  const [row] = rowsOf<{ now: number; asked: number; agreed: number }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE d.audience = 'list' AND n.id IS NULL)::int AS now,
             count(*) FILTER (WHERE d.audience = 'embargo_notice')::int AS asked,
             count(*) FILTER (WHERE d.audience = 'list' AND n.id IS NOT NULL
                              AND d.created_at < ${release.embargoUntil?.toISOString() ?? null}::timestamptz)::int AS agreed
      FROM ${deliveries} d
      LEFT JOIN ${deliveries} n ON d.audience = 'list' AND n.release_id = d.release_id AND n.email = d.email AND n.audience = 'embargo_notice'
      WHERE d.release_id = ${release.id}::uuid AND d.audience IN ('list', 'embargo_notice')`),
  );
  return { now: row.now, asked: row.asked, atLift: row.asked - row.agreed, agreed: row.agreed };
}
