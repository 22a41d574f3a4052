import fs from 'node:fs';
import path from 'node:path';
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { WorkspaceActivity } from '../../../shared/workspaces';
import { activitySentence } from './activity-text';

const load = (lang: string) => JSON.parse(fs.readFileSync(path.join(__dirname, `../../i18n/${lang}/workspaces.json`), 'utf8'));

async function translator(lang: 'en' | 'ar') {
  const i18n = createInstance();
  await i18n.init({ lng: lang, ns: ['workspaces'], defaultNS: 'workspaces', resources: { [lang]: { workspaces: load(lang) } }, interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n) as unknown as TFunction<'workspaces'>;
}

const entry = (action: string, details: WorkspaceActivity['details'], actor: string | null = 'Layla Haddad'): WorkspaceActivity =>
  ({ id: 1, createdAt: '2026-11-26T10:00:00Z', action, actor, details }) as WorkspaceActivity;
/** Without the isolates, to compare the words. */
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');

describe('activitySentence', () => {
  it('writes each action in words, with the role in the reader’s language', async () => {
    const en = await translator('en');
    expect(plain(activitySentence(en, entry('member.invited', { email: 'sara@levant.test', role: 'writer' })))).toBe('Layla Haddad invited sara@levant.test as Writer');
    expect(plain(activitySentence(en, entry('member.role_changed', { name: 'Sara Nasser', from: 'writer', to: 'publisher' })))).toBe(
      'Layla Haddad changed the role of Sara Nasser from Writer to Publisher',
    );
    expect(plain(activitySentence(en, entry('release.approved', { title: 'Doha bureau' })))).toBe('Layla Haddad approved “Doha bureau”');
    const ar = await translator('ar');
    expect(plain(activitySentence(ar, entry('member.invited', { email: 'sara@levant.test', role: 'writer' })))).toBe('دعا Layla Haddad ‏sara@levant.test بدور كاتب');
  });

  it('isolates names so a Latin name keeps its direction inside an Arabic sentence', async () => {
    const ar = await translator('ar');
    expect(activitySentence(ar, entry('member.left', {}))).toBe('غادر \u2068Layla Haddad\u2069 مساحة العمل');
  });

  it('names the system when nobody did it, and never shows a raw placeholder or an unknown action’s key', async () => {
    const en = await translator('en');
    expect(plain(activitySentence(en, entry('purchase', { plan: 'Growth' }, null)))).toBe('Nashr bought the Growth package');
    expect(activitySentence(en, entry('member.removed', {}))).not.toContain('{{');
    expect(plain(activitySentence(en, entry('something.new' as WorkspaceActivity['action'], {})))).toBe('Layla Haddad made a change');
  });
});
