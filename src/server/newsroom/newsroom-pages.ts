import { escapeHtml } from '../../shared/email-template.js';
import type { ReleaseLanguage } from '../../shared/releases.js';
import { releaseWebPath } from '../../shared/release-address.js';
import type { Newsroom, PublishedRelease } from './newsroom.service.js';
import { brandNameIn } from '../brands/brand-voice.js';

/**
 * The newsroom's public pages, served by the server like the web version of a release: readable
 * without the app's scripts, by people and by search engines, in English or Arabic.
 */

const TEXT = {
  english: {
    newsroom: 'Newsroom',
    empty: 'No press releases yet.',
    follow: 'Follow by email',
    followHelp: 'Receive this brand’s next press releases in your language. We send a link to confirm first.',
    email: 'Email address',
    language: 'Language',
    submit: 'Follow',
    feed: 'Atom feed',
    newer: 'Newer',
    older: 'Older',
    distributed: 'Distributed by Nashr',
    checkInbox: 'Check your inbox',
    checkInboxText: 'If this address can follow the newsroom, a link to confirm is on its way. Nothing is sent until you confirm.',
    confirmTitle: 'Confirm following',
    confirmText: (company: string) => `Follow ${company}’s newsroom and receive its next press releases by email?`,
    confirmed: (company: string) => `You now follow ${company}’s newsroom. Every email has a link to stop.`,
    confirmedTitle: 'You are following',
    invalid: 'This link is not valid or was already used.',
    invalidTitle: 'Link not valid',
    badEmail: 'Enter a valid email address.',
    moreFrom: (company: string) => `More from ${company}`,
    allReleases: (company: string) => `Every press release of ${company} in its newsroom`,
    backToNewsroom: (company: string) => `Back to ${company}’s newsroom`,
  },
  arabic: {
    newsroom: 'غرفة الأخبار',
    empty: 'لا توجد بيانات صحفية بعد.',
    follow: 'المتابعة بالبريد الإلكتروني',
    followHelp: 'تصلك البيانات الصحفية القادمة لهذه العلامة بلغتك. نرسل أولًا رابطًا للتأكيد.',
    email: 'البريد الإلكتروني',
    language: 'اللغة',
    submit: 'متابعة',
    feed: 'موجز Atom',
    newer: 'الأحدث',
    older: 'الأقدم',
    distributed: 'تم التوزيع عبر نشر',
    checkInbox: 'تحقق من بريدك',
    checkInboxText: 'إن كان بإمكان هذا العنوان متابعة غرفة الأخبار فرابط التأكيد في الطريق إليه. لن يُرسل شيء قبل التأكيد.',
    confirmTitle: 'تأكيد المتابعة',
    confirmText: (company: string) => `متابعة غرفة أخبار ${company} وتلقي بياناتها الصحفية القادمة بالبريد الإلكتروني؟`,
    confirmed: (company: string) => `أنت الآن تتابع غرفة أخبار ${company}. في كل رسالة رابط لإيقاف المتابعة.`,
    confirmedTitle: 'أنت تتابع الآن',
    invalid: 'هذا الرابط غير صالح أو استُخدم من قبل.',
    invalidTitle: 'الرابط غير صالح',
    badEmail: 'أدخل بريدًا إلكترونيًا صالحًا.',
    moreFrom: (company: string) => `المزيد من ${company}`,
    allReleases: (company: string) => `كل البيانات الصحفية لـ${company} في غرفة أخبارها`,
    backToNewsroom: (company: string) => `العودة إلى غرفة أخبار ${company}`,
  },
} as const;

const code = (language: ReleaseLanguage) => (language === 'arabic' ? 'ar' : 'en');
const dirOf = (language: ReleaseLanguage) => (language === 'arabic' ? 'rtl' : 'ltr');
const NAMES: Record<ReleaseLanguage, string> = { english: 'English', arabic: 'العربية' };

function page(language: ReleaseLanguage, title: string, head: string, body: string): string {
  return [
    `<!DOCTYPE html><html lang="${code(language)}" dir="${dirOf(language)}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>${head}</head>`,
    `<body style="margin:0;padding:24px 12px;background:#f3f4f6;font-family:Arial,Tahoma,sans-serif;color:#1f2937;line-height:1.6;">`,
    `<main style="max-width:760px;margin:0 auto;">${body}</main></body></html>`,
  ].join('');
}

const card = (inner: string) => `<section style="background:#fff;border-radius:8px;padding:24px 28px;margin:0 0 16px 0;">${inner}</section>`;

