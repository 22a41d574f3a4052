import fs from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { auditActions, type AuditEntry } from '../../../shared/admin';
import type { UserId, WorkspaceId } from '../../../shared/ids';
import { auditSentence, kindOf } from './audit-text';

const load = (lang: string, ns: string) => JSON.parse(fs.readFileSync(path.join(__dirname, `../../i18n/${lang}/${ns}.json`), 'utf8'));

async function translator(lang: 'en' | 'ar') {
  const i18n = createInstance();
  await i18n.init({
    lng: lang,
    ns: ['admin', 'workspaces'],
    defaultNS: 'admin',
    resources: { [lang]: { admin: load(lang, 'admin'), workspaces: load(lang, 'workspaces') } },
    interpolation: { escapeValue: false },
  });
  return i18n.t.bind(i18n) as unknown as Parameters<typeof auditSentence>[0];
}

const entry = (action: string, details: Record<string, unknown> = {}, target: string | null = 'Gulf Horizon'): AuditEntry => ({
  id: 1,
  createdAt: '2026-11-26T10:00:00Z',
  action,
  actor: { id: 'u1' as UserId, name: 'Omar Haddad', email: 'omar@nashr.test' },
  workspace: { id: 'w1' as WorkspaceId, name: 'Gulf Horizon' },
  target,
  targetName: target,
  details,
});
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');
const FIGURES = { releases: 3, added: 3, deleted: 3, created: 1, updated: 1, skipped: 0, reason: 'Launch week', title: 'Marina Vista', email: 'sara@levant.test', role: 'writer', name: 'Sara', plan: 'Growth', from: 'user', to: 'admin' };

describe('the audit log in words', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`says every recorded action in its own words (${lang}): no key, no placeholder, no fallback`, async () => {
      const t = await translator(lang);
      const unknown = plain(auditSentence(t, entry('no.such_action', FIGURES)));
      for (const action of auditActions) {
        const said = plain(auditSentence(t, entry(action, FIGURES)));
        expect(said, action).not.toContain(action);
        expect(said, action).not.toMatch(/\{\{|audit\.|_/);
        expect(said, action).not.toBe(unknown);
        expect(kindOf(action), action).not.toBeNull();
      }
    });
  }

  it('counts in plural forms: one release, releases; in Arabic one, two, few and many', async () => {
    const en = await translator('en');
    const refund = (releases: number) => entry('payment.refunded', { releases, workspaceName: 'Gulf Horizon' });
    expect(plain(auditSentence(en, refund(1)))).toBe('Omar Haddad refunded 1 release to Gulf Horizon');
    expect(plain(auditSentence(en, refund(3)))).toBe('Omar Haddad refunded 3 releases to Gulf Horizon');
    expect(plain(auditSentence(en, entry('contact.bulk_delete', { deleted: 1 }, null)))).toBe('Omar Haddad deleted 1 contact');
    const ar = await translator('ar');
    expect(plain(auditSentence(ar, refund(1)))).toBe('ردّ Omar Haddad إلى Gulf Horizon ثمن بيان صحفي واحد');
    expect(plain(auditSentence(ar, refund(2)))).toBe('ردّ Omar Haddad إلى Gulf Horizon ثمن بيانين صحفيين');
    expect(plain(auditSentence(ar, refund(3)))).toBe('ردّ Omar Haddad إلى Gulf Horizon ثمن 3 بيانات صحفية');
    expect(plain(auditSentence(ar, refund(11)))).toBe('ردّ Omar Haddad إلى Gulf Horizon ثمن 11 بيانًا صحفيًا');
  });

  it('says an action it has no words for by its kind, never by its key', async () => {
    const en = await translator('en');
    expect(plain(auditSentence(en, entry('payment.disputed', {}, null)))).toBe('Omar Haddad made a change of the kind “Payments and refunds”');
    expect(plain(auditSentence(en, entry('something.new', {}, 'x')))).toBe('Omar Haddad made a change of the kind “Other” to x');
    const ar = await translator('ar');
    expect(plain(auditSentence(ar, entry('workspace:billing_profile.updated', { name: 'Gulf Horizon LLC' })))).toBe(
      'غيّر Omar Haddad بيانات الفوترة في Gulf Horizon إلى Gulf Horizon LLC',
    );
  });
});
