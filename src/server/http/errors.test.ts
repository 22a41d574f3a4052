import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { databaseErrorCode, withoutQueryParameters } from './errors.js';

describe('withoutQueryParameters', () => {
  it('keeps the SQL, the cause and the frames of a failed query but none of its parameters', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    const failed = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['a@b.test', '$argon2id$secret'],
      cause,
    );
    const safe = withoutQueryParameters(failed) as Error;
    const logged = `${safe.message}\n${safe.stack}\n${JSON.stringify(safe)}`;
    expect(logged).not.toContain('$argon2id$secret');
    expect(logged).not.toContain('a@b.test');
    expect(safe.message).toBe('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)');
    expect(safe.cause).toBe(cause);
    expect(safe.stack).toMatch(/\n\s+at /);
    expect(databaseErrorCode(safe)).toBe('23505');
  });

  it('passes any other error through unchanged', () => {
    const other = new Error('boom');
    expect(withoutQueryParameters(other)).toBe(other);
  });
});
