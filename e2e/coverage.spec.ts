import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/server/auth/password';
import { auditLog, coverageItems, outletFeeds, pressReleases } from '../src/server/db/schema';
import { insertAccount, type AccountFields } from '../src/server/test/accounts';
import { articlePage, html, startFeedServer } from '../src/server/test/feed-server';
import type { ReleaseId, UserId } from '../src/shared/ids';
import { startStack, type Stack } from './harness';

/**
 * Coverage in the browser (issue 15): the super admin's outlet feeds, and a release's Coverage section
 * with its tiers, adding an article by address (served by a local outlet) and removing a false match,
 * in English and Arabic.
 */

let stack: Stack;
let outlet: Awaited<ReturnType<typeof startFeedServer>>;
const HOUR = 3_600_000;
const sentAt = new Date(Date.now() - 30 * HOUR);

beforeAll(async () => {
  outlet = await startFeedServer({
    '/business/gulf-robotics-hiring': html(
      articlePage({
        site: 'Arabian Business Weekly',
        title: 'Gulf Robotics starts hiring for its Dubai plant',
        publishedAt: new Date(sentAt.getTime() + 20 * HOUR),
        paragraphs: [
          'The region’s factories are changing fast, and few companies show it better than the robot makers that set up in the emirates this year.',
          'Gulf Robotics, which opened its plant this week, expects to train two hundred technicians in its first year of operation.',
          'Suppliers in Jebel Ali report a rush of orders for parts since the announcement, and more hiring is planned for the spring.',
        ],
      }),
    ),
  });
  stack = await startStack({ FEED_ALLOW_PRIVATE: 'on' });
});
afterAll(async () => {
  await stack?.close();
  await outlet?.close();
});

let counter = 0;
async function createUser(fields: AccountFields = {}) {
  counter += 1;
  return insertAccount(stack.db, {
    email: `coverage${counter}@company.test`,
    passwordHash: await hashPassword('password123'),
    companyName: 'Gulf Robotics',
    firstName: 'Layla',
    lastName: 'Haddad',
    verified: true,
    ...fields,
  });
}

const signedIn = (userId: UserId, options: Parameters<Stack['signedInPage']>[1] = {}) => stack.signedInPage(userId, options);

