import { EMAIL_WIDTH_PX, escapeHtml, formatDateline, htmlToText, renderEmailBody, templateLanguage } from '../../shared/email-template.js';
import type { pressReleases } from '../db/schema.js';
import { versionsOf, type ReleaseLanguage } from '../../shared/releases.js';
import { moreFromSection } from '../newsroom/newsroom-pages.js';
import { brandNameIn, type BrandVoice } from '../brands/brand-voice.js';

/** The public pages served by the server itself: web version, unsubscribe, and the one 404 page. */

type Release = typeof pressReleases.$inferSelect;
type FileInfo = { id: string; originalName: string; size: number; language: string | null };

export function page(options: { title: string; lang: string; dir: string; head?: string; body: string }): string {
  return [
    `<!DOCTYPE html><html lang="${options.lang}" dir="${options.dir}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(options.title)}</title>`,
    options.head ?? '',
    `</head><body style="margin:0;padding:24px 12px;background:#f3f4f6;font-family:Arial,sans-serif;color:#1f2937;">`,
    options.body,
    `</body></html>`,
  ].join('');
}

export const card = (inner: string) =>
  `<main style="max-width:560px;margin:48px auto;background:#fff;border-radius:8px;padding:32px;text-align:center;line-height:1.6;">${inner}</main>`;

/** JSON inside <script>: "<" escaped so the content can never close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

type PublicRelease = { release: Release; files: FileInfo[]; brand: BrandVoice };

/**
 * The web version of one version of a release: its language and direction, a switch to the other
 * version, hreflang alternates and NewsArticle data in that language, and the files of that version.
 */
