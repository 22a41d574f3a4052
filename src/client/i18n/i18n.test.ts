import fs from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { PLACES } from '../../shared/search-places';

const dir = path.dirname(new URL(import.meta.url).pathname);

function flatKeys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

const files = (lang: string) => fs.readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json')).sort();

describe('translations', () => {
  it('has the same namespace files in English and Arabic', () => {
    expect(files('ar')).toEqual(files('en'));
  });

  for (const file of files('en')) {
    it(`${file}: every English key has an Arabic text and no Arabic key is stray`, () => {
      const en = JSON.parse(fs.readFileSync(path.join(dir, 'en', file), 'utf8'));
      const ar = JSON.parse(fs.readFileSync(path.join(dir, 'ar', file), 'utf8'));
      expect(flatKeys(ar).sort()).toEqual(flatKeys(en).sort());
      const empty = flatKeys(ar).filter((k) => k.split('.').reduce((o: any, p) => o?.[p], ar) === '');
      expect(empty).toEqual([]);
    });
  }
});

describe('plural forms', () => {
  const load = (lang: string, ns: string) => JSON.parse(fs.readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8'));
  async function translator(lang: 'en' | 'ar') {
    const i18n = createInstance();
    await i18n.init({
      lng: lang,
      resources: { [lang]: { analytics: load(lang, 'analytics'), lists: load(lang, 'lists'), contacts: load(lang, 'contacts') } },
      interpolation: { escapeValue: false },
    });
    return i18n.t.bind(i18n);
  }

  it('follow English: 1 open, 2 opens, 0 contacts', async () => {
    const t = await translator('en');
    expect(t('analytics:performance.opens', { count: 1, value: '1' })).toBe('1 open');
    expect(t('analytics:performance.opens', { count: 2, value: '2' })).toBe('2 opens');
    expect(t('analytics:recipients.count', { count: 1, value: '1' })).toBe('1 recipient');
    expect(t('contacts:count.found', { count: 1, n: '1' })).toBe('1 contact found');
    expect(t('contacts:count.found', { count: 45, n: '45' })).toBe('45 contacts found');
  });

  it('follow Arabic: one, dual, few (3–10) and many (11–99) read differently', async () => {
    const t = await translator('ar');
    const opens = (count: number) => t('analytics:performance.opens', { count, value: String(count) });
    expect(opens(1)).toBe('فتح واحد');
    expect(opens(2)).toBe('فتحان');
    expect(opens(3)).toBe('3 مرات فتح');
    expect(opens(11)).toBe('11 مرة فتح');
    expect(t('analytics:recipients.count', { count: 2, value: '2' })).toBe('مستلمان');
  });
});

describe('place names a search is read as (issue 26)', () => {
  const values = (lang: string) => JSON.parse(fs.readFileSync(path.join(dir, lang, 'contacts.json'), 'utf8')).values;

  it('has every country and city of the place data in English and, in Arabic script, in Arabic', () => {
    for (const lang of ['en', 'ar']) {
      const { country, city } = values(lang);
      expect(Object.keys(country).sort(), lang).toEqual(PLACES.map((p) => p.country).sort());
      expect(Object.keys(city).sort(), lang).toEqual(PLACES.flatMap((p) => p.cities.map((c) => c.city)).sort());
    }
    const { country, city } = values('ar');
    const notArabic = [...Object.values(country), ...Object.values(city)].filter((name) => !/^[\u0600-\u06ff ]+$/.test(String(name)));
    expect(notArabic).toEqual([]);
    expect(city.Riyadh).toBe('الرياض');
  });
});
