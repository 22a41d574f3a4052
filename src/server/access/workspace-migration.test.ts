import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { MIGRATIONS, appOn, openOldDatabase, type OldDatabase } from '../test/old-database.js';

/**
 * Migrations 0021 and 0022 (issue 27) on rows in the shape they had before workspaces: every account
 * becomes the owner of a workspace with its own id holding everything it had, and the public pages that
 * name those ids (web versions, newsrooms) keep answering.
 */
const LAST_BEFORE_WORKSPACES = '0020_last_sign_in';

const ALPHA = '11111111-1111-4111-8111-111111111111';
const BETA = '22222222-2222-4222-8222-222222222222';
const ADMIN = '33333333-3333-4333-8333-333333333333';
const SENT = 'aaaaaaaa-0000-4000-8000-000000000001';
const DRAFT = 'aaaaaaaa-0000-4000-8000-000000000002';
const SCHEDULED = 'aaaaaaaa-0000-4000-8000-000000000003';
const BETA_SENT = 'bbbbbbbb-0000-4000-8000-000000000001';
const LIST = 'cccccccc-0000-4000-8000-000000000001';

let old: OldDatabase;
let database: Database;
const rows = (query: ReturnType<typeof sql>) => old.rows(query);

/** Rows as the application wrote them up to 0020: the company on the user, rows pointing at user_id. */
async function insertOldRows(): Promise<void> {
  await database.db.execute(sql`
    INSERT INTO users (id, email, password_hash, company_name, first_name, last_name, verified, user_type, subscription_plan,
      subscription_status, stripe_customer_id, monthly_press_release_limit, press_releases_used_this_month, trusted,
      newsroom_slug, newsroom_enabled, language, created_at)
    VALUES
      (${ALPHA}, 'layla@alpha.test', 'x', 'Alpha Trading', 'Layla', 'Haddad', true, 'active', 'package_2', 'active', 'cus_alpha',
        10, 3, true, 'alpha-trading-a1b2c3', true, 'ar', '2026-01-02T03:04:05Z'),
      (${BETA}, 'omar@beta.test', 'x', 'Beta Logistics', 'Omar', 'Saleh', true, 'trial', NULL, 'trial', NULL,
        0, 0, false, NULL, true, 'en', '2026-02-01T00:00:00Z'),
      (${ADMIN}, 'root@nashr.test', 'x', 'Nashr', 'Root', 'Admin', true, 'super_admin', NULL, 'active', NULL,
        0, 0, false, 'nashr-000000', false, 'en', '2026-01-01T00:00:00Z')`);
  await database.db.execute(sql`UPDATE users SET role = 'super_admin' WHERE id = ${ADMIN}`);
  await database.db.execute(sql`
    INSERT INTO press_releases (id, user_id, title, content, language, status, sent_at, scheduled_at, slug, recipient_count)
    VALUES
      (${SENT}, ${ALPHA}, 'Alpha Trading opens in Muscat', '<p>Alpha Trading opens a branch in Muscat.</p>', 'english', 'sent',
        '2026-03-01T10:00:00Z', NULL, 'alpha-trading-opens-in-muscat-d4e5f6', 2),
      (${DRAFT}, ${ALPHA}, 'Alpha draft', '', 'english', 'draft', NULL, NULL, NULL, 0),
      (${SCHEDULED}, ${ALPHA}, 'Alpha scheduled', '', 'english', 'scheduled', NULL, '2027-01-01T10:00:00Z', NULL, 0),
      (${BETA_SENT}, ${BETA}, 'Beta ships faster', '<p>Beta.</p>', 'english', 'sent', '2026-03-02T10:00:00Z', NULL,
        'beta-ships-faster-0a0b0c', 1)`);
  await database.db.execute(
    sql`INSERT INTO user_lists (id, user_id, name) VALUES (${LIST}, ${ALPHA}, 'Gulf editors')`,
  );
  await database.db.execute(sql`
    INSERT INTO payments (user_id, provider, payment_intent_id, plan_id, amount, status)
    VALUES (${ALPHA}, 'demo', 'pi_alpha_1', 'package_2', 50000, 'succeeded')`);
  await database.db.execute(sql`
    INSERT INTO newsroom_followers (company_id, email, language, token, confirmed_at)
    VALUES (${ALPHA}, 'reader@press.test', 'english', 'follow-token-alpha', '2026-03-03T00:00:00Z')`);
  await database.db.execute(sql`
    INSERT INTO company_unsubscribes (company_id, email, release_id) VALUES (${ALPHA}, 'gone@press.test', ${SENT})`);
}