export function webVersionPage(
  { release, files, brand }: PublicRelease,
  shown: ReleaseLanguage,
  links: {
    pageUrl: string;
    downloadUrl: (fileId: string) => string;
    switchQuery: string;
    newsroomPageUrl?: string | null;
    /** Still under embargo (a recipient's own link): the notice on top, and no search engine keeps it. */
    embargo?: { until: string; timeZone: string } | null;
  },
): string {
  const versions = versionsOf(release);
  const version = shown !== versions[0] && release.translation ? { ...release, ...release.translation } : release;
  const language = templateLanguage(version.language);
  const lang = language === 'arabic' ? 'ar' : 'en';
  const dir = language === 'arabic' ? 'rtl' : 'ltr';
  // The release speaks as its brand, named as the shown version's reader reads it.
  const companyName = brandNameIn(brand, language);
  const urlOf = (v: ReleaseLanguage) => (versions.length > 1 ? `${links.pageUrl}?lang=${v === 'arabic' ? 'ar' : 'en'}` : links.pageUrl);
  const shownFiles = files.filter((f) => !f.language || f.language === shown);
  const publishedAt = links.embargo ? null : (release.publishedAt ?? release.sentAt);
  const published = publishedAt ? new Date(publishedAt).toISOString() : undefined;
  const structuredData = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: version.title.slice(0, 110),
    ...(version.subtitle ? { alternativeHeadline: version.subtitle } : {}),
    ...(published ? { datePublished: published } : {}),
    dateline: formatDateline(version.location, release.releaseDate, language).replace(/\s*–$/, ''),
    inLanguage: lang,
    articleBody: htmlToText(version.content),
    url: urlOf(shown),
    author: { '@type': 'Organization', name: companyName },
    publisher: { '@type': 'Organization', name: companyName },
    ...(shownFiles.length
      ? { associatedMedia: shownFiles.map((f) => ({ '@type': 'MediaObject', name: f.originalName, contentUrl: links.downloadUrl(f.id) })) }
      : {}),
  };
  const downloads = shownFiles.length
    ? // As wide as the article above it (its padding inside the width) and its edges in line with the text.
      `<section aria-labelledby="attachments" dir="${dir}" style="max-width:${EMAIL_WIDTH_PX}px;margin:16px auto;background:#fff;padding:16px 40px;box-sizing:border-box;font-size:14px;"><h2 id="attachments" style="margin:0 0 8px 0;font-size:17px;">${
        language === 'arabic' ? 'المرفقات' : 'Attachments'
      }</h2><ul style="margin:0;padding-inline-start:20px;">${shownFiles
        .map((f) => `<li><a href="${escapeHtml(links.downloadUrl(f.id))}">${escapeHtml(f.originalName)}</a> (${Math.max(1, Math.round(f.size / 1024))} KB)</li>`)
        .join('')}</ul></section>`
    : '';
  const languageSwitch =
    versions.length > 1
      ? `<nav aria-label="Language · اللغة" style="max-width:700px;margin:0 auto 12px auto;text-align:center;font-size:14px;">${versions
          .map((v) =>
            v === shown
              ? `<strong lang="${v === 'arabic' ? 'ar' : 'en'}" aria-current="page">${VERSION_NAMES[v]}</strong>`
              : `<a lang="${v === 'arabic' ? 'ar' : 'en'}" hreflang="${v === 'arabic' ? 'ar' : 'en'}" href="?${escapeHtml(links.switchQuery)}lang=${v === 'arabic' ? 'ar' : 'en'}" style="color:#0f4c81;">${VERSION_NAMES[v]}</a>`,
          )
          .join(' &nbsp;|&nbsp; ')}</nav>`
      : '';
  const alternates =
    versions.length > 1
      ? [
          ...versions.map((v) => `<link rel="alternate" hreflang="${v === 'arabic' ? 'ar' : 'en'}" href="${escapeHtml(urlOf(v))}">`),
          `<link rel="alternate" hreflang="x-default" href="${escapeHtml(links.pageUrl)}">`,
        ].join('')
      : '';
  return page({
    title: version.title,
    lang,
    dir,
    head: [
      links.embargo ? '<meta name="robots" content="noindex, nofollow, noarchive">' : '',
      version.subtitle ? `<meta name="description" content="${escapeHtml(version.subtitle)}">` : '',
      `<meta property="og:type" content="article"><meta property="og:title" content="${escapeHtml(version.title)}">`,
      `<meta property="og:locale" content="${lang === 'ar' ? 'ar_AE' : 'en_US'}">`,
      `<link rel="canonical" href="${escapeHtml(urlOf(shown))}">`,
      alternates,
      `<script type="application/ld+json">${jsonForScript(structuredData)}</script>`,
    ].join(''),
    // One <main> (the release, its files and its newsroom) after the switch between versions.
    body: `${languageSwitch}<main><article>${renderEmailBody({ ...version, embargo: links.embargo ?? null }, { logo: brand.logoUrl ? { url: brand.logoUrl, alt: companyName } : null })}</article>${downloads}${
      links.newsroomPageUrl ? moreFromSection(shown, companyName, links.newsroomPageUrl) : ''
    }</main>`,
  });
}

/** Each language named in itself, for the switch between versions. */
const VERSION_NAMES: Record<ReleaseLanguage, string> = { english: 'English', arabic: 'العربية' };

export const button = (label: string) =>
  `<button type="submit" style="padding:10px 24px;font-size:16px;background:#0f4c81;color:#fff;border:0;border-radius:6px;cursor:pointer;">${label}</button>`;
const rule = '<hr style="border:0;border-top:1px solid #e5e7eb;margin:24px 0;">';

export type UnsubscribePageOptions = {
  /** The form's address (the token's /u/ path); empty once done. */
  action: string;
  /** The brand the token's release spoke for; unknown tokens (and followers) are offered "every release" only. */
  companyName?: string;
  /** Its Arabic name, which the page's Arabic half reads where the brand has one. */
  companyNameAr?: string;
  /** What was done: from the one company, or from every release sent through Nashr. */
  scope?: 'company' | 'everyone';
  /** Once unsubscribed, the page offers to undo it for a while, in case the click was a slip. */
  resubscribe?: { action: string; hours: number };
};

/**
 * Bilingual, the same for every unknown token. It offers to stop releases from the one company or from
 * every company sending through Nashr; used again, the link answers with the same page.
 */
