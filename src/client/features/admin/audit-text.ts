import type { TFunction } from 'i18next';
import type { AuditEntry } from '../../../shared/admin';

/**
 * An audit entry in words (issue 29, 37): each action its own sentence in the reader's language, counts in
 * their plural forms, names isolated in their own direction; an action this version has no words for is
 * said by its kind ("Payments and refunds"), never by its key.
 */

/** The i18n key of an action: "workspace:release.sent" → "workspace_release_sent" (":" and "." are i18next separators). */
export const sentenceKey = (action: string) => action.replace(/[.:]/g, '_');

/** The detail a sentence counts, for its plural form: "refunded 1 release", "refunded 3 releases". */
const COUNTED: Record<string, string> = {
  workspace_granted: 'releases',
  payment_refunded: 'releases',
  contact_import: 'added',
  contact_bulk_delete: 'deleted',
};

/** The kinds the filter offers: each an action prefix the server matches (a workspace's own activity too). */
export const AUDIT_KINDS = ['release', 'review', 'workspace', 'member', 'payment', 'user', 'contact', 'feed', 'coverage', 'suppression', 'seller', 'data_request'] as const;

/** The kind an action belongs to: "workspace:member.joined" → member, "payment.refunded" → payment. */
export function kindOf(action: string): string | null {
  const first = action.replace(/^workspace:/, '').split('.')[0];
  const kind = KIND_OF[first] ?? first;
  return (AUDIT_KINDS as readonly string[]).includes(kind) ? kind : null;
}
/** A workspace's actions whose first word is not their kind's. */
const KIND_OF: Record<string, string> = { invitation: 'member', purchase: 'payment', billing_profile: 'payment' };

/**
 * Each name in its own direction (Unicode first-strong isolate): a Latin name inside an Arabic sentence, or
 * an Arabic title in an English one, keeps its place instead of pulling its neighbours along.
 */
const isolate = (text: string) => `\u2068${text}\u2069`;

type T = TFunction<['admin', 'workspaces']> | ((key: string, options?: Record<string, unknown>) => string);

/** The words a sentence may name: the people and things by name, and the entry's own details as text. */
function sentenceValues(entry: AuditEntry, t: T) {
  const say = t as (key: string, options?: Record<string, unknown>) => string;
  const details = Object.fromEntries(
    Object.entries(entry.details)
      .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
      .map(([key, value]) => [key, String(value)]),
  );
  // A platform role (user, admin, super_admin) or a workspace role (owner, manager, …).
  const role = (value: string | undefined) =>
    value ? say(`roles.${value}`, { defaultValue: say(`workspaces:roles.${value}`, { defaultValue: value }) }) : '';
  const kind = kindOf(entry.action);
  const values: Record<string, string> = {
    ...details,
    from: role(details.from),
    to: role(details.to),
    role: role(details.role),
    actor: entry.actor?.name ?? say('audit.system'),
    target: entry.targetName ?? entry.target ?? '—',
    workspace: entry.workspace?.name ?? details.workspaceName ?? '—',
    kind: kind ? say(`audit.kinds.${kind}`) : say('audit.kinds.other'),
  };
  const counted = COUNTED[sentenceKey(entry.action)];
  const count = counted !== undefined ? Number(entry.details[counted]) : NaN;
  return {
    ...Object.fromEntries(Object.entries(values).map(([key, value]) => [key, isolate(value)])),
    ...(Number.isFinite(count) ? { count } : {}),
    interpolation: { escapeValue: false },
  };
}

export function auditSentence(t: T, entry: AuditEntry): string {
  const say = t as (key: string, options?: Record<string, unknown>) => string;
  const values = sentenceValues(entry, t);
  const unknown = entry.targetName || entry.target ? 'audit.sentences.unknown' : 'audit.sentences.unknownNoTarget';
  return say(`audit.sentences.${sentenceKey(entry.action)}`, { ...values, defaultValue: say(unknown, values) });
}
