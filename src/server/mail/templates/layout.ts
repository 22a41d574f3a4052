import { NASHR_NAMES } from '../../../shared/brands.js';

/**
 * The frame of every account email (verification, password reset): the Nashr header with its tagline,
 * one message, one button, and a footer. Table layout and inline styles because mail clients ignore
 * stylesheets; every text is also given as plain text for clients that show no HTML.
 */

export const BRAND = {
  name: 'Nashr',
  ink: '#0f172a',
  muted: '#64748b',
  accent: '#0d9488',
  accentDark: '#0f766e',
  gold: '#d4a017',
  background: '#f1f5f9',
} as const;

/** An account e-mail; `language` tells the mailer which name of Nashr its From shows. */
export type RenderedEmail = { subject: string; html: string; text: string; language?: EmailLanguage };

export type EmailLanguage = 'en' | 'ar';

/** What the frame says around the message, in each language. */
const FRAME: Record<EmailLanguage, { name: string; tagline: string; linkFallback: string; reason: string }> = {
  en: {
    name: NASHR_NAMES.english,
    tagline: 'Premium PR Distribution - MENA',
    linkFallback: 'If the button does not work, copy this link into your browser:',
    reason: `You received this email because of an action on your ${BRAND.name} account.`,
  },
  ar: {
    name: NASHR_NAMES.arabic,
    tagline: 'توزيع البيانات الصحفية في الشرق الأوسط وشمال أفريقيا',
    linkFallback: 'إذا لم يعمل الزر، فانسخ هذا الرابط والصقه في متصفحك:',
    reason: 'وصلتك هذه الرسالة بسبب إجراء على حسابك في نشر.',
  },
};

/** The opening line of every account email; an account without a first name is greeted plainly. */
export function greeting(firstName: string, language: EmailLanguage = 'en'): string {
  if (language === 'ar') return firstName ? `مرحبًا ${firstName}،` : 'مرحبًا،';
  return firstName ? `Hello ${firstName},` : 'Hello,';
}

/** Dates and numbers as the site shows them: Arabic with Latin digits. */
export const emailLocale = (language: EmailLanguage) => (language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB');

/** A moment in UTC, long form, in the email's language. */
export const longDateUtc = (date: Date, language: EmailLanguage) =>
  `${new Intl.DateTimeFormat(emailLocale(language), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Names and addresses come from users: they must never become markup in someone's mailbox. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** A dot between two letters or digits (a domain's, an address's), ASCII or the full-width and ideographic ones. */
const LINK_DOT = /(?<=[\p{L}\p{N}])[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu;
/** The colon of a scheme (`http://`, `https:/`, `ftp:\\`). */
const SCHEME_COLON = /(?<=\p{L}):(?=[/\\])/gu;

/**
 * A customer's words (a workspace, brand or person's name) in a mail to someone else: shown as plain text that
 * no mail client turns into a link and no reader takes for one. Every dot inside a word becomes `[.]` and the
 * colon of a scheme `[:]`, so "WIN at http://prize.example" reads "WIN at http[:]//prize[.]example"; names
 * without such marks read as written. Escaping for HTML is still the layout's.
 */
export function unlinked(value: string): string {
  return value.replace(LINK_DOT, '[.]').replace(SCHEME_COLON, '[:]');
}

export type LayoutContent = {
  subject: string;
  /** The line mail clients show beside the subject. */
  preheader: string;
  greeting: string;
  paragraphs: string[];
  /** Label and value pairs shown as a small table under the paragraphs (a receipt's figures). */
  facts?: Array<[string, string]>;
  action: { label: string; url: string };
  /** Small print under the button (expiry, "ignore this if it was not you"). */
  notes: string[];
  /** An email written in Arabic reads right to left, its frame in Arabic too. */
  language?: EmailLanguage;
  /** Why the reader gets it, for an email that is not about their own Nashr account (a journalist has none). */
  reason?: string;
};

export function renderLayout(content: LayoutContent): RenderedEmail {
  return { subject: content.subject, html: renderHtml(content), text: renderText(content), language: content.language ?? 'en' };
}

function renderHtml(c: LayoutContent): string {
  const language = c.language ?? 'en';
  const frame = FRAME[language];
  // Spaced capitals for the Latin tagline only: spacing letters apart breaks the joins of Arabic script.
  const taglineSpacing = language === 'ar' ? '' : 'letter-spacing:1px;text-transform:uppercase;';
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${BRAND.ink};">${escapeHtml(text)}</p>`;
  const note = (text: string) =>
    `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:${BRAND.muted};">${escapeHtml(text)}</p>`;
  const url = escapeHtml(c.action.url);
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(c.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${BRAND.background};font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(c.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.background};padding:32px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #e2e8f0;">
<tr><td style="background:${BRAND.ink};padding:28px 32px;border-bottom:4px solid ${BRAND.gold};">
<div style="font-size:26px;font-weight:700;letter-spacing:0.5px;color:#ffffff;">${frame.name}</div>
<div style="margin-top:4px;font-size:13px;${taglineSpacing}color:${BRAND.gold};">${frame.tagline}</div>
</td></tr>
<tr><td style="padding:32px;">
${paragraph(c.greeting)}
${c.paragraphs.map(paragraph).join('\n')}
${c.facts?.length ? factsTable(c.facts, language) : ''}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0;"><tr><td style="border-radius:8px;background:${BRAND.accent};">
<a href="${url}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;background:${BRAND.accent};border:1px solid ${BRAND.accentDark};">${escapeHtml(c.action.label)}</a>
</td></tr></table>
${note(frame.linkFallback)}
<p style="margin:0 0 20px;font-size:13px;line-height:1.5;word-break:break-all;"><a href="${url}" style="color:${BRAND.accentDark};">${url}</a></p>
${c.notes.map(note).join('\n')}
</td></tr>
<tr><td style="padding:20px 32px;background:#f8fafc;border-top:1px solid #e2e8f0;">
<p style="margin:0;font-size:12px;line-height:1.5;color:${BRAND.muted};">${frame.name} &middot; ${frame.tagline}</p>
<p style="margin:4px 0 0;font-size:12px;line-height:1.5;color:${BRAND.muted};">${escapeHtml(c.reason ?? frame.reason)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

function factsTable(facts: Array<[string, string]>, language: EmailLanguage): string {
  // Mail clients ignore logical padding: the gap goes on the side the value is, by direction.
  const labelPadding = language === 'ar' ? '8px 0 8px 12px' : '8px 12px 8px 0';
  const row = ([label, value]: [string, string]) =>
    `<tr><td style="padding:${labelPadding};font-size:14px;color:${BRAND.muted};border-bottom:1px solid #e2e8f0;">${escapeHtml(label)}</td>` +
    `<td style="padding:8px 0;font-size:14px;font-weight:600;color:${BRAND.ink};border-bottom:1px solid #e2e8f0;">${escapeHtml(value)}</td></tr>`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 8px;">${facts.map(row).join('')}</table>`;
}

function renderText(c: LayoutContent): string {
  const frame = FRAME[c.language ?? 'en'];
  return [
    `${frame.name} - ${frame.tagline}`,
    '',
    c.greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.facts?.length ? [...c.facts.map(([label, value]) => `${label}: ${value}`), ''] : []),
    `${c.action.label}: ${c.action.url}`,
    '',
    ...c.notes,
    '',
    '--',
    `${frame.name} · ${frame.tagline}`,
    c.reason ?? frame.reason,
    '',
  ].join('\n');
}