export function unsubscribePage(done: boolean, options: UnsubscribePageOptions): string {
  const { action, companyName, companyNameAr, scope = 'everyone', resubscribe } = options;
  const company = companyName ? `<bdi>${escapeHtml(companyName)}</bdi>` : '';
  const companyAr = companyName && companyNameAr?.trim() ? `<bdi>${escapeHtml(companyNameAr.trim())}</bdi>` : company;
  const undo = resubscribe
    ? `${rule}<p>Unsubscribed by mistake? You can undo it within ${resubscribe.hours} hours.</p>
       <p dir="rtl" lang="ar">ألغيت اشتراكك بالخطأ؟ يمكنك التراجع خلال ${resubscribe.hours} ساعة.</p>
       <form method="post" action="${escapeHtml(resubscribe.action)}">${button('Resubscribe · إعادة الاشتراك')}</form>`
    : '';
  const fromCompany = done && scope === 'company' && company;
  const body = done
    ? fromCompany
      ? `<h1 style="font-size:22px;">You have been unsubscribed</h1><p>You will not receive press releases from ${company} at this address again. Releases other companies send through Nashr still reach you.</p>
       ${rule}<div dir="rtl" lang="ar"><h1 style="font-size:22px;">تم إلغاء اشتراكك</h1><p>لن تصلك بعد الآن بيانات ${companyAr} الصحفية على هذا العنوان. ستظل تصلك البيانات التي ترسلها شركات أخرى عبر نشر.</p></div>${undo}`
      : `<h1 style="font-size:22px;">You have been unsubscribed</h1><p>You will not receive press releases sent through Nashr at this address again.</p>
       ${rule}<div dir="rtl" lang="ar"><h1 style="font-size:22px;">تم إلغاء اشتراكك</h1><p>لن تصلك بعد الآن بيانات صحفية مرسلة عبر نشر على هذا العنوان.</p></div>${undo}`
    : `<h1 style="font-size:22px;">Unsubscribe</h1><p>Stop receiving press releases at this address?</p>
       <div dir="rtl" lang="ar"><p>هل تريد التوقف عن تلقي البيانات الصحفية على هذا العنوان؟</p></div>
       ${
         company
           ? `<form method="post" action="${escapeHtml(`${action}?scope=company`)}" style="margin:16px 0;">${button(`Only from ${company} · من ${companyAr} فقط`)}</form>`
           : ''
       }
       <form method="post" action="${escapeHtml(action)}" style="margin:16px 0;"><input type="hidden" name="List-Unsubscribe" value="One-Click">
       ${button('From every release sent through Nashr · من كل البيانات المرسلة عبر نشر')}</form>`;
  return page({ title: done ? 'Unsubscribed' : 'Unsubscribe', lang: 'en', dir: 'ltr', body: card(body) });
}

/** The answer to Resubscribe: done, or the time to undo has passed (an unknown token reads the same). */
export function resubscribePage(done: boolean): string {
  const body = done
    ? `<h1 style="font-size:22px;">You are subscribed again</h1><p>Press releases sent through Nashr will reach this address again.</p>
       ${rule}<div dir="rtl" lang="ar"><h1 style="font-size:22px;">أُعيد اشتراكك</h1><p>ستصلك مجددًا البيانات الصحفية المرسلة عبر نشر على هذا العنوان.</p></div>`
    : `<h1 style="font-size:22px;">This can no longer be undone</h1><p>The time to undo the unsubscribe has passed. To receive press releases again, reply to a sender.</p>
       ${rule}<div dir="rtl" lang="ar"><h1 style="font-size:22px;">لم يعد التراجع ممكنًا</h1><p>انتهت مهلة التراجع عن إلغاء الاشتراك. لتلقي البيانات الصحفية مجددًا، راسل أحد المرسلين.</p></div>`;
  return page({ title: done ? 'Subscribed again' : 'Unsubscribe', lang: 'en', dir: 'ltr', body: card(body) });
}

export function notFoundPage(): string {
  return page({
    title: 'Page Not Found',
    lang: 'en',
    dir: 'ltr',
    body: card(`<h1 style="font-size:22px;">Page Not Found</h1><p>This link is not valid or has expired.</p><div dir="rtl" lang="ar"><p>هذا الرابط غير صالح أو انتهت صلاحيته.</p></div>`),
  });
}
