import type { WorkspaceId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { attachments, deliveries, pressReleases, workspaces } from '../db/schema.js';
import { suppress } from '../suppressions/suppressions.service.js';
import { PDF_BYTES, PNG_BYTES, createListWithContacts, pdfAttachment, releasePayload } from './release-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (as: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/send-press-release', payload, as });

async function customer(name: string, allowance = 5) {
  // A trusted customer: its releases skip editorial review (review.test.ts covers review).
  const user = await t.signInAs(name, { userType: 'active', monthlyPressReleaseLimit: allowance, trusted: true });
  const list = await createListWithContacts(t.db, user.workspaceId, 3);
  return { user, ...list };
}

const usedOf = async (workspaceId: WorkspaceId) =>
  (await t.db.select({ used: workspaces.pressReleasesUsedThisMonth }).from(workspaces).where(eq(workspaces.id, workspaceId)))[0].used;

describe('POST /api/send-press-release validation (SPEC §5)', () => {
  it('lists every failing send rule with its exact message', async () => {
    await t.signInAs('rules');
    const res = await send('rules', { action: 'send_now' });
    expect(res.statusCode).toBe(422);
    const errors = Object.fromEntries(res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(errors).toEqual({
      title: 'Press release title is required',
      releaseDate: 'Press release date is required',
      location: 'Press release location is required',
      content: 'Press release content is required',
      boilerplate: 'Company boilerplate (About us) is required',
      contactName: 'Media contact name is required',
      contactEmail: 'Valid media contact email is required',
      contactPhone: 'Media contact phone is required',
      recipientLists: 'Select at least one recipient list',
      attachments: 'Press releases must include at least one attachment before sending. Please add an attachment.',
    });
  });

  it('applies the minimum lengths, counting the visible text of the content', async () => {
    const { listId } = await customer('lengths');
    const res = await send(
      'lengths',
      releasePayload({
        recipientLists: [listId],
        title: 'Four',
        location: 'D',
        content: `<p>${'<strong></strong>'.repeat(20)}short</p>`,
        boilerplate: 'too short',
        contactName: 'L',
        contactEmail: 'not-an-email',
        contactPhone: '1234',
        language: 'french',
      }),
    );
    expect(res.statusCode).toBe(422);
    const paths = res.json().errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual(['boilerplate', 'contactEmail', 'contactName', 'contactPhone', 'content', 'language', 'location', 'title']);
  });

  it('refuses an unknown action', async () => {
    await t.signInAs('action');
    const res = await send('action', releasePayload({ action: 'publish' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toEqual({ path: 'action', message: 'Action must be send_now, schedule or save_draft' });
  });

  it('requires a schedule time in the future for schedule', async () => {
    const { listId } = await customer('schedule-rules');
    const missing = await send('schedule-rules', releasePayload({ action: 'schedule', recipientLists: [listId] }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toContainEqual({ path: 'scheduledAt', message: 'Schedule time is required' });
    const past = await send(
      'schedule-rules',
      releasePayload({ action: 'schedule', recipientLists: [listId], scheduledAt: new Date(Date.now() - 60_000).toISOString() }),
    );
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual([{ path: 'scheduledAt', message: 'Schedule time must be in the future', code: 'SCHEDULE_IN_PAST' }]);
  });

  it('uses the looser draft rules: no lists, no attachments, short content, own contact messages', async () => {
    const user = await t.signInAs('drafter');
    const ok = await send('drafter', {
      action: 'save_draft',
      title: 'Draft one',
      content: 'Ten chars!',
      contactName: 'Al',
      contactEmail: 'al@example.com',
      contactPhone: '12345',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().pressRelease).toMatchObject({ status: 'draft', userId: user.id, recipientLists: [], attachments: [] });
    const bad = await send('drafter', { action: 'save_draft', title: 'Draft', content: 'short', contactName: '', contactEmail: 'x', contactPhone: '1' });
    expect(bad.statusCode).toBe(422);
    const errors = Object.fromEntries(bad.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(errors).toEqual({
      content: 'Press release content is required',
      contactName: 'Contact name is required',
      contactEmail: 'Valid contact email is required',
      contactPhone: 'Contact phone is required',
    });
    // A trial user without allowance may save drafts.
    expect(await usedOf(user.workspaceId)).toBe(0);
  });

  it("refuses another user's list as a recipient list", async () => {
    const other = await customer('list-owner');
    await customer('list-thief');
    const res = await send('list-thief', releasePayload({ recipientLists: [other.listId] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'recipientLists', message: 'Recipient list not found', code: 'UNKNOWN_LIST' }]);
  });
});

describe('content sanitisation', () => {
  it('keeps the allow-list and drops hostile HTML before storing', async () => {
    await t.signInAs('hostile');
    const content = [
      '<h2 onclick="steal()">Heading</h2><script>alert(1)</script><style>p{}</style>',
      '<p style="color:red">Para <b>b</b> <strong>s</strong> <i>i</i> <em>e</em><br>',
      '<a href="javascript:alert(1)">js</a> <a href="https://ok.example/x" onmouseover="x()" target="_blank">ok</a>',
      '<a href="data:text/html,evil">data</a> <a href="//evil.example">proto-relative</a></p>',
      '<img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe><ul><li>one</li></ul><ol><li>two</li></ol>',
      '<h1>H1</h1><h4>H4</h4><h5>H5</h5><table><tr><td>cell</td></tr></table><svg><script>alert(2)</script></svg>',
    ].join('');
    const res = await send('hostile', releasePayload({ action: 'save_draft', content }));
    expect(res.statusCode).toBe(200);
    const stored = res.json().pressRelease.content as string;
    expect(stored).not.toMatch(/script|style|onclick|onerror|onmouseover|javascript:|data:|iframe|<img|<svg|target=|evil/i);
    expect(stored).toContain('<h2>Heading</h2>');
    expect(stored).toContain('<p>Para <b>b</b> <strong>s</strong> <i>i</i> <em>e</em><br />');
    expect(stored).toContain('<a href="https://ok.example/x">ok</a>');
    expect(stored).toContain('<ul><li>one</li></ul><ol><li>two</li></ol><h1>H1</h1><h4>H4</h4>H5cell');
  });
});

describe('attachments', () => {
  it('stores files outside the row with the mimetype taken from the content', async () => {
    const { listId } = await customer('files');
    const res = await send('files', releasePayload({ action: 'save_draft', recipientLists: [listId], attachments: [
      pdfAttachment('report.pdf'),
      { originalName: 'photo.PNG', mimetype: 'text/plain', size: 1, base64Content: `data:image/png;base64,${PNG_BYTES.toString('base64')}` },
    ] }));
    expect(res.statusCode).toBe(200);
    const files = res.json().pressRelease.attachments;
    expect(files.map((f: { originalName: string; mimetype: string; size: number }) => [f.originalName, f.mimetype, f.size])).toEqual([
      ['report.pdf', 'application/pdf', PDF_BYTES.length],
      ['photo.PNG', 'image/png', PNG_BYTES.length],
    ]);
    expect(files[0].filename).toMatch(/^\d+-report\.pdf$/);
    const download = await t.request({ method: 'GET', url: `/api/press-releases/${res.json().pressRelease.id}/attachments/${files[0].id}`, as: 'files' });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('answers 415 for a file whose content does not match an accepted type', async () => {
    await t.signInAs('fake-files');
    const cases = [
      { originalName: 'virus.pdf', base64Content: Buffer.from('MZ\x90\x00 executable').toString('base64') },
      { originalName: 'image.gif', base64Content: Buffer.from('GIF89a....').toString('base64') },
      { originalName: 'photo.png', base64Content: PDF_BYTES.toString('base64') },
      { originalName: 'doc.docx', base64Content: Buffer.from('PK\x03\x04 just a zip').toString('base64') },
    ];
    for (const file of cases) {
      const res = await send('fake-files', releasePayload({ action: 'save_draft', attachments: [file] }));
      expect(res.statusCode, file.originalName).toBe(415);
      expect(res.json().code).toBe('ATTACHMENT_TYPE');
    }
    const garbage = await send('fake-files', releasePayload({ action: 'save_draft', attachments: [{ originalName: 'a.pdf', base64Content: '%%%not base64' }] }));
    expect(garbage.statusCode).toBe(422);
  });

  it('answers 413 for a file of 5 MB or more and for more than 15 MB in total', async () => {
    await t.signInAs('big-files');
    const fiveMb = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(5 * 1024 * 1024 - 5)]);
    const one = await send('big-files', releasePayload({ action: 'save_draft', attachments: [pdfAttachment('big.pdf', fiveMb)] }));
    expect(one.statusCode).toBe(413);
    expect(one.json().message).toBe('Files must be under 5MB. Please compress: big.pdf');
    const fourMb = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(4 * 1024 * 1024 - 5)]);
    const total = await send('big-files', releasePayload({ action: 'save_draft', attachments: [1, 2, 3, 4].map((n) => pdfAttachment(`${n}.pdf`, fourMb)) }));
    expect(total.statusCode).toBe(413);
    expect(total.json().message).toMatch(/^Total attachment size is 16\.0 MB/);
  });
});

describe('sending and the allowance', () => {
  it('sends now: one delivery per unique address across lists, minus suppressed, one press release used', async () => {
    const { user, listId, emails } = await customer('sender', 2);
    const second = await createListWithContacts(t.db, user.workspaceId, 0, [emails[0].toUpperCase(), 'extra@example.com', 'gone@example.com']);
    await suppress(t.db, 'gone@example.com', 'unsubscribed');
    const res = await send('sender', releasePayload({ recipientLists: [listId, second.listId, listId] }));
    expect(res.statusCode).toBe(200);
    const release = res.json().pressRelease;
    expect(release).toMatchObject({ status: 'sending', recipientCount: 4 });
    expect(release.webUrl).toMatch(/^http:\/\/localhost:3000\/r\/gulf-robotics-opens-a-new-plant-[0-9a-f]{12}$/);
    const rows = await t.db.select().from(deliveries).where(eq(deliveries.releaseId, release.id));
    expect(rows.map((r) => r.email).sort()).toEqual([...emails, 'extra@example.com'].sort());
    expect(new Set(rows.map((r) => r.token)).size).toBe(4);
    expect(await usedOf(user.workspaceId)).toBe(1);
  });

  it('answers 402 without allowance and changes nothing', async () => {
    const { user, listId } = await customer('broke', 0);
    const res = await send('broke', releasePayload({ recipientLists: [listId] }));
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('PAYMENT_REQUIRED');
    expect(await t.db.select().from(pressReleases).where(eq(pressReleases.workspaceId, user.workspaceId))).toEqual([]);
    expect(await usedOf(user.workspaceId)).toBe(0);

    const draft = (await send('broke', releasePayload({ action: 'save_draft', recipientLists: [listId] }))).json().pressRelease;
    const scheduled = await send('broke', releasePayload({ action: 'schedule', recipientLists: [listId], existingPressReleaseId: draft.id, title: 'Changed title', scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }));
    expect(scheduled.statusCode).toBe(402);
    const [row] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, draft.id));
    expect(row).toMatchObject({ status: 'draft', title: draft.title });
  });

  it('lets exactly one of two concurrent sends take the last press release', async () => {
    const { user, listId } = await customer('racer', 1);
    const results = await Promise.all([1, 2, 3].map(() => send('racer', releasePayload({ recipientLists: [listId] }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 402, 402]);
    expect(await usedOf(user.workspaceId)).toBe(1);
    expect((await t.db.select().from(pressReleases).where(eq(pressReleases.workspaceId, user.workspaceId))).length).toBe(1);
  });

  it('lets a super admin send without an allowance', async () => {
    const admin = await t.signInAs('boss', { role: 'super_admin' });
    const { listId } = await createListWithContacts(t.db, admin.workspaceId, 2);
    const res = await send('boss', releasePayload({ recipientLists: [listId] }));
    expect(res.statusCode).toBe(200);
    expect(await usedOf(admin.workspaceId)).toBe(0);
  });

  it('refuses to send to lists with nobody left to receive it, and keeps the allowance', async () => {
    const user = await t.signInAs('empty-lists', { userType: 'active', monthlyPressReleaseLimit: 1 });
    const { listId } = await createListWithContacts(t.db, user.workspaceId, 0, ['only@example.com']);
    await suppress(t.db, 'only@example.com', 'bounced');
    const res = await send('empty-lists', releasePayload({ recipientLists: [listId] }));
    expect(res.statusCode).toBe(422);
    expect(await usedOf(user.workspaceId)).toBe(0);
  });
});

describe('scheduling, cancelling and editing', () => {
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

  it('schedules, then cancel returns it to draft and gives the press release back', async () => {
    const { user, listId } = await customer('planner', 1);
    const res = await send('planner', releasePayload({ action: 'schedule', recipientLists: [listId], scheduledAt: inAnHour() }));
    expect(res.statusCode).toBe(200);
    const release = res.json().pressRelease;
    expect(release.status).toBe('scheduled');
    expect(await usedOf(user.workspaceId)).toBe(1);
    expect(await t.db.select().from(deliveries).where(eq(deliveries.releaseId, release.id))).toEqual([]);

    const cancelled = await t.request({ method: 'POST', url: `/api/press-releases/${release.id}/cancel`, as: 'planner' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().pressRelease).toMatchObject({ status: 'draft', scheduledAt: null });
    expect(await usedOf(user.workspaceId)).toBe(0);
    const again = await t.request({ method: 'POST', url: `/api/press-releases/${release.id}/cancel`, as: 'planner' });
    expect(again.statusCode).toBe(409);
  });

  it('editing a scheduled release returns it to draft first (the press release is given back, then taken again)', async () => {
    const { user, listId } = await customer('replanner', 1);
    const first = (await send('replanner', releasePayload({ action: 'schedule', recipientLists: [listId], scheduledAt: inAnHour() }))).json().pressRelease;
    const edit = await send('replanner', releasePayload({ action: 'save_draft', existingPressReleaseId: first.id, title: 'Edited title', attachments: first.attachments.map((a: { id: string }) => ({ id: a.id })) }));
    expect(edit.statusCode).toBe(200);
    expect(edit.json().pressRelease).toMatchObject({ id: first.id, status: 'draft', title: 'Edited title', attachments: first.attachments });
    expect(await usedOf(user.workspaceId)).toBe(0);
    const now = await send('replanner', releasePayload({ existingPressReleaseId: first.id, recipientLists: [listId], attachments: [{ id: first.attachments[0].id }, pdfAttachment('second.pdf')] }));
    expect(now.statusCode).toBe(200);
    expect(now.json().pressRelease.status).toBe('sending');
    expect(now.json().pressRelease.attachments.map((a: { originalName: string }) => a.originalName)).toEqual(['release.pdf', 'second.pdf']);
    expect(await usedOf(user.workspaceId)).toBe(1);
  });

  it('answers 409 when editing, cancelling or deleting a sending release', async () => {
    const { listId } = await customer('frozen');
    const release = (await send('frozen', releasePayload({ recipientLists: [listId] }))).json().pressRelease;
    const edit = await send('frozen', releasePayload({ action: 'save_draft', existingPressReleaseId: release.id }));
    expect(edit.statusCode).toBe(409);
    await t.db.update(pressReleases).set({ status: 'sent' }).where(eq(pressReleases.id, release.id));
    expect((await send('frozen', releasePayload({ existingPressReleaseId: release.id, recipientLists: [listId] }))).statusCode).toBe(409);
    expect((await t.request({ method: 'POST', url: `/api/press-releases/${release.id}/cancel`, as: 'frozen' })).statusCode).toBe(409);
    expect((await t.request({ method: 'DELETE', url: `/api/press-releases/${release.id}`, as: 'frozen' })).statusCode).toBe(409);
  });

  it('refuses attachment references that belong to another release', async () => {
    await customer('refs');
    const a = (await send('refs', releasePayload({ action: 'save_draft' }))).json().pressRelease;
    const b = (await send('refs', releasePayload({ action: 'save_draft' }))).json().pressRelease;
    const res = await send('refs', releasePayload({ action: 'save_draft', existingPressReleaseId: b.id, attachments: [{ id: a.attachments[0].id }] }));
    expect(res.statusCode).toBe(422);
    const fresh = await send('refs', releasePayload({ action: 'save_draft', attachments: [{ id: a.attachments[0].id }] }));
    expect(fresh.statusCode).toBe(422);
  });
});

describe('reading, deleting and duplicating', () => {
  it("answers 404 for another user's release everywhere, and a super admin sees all with userEmail", async () => {
    const owner = await customer('owner');
    await t.signInAs('stranger');
    const release = (await send('owner', releasePayload({ action: 'save_draft' }))).json().pressRelease;
    for (const [method, url] of [
      ['GET', `/api/press-releases/${release.id}`],
      ['DELETE', `/api/press-releases/${release.id}`],
      ['POST', `/api/press-releases/${release.id}/duplicate`],
      ['POST', `/api/press-releases/${release.id}/cancel`],
      ['GET', `/api/press-releases/${release.id}/attachments/${release.attachments[0].id}`],
      ['GET', `/api/press-releases/not-a-uuid`],
    ] as const) {
      expect((await t.request({ method, url, as: 'stranger' })).statusCode, `${method} ${url}`).toBe(404);
    }
    const edit = await send('stranger', releasePayload({ action: 'save_draft', existingPressReleaseId: release.id }));
    expect(edit.statusCode).toBe(404);
    const list = await t.request({ method: 'GET', url: '/api/press-releases', as: 'stranger' });
    expect(list.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });

    await t.signInAs('admin-reader', { role: 'super_admin' });
    const all = await t.request({ method: 'GET', url: `/api/press-releases?search=gulf&status=draft&pageSize=100`, as: 'admin-reader' });
    const mine = all.json().items.find((r: { id: string }) => r.id === release.id);
    expect(mine.userEmail).toBe(owner.user.email);
    const ownView = await t.request({ method: 'GET', url: '/api/press-releases', as: 'owner' });
    expect(ownView.json().items[0]).not.toHaveProperty('userEmail');
    expect((await t.request({ method: 'GET', url: '/api/press-releases?status=bogus', as: 'owner' })).statusCode).toBe(422);
    expect((await t.request({ method: 'GET', url: '/api/press-releases' })).statusCode).toBe(401);
  });

  it('filters by status and search, and paginates', async () => {
    await customer('pager');
    for (const title of ['Alpha launch news', 'Beta launch news', 'Gamma results']) {
      await send('pager', releasePayload({ action: 'save_draft', title }));
    }
    const page = await t.request({ method: 'GET', url: '/api/press-releases?search=launch&pageSize=1&page=2', as: 'pager' });
    expect(page.json()).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.json().items.map((r: { title: string }) => r.title)).toEqual(['Alpha launch news']);
    const refused = {
      'page=0': 'Page must be at least 1',
      'page=abc': 'Page must be a number',
      'page=1&page=2': 'Page must be a number',
      'page=1.5': 'Page must be a whole number',
      'page=2000000': 'Page must be at most 1000000',
      'pageSize=101': 'Page size must be at most 100',
    };
    for (const [query, message] of Object.entries(refused)) {
      const res = await t.request({ method: 'GET', url: `/api/press-releases?${query}`, as: 'pager' });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors.map((e: { message: string }) => e.message), query).toEqual([message]);
    }
  });

  it('duplicates into a new draft with the files, and deletes drafts only', async () => {
    await customer('copier');
    const release = (await send('copier', releasePayload({ action: 'save_draft' }))).json().pressRelease;
    const copy = await t.request({ method: 'POST', url: `/api/press-releases/${release.id}/duplicate`, as: 'copier' });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().pressRelease).toMatchObject({ status: 'draft', title: `Copy of ${release.title}`, content: release.content });
    const arabic = (await send('copier', releasePayload({ action: 'save_draft', language: 'arabic', title: 'نشر تفتتح مكتبها' }))).json().pressRelease;
    const arabicCopy = await t.request({ method: 'POST', url: `/api/press-releases/${arabic.id}/duplicate`, as: 'copier' });
    expect(arabicCopy.json().pressRelease.title).toBe('نسخة من نشر تفتتح مكتبها');
    expect(copy.json().pressRelease.id).not.toBe(release.id);
    expect(copy.json().pressRelease.attachments).toHaveLength(1);
    const del = await t.request({ method: 'DELETE', url: `/api/press-releases/${release.id}`, as: 'copier' });
    expect(del.statusCode).toBe(200);
    expect(await t.db.select().from(attachments).where(eq(attachments.releaseId, release.id))).toEqual([]);
    expect((await t.request({ method: 'GET', url: `/api/press-releases/${release.id}`, as: 'copier' })).statusCode).toBe(404);
  });

  it('tells a signed-in user the From releases are sent with (their company through Nashr), and nobody else', async () => {
    await t.signInAs('previewer');
    const res = await t.request({ method: 'GET', url: '/api/press-releases/sender', as: 'previewer' });
    expect(res.statusCode).toBe(200);
    const address = /<([^>]+)>/.exec(t.deps.config.mailFrom)![1];
    // The From of each language the e-mail may be written in, and the brand's names and logo the previews show.
    expect(res.json()).toEqual({
      from: `previewer Company via Nashr <${address}>`,
      fromByLanguage: { english: `previewer Company via Nashr <${address}>`, arabic: `previewer Company عبر نشر <${address}>` },
      brand: { name: 'previewer Company', nameAr: '', logoUrl: null },
    });
    expect((await t.request({ method: 'GET', url: '/api/press-releases/sender' })).statusCode).toBe(401);
  });
});
