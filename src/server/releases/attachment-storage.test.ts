import type { WorkspaceId } from '../../shared/ids.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { STORAGE_QUOTA_BYTES } from '../../shared/releases.js';
import { attachmentBlobs, attachments, pressReleases } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { pdfAttachment, releasePayload } from './release-fixtures.js';

/**
 * Attachment bytes are stored once per account and content (issue: hardening): duplicating a draft or
 * saving it again with the same files must not copy them, storage is limited per account, and the
 * actions that write rows cheaply are rate-limited.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pdf = (label: string, kilobytes = 300) =>
  Buffer.concat([Buffer.from(`%PDF-1.4 ${label}\n`), Buffer.alloc(kilobytes * 1024, label.charCodeAt(0))]);
const send = (as: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/send-press-release', payload, as });
const duplicate = (as: string, id: string) =>
  t.request({ method: 'POST', url: `/api/press-releases/${id}/duplicate`, as });
const blobsOf = (workspaceId: WorkspaceId) => t.db.select().from(attachmentBlobs).where(eq(attachmentBlobs.workspaceId, workspaceId));

describe('files stored once', () => {
  it('keeps one copy of each file however often the draft is duplicated or saved with the same files again', async () => {
    const user = await t.signInAs('saver');
    const files = [pdf('a'), pdf('b'), pdf('c')];
    const draft = files.map((bytes, i) => pdfAttachment(`file-${i}.pdf`, bytes));
    const release = (await send('saver', releasePayload({ action: 'save_draft', attachments: draft }))).json().pressRelease;
    for (let i = 0; i < 15; i++) expect((await duplicate('saver', release.id)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) {
      const again = await send('saver', releasePayload({ action: 'save_draft', existingPressReleaseId: release.id, attachments: draft }));
      expect(again.statusCode).toBe(200);
    }
    const blobs = await blobsOf(user.workspaceId);
    expect(blobs).toHaveLength(3);
    expect(blobs.reduce((sum, b) => sum + b.size, 0)).toBe(files.reduce((sum, f) => sum + f.length, 0));
    const [{ rows }] = await t.db
      .select({ rows: sql<number>`count(*)::int` })
      .from(attachments)
      .innerJoin(pressReleases, eq(pressReleases.id, attachments.releaseId))
      .where(eq(pressReleases.workspaceId, user.workspaceId));
    expect(rows).toBe(3 * 16);

    const copies = await t.db.select().from(pressReleases).where(eq(pressReleases.workspaceId, user.workspaceId));
    const copy = copies.find((r) => r.id !== release.id)!;
    const [file] = await t.db.select().from(attachments).where(eq(attachments.releaseId, copy.id)).limit(1);
    const download = await t.request({ method: 'GET', url: `/api/press-releases/${copy.id}/attachments/${file.id}`, as: 'saver' });
    expect(files.some((bytes) => bytes.equals(download.rawPayload))).toBe(true);
  });

  it('deletes the bytes of a file once no release points at them', async () => {
    const user = await t.signInAs('tidy');
    const first = (await send('tidy', releasePayload({ action: 'save_draft', attachments: [pdfAttachment('x.pdf', pdf('x'))] }))).json()
      .pressRelease;
    const second = (await duplicate('tidy', first.id)).json().pressRelease;
    await t.request({ method: 'DELETE', url: `/api/press-releases/${first.id}`, as: 'tidy' });
    expect(await blobsOf(user.workspaceId)).toHaveLength(1);
    // Saved without its file: nothing points at the bytes any more.
    await send('tidy', releasePayload({ action: 'save_draft', existingPressReleaseId: second.id, attachments: [] }));
    expect(await blobsOf(user.workspaceId)).toHaveLength(0);
  });

  it("gives a super admin who duplicates a customer's release copies of their own", async () => {
    const customer = await t.signInAs('customer-with-files');
    const admin = await t.signInAs('copying-admin', { role: 'super_admin' });
    const release = (await send('customer-with-files', releasePayload({ action: 'save_draft', attachments: [pdfAttachment('c.pdf', pdf('k'))] })))
      .json().pressRelease;
    const copy = (await duplicate('copying-admin', release.id)).json().pressRelease;
    await t.request({ method: 'DELETE', url: `/api/press-releases/${release.id}`, as: 'customer-with-files' });
    expect(await blobsOf(customer.workspaceId)).toHaveLength(0);
    expect(await blobsOf(admin.workspaceId)).toHaveLength(1);
    const download = await t.request({
      method: 'GET',
      url: `/api/press-releases/${copy.id}/attachments/${copy.attachments[0].id}`,
      as: 'copying-admin',
    });
    expect(download.rawPayload.equals(pdf('k'))).toBe(true);
  });
});

describe('storage quota', () => {
  /** Stands for files stored earlier: a blob row whose recorded size brings the account to `bytes`. */
  let earlier = 0;
  async function fillStorage(workspaceId: WorkspaceId, bytes: number) {
    await t.db.insert(attachmentBlobs).values({ workspaceId, sha256: `earlier-${++earlier}`, size: bytes, content: Buffer.from('x') });
  }

  it('refuses new files past 200 MB for a trial account with the figures, and saves nothing', async () => {
    const user = await t.signInAs('full-trial');
    const kept = (await send('full-trial', releasePayload({ action: 'save_draft', attachments: [pdfAttachment('old.pdf', pdf('o'))] }))).json()
      .pressRelease;
    await fillStorage(user.workspaceId, STORAGE_QUOTA_BYTES.trial - 500 * 1024);
    const before = await t.db.select().from(pressReleases).where(eq(pressReleases.workspaceId, user.workspaceId));

    const res = await send('full-trial', releasePayload({ action: 'save_draft', title: 'Too much', attachments: [pdfAttachment('new.pdf', pdf('n', 400))] }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'STORAGE_QUOTA_EXCEEDED',
      details: { limitBytes: STORAGE_QUOTA_BYTES.trial, addingBytes: pdf('n', 400).length },
    });
    expect(res.json().message).toMatch(/^Not enough storage: your files use 199\.\d MB of 200\.0 MB and these need 0\.4 MB more\./);
    expect(await t.db.select().from(pressReleases).where(eq(pressReleases.workspaceId, user.workspaceId))).toHaveLength(before.length);

    // A file already stored takes no more room.
    const same = await send('full-trial', releasePayload({ action: 'save_draft', attachments: [pdfAttachment('again.pdf', pdf('o'))] }));
    expect(same.statusCode).toBe(200);
    expect((await duplicate('full-trial', kept.id)).statusCode).toBe(201);
  });

  it('gives a paying account 2 GB', async () => {
    const user = await t.signInAs('paying', { userType: 'active' });
    await fillStorage(user.workspaceId, STORAGE_QUOTA_BYTES.trial);
    const res = await send('paying', releasePayload({ action: 'save_draft', attachments: [pdfAttachment('fits.pdf', pdf('f'))] }));
    expect(res.statusCode).toBe(200);
    await fillStorage(user.workspaceId, STORAGE_QUOTA_BYTES.paid - STORAGE_QUOTA_BYTES.trial);
    const over = await send('paying', releasePayload({ action: 'save_draft', attachments: [pdfAttachment('over.pdf', pdf('v'))] }));
    expect(over.statusCode).toBe(413);
  });
});

describe('rate of cheap writes', () => {
  it('answers 429 after 20 duplicates a minute', async () => {
    await t.signInAs('duplicator');
    const release = (await send('duplicator', releasePayload({ action: 'save_draft' }))).json().pressRelease;
    for (let i = 0; i < 20; i++) expect((await duplicate('duplicator', release.id)).statusCode).toBe(201);
    const limited = await duplicate('duplicator', release.id);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 429 after 30 draft saves a minute', async () => {
    await t.signInAs('autosaver');
    const release = (await send('autosaver', releasePayload({ action: 'save_draft', attachments: [] }))).json().pressRelease;
    for (let i = 1; i < 30; i++) {
      const res = await send('autosaver', releasePayload({ action: 'save_draft', existingPressReleaseId: release.id, attachments: [] }));
      expect(res.statusCode).toBe(200);
    }
    const limited = await send('autosaver', releasePayload({ action: 'save_draft', existingPressReleaseId: release.id, attachments: [] }));
    expect(limited.statusCode).toBe(429);
  });
});
