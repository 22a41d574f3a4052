import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.js';
import { appOn, openOldDatabase, type OldDatabase } from '../test/old-database.js';

/**
 * Migrations 0023 and 0024 (issue 28) on rows of the workspaces' shape: every workspace speaks as one
 * brand with its own id, name and newsroom; releases, followers and company unsubscribes name that brand;
 * the newsroom leaves the workspace; public pages keep answering at their addresses.
 */
const LAST_BEFORE_BRANDS = '0022_workspace_owned_rows';

const ALPHA = '11111111-1111-4111-8111-111111111111';
const BETA = '22222222-2222-4222-8222-222222222222';
const GAMMA = '33333333-3333-4333-8333-333333333333';
const SENT = 'aaaaaaaa-0000-4000-8000-000000000001';
const DRAFT = 'aaaaaaaa-0000-4000-8000-000000000002';
const BETA_SENT = 'bbbbbbbb-0000-4000-8000-000000000001';

let old: OldDatabase;
const rows = (query: ReturnType<typeof sql>) => old.rows(query);

/** Rows as the application wrote them up to 0022: the newsroom on the workspace, followers pointing at it. */
async function insertWorkspaceRows(): Promise<void> {
  await rows(sql`
    INSERT INTO users (id, email, password_hash, first_name, last_name, verified, current_workspace_id)
    VALUES (${ALPHA}, 'layla@alpha.test', 'x', 'Layla', 'Haddad', true, ${ALPHA}),
           (${BETA}, 'omar@beta.test', 'x', 'Omar', 'Saleh', true, ${BETA}),
           (${GAMMA}, 'sara@gamma.test', 'x', 'Sara', 'Nasser', true, ${GAMMA})`);
  await rows(sql`
    INSERT INTO workspaces (id, name, user_type, newsroom_slug, newsroom_enabled, created_at)
    VALUES (${ALPHA}, 'Alpha Trading', 'active', 'alpha-trading-a1b2c3', true, '2026-01-02T03:04:05Z'),
           (${BETA}, 'Beta Logistics', 'active', NULL, true, '2026-02-01T00:00:00Z'),
           (${GAMMA}, 'Gamma Foods', 'trial', 'gamma-foods-000000', false, '2026-03-01T00:00:00Z')`);
  await rows(sql`
    INSERT INTO workspace_members (workspace_id, user_id, role)
    VALUES (${ALPHA}, ${ALPHA}, 'owner'), (${BETA}, ${BETA}, 'owner'), (${GAMMA}, ${GAMMA}, 'owner')`);
  await rows(sql`
    INSERT INTO press_releases (id, workspace_id, author_id, sent_by, title, content, language, status, sent_at, slug,
      recipient_count, boilerplate, contact_name, contact_email, created_at)
    VALUES
      (${SENT}, ${ALPHA}, ${ALPHA}, ${ALPHA}, 'Alpha Trading opens in Muscat', '<p>Alpha Trading opens a branch in Muscat.</p>',
        'english', 'sent', '2026-03-01T10:00:00Z', 'alpha-trading-opens-in-muscat-d4e5f6', 2,
        'Alpha Trading trades across the Gulf.', 'Layla Haddad', 'press@alpha.test', '2026-03-01T09:00:00Z'),
      (${DRAFT}, ${ALPHA}, ${ALPHA}, NULL, 'Alpha draft', '', 'arabic', 'draft', NULL, NULL, 0,
        'ألفا للتجارة', 'ليلى', 'ar@alpha.test', '2026-03-05T09:00:00Z'),
      (${BETA_SENT}, ${BETA}, ${BETA}, ${BETA}, 'Beta ships faster', '<p>Beta.</p>', 'english', 'sent',
        '2026-03-02T10:00:00Z', 'beta-ships-faster-0a0b0c', 1, '', '', '', '2026-03-02T09:00:00Z')`);
  await rows(sql`
    INSERT INTO newsroom_followers (company_id, email, language, token, confirmed_at)
    VALUES (${ALPHA}, 'reader@press.test', 'english', 'follow-token-alpha', '2026-03-03T00:00:00Z')`);
  await rows(sql`
    INSERT INTO company_unsubscribes (company_id, email, release_id) VALUES (${ALPHA}, 'gone@press.test', ${SENT})`);
}

beforeAll(async () => {
  old = await openOldDatabase(LAST_BEFORE_BRANDS, 'nashr_brand_migration');
  await insertWorkspaceRows();
  await old.migrateUpTo('0023_brands');
  // A newsroom given to a workspace while 0023 ran before the application knew brands: 0024 keeps it.
  await rows(sql`UPDATE workspaces SET newsroom_slug = 'beta-logistics-0b0b0b' WHERE id = ${BETA}`);
  // The real migrate(): it applies what is missing, here 0024 and any later one.
  await migrate(old.database);
}, 120_000);

