import type { ReleaseId } from '../src/shared/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auditLog, deliveries, globalContacts, pressReleases, releaseSteps } from '../src/server/db/schema';
import { randomToken } from '../src/server/http/tokens';
import { startStack, type Stack } from './harness';
import { createPerson, type Person } from './people';

/**
 * An Arabic phone (issue 37): the Team page, the dashboard and a release's page fit 390 px without anything
 * scrolling sideways or cut off; tables become cards; every line that mixes scripts keeps names and titles
 * as isolated boxes; the dashboard greets by name and shows no open rate before anything went out.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const ENGLISH_TITLE = 'Al Noor Capital reports twelve percent growth across its Gulf units in the third quarter';
const ARABIC_TITLE = 'نور كابيتال تحقق نموًا بنسبة اثني عشر بالمئة في وحداتها الخليجية';

/** What of the page's main content reaches beyond the screen's edges, in either direction (none, to pass). */
const beyondTheEdges = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) out.push(`page ${document.documentElement.scrollWidth}px`);
    for (const el of Array.from(document.querySelectorAll('main *'))) {
      const box = el.getBoundingClientRect();
      // Screen-reader-only text is 1 px and clipped; it reaches nothing a reader sees.
      if (box.width <= 1 || getComputedStyle(el).position === 'absolute') continue;
      if (box.right > width + 1 || box.left < -1) out.push(`${el.tagName} "${(el.textContent ?? '').slice(0, 30)}"`);
    }
    return out.slice(0, 5);
  });

/** An owner with long addresses in the team, and a sent release: English first, with an Arabic version. */
async function agency(): Promise<{ owner: Person; releaseId: ReleaseId }> {
  const owner = await createPerson(stack.db, 'alnoor-capital-holdings.example', 'Adel', 'Khalil', { companyName: 'Al Noor Capital' });
  const membership = { workspaceId: owner.workspaceId, role: 'writer' as const };
  await createPerson(stack.db, 'alnoor-capital-holdings-communications.example', 'Sara', 'Haddad', { memberOf: membership });
  await createPerson(stack.db, 'alnoor.example', 'منى', 'العتيبي', { memberOf: { ...membership, role: 'publisher' } });
  const admin = await createPerson(stack.db, 'nashr.example', 'Super', 'Admin');
  const sentAt = new Date(Date.now() - 3_600_000);
  const [release] = await stack.db
    .insert(pressReleases)
    .values({
      workspaceId: owner.workspaceId,
      brandId: owner.companyBrandId,
      authorId: owner.id,
      title: ENGLISH_TITLE,
      language: 'english',
      translation: { language: 'arabic', title: ARABIC_TITLE, subtitle: '', content: '<p>نمو.</p>', location: 'الرياض', boilerplate: 'بنك استثماري.' },
      content: '<p>Growth.</p>',
      status: 'sent',
      sentAt,
    })
    .returning();
  const contacts = await stack.db
    .insert(globalContacts)
    .values([
      { email: `adel-${Date.now()}@khalil-blog.example`, firstName: 'Adel', lastName: 'Khalil', organization: 'Adel Khalil Blog' },
      { email: `salman-${Date.now()}@riyadh.example`, firstName: 'سلمان', lastName: 'الدوسري', organization: 'صحيفة الرياض' },
    ])
    .returning({ id: globalContacts.id, email: globalContacts.email });
  await stack.db.insert(deliveries).values(
    contacts.map((c) => ({ releaseId: release.id, email: c.email, contactId: c.id, language: 'arabic' as const, token: randomToken(), status: 'sent' as const, sentAt })),
  );
  await stack.db.insert(releaseSteps).values([
    { releaseId: release.id, kind: 'submitted_to_review', actorId: owner.id, actorName: owner.name, actorRole: 'owner', round: 1, at: new Date(sentAt.getTime() - 60_000) },
    { releaseId: release.id, kind: 'review_approved', actorId: admin.id, actorName: admin.name, actorRole: 'super_admin', round: 1, at: sentAt },
  ]);
  await stack.db.insert(auditLog).values({
    actorId: owner.id,
    actorEmail: owner.email,
    workspaceId: owner.workspaceId,
    action: 'workspace:release.sent',
    details: { actor: owner.name, title: ENGLISH_TITLE },
  });
  return { owner, releaseId: release.id };
}

