import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES, LANGUAGES, MEDIA_TYPES, TOPICS, contactEmailSchema, splitTopics } from '../../shared/contacts.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { globalContacts } from '../db/schema.js';
import { createTestDatabase } from '../test/test-db.js';
import { DEMO_SEED, RESERVED_ADDRESS, generateContacts } from './generate.js';
import { DEMO_CONTACT_COUNT, loadDemoDataIfEmpty } from './load.js';

const fingerprint = (count: number, seed?: number) =>
  createHash('sha256').update(JSON.stringify([...generateContacts(count, seed)])).digest('hex');

describe('demo data generator', () => {
  const contacts = [...generateContacts(DEMO_CONTACT_COUNT)];

  it('makes the same contacts on every run, and others with another seed', () => {
    expect(fingerprint(2000)).toBe(fingerprint(2000));
    expect(fingerprint(2000, DEMO_SEED + 1)).not.toBe(fingerprint(2000));
    expect([...generateContacts(10)]).toEqual(contacts.slice(0, 10));
  });

  it('uses only reserved domains, valid and unique addresses', () => {
    for (const c of contacts) {
      expect(c.email).toMatch(RESERVED_ADDRESS);
      expect(contactEmailSchema.parse(c.email)).toBe(c.email);
    }
    expect(new Set(contacts.map((c) => c.email)).size).toBe(contacts.length);
    expect(RESERVED_ADDRESS.test('someone@gmail.com')).toBe(false);
    expect(RESERVED_ADDRESS.test('someone@example.com.evil.io')).toBe(false);
  });

  it('covers every country, media type, topic and language, with English and Arabic names', () => {
    expect(new Set(contacts.map((c) => c.country))).toEqual(new Set(COUNTRIES));
    expect(new Set(contacts.map((c) => c.mediaType))).toEqual(new Set(MEDIA_TYPES));
    expect(new Set(contacts.flatMap((c) => splitTopics(c.contactTopics)))).toEqual(new Set(TOPICS));
    expect(new Set(contacts.map((c) => c.language))).toEqual(new Set(LANGUAGES));
    const arabicNames = contacts.filter((c) => /[\u0600-\u06FF]/.test(c.firstName)).length;
    expect(arabicNames).toBeGreaterThan(contacts.length * 0.15);
    expect(contacts.length - arabicNames).toBeGreaterThan(contacts.length * 0.5);
    for (const c of contacts.slice(0, 500)) {
      expect(c.organization && c.position && c.phone && c.category && c.contactTopics && c.outletTopics).toBeTruthy();
    }
  });

  it('shows all 15 countries even in a tiny sample', () => {
    expect(new Set([...generateContacts(15)].map((c) => c.country)).size).toBe(15);
  });
});

describe('loading at start', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  const log = { info: () => {} };

  it('does nothing with DEMO_DATA=off', async () => {
    expect(await loadDemoDataIfEmpty({ db: database.db, config: loadConfig({ DEMO_DATA: 'off' }) }, log)).toBe(0);
    expect(await database.db.$count(globalContacts)).toBe(0);
  });

  it('fills an empty database once', async () => {
    const deps = { db: database.db, config: loadConfig({}) };
    expect(await loadDemoDataIfEmpty(deps, log)).toBe(DEMO_CONTACT_COUNT);
    expect(await loadDemoDataIfEmpty(deps, log)).toBe(0);
    expect(await database.db.$count(globalContacts)).toBe(DEMO_CONTACT_COUNT);
  });
});
