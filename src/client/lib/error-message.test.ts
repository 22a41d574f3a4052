import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, errorMessage, fieldErrorMessage } from './api';

const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../i18n/ar');
const arabicMessages = () =>
  Object.assign(
    {},
    ...fs.readdirSync(dir).filter((f) => f.startsWith('messages')).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))),
  );

describe('error messages on an Arabic screen', () => {
  let ar: Record<string, string>;
  beforeAll(async () => {
    ar = arabicMessages();
    await i18next.init({ lng: 'ar', resources: { ar: { messages: ar } }, fallbackLng: false, interpolation: { escapeValue: false } });
  });

  it('translate the code, whatever the English sentence says', () => {
    const error = new ApiError(409, 'ONLY_DRAFT_DELETABLE', 'Only drafts may be deleted (reworded)');
    expect(errorMessage(error)).toBe(ar.ONLY_DRAFT_DELETABLE);
  });

  it('fill in the figures the answer carries', () => {
    const error = new ApiError(413, 'IMPORT_TOO_LARGE', 'The file is larger than 10 MB', [], { details: { megabytes: 10 } });
    expect(errorMessage(error)).toBe(ar.IMPORT_TOO_LARGE.replace('{{megabytes}}', '10'));
  });

  it('read an unknown code as the generic message of its status, never as the code', () => {
    const error = new ApiError(409, 'SOMETHING_NEW', 'A sentence nobody translated');
    expect(errorMessage(error)).toBe(ar['Resource already exists']);
    expect(errorMessage(new ApiError(418, 'TEAPOT', 'short and stout'))).toBe(ar['An unexpected error occurred']);
  });

  it('translate a field error by its code', () => {
    const field = { path: 'csvFile', message: 'The CSV is malformed near row 4', code: 'IMPORT_MALFORMED', details: { row: 4 } };
    expect(errorMessage(new ApiError(422, 'VALIDATION_ERROR', field.message, [field]))).toBe(ar.IMPORT_MALFORMED.replace('{{row}}', '4'));
    expect(fieldErrorMessage({ path: 'email', message: 'x', code: 'RESERVED_ADDRESS' })).toBe('RESERVED_ADDRESS');
    expect(fieldErrorMessage({ path: 'email', message: 'Unlisted sentence', code: 'NOT_A_CODE' })).toBe('Unlisted sentence');
  });

  it('name a workspace role a refusal asks for in the reader\'s language, not as its key', () => {
    const error = new ApiError(403, 'ROLE_REQUIRED', 'This needs the publisher role in this workspace', [], { details: { role: 'publisher' } });
    expect(errorMessage(error)).toBe(ar.ROLE_REQUIRED.replace('{{role}}', ar['role.publisher']));
    expect(errorMessage(error)).not.toContain('publisher');
  });
});