beforeAll(async () => {
  old = await openOldDatabase(LAST_BEFORE_WORKSPACES, 'nashr_migration');
  database = old.database;
  await insertOldRows();
  // The real migrate(): it applies what is missing, here 0021 and 0022.
  await migrate(database);
}, 120_000);

afterAll(() => old?.close());

describe('migrations 0021 and 0022 on rows of the old shape', () => {
  it('made one workspace per user, with the same id and the company’s fields', async () => {
    // The newsroom moved on to the workspace's own brand (same id) in 0023 and 0024 (issue 28).
    const found = await rows(sql`
      SELECT w.id, w.name, user_type, subscription_plan, stripe_customer_id, monthly_press_release_limit AS lim,
             press_releases_used_this_month AS used, trusted, b.newsroom_slug, b.newsroom_enabled, w.language, w.created_at
      FROM workspaces w JOIN brands b ON b.id = w.id ORDER BY w.name`);
    expect(found.map((w) => [w.id, w.name])).toEqual([
      [ALPHA, 'Alpha Trading'],
      [BETA, 'Beta Logistics'],
      [ADMIN, 'Nashr'],
    ]);
    const alpha = found[0];
    expect(alpha).toMatchObject({
      user_type: 'active',
      subscription_plan: 'package_2',
      stripe_customer_id: 'cus_alpha',
      lim: 10,
      used: 3,
      trusted: true,
      newsroom_slug: 'alpha-trading-a1b2c3',
      newsroom_enabled: true,
      language: 'ar',
    });
    expect(new Date(alpha.created_at as string).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    // A super admin's company is an ordinary, active workspace; the platform role stays on the person.
    expect(found[2]).toMatchObject({
      user_type: 'active',
      newsroom_slug: 'nashr-000000',
      newsroom_enabled: false,
    });
    expect(found[1]).toMatchObject({ user_type: 'trial', lim: 0, trusted: false, newsroom_slug: null });
  });

  it('made every user the owner of their workspace and acting in it', async () => {
    const members = await rows(
      sql`SELECT workspace_id, user_id, role FROM workspace_members ORDER BY user_id`,
    );
    expect(members).toEqual([
      { workspace_id: ALPHA, user_id: ALPHA, role: 'owner' },
      { workspace_id: BETA, user_id: BETA, role: 'owner' },
      { workspace_id: ADMIN, user_id: ADMIN, role: 'owner' },
    ]);
    const users = await rows(sql`SELECT id, current_workspace_id, role FROM users ORDER BY id`);
    expect(users).toEqual([
      { id: ALPHA, current_workspace_id: ALPHA, role: 'user' },
      { id: BETA, current_workspace_id: BETA, role: 'user' },
      { id: ADMIN, current_workspace_id: ADMIN, role: 'super_admin' },
    ]);
  });

  it('dropped the company’s columns from users and user_id from the moved tables', async () => {
    const columns = await rows(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND (
        (table_name = 'users' AND column_name IN ('company_name', 'user_type', 'monthly_press_release_limit', 'trusted', 'newsroom_slug', 'stripe_customer_id'))
        OR (table_name IN ('press_releases', 'user_lists', 'payments', 'attachment_blobs', 'demo_payment_intents') AND column_name = 'user_id'))`);
    expect(columns).toEqual([]);
  });

  it('gave releases their workspace, author and sender (only those that went out or were scheduled)', async () => {
    const releases = await rows(
      sql`SELECT id, workspace_id, author_id, sent_by, approved_by, slug FROM press_releases ORDER BY id`,
    );
    expect(releases).toEqual([
      {
        id: SENT,
        workspace_id: ALPHA,
        author_id: ALPHA,
        sent_by: ALPHA,
        approved_by: null,
        slug: 'alpha-trading-opens-in-muscat-d4e5f6',
      },
      { id: DRAFT, workspace_id: ALPHA, author_id: ALPHA, sent_by: null, approved_by: null, slug: null },
      { id: SCHEDULED, workspace_id: ALPHA, author_id: ALPHA, sent_by: ALPHA, approved_by: null, slug: null },
      {
        id: BETA_SENT,
        workspace_id: BETA,
        author_id: BETA,
        sent_by: BETA,
        approved_by: null,
        slug: 'beta-ships-faster-0a0b0c',
      },
    ]);
  });

  it('moved lists and payments to the workspace, keeping who made them', async () => {
    expect(await rows(sql`SELECT id, workspace_id, created_by, name FROM user_lists`)).toEqual([
      { id: LIST, workspace_id: ALPHA, created_by: ALPHA, name: 'Gulf editors' },
    ]);
    expect(await rows(sql`SELECT workspace_id, paid_by, payment_intent_id, amount FROM payments`)).toEqual([
      { workspace_id: ALPHA, paid_by: ALPHA, payment_intent_id: 'pi_alpha_1', amount: 50000 },
    ]);
  });

  it('kept followers and company unsubscribes attached, now to the workspace', async () => {
    // The column is brand_id since 0041 (the rows above were written as company_id).
    const followers = await rows(sql`
      SELECT f.email, w.name FROM newsroom_followers f JOIN workspaces w ON w.id = f.brand_id`);
    expect(followers).toEqual([{ email: 'reader@press.test', name: 'Alpha Trading' }]);
    const unsubscribes = await rows(sql`
      SELECT u.email, w.name FROM company_unsubscribes u JOIN workspaces w ON w.id = u.brand_id`);
    expect(unsubscribes).toEqual([{ email: 'gone@press.test', name: 'Alpha Trading' }]);
    const references = await rows(sql`
      SELECT tc.table_name, ccu.table_name AS target FROM information_schema.table_constraints tc
      JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name
      WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_name IN ('newsroom_followers', 'company_unsubscribes')
        AND ccu.column_name = 'id' AND ccu.table_name IN ('users', 'workspaces', 'brands')
      ORDER BY tc.table_name, ccu.table_name`);
    // Since 0023 (issue 28) they name the workspace's first brand, which has the workspace's id; since
    // issue 35 an unsubscribe also names the brand's workspace (decision 018).
    expect(references).toEqual([
      { table_name: 'company_unsubscribes', target: 'brands' },
      { table_name: 'company_unsubscribes', target: 'workspaces' },
      { table_name: 'newsroom_followers', target: 'brands' },
    ]);
  });

  it('applies no further migration when run again', async () => {
    const before = await rows(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    await migrate(database);
    expect(await rows(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)).toEqual(before);
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(before[0].n).toBe(journal.entries.length);
  });
});

describe('the application on the migrated database', () => {
  let app: FastifyInstance;
  let closeAll: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close: closeAll } = await appOn(database));
  }, 60_000);
  afterAll(() => closeAll?.());

  it('still serves the web version of a release sent before the migration at its old address', async () => {
    const res = await app.inject({ method: 'GET', url: '/r/alpha-trading-opens-in-muscat-d4e5f6' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Alpha Trading opens in Muscat');
    expect(res.body).toContain('/newsroom/alpha-trading-a1b2c3');
  });

  it('still serves the company’s newsroom and its feed at the old slug, listing its release and only its own', async () => {
    const page = await app.inject({ method: 'GET', url: '/newsroom/alpha-trading-a1b2c3?lang=en' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Alpha Trading');
    expect(page.body).toContain('Alpha Trading opens in Muscat');
    expect(page.body).not.toContain('Beta ships faster');
    const feed = await app.inject({ method: 'GET', url: '/newsroom/alpha-trading-a1b2c3/feed.xml' });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('/r/alpha-trading-opens-in-muscat-d4e5f6');
  });

  it('keeps an offline newsroom offline', async () => {
    expect((await app.inject({ method: 'GET', url: '/newsroom/nashr-000000' })).statusCode).toBe(404);
  });
});