describe('an Arabic phone', () => {
  it('Team: members are cards within the screen, seats are said to be unlimited, activity keeps the title whole', async () => {
    const { owner } = await agency();
    const page = await stack.signedInPage(owner.id, { locale: 'ar', viewport: PHONE });
    await page.goto('/settings/team');
    const cards = page.getByTestId('members-cards');
    await cards.getByTestId('member-row').nth(2).waitFor();
    expect(await page.getByTestId('members-table').count()).toBe(0);
    await page.getByTestId('seats-unlimited').getByText('غير محدود').waitFor();
    // Every address whole, and each remove button inside the screen.
    await cards.getByText(/^sara\d+@alnoor-capital-holdings-communications\.example$/).waitFor();
    const remove = cards.getByRole('button', { name: /إزالة/ }).first();
    const box = (await remove.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    // The English title inside the Arabic sentence is one isolated box after the actor's name.
    const sentence = page.getByTestId('activity-sentence').filter({ hasText: ENGLISH_TITLE });
    // Its quotes go with it, so none is left alone on a line.
    expect(await sentence.locator('bdi[data-isolated]').allTextContents()).toEqual(['Adel Khalil', `«${ENGLISH_TITLE}»`]);
    expect(await beyondTheEdges(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/phone-rtl-team.png', fullPage: true });
  });

  it('dashboard: greets by name, shows each activity as a card with isolated names, and nothing is cut', async () => {
    const { owner } = await agency();
    const page = await stack.signedInPage(owner.id, { locale: 'ar', viewport: PHONE });
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-welcome').getByText('Adel').waitFor();
    const item = page.getByTestId('activity-item').filter({ hasText: 'Adel Khalil Blog' });
    await item.waitFor();
    // Polled, not read once: the item found above can be drawn again as the page settles (its texts arriving), and
    // a read at that moment finds no item at all.
    await expect.poll(() => item.getByTestId('activity-who').locator('bdi[data-isolated]').allTextContents()).toEqual(['Adel Khalil', 'Adel Khalil Blog']);
    // The release's title in the reader's language: it has an Arabic version.
    await item.getByText(ARABIC_TITLE).waitFor();
    expect(await beyondTheEdges(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/phone-rtl-dashboard.png', fullPage: true });
  });

  it("a release's page: the Arabic title, Nashr's editor named in Arabic, recipients as cards, nothing cut", async () => {
    const { owner, releaseId } = await agency();
    const page = await stack.signedInPage(owner.id, { locale: 'ar', viewport: PHONE });
    await page.goto(`/analytics/${releaseId}`);
    await page.getByRole('heading', { level: 1, name: ARABIC_TITLE }).waitFor();
    const byEditor = page.locator('[data-testid="timeline-step"][data-kind="review_approved"]').getByTestId('timeline-by');
    // Nashr's side is named by its role in Arabic, not by the staff account's Latin name.
    expect(await byEditor.textContent()).toBe('نشر');
    await page.getByTestId('recipients-cards').getByTestId('recipient-card').nth(1).waitFor();
    expect(await beyondTheEdges(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/phone-rtl-release.png', fullPage: true });
  });
});

describe('the dashboard before anything was sent', () => {
  it('says "Welcome, {first name}" and an open rate of "—", in English and in Arabic', async () => {
    const newcomer = await createPerson(stack.db, 'newcomer.example', 'Layla', 'Haddad');
    for (const { locale, welcome, nothing } of [
      { locale: 'en-US', welcome: 'Welcome, Layla', nothing: 'Nothing sent in the last 30 days' },
      { locale: 'ar', welcome: 'مرحبًا بك، Layla', nothing: 'لم يُرسل شيء في آخر 30 يومًا' },
    ]) {
      const page = await stack.signedInPage(newcomer.id, { locale, viewport: LAPTOP });
      await page.goto('/dashboard');
      await expect.poll(() => page.getByTestId('dashboard-welcome').textContent()).toBe(welcome);
      expect(await page.getByTestId('dashboard-welcome').locator('bdi[data-isolated]').textContent()).toBe('Layla');
      const openRate = page.getByRole('region', { name: locale === 'ar' ? 'أرقامك' : 'Your numbers' }).locator('div', { hasText: nothing }).last();
      await openRate.waitFor();
      expect(await openRate.getByTestId('stat-value').textContent()).toBe('—');
    }
  });
});