describe('outlet feeds in the console', () => {
  it('adds, edits, imports and deletes feeds, with field errors and a confirmation', async () => {
    const root = await createUser({ role: 'super_admin', userType: 'super_admin' });
    const page = await signedIn(root.id);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Outlet feeds' }).click();
    await page.getByText('No feeds yet').waitFor();

    await page.getByRole('button', { name: 'Add feed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a feed' });
    await dialog.getByLabel('Feed address').fill('ftp://feeds.example/rss');
    await dialog.getByRole('button', { name: 'Save feed' }).click();
    await dialog.getByText('Address must be a web address starting with http:// or https://').waitFor();
    await dialog.getByText('Outlet is required').waitFor();
    await dialog.getByLabel('Feed address').fill('https://gulfnews.example/rss.xml');
    await dialog.getByLabel('Outlet').fill('Gulf News');
    await dialog.getByLabel('Country').selectOption('UAE');
    await dialog.getByRole('button', { name: 'Save feed' }).click();
    await page.getByTestId('toast').getByText('Feed saved').waitFor();
    await page.getByTestId('feed-row').filter({ hasText: 'Gulf News' }).getByText('Not fetched yet').waitFor();

    // The same address twice is refused on its field.
    await page.getByRole('button', { name: 'Add feed' }).click();
    await dialog.getByLabel('Feed address').fill('https://gulfnews.example/rss.xml');
    await dialog.getByLabel('Outlet').fill('Gulf News again');
    await dialog.getByRole('button', { name: 'Save feed' }).click();
    await dialog.getByText('A feed with this address is already listed').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Edit Gulf News' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit feed' });
    await edit.getByLabel('Read this feed').uncheck();
    await edit.getByRole('button', { name: 'Save feed' }).click();
    await page.getByTestId('feed-row').filter({ hasText: 'Gulf News' }).getByText('Paused').waitFor();

    const csv = 'url,outlet,country,language\nhttps://alriyadh.example/feed,الرياض,Saudi Arabia,arabic\nnot-a-url,Broken,UAE,english\n';
    await page.getByLabel('Import CSV').setInputFiles({ name: 'feeds.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('toast').getByText('1 added, 0 updated').waitFor();
    await page.getByText('Line 3: Address must be a web address starting with http:// or https://').waitFor();
    await page.getByTestId('feed-row').filter({ hasText: 'الرياض' }).waitFor();

    await page.getByRole('button', { name: 'Delete Gulf News' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this feed?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('toast').getByText('Feed deleted').waitFor();
    expect((await stack.db.select().from(outletFeeds)).map((f) => f.outlet)).toEqual(['الرياض']);
    const actions = (await stack.db.select().from(auditLog)).map((e) => e.action).filter((a) => a.startsWith('feed.'));
    expect(actions).toEqual(['feed.created', 'feed.updated', 'feed.imported', 'feed.deleted']);

    const arabic = await signedIn(root.id, { locale: 'ar', viewport: { width: 390, height: 844 } });
    await arabic.goto('/admin');
    await arabic.getByRole('tab', { name: 'خلاصات الوسائل' }).click();
    await arabic.getByRole('heading', { name: 'خلاصات الوسائل الإعلامية' }).waitFor();
    await arabic.getByTestId('feed-row').getByText('السعودية').waitFor();
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await arabic.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

describe('a release’s coverage', () => {
  let owner: Awaited<ReturnType<typeof createUser>>;
  let releaseId: ReleaseId;
  beforeAll(async () => {
    owner = await createUser();
    const [release] = await stack.db
      .insert(pressReleases)
      .values({ workspaceId: owner.workspaceId, brandId: owner.companyBrandId, authorId: owner.id, title: 'Gulf Robotics opens a plant in Dubai', content: '<p>Gulf Robotics today announced a plant.</p>', status: 'sent', sentAt, slug: 'gulf-robotics-plant' })
      .returning();
    releaseId = release.id;
    await stack.db.insert(coverageItems).values([
      {
        releaseId,
        url: 'https://ledger.example/copy',
        outlet: 'The Gulf Ledger',
        country: 'UAE',
        language: 'english',
        title: 'Gulf Robotics opens a plant in Dubai',
        publishedAt: new Date(sentAt.getTime() + 2 * HOUR),
        kind: 'verbatim',
        excerpt: 'Gulf Robotics today announced a plant.',
        source: 'feed',
      },
      {
        releaseId,
        url: 'https://alriyadh.example/robots',
        outlet: 'الرياض',
        country: 'Saudi Arabia',
        language: 'arabic',
        title: 'روبوتات الخليج تفتتح مصنعًا',
        publishedAt: new Date(sentAt.getTime() + 5 * HOUR),
        kind: 'earned',
        excerpt: 'قالت شركة روبوتات الخليج إن مصنعها سيخدم المنطقة.',
        source: 'feed',
      },
    ]);
  });

  it('shows the articles, their figures and the tiers, adds one by address and removes a false match', async () => {
    const page = await signedIn(owner.id);
    await page.goto(`/analytics/${releaseId}`);
    const section = page.locator('#coverage');
    await section.getByRole('heading', { name: 'Coverage' }).waitFor();
    await section.getByTestId('coverage-total').getByText('2', { exact: true }).waitFor();
    await section.getByTestId('coverage-verbatim').getByText('1', { exact: true }).waitFor();
    await section.getByTestId('coverage-earned').getByText('1', { exact: true }).waitFor();
    await section.getByText('2 hours').waitFor();
    await page.getByTestId('tier-published').getByText('1 verbatim · 1 earned').waitFor();
    await page.getByTestId('tier-published').getByText('Articles found that carry it', { exact: false }).waitFor();

    await section.getByLabel('Add an article by its address').fill('not an address');
    await section.getByRole('button', { name: 'Add article' }).click();
    await section.getByText('Address must be a web address starting with http:// or https://').waitFor();
    await section.getByLabel('Add an article by its address').fill(outlet.url('/business/gulf-robotics-hiring'));
    await section.getByRole('button', { name: 'Add article' }).click();
    await page.getByTestId('toast').getByText('Article added').waitFor();
    await section.getByRole('link', { name: 'Gulf Robotics starts hiring for its Dubai plant' }).waitFor();
    await section.getByTestId('coverage-earned').getByText('2', { exact: true }).waitFor();
    await section.getByText('Added by you', { exact: true }).waitFor();

    await section.getByRole('button', { name: 'Remove “روبوتات الخليج تفتتح مصنعًا”' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this article?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('toast').getByText('Article removed').waitFor();
    await section.getByTestId('coverage-total').getByText('2', { exact: true }).waitFor();
    expect(await section.getByText('روبوتات الخليج تفتتح مصنعًا').count()).toBe(0);

    await page.goto('/dashboard');
    await page.getByTestId('recent-coverage').getByText('2 articles found').waitFor();
  });

  it('reads right to left in Arabic', async () => {
    const page = await signedIn(owner.id, { locale: 'ar', viewport: { width: 390, height: 844 } });
    await page.goto(`/analytics/${releaseId}`);
    const section = page.locator('#coverage');
    await section.getByRole('heading', { name: 'التغطية' }).waitFor();
    await section.getByText('أضفته أنت', { exact: true }).waitFor();
    await page.getByTestId('tier-published').getByText('نُشر', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