afterAll(() => old?.close());

describe('migrations 0023 and 0024 on rows of the workspaces’ shape', () => {
  it('gave every workspace exactly one brand, with the workspace’s id, name and newsroom', async () => {
    const found = await rows(sql`
      SELECT b.id, b.workspace_id, b.name, b.newsroom_slug, b.newsroom_enabled, b.archived_at,
             (SELECT count(*)::int FROM brands o WHERE o.workspace_id = b.workspace_id) AS brands
      FROM brands b ORDER BY b.name`);
    expect(found).toEqual([
      {
        id: ALPHA,
        workspace_id: ALPHA,
        name: 'Alpha Trading',
        newsroom_slug: 'alpha-trading-a1b2c3',
        newsroom_enabled: true,
        archived_at: null,
        brands: 1,
      },
      {
        id: BETA,
        workspace_id: BETA,
        name: 'Beta Logistics',
        newsroom_slug: 'beta-logistics-0b0b0b',
        newsroom_enabled: true,
        archived_at: null,
        brands: 1,
      },
      {
        id: GAMMA,
        workspace_id: GAMMA,
        name: 'Gamma Foods',
        newsroom_slug: 'gamma-foods-000000',
        newsroom_enabled: false,
        archived_at: null,
        brands: 1,
      },
    ]);
  });

  it('filled the brand’s defaults from the workspace’s latest release', async () => {
    const [alpha] = await rows(
      sql`SELECT boilerplate, contact_name, contact_email, language FROM brands WHERE id = ${ALPHA}`,
    );
    expect(alpha).toEqual({
      boilerplate: 'ألفا للتجارة',
      contact_name: 'ليلى',
      contact_email: 'ar@alpha.test',
      language: 'arabic',
    });
  });

  it('made every release speak for its workspace’s brand', async () => {
    expect(await rows(sql`SELECT id, brand_id FROM press_releases ORDER BY id`)).toEqual([
      { id: SENT, brand_id: ALPHA },
      { id: DRAFT, brand_id: ALPHA },
      { id: BETA_SENT, brand_id: BETA },
    ]);
  });

  it('kept followers and company unsubscribes attached, now to the brand', async () => {
    // The column is brand_id since 0041 (the rows above were written as company_id).
    expect(
      await rows(sql`SELECT f.email, b.name FROM newsroom_followers f JOIN brands b ON b.id = f.brand_id`),
    ).toEqual([{ email: 'reader@press.test', name: 'Alpha Trading' }]);
    expect(
      await rows(
        sql`SELECT u.email, b.name FROM company_unsubscribes u JOIN brands b ON b.id = u.brand_id`,
      ),
    ).toEqual([{ email: 'gone@press.test', name: 'Alpha Trading' }]);
  });

  it('took the newsroom off the workspace', async () => {
    const columns = await rows(sql`
      SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = 'workspaces' AND column_name LIKE 'newsroom%'`);
    expect(columns).toEqual([]);
    expect(
      await rows(sql`SELECT indexname FROM pg_indexes WHERE indexname = 'workspaces_newsroom_slug_key'`),
    ).toEqual([]);
  });
});

describe('the application on the migrated database', () => {
  let app: FastifyInstance;
  let closeAll: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close: closeAll } = await appOn(old.database));
  }, 60_000);
  afterAll(() => closeAll?.());

  it('still serves the newsroom at its old address, with its release only, and its feed', async () => {
    const page = await app.inject({ method: 'GET', url: '/newsroom/alpha-trading-a1b2c3?lang=en' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<bdi>Alpha Trading</bdi>');
    expect(page.body).toContain('Alpha Trading opens in Muscat');
    expect(page.body).not.toContain('Beta ships faster');
    const feed = await app.inject({ method: 'GET', url: '/newsroom/alpha-trading-a1b2c3/feed.xml' });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('<name>Alpha Trading</name>');
    expect((await app.inject({ method: 'GET', url: '/newsroom/beta-logistics-0b0b0b' })).body).toContain(
      'Beta ships faster',
    );
  });

  it('links the web version to the brand’s newsroom and keeps an offline newsroom offline', async () => {
    const web = await app.inject({ method: 'GET', url: '/r/alpha-trading-opens-in-muscat-d4e5f6' });
    expect(web.statusCode).toBe(200);
    expect(web.body).toContain('href="/newsroom/alpha-trading-a1b2c3"');
    expect((await app.inject({ method: 'GET', url: '/newsroom/gamma-foods-000000' })).statusCode).toBe(404);
  });
});
