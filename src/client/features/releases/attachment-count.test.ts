import fs from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';

const load = (lang: string) => JSON.parse(fs.readFileSync(path.join(__dirname, `../../i18n/${lang}/releases.json`), 'utf8'));

async function translator(lang: 'en' | 'ar') {
  const i18n = createInstance();
  await i18n.init({ lng: lang, ns: ['releases'], defaultNS: 'releases', resources: { [lang]: { releases: load(lang) } }, interpolation: { escapeValue: false } });
  return (count: number) => i18n.t('toasts.filesAttachedDescription', { count });
}

describe('the count of files attached', () => {
  it('takes the plural forms of English, never "file(s)"', async () => {
    const say = await translator('en');
    expect([1, 2, 5].map(say)).toEqual(['1 file attached.', '2 files attached.', '5 files attached.']);
  });

  it('takes the six plural forms of Arabic', async () => {
    const say = await translator('ar');
    expect([1, 2, 3, 11, 100].map(say)).toEqual(['أُرفق ملف واحد.', 'أُرفق ملفان.', 'أُرفقت 3 ملفات.', 'أُرفق 11 ملفًا.', 'أُرفق 100 ملف.']);
  });
});
