import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, errorText, type ErrorCode } from '../../shared/error-codes.js';
import { MESSAGES, TRANSLATION_MESSAGES } from '../../shared/releases.js';
import { REVIEW_MESSAGES } from '../../shared/review.js';
import { FOLLOW_MESSAGES } from '../../shared/newsroom.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const messages = (lang: 'en' | 'ar'): Record<string, string> => {
  const dir = path.join(root, 'client/i18n', lang);
  const files = fs.readdirSync(dir).filter((f) => f.startsWith('messages'));
  return Object.assign({}, ...files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))));
};
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('error codes', () => {
  const en = messages('en');
  const ar = messages('ar');

  it('every code has its English text and an Arabic text with the same figures', () => {
    const problems: string[] = [];
    for (const [code, { text }] of Object.entries(ERRORS)) {
      if (en[code] !== text) problems.push(`${code}: English text differs from src/shared/error-codes.ts`);
      if (!ar[code]?.trim()) problems.push(`${code}: no Arabic text`);
      else if (placeholders(ar[code]).join() !== placeholders(text).join()) problems.push(`${code}: Arabic figures differ`);
    }
    expect(problems).toEqual([]);
  });

  it('every message of the shared schemas has English and Arabic text', () => {
    const literal = /message:\s*'((?:[^'\\]|\\.)+)'/g;
    const shared = sourceFiles(path.join(root, 'shared')).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(literal)].map((m) => m[1].replace(/\\'/g, "'")),
    );
    const constants = [MESSAGES, TRANSLATION_MESSAGES, REVIEW_MESSAGES, FOLLOW_MESSAGES].flatMap((group) => Object.values(group));
    const missing = [...new Set([...shared, ...constants])].filter((text) => !en[text] || !ar[text]);
    expect(missing).toEqual([]);
  });

  it('the server throws no sentence of its own: each error names a code of the table', () => {
    // A literal sentence here would reach an Arabic reader in English; errors.ts holds the generic defaults.
    const sentence = /\b(badRequest|unauthorized|paymentRequired|forbidden|notFound|conflict|tooLarge|unsupportedMedia|tooManyRequests)\(\s*['`]/;
    const literalField = /validationFailed\(\[\{[^\]]*message:\s*['`]/;
    const rawAppError = /new AppError\(\s*\d+\s*,\s*'(\w+)'/g;
    const offenders: string[] = [];
    for (const file of sourceFiles(path.join(root, 'server'))) {
      if (file.endsWith(path.join('http', 'errors.ts'))) continue;
      const source = fs.readFileSync(file, 'utf8');
      const name = path.relative(root, file);
      if (sentence.test(source)) offenders.push(`${name}: a helper given a sentence`);
      if (literalField.test(source)) offenders.push(`${name}: a field error with a sentence`);
      for (const [, code] of source.matchAll(rawAppError)) offenders.push(`${name}: new AppError(…, '${code}') instead of appError`);
    }
    expect(offenders).toEqual([]);
  });

  it('fills the figures of a text and leaves unknown ones visible', () => {
    expect(errorText('IMPORT_MALFORMED', { row: 12 })).toBe('The CSV is malformed near row 12');
    expect(errorText('FEED_CSV_TOO_MANY')).toBe('At most {{max}} feeds per file');
  });

});

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('carry the code beside the English message', async () => {
    await t.signInAs('owner');
    const res = await t.request({ method: 'GET', url: '/api/user-lists/00000000-0000-4000-8000-000000000000/contacts', as: 'owner' });
    const code: ErrorCode = 'LIST_NOT_FOUND';
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code, message: ERRORS[code].text });
  });
});
