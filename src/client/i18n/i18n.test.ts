import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