function languageSwitch(shown: ReleaseLanguage, href: (language: ReleaseLanguage) => string): string {
  return (['english', 'arabic'] as const)
    .map((language) =>
      language === shown
        ? `<strong lang="${code(language)}" aria-current="page">${NAMES[language]}</strong>`
        : `<a lang="${code(language)}" hreflang="${code(language)}" href="${escapeHtml(href(language))}" style="color:#0f4c81;">${NAMES[language]}</a>`,
    )
    .join(' &nbsp;|&nbsp; ');
}

/** The version a reader of this language sees: theirs where it exists, the primary one otherwise. */
export const versionFor = (release: PublishedRelease, language: ReleaseLanguage) =>
  release.versions.find((v) => v.language === language) ?? release.versions[0];

const dateIn = (date: Date, language: ReleaseLanguage) =>
  new Intl.DateTimeFormat(language === 'arabic' ? 'ar-AE' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);

/** The newsroom's follow form (posts to `action`), shown on its page and under each release's web version. */
export function followForm(language: ReleaseLanguage, action: string, headingLevel: 'h2' | 'h3' = 'h2'): string {
  const t = TEXT[language];
  return `<${headingLevel} style="margin:0 0 4px 0;font-size:18px;">${t.follow}</${headingLevel}><p style="margin:0 0 12px 0;color:#4b5563;">${t.followHelp}</p>
    <form method="post" action="${escapeHtml(action)}" style="display:flex;flex-wrap:wrap;gap:8px;align-items:end;">
      <label style="display:flex;flex-direction:column;font-size:14px;">${t.email}<input type="email" name="email" required autocomplete="email" dir="ltr" style="padding:8px;border:1px solid #cbd5e1;border-radius:6px;min-width:240px;"></label>
      <label style="display:flex;flex-direction:column;font-size:14px;">${t.language}<select name="language" style="padding:8px;border:1px solid #cbd5e1;border-radius:6px;">
        <option value="english"${language === 'english' ? ' selected' : ''}>English</option><option value="arabic"${language === 'arabic' ? ' selected' : ''}>العربية</option></select></label>
      <button type="submit" style="padding:9px 20px;background:#0f4c81;color:#fff;border:0;border-radius:6px;cursor:pointer;">${t.submit}</button>
    </form>`;
}

/** Under a release's web version: the company's newsroom and its follow form, in the version's language. */
export function moreFromSection(language: ReleaseLanguage, companyName: string, newsroomPageUrl: string): string {
  const t = TEXT[language];
  const company = escapeHtml(companyName);
  return `<section aria-labelledby="more-from" lang="${code(language)}" dir="${dirOf(language)}" style="max-width:700px;margin:16px auto;background:#fff;padding:20px 40px;box-sizing:border-box;">
    <h2 id="more-from" style="margin:0 0 8px 0;font-size:20px;">${t.moreFrom(`<bdi>${company}</bdi>`)}</h2>
    <p style="margin:0 0 16px 0;"><a href="${escapeHtml(newsroomPageUrl)}" style="color:#0f4c81;">${t.allReleases(`<bdi>${company}</bdi>`)}</a></p>
    ${followForm(language, `${newsroomPageUrl}/follow`, 'h3')}
  </section>`;
}

/** The brand's logo at the top of its pages, at most 200 × 80 px, named by the brand. */
export const brandLogo = (logoUrl: string | null | undefined, brandName: string): string =>
  logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(brandName)}" style="display:block;max-width:200px;max-height:80px;width:auto;height:auto;margin:0 0 12px 0;border:0;">`
    : '';

