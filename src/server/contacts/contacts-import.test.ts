import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { ImportSummary } from '../../shared/contacts.js';
import { auditLog, globalContacts } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { contactFields, insertContacts, multipartBody } from './contacts-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('admin', { role: 'super_admin' });
  await t.signInAs('paid', { userType: 'active' });
  await insertContacts(t.db, [contactFields({ email: 'already@stored.test', firstName: 'Stored' })]);
});
afterAll(() => t.close());

async function upload(content: string | Buffer, options: Parameters<typeof multipartBody>[1] = {}, as = 'admin') {
  const { payload, headers } = multipartBody(content, options);
  return t.request({ method: 'POST', url: '/api/global-contacts/import', payload, headers, as });
}

async function importOk(content: string | Buffer): Promise<ImportSummary> {
  const res = await upload(content);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().summary;
}

const stored = async (email: string) => (await t.db.select().from(globalContacts).where(eq(globalContacts.email, email)))[0];
const contactCount = async () => (await t.db.select({ id: globalContacts.id }).from(globalContacts)).length;

describe('CSV import', () => {
  it('reads a file with BOM, CRLF, quoted commas and newlines, headers in any case and order', async () => {
    const csv =
      '\uFEFFemail,LANGUAGE,country,"Outlet Name",name,"job title","contact topics",Focus,"media type",category,"Outlet Topics"\r\n' +
      'Hala.Saeed@Example.com,arabic,United Arab Emirates,"Al Bayan, Dubai",هالة سعيد,"Editor, ""Economy""","Business, Finance",Banking,Newspaper,Journalist,Economy\r\n' +
      'rami@nile.test,English,Egypt,"Nile\r\nWeekly",Rami Adel Youssef,Reporter,Sports,,Magazine,,\r\n' +
      '\r\n' +
      'solo@example.org,,,,Mono,,,,,,\r\n';
    const summary = await importOk(csv);
    expect(summary).toEqual({ added: 3, errorCount: 0, errors: [] });
    expect(await stored('hala.saeed@example.com')).toMatchObject({
      firstName: 'هالة',
      lastName: 'سعيد',
      organization: 'Al Bayan, Dubai',
      position: 'Editor, "Economy"',
      country: 'UAE',
      language: 'Arabic',
      contactTopics: 'Business, Finance',
      contactTopicList: ['Business', 'Finance'],
      focus: 'Banking',
      mediaType: 'Newspaper',
      category: 'Journalist',
      outletTopics: 'Economy',
    });
    // A quoted line break stays inside its field; contact fields are single-line, so it is stored as a space.
    expect(await stored('rami@nile.test')).toMatchObject({ firstName: 'Rami', lastName: 'Adel Youssef', organization: 'Nile Weekly' });
    expect(await stored('solo@example.org')).toMatchObject({ firstName: 'Mono', lastName: '', language: 'English' });
    const res = await t.request({ method: 'GET', url: `/api/global-contacts?search=${encodeURIComponent('هاله')}`, as: 'paid' });
    expect(res.json().items.map((c: { email: string }) => c.email)).toEqual(['hala.saeed@example.com']);
  });

  it('rejects duplicates (in the file or already stored, any case) and invalid emails per row, adding the rest', async () => {
    const csv = [
      'Name,Email',
      'One,first@dup.test',
      'Two,FIRST@dup.test',
      'Three,already@STORED.test',
      'Four,not-an-email',
      'Five,',
      'Six,six@ok.test',
      'Seven,six@ok.test',
    ].join('\n');
    const summary = await importOk(csv);
    expect(summary.added).toBe(2);
    expect(summary.errorCount).toBe(5);
    expect(summary.errors).toEqual([
      { row: 3, email: 'first@dup.test', message: 'Duplicate email in this file' },
      { row: 4, email: 'already@stored.test', message: 'A contact with this email already exists' },
      { row: 5, email: 'not-an-email', message: 'Invalid email address' },
      { row: 6, email: '', message: 'Email is required' },
      { row: 8, email: 'six@ok.test', message: 'Duplicate email in this file' },
    ]);
    expect((await stored('already@stored.test')).firstName).toBe('Stored');
  });

  it('tells duplicates of an earlier batch of the same file from stored ones', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => `batch${i}@bulk.test`);
    const summary = await importOk(['Email', ...rows, 'batch3@bulk.test', 'already@stored.test'].join('\n'));
    expect(summary.added).toBe(1500);
    expect(summary.errors).toEqual([
      { row: 1502, email: 'batch3@bulk.test', message: 'Duplicate email in this file' },
      { row: 1503, email: 'already@stored.test', message: 'A contact with this email already exists' },
    ]);
  });

  it('drops a NUL byte past the sniffed start of the file instead of failing on it', async () => {
    const filler = `filler@example.com,Filler,${'x'.repeat(10_000)}\r\n`;
    const summary = await importOk(`Email,Name,Notes\r\n${filler}nul.late@example.com,La\u0000te Comer,\r\n`);
    expect(summary).toMatchObject({ added: 2, errorCount: 0 });
    expect(await stored('nul.late@example.com')).toMatchObject({ firstName: 'Late', lastName: 'Comer' });
  });

  it('refuses a file without an Email column with 422 and adds nothing', async () => {
    const before = await contactCount();
    const res = await upload('Name,Country\nNo Mail,UAE\n');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The file has no Email column' });
    expect((await upload('')).statusCode).toBe(422);
    expect(await contactCount()).toBe(before);
  });

  it('refuses files that are not CSV with 415', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect((await upload(png, { filename: 'photo.png', contentType: 'image/png' })).statusCode).toBe(415);
    expect((await upload(Buffer.from('%PDF-1.7\nEmail\n'), { filename: 'disguised.csv' })).statusCode).toBe(415);
    expect((await upload(Buffer.from('Email\na@b.test\n\0\0'), { filename: 'nul.csv' })).statusCode).toBe(415);
    const json = await t.request({ method: 'POST', url: '/api/global-contacts/import', as: 'admin', payload: { csvFile: 'Email\n' } });
    expect(json.statusCode).toBe(415);
    expect(await stored('a@b.test')).toBeUndefined();
  });

  it('refuses a file over 20 MB with 413 and keeps none of its rows', async () => {
    const before = await contactCount();
    // Wide rows: a first batch of 1,000 is inserted before the limit is met while streaming.
    const row = (i: number) => `wide${i}@large.test,"${'x'.repeat(19_000)}"\n`;
    const rows = ['Email,Notes\n'];
    let size = rows[0].length;
    for (let i = 0; size <= 20 * 1024 * 1024 + 1000; i++) size += rows[rows.push(row(i)) - 1].length;
    expect(rows.length).toBeGreaterThan(1001);
    const res = await upload(rows.join(''));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().code).toBe('IMPORT_TOO_LARGE');
    const announced = await t.request({
      method: 'POST',
      url: '/api/global-contacts/import',
      as: 'admin',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.alloc(21 * 1024 * 1024, 'a'),
    });
    expect(announced.statusCode).toBe(413);
    expect(await contactCount()).toBe(before);
  });

  it('keeps none of the rows of a file found malformed after several chunks were written, in search either', async () => {
    const before = await contactCount();
    const rows = Array.from({ length: 2500 }, (_, i) => `chunky${i}@malformed.test,Chunky`);
    const res = await upload(['Email,Name', ...rows, 'broken@malformed.test,"never closed'].join('\n'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ path: 'csvFile', message: 'The CSV is malformed near row 2502' });
    expect(await contactCount()).toBe(before);
    const search = await t.request({ method: 'GET', url: '/api/global-contacts?search=chunky', as: 'admin' });
    expect(search.json().total).toBe(0);
  });

  it('lets other requests through between chunks of a large import', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `between${i}@yield.test,Between`);
    let importDone = false;
    const importing = upload(['Email,Name', ...rows].join('\n')).then((res) => {
      importDone = true;
      return res;
    });
    // Each answer before the import's end shows the database was not held for the whole import.
    let answeredDuring = 0;
    while (!importDone) {
      const me = await t.request({ method: 'GET', url: '/api/auth/me', as: 'paid' });
      expect(me.statusCode).toBe(200);
      if (!importDone) answeredDuring++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const res = await importing;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary.added).toBe(20_000);
    expect(answeredDuring).toBeGreaterThanOrEqual(3);
  });

  it('asks for the csvFile field', async () => {
    const res = await upload('Email\nx@y.test\n', { field: 'file' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].path).toBe('csvFile');
  });

  it('is for super admins only', async () => {
    expect((await upload('Email\nsneaky@x.test\n', {}, 'paid')).statusCode).toBe(403);
    const { payload, headers } = multipartBody('Email\nsneaky@x.test\n');
    expect((await t.request({ method: 'POST', url: '/api/global-contacts/import', payload, headers })).statusCode).toBe(401);
    expect(await stored('sneaky@x.test')).toBeUndefined();
  });

  it('writes every import to the audit log with its counts', async () => {
    await importOk('Email\naudited@x.test\nbad\n');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'contact.import')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ target: 'contacts.csv', actorEmail: expect.stringMatching(/^admin-/) });
    expect(entry.details).toEqual({ added: 1, errors: 1, rows: 2 });
  });

  it('imports an export back unchanged (neutralised cells are restored)', async () => {
    await insertContacts(t.db, [contactFields({ email: 'roundtrip@x.test', firstName: 'Round', phone: '+971 4 111 2222', country: 'Kuwait' })]);
    const exported = await t.request({ method: 'GET', url: '/api/global-contacts/export?country=Kuwait', as: 'admin' });
    await t.db.delete(globalContacts).where(eq(globalContacts.email, 'roundtrip@x.test'));
    expect(await importOk(exported.body)).toMatchObject({ added: 1, errorCount: 0 });
    expect(await stored('roundtrip@x.test')).toMatchObject({ firstName: 'Round', phone: '+971 4 111 2222', country: 'Kuwait' });
  });
});
