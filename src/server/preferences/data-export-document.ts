import { escapeHtml } from '../../shared/email-template.js';
import type { JournalistDataExport } from './data-export.js';

/**
 * The readable copy of a journalist's data export (issue 37): the same facts as the JSON, as a document the
 * operator can send a person, with headed sections and words for every field, in English or Arabic (right
 * to left). Dates are given in UTC and said to be, since the journalist's own zone may be unknown.
 */
export type DocumentLanguage = 'en' | 'ar';

const WORDS = {
  en: {
    title: 'What Nashr holds about you',
    intro: (email: string, at: string) => `A copy of the data Nashr holds about ${email}, made on ${at} (UTC).`,
    request: 'Your request',
    requestKind: { access: 'A copy of your data', erasure: 'Erasure of your data' } as Record<string, string>,
    requestedAt: 'Asked on',
    dueAt: 'Answer due by',
    contact: 'Your contact details',
    noContact: 'Nashr’s media database holds no contact with this address.',
    preferences: 'Your choices',
    consent: 'Changes of your choices',
    noConsent: 'No change recorded.',
    releases: 'Press releases sent to you',
    noReleases: 'None.',
    releaseColumns: ['Title', 'Company', 'Sent', 'Opened', 'Clicked'],
    replies: 'What you wrote back',
    noReplies: 'None kept.',
    replyKind: { reply: 'Reply', auto_reply: 'Automatic reply', left: 'Left / new address', bounce: 'Bounce' } as Record<string, string>,
    unsubscribed: 'Companies you unsubscribed from',
    suppression: 'Whether e-mail to you is stopped',
    notSuppressed: 'E-mail to you is not stopped.',
    suppressed: (reason: string, at: string) => `E-mail to you is stopped (${reason}) since ${at}.`,
    lists: (n: number) =>
      n === 0 ? 'You are on no customer’s list.' : `You are on ${n} customer list${n === 1 ? '' : 's'}. Which customer keeps whom is that customer’s to say.`,
    yes: 'Yes',
    no: 'No',
    none: '—',
    values: { arabic: 'Arabic', english: 'English', Arabic: 'Arabic', English: 'English' } as Record<string, string>,
    fields: {
      email: 'E-mail address', firstName: 'First name', lastName: 'Last name', phone: 'Phone', organization: 'Outlet',
      position: 'Job title', category: 'Category', country: 'Country', city: 'City', specialization: 'Specialization',
      focus: 'Focus', contactTopics: 'Your topics', outletTopics: 'Your outlet’s topics', mediaType: 'Media type',
      language: 'Language', embargoAccredited: 'Accredited for embargoes', accreditationNote: 'Accreditation note',
      createdAt: 'Added on', updatedAt: 'Last changed on', languages: 'Languages', topics: 'Topics', countries: 'Countries',
      weeklyCap: 'Most releases a week', digest: 'At most one e-mail a day', acceptsEmbargo: 'Accepts embargoes',
      timeZone: 'Time zone', unsubscribedFrom: 'Unsubscribed from', unsubscribedAll: 'Unsubscribed from everything',
      embargoAgreement: 'Agreed to an embargo',
    } as Record<string, string>,
  },
  ar: {
    title: 'ما يحتفظ به نشر عنك',
    intro: (email: string, at: string) => `نسخة من البيانات التي يحتفظ بها نشر عن ${email}، أُعدّت في ${at} (بالتوقيت العالمي).`,
    request: 'طلبك',
    requestKind: { access: 'نسخة من بياناتك', erasure: 'محو بياناتك' } as Record<string, string>,
    requestedAt: 'تاريخ الطلب',
    dueAt: 'موعد الرد',
    contact: 'بيانات الاتصال الخاصة بك',
    noContact: 'لا تضم قاعدة بيانات نشر الإعلامية جهة اتصال بهذا العنوان.',
    preferences: 'اختياراتك',
    consent: 'التغييرات على اختياراتك',
    noConsent: 'لم يُسجَّل أي تغيير.',
    releases: 'البيانات الصحفية المرسلة إليك',
    noReleases: 'لا شيء.',
    releaseColumns: ['العنوان', 'الشركة', 'أُرسل', 'فُتح', 'نُقر'],
    replies: 'ما كتبته ردًّا',
    noReplies: 'لا شيء محفوظ.',
    replyKind: { reply: 'رد', auto_reply: 'رد تلقائي', left: 'غادر / عنوان جديد', bounce: 'رسالة مرتدة' } as Record<string, string>,
    unsubscribed: 'الشركات التي ألغيت اشتراكك فيها',
    suppression: 'هل أوقف البريد إليك',
    notSuppressed: 'البريد إليك غير موقوف.',
    suppressed: (reason: string, at: string) => `البريد إليك موقوف (${reason}) منذ ${at}.`,
    lists: (n: number) => (n === 0 ? 'لست في قائمة أي عميل.' : `أنت في ${n} من قوائم العملاء. أمّا أيّ عميل يحتفظ بمن، فذلك للعميل أن يقوله.`),
    yes: 'نعم',
    no: 'لا',
    none: '—',
    values: { arabic: 'العربية', english: 'الإنجليزية', Arabic: 'العربية', English: 'الإنجليزية' } as Record<string, string>,
    fields: {
      email: 'البريد الإلكتروني', firstName: 'الاسم الأول', lastName: 'اسم العائلة', phone: 'الهاتف', organization: 'الوسيلة الإعلامية',
      position: 'المسمى الوظيفي', category: 'الفئة', country: 'الدولة', city: 'المدينة', specialization: 'التخصص',
      focus: 'التركيز', contactTopics: 'موضوعاتك', outletTopics: 'موضوعات وسيلتك', mediaType: 'نوع الوسيلة',
      language: 'اللغة', embargoAccredited: 'معتمد لحظر النشر', accreditationNote: 'ملاحظة الاعتماد',
      createdAt: 'أُضيف في', updatedAt: 'آخر تغيير في', languages: 'اللغات', topics: 'الموضوعات', countries: 'الدول',
      weeklyCap: 'أقصى عدد من البيانات في الأسبوع', digest: 'رسالة واحدة في اليوم على الأكثر', acceptsEmbargo: 'يقبل حظر النشر',
      timeZone: 'المنطقة الزمنية', unsubscribedFrom: 'ألغى الاشتراك في', unsubscribedAll: 'ألغى الاشتراك في كل شيء',
      embargoAgreement: 'وافق على حظر نشر',
    } as Record<string, string>,
  },
} as const;