export function newsroomPage(
  newsroom: Newsroom,
  releases: { items: PublishedRelease[]; total: number; page: number; pageSize: number },
  language: ReleaseLanguage,
  urls: { page: string; publicUrl: string },
): string {
  const t = TEXT[language];
  const name = brandNameIn(newsroom, language);
  const query = (lang: ReleaseLanguage, pageNumber = 1) => `?lang=${code(lang)}${pageNumber > 1 ? `&page=${pageNumber}` : ''}`;
  const items = releases.items.length
    ? releases.items
        .map((release) => {
          const version = versionFor(release, language);
          const href = `${urls.publicUrl}${releaseWebPath(release.slug)}${release.versions.length > 1 ? `?lang=${code(version.language)}` : ''}`;
          return `<article lang="${code(version.language)}" dir="${dirOf(version.language)}" style="padding:14px 0;border-bottom:1px solid #e5e7eb;">
            <h2 style="margin:0 0 4px 0;font-size:19px;"><a href="${escapeHtml(href)}" style="color:#0f172a;">${escapeHtml(version.title)}</a></h2>
            ${version.subtitle ? `<p style="margin:0 0 4px 0;color:#4b5563;">${escapeHtml(version.subtitle)}</p>` : ''}
            <p style="margin:0;font-size:13px;color:#6b7280;"><time datetime="${release.publishedAt.toISOString()}">${dateIn(release.publishedAt, language)}</time>${version.location ? ` · ${escapeHtml(version.location)}` : ''}</p>
          </article>`;
        })
        .join('')
    : `<p>${t.empty}</p>`;
  const pages = Math.max(1, Math.ceil(releases.total / releases.pageSize));
  const pager =
    pages > 1
      ? `<nav style="display:flex;justify-content:space-between;margin-top:12px;">${
          releases.page > 1 ? `<a href="${escapeHtml(query(language, releases.page - 1))}" rel="prev">${t.newer}</a>` : '<span></span>'
        }${releases.page < pages ? `<a href="${escapeHtml(query(language, releases.page + 1))}" rel="next">${t.older}</a>` : ''}</nav>`
      : '';
  const feed = `${urls.page}/feed.xml?lang=${code(language)}`;
  const follow = followForm(language, `${urls.page}/follow`);
  const head = [
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${name} – ${t.newsroom}`)}" href="${escapeHtml(feed)}">`,
    `<link rel="canonical" href="${escapeHtml(`${urls.page}${query(language, releases.page)}`)}">`,
    ...(['english', 'arabic'] as const).map((l) => `<link rel="alternate" hreflang="${code(l)}" href="${escapeHtml(`${urls.page}${query(l, releases.page)}`)}">`),
  ].join('');
  return page(
    language,
    `${name} – ${t.newsroom}`,
    head,
    [
      `<nav aria-label="Language · اللغة" style="text-align:end;font-size:14px;margin-bottom:8px;">${languageSwitch(language, (l) => query(l, releases.page))}</nav>`,
      card(`${brandLogo(newsroom.logoUrl, name)}<p style="margin:0;color:#0f4c81;font-weight:bold;font-size:13px;letter-spacing:1px;">${t.newsroom}</p>
        <h1 style="margin:4px 0 0 0;font-size:26px;"><bdi>${escapeHtml(name)}</bdi></h1>
        <p style="margin:8px 0 0 0;font-size:13px;"><a href="${escapeHtml(feed)}" style="color:#0f4c81;">${t.feed}</a></p>`),
      card(`${items}${pager}`),
      card(follow),
      `<p style="text-align:center;font-size:12px;color:#4b5563;">${t.distributed}</p>`,
    ].join(''),
  );
}

/**
 * A short page after following, confirming or a bad link; in the reader's language, with the way back to
 * the newsroom when known (a path on this server).
 */
export function newsroomMessagePage(
  language: ReleaseLanguage,
  kind: 'checkInbox' | 'confirmed' | 'invalid' | 'badEmail',
  companyName = '',
  newsroomPageUrl?: string,
): string {
  const t = TEXT[language];
  const [title, text] =
    kind === 'checkInbox'
      ? [t.checkInbox, t.checkInboxText]
      : kind === 'confirmed'
        ? [t.confirmedTitle, t.confirmed(companyName)]
        : kind === 'invalid'
          ? [t.invalidTitle, t.invalid]
          : [t.follow, t.badEmail];
  const back =
    newsroomPageUrl && companyName
      ? `<p style="margin:16px 0 0 0;"><a href="${escapeHtml(`${newsroomPageUrl}?lang=${code(language)}`)}" style="color:#0f4c81;">${escapeHtml(t.backToNewsroom(companyName))}</a></p>`
      : '';
  return page(language, title, '', card(`<h1 style="margin:0 0 8px 0;font-size:22px;">${escapeHtml(title)}</h1><p style="margin:0;">${escapeHtml(text)}</p>${back}`));
}

/** The confirmation asks for a click (a POST), so a mail scanner opening the link confirms nothing. */
export function confirmFollowPage(language: ReleaseLanguage, action: string, companyName: string): string {
  const t = TEXT[language];
  return page(
    language,
    t.confirmTitle,
    '',
    card(`<h1 style="margin:0 0 8px 0;font-size:22px;">${t.confirmTitle}</h1><p>${escapeHtml(t.confirmText(companyName))}</p>
      <form method="post" action="${escapeHtml(action)}"><button type="submit" style="padding:10px 24px;background:#0f4c81;color:#fff;border:0;border-radius:6px;cursor:pointer;">${t.submit}</button></form>`),
  );
}