type Words = (typeof WORDS)[DocumentLanguage];

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

function dateText(value: string, language: DocumentLanguage): string {
  const locale = language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(value));
}

/** Any stored value in words: yes/no, lists joined, times as dates, nested records as "field: value". */
function valueText(value: unknown, words: Words, language: DocumentLanguage): string {
  if (value === null || value === undefined || value === '') return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(v, words, language)).join(language === 'ar' ? '، ' : ', ') : words.none;
  if (typeof value === 'string' && ISO_TIME.test(value)) return dateText(value, language);
  if (typeof value === 'string') return words.values[value] ?? value;
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, v]) => `${words.fields[key] ?? key}: ${valueText(v, words, language)}`)
      .join('; ');
  }
  return String(value);
}

/** A consent record's change, as escaped HTML: "Languages: Arabic, English → Arabic", one line a field. */
function changeHtml(changes: unknown, words: Words, language: DocumentLanguage): string {
  if (!changes || typeof changes !== 'object') return escapeHtml(valueText(changes, words, language));
  const arrow = language === 'ar' ? ' ← ' : ' → ';
  return Object.entries(changes as Record<string, unknown>)
    .map(([key, change]) => {
      const label = words.fields[key] ?? key;
      const text =
        change && typeof change === 'object' && 'to' in change
          ? `${label}: ${valueText((change as { from?: unknown }).from, words, language)}${arrow}${valueText((change as { to: unknown }).to, words, language)}`
          : `${label}: ${valueText(change, words, language)}`;
      return escapeHtml(text);
    })
    .join('<br>');
}

const section = (title: string, body: string) => `<section><h2>${escapeHtml(title)}</h2>${body}</section>`;
const fieldTable = (rows: Array<[string, string]>) =>
  `<table>${rows.map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`;
const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

export function dataExportDocument(exported: JournalistDataExport, language: DocumentLanguage): string {
  const words = WORDS[language];
  const value = (v: unknown) => valueText(v, words, language);
  const fieldRows = (record: Record<string, unknown>) =>
    Object.entries(record).map(([key, v]) => [words.fields[key] ?? key, value(v)] as [string, string]);
  const releases = exported.releasesReceived.length
    ? `<table><tr>${words.releaseColumns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr>${exported.releasesReceived
        .map((r) => `<tr>${[r.title, r.company, value(r.sentAt), value(r.opened), value(r.clicked)].map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
        .join('')}</table>`
    : paragraph(words.noReleases);
  const replies = exported.replies.length
    ? `<ul>${exported.replies.map((r) => `<li><strong>${escapeHtml(words.replyKind[r.kind] ?? r.kind)}</strong>, ${escapeHtml(value(r.receivedAt))}: ${escapeHtml(r.text ?? '')}</li>`).join('')}</ul>`
    : paragraph(words.noReplies);
  const body = [
    `<h1>${escapeHtml(words.title)}</h1>`,
    paragraph(words.intro(exported.email, dateText(exported.exportedAt, language))),
    section(words.request, fieldTable([
      [words.request, words.requestKind[exported.request.kind] ?? exported.request.kind],
      [words.requestedAt, value(exported.request.requestedAt)],
      [words.dueAt, value(exported.request.dueAt)],
    ])),
    section(words.contact, exported.contact ? fieldTable(fieldRows(exported.contact)) : paragraph(words.noContact)),
    exported.preferences ? section(words.preferences, fieldTable(fieldRows(exported.preferences))) : '',
    section(words.consent, exported.consentRecords.length
      ? `<ul>${exported.consentRecords.map((r) => `<li>${escapeHtml(value(r.at))}: ${changeHtml(r.changes, words, language)}</li>`).join('')}</ul>`
      : paragraph(words.noConsent)),
    section(words.releases, releases),
    section(words.replies, replies),
    section(words.unsubscribed, exported.unsubscribedFrom.length
      ? `<ul>${exported.unsubscribedFrom.map((u) => `<li>${escapeHtml(u.company)} (${escapeHtml(value(u.at))})</li>`).join('')}</ul>`
      : paragraph(words.none)),
    section(words.suppression, paragraph(exported.suppression ? words.suppressed(exported.suppression.reason, value(exported.suppression.at)) : words.notSuppressed)),
    paragraph(words.lists(exported.onCustomerLists)),
  ].join('\n');
  return `<!DOCTYPE html><html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${escapeHtml(words.title)}</title>
<style>body{font-family:system-ui,'Noto Sans Arabic',sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1e293b;line-height:1.5}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:2rem;border-block-end:1px solid #cbd5e1}table{border-collapse:collapse;width:100%}
th,td{text-align:start;vertical-align:top;padding:.25rem .5rem;border-block-end:1px solid #e2e8f0}th[scope=row]{width:35%;font-weight:600}</style>
</head><body>${body}</body></html>`;
}
