/**
 * The press-release email: one template for the editor's live preview, the Preview Email dialog, the
 * public web version and the sender, so what the customer previews is exactly what recipients get.
 * Isomorphic (no Node, no DOM). `content` must already be sanitised HTML (the server's allow-list).
 *
 * Per-recipient parts (tracking pixel, click links, unsubscribe) are URLs built around TOKEN_PLACEHOLDER:
 * the sender renders once per release and only substitutes the recipient's token.
 */

import { isKnownTimeZone, zoneName } from './time-zones.js';

export type TemplateLanguage = 'english' | 'arabic';

export type EmailTemplateRelease = {
  title: string;
  subtitle?: string;
  content: string;
  releaseDate?: string;
  location?: string;
  boilerplate?: string;
  contactName?: string;
  contactEmail?: string;
  contactPhone?: string;
  language?: TemplateLanguage | string;
  /**
   * An embargo still in the future when the email is rendered (issue 30): the notice replaces "For
   * immediate release" at the top and leads the subject. Left out once it has lifted.
   */
  embargo?: { until: string; timeZone: string } | null;
};

export type EmailTemplateLinks = {
  /** The public web version; omitted on the web version itself. */
  viewInBrowser?: string | null;
  unsubscribe?: string | null;
  /** The journalist's preference page (a journalist of a list only; followers manage their follow instead). */
  preferences?: string | null;
  openPixel?: string | null;
  /** Rewrites the n-th link (1-based, in document order) of the content, e.g. to a click-tracking URL. */
  trackLink?: (url: string, linkId: number) => string;
  /** A hosted link per attachment, so a journalist can download it (and the download is counted). */
  downloads?: Array<{ name: string; size: number; url: string }>;
  /** False for the first version of a two-language email: one footer (and one open pixel) ends the email. */
  footer?: boolean;
  /** Who receives it, for the footer's "why you received this": a journalist of a list or a newsroom follower. */
  audience?: 'list' | 'follower';
  /** The brand's newsroom (while it is online): the footer links it as "More from {Brand}". */
  newsroom?: { url: string; companyName: string } | null;
  /** The brand's logo, shown at the top (alt: the brand's name). */
  logo?: { url: string; alt: string } | null;
};

export type RenderedEmail = {
  subject: string;
  html: string;
  text: string;
  dir: 'ltr' | 'rtl';
  lang: 'en' | 'ar';
};

export const TOKEN_PLACEHOLDER = '__NASHR_RECIPIENT_TOKEN__';
/** The signed preference token of the delivery (server/preferences/preference-link.ts), substituted like the token. */
export const PREFERENCES_PLACEHOLDER = '__NASHR_PREFERENCES_TOKEN__';
export const EMAIL_WIDTH_PX = 700;
export const END_MARKER = '###';

const LABELS = {
  english: {
    immediate: 'FOR IMMEDIATE RELEASE',
    about: 'About the Company',
    mediaContact: 'Media Contact',
    downloads: 'Downloads',
    credit: 'Distributed by Nashr',
    viewInBrowser: 'View in browser',
    unsubscribe: 'Unsubscribe',
    preferences: 'Your preferences',
    moreFrom: 'More from',
    reason: 'You received this press release because you are listed as a media contact.',
    followerReason: 'You received this press release because you follow this company’s newsroom on Nashr.',
  },
  arabic: {
    immediate: 'للنشر الفوري',
    about: 'نبذة عن الشركة',
    mediaContact: 'للتواصل الإعلامي',
    downloads: 'التنزيلات',
    credit: 'تم التوزيع عبر نشر',
    viewInBrowser: 'عرض في المتصفح',
    unsubscribe: 'إلغاء الاشتراك',
    preferences: 'تفضيلاتك',
    moreFrom: 'المزيد من',
    reason: 'تلقيت هذا البيان الصحفي لأنك مدرج كجهة اتصال إعلامية.',
    followerReason: 'تلقيت هذا البيان الصحفي لأنك تتابع غرفة أخبار هذه الشركة على نشر.',
  },
} as const;

const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const ARABIC_MONTHS = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
];

export function templateLanguage(language: string | undefined): TemplateLanguage {
  return language === 'arabic' ? 'arabic' : 'english';
}

/** "November 21, 2026" or "21 نوفمبر 2026"; anything that is not YYYY-MM-DD is shown as given. */
export function formatReleaseDate(releaseDate: string | undefined, language: TemplateLanguage): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(releaseDate ?? '');
  if (!match) return releaseDate ?? '';
  const [, year, month, day] = match;
  const m = Number(month) - 1;
  if (m < 0 || m > 11) return releaseDate ?? '';
  return language === 'arabic'
    ? `${Number(day)} ${ARABIC_MONTHS[m]} ${year}`
    : `${ENGLISH_MONTHS[m]} ${Number(day)}, ${year}`;
}

export function formatDateline(
  location: string | undefined,
  releaseDate: string | undefined,
  language: TemplateLanguage,
): string {
  const parts = [location?.trim(), formatReleaseDate(releaseDate, language)].filter(Boolean);
  return parts.length ? `${parts.join(language === 'arabic' ? '، ' : ', ')} –` : '';
}

/**
 * "EMBARGOED UNTIL 09:00, 1 December 2026 (Riyadh)" / "محظور النشر حتى 09:00، 1 ديسمبر 2026 (الرياض)": the
 * lift in the zone it was entered in, named in the reader's language, so nobody converts it by hand.
 */
export function embargoNotice(embargo: { until: string; timeZone: string }, language: TemplateLanguage): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: embargo.timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(embargo.until))
      .map((part) => [part.type, part.value]),
  );
  const m = Number(parts.month) - 1;
  const time = `${parts.hour}:${parts.minute}`;
  const day = Number(parts.day);
  return language === 'arabic'
    ? `محظور النشر حتى ${time}، ${day} ${ARABIC_MONTHS[m]} ${parts.year} (${zoneName(embargo.timeZone, 'ar')})`
    : `EMBARGOED UNTIL ${time}, ${day} ${ENGLISH_MONTHS[m]} ${parts.year} (${zoneName(embargo.timeZone, 'en')})`;
}

/** The embargo to show: a whole one (the editor's preview may hold one half typed). */
const embargoOf = (release: EmailTemplateRelease) =>
  release.embargo && !Number.isNaN(Date.parse(release.embargo.until)) && isKnownTimeZone(release.embargo.timeZone) ? release.embargo : null;

/** The subject: the title, led by the embargo notice while there is one. */
function subjectOf(release: EmailTemplateRelease): string {
  const embargo = embargoOf(release);
  return embargo ? `${embargoNotice(embargo, templateLanguage(release.language))}: ${release.title.trim()}` : release.title.trim();
}

/** "512 KB", "1.4 MB": how big a download is, for the reader deciding whether to fetch it. */
export function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function decodeEntities(value: string): string {
  return value
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');
}

const ANCHOR_HREF = /(<a\b[^>]*?\bhref=")([^"]*)(")/gi;

/**
 * The link as a valid absolute http(s) URL in its encoded form (an IDN host in punycode, path and query
 * percent-encoded), which is what a Location header may carry; null when it cannot be made one.
 */
export function encodedLinkUrl(href: string): string | null {
  try {
    const url = new URL(href.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The tracked link targets of sanitised content, encoded, in document order: link n of the email is entry n-1. */
export function extractLinks(html: string): string[] {
  return [...html.matchAll(ANCHOR_HREF)].flatMap((m) => encodedLinkUrl(decodeEntities(m[2])) ?? []);
}

/** Points every link that is a valid URL at its tracked address; a link that is not one stays as written. */
function rewriteLinks(html: string, trackLink: EmailTemplateLinks['trackLink']): string {
  if (!trackLink) return html;
  let n = 0;
  return html.replace(ANCHOR_HREF, (all, open: string, href: string, close: string) => {
    const url = encodedLinkUrl(decodeEntities(href));
    if (!url) return all;
    n += 1;
    return `${open}${escapeHtml(trackLink(url, n))}${close}`;
  });
}

/** Plain text of sanitised content: paragraphs and headings on their own lines, list items with dashes, links with their URL. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/\r?\n/g, ' ')
      .replace(
        /<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
        (_all, href: string, label: string) => `${label} (${href})`,
      )
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '\n- ')
      .replace(/<\/(p|h[1-6]|ul|ol)>/gi, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const paragraphs = (value: string) =>
  escapeHtml(value.trim())
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px 0;">${p.replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * The body of the email (the 700 px table), without <html>/<head>. The web version embeds it in its own
 * page; renderEmail wraps it in a full document for mail clients.
 */
export function renderEmailBody(release: EmailTemplateRelease, links: EmailTemplateLinks = {}): string {
  const language = templateLanguage(release.language);
  const t = LABELS[language];
  const dir = language === 'arabic' ? 'rtl' : 'ltr';
  const align = dir === 'rtl' ? 'right' : 'left';
  const font =
    language === 'arabic' ? "Tahoma, 'Segoe UI', Arial, sans-serif" : "Georgia, 'Times New Roman', serif";
  const dateline = formatDateline(release.location, release.releaseDate, language);
  const embargo = embargoOf(release);
  const content = rewriteLinks(release.content, links.trackLink);
  const contactLines = [
    release.contactName ? `<strong>${escapeHtml(release.contactName)}</strong>` : '',
    release.contactEmail
      ? `<a href="mailto:${escapeHtml(release.contactEmail)}" style="color:#0f4c81;">${escapeHtml(release.contactEmail)}</a>`
      : '',
    release.contactPhone ? `<span dir="ltr">${escapeHtml(release.contactPhone)}</span>` : '',
  ].filter(Boolean);
  const downloads = (links.downloads ?? []).map(
    (file) =>
      `<a href="${escapeHtml(file.url)}" style="color:#0f4c81;">${escapeHtml(file.name)}</a> <span dir="ltr" style="color:#6b7280;">(${fileSize(file.size)})</span>`,
  );
  const footerLinks = [
    links.newsroom
      ? `<a href="${escapeHtml(links.newsroom.url)}" style="color:#6b7280;">${t.moreFrom} <bdi>${escapeHtml(links.newsroom.companyName)}</bdi></a>`
      : '',
    links.viewInBrowser
      ? `<a href="${escapeHtml(links.viewInBrowser)}" style="color:#6b7280;">${t.viewInBrowser}</a>`
      : '',
    links.preferences
      ? `<a href="${escapeHtml(links.preferences)}" style="color:#6b7280;">${t.preferences}</a>`
      : '',
    links.unsubscribe
      ? `<a href="${escapeHtml(links.unsubscribe)}" style="color:#6b7280;">${t.unsubscribe}</a>`
      : '',
  ].filter(Boolean);

  return [
    `<table role="presentation" dir="${dir}" width="${EMAIL_WIDTH_PX}" cellpadding="0" cellspacing="0" border="0" `,
    `style="width:${EMAIL_WIDTH_PX}px;max-width:100%;margin:0 auto;background:#ffffff;font-family:${font};color:#1f2937;text-align:${align};" class="nashr-release">`,
    `<tr><td style="padding:32px 40px 8px 40px;">`,
    links.logo
      ? `<img src="${escapeHtml(links.logo.url)}" alt="${escapeHtml(links.logo.alt)}" style="display:block;max-width:200px;max-height:80px;width:auto;height:auto;margin:0 0 20px 0;border:0;" class="nashr-logo">`
      : '',
    embargo
      ? `<p style="margin:0 0 16px 0;font-family:Arial,sans-serif;font-size:13px;font-weight:bold;letter-spacing:1px;color:#b91c1c;">${escapeHtml(embargoNotice(embargo, language))}</p>`
      : `<p style="margin:0 0 16px 0;font-family:Arial,sans-serif;font-size:12px;font-weight:bold;letter-spacing:1px;color:#0f4c81;">${t.immediate}</p>`,
    `<h1 style="margin:0 0 8px 0;font-size:26px;line-height:1.3;color:#111827;">${escapeHtml(release.title)}</h1>`,
    release.subtitle
      ? `<h2 style="margin:0 0 16px 0;font-size:17px;font-weight:normal;line-height:1.4;color:#4b5563;">${escapeHtml(release.subtitle)}</h2>`
      : '',
    `</td></tr>`,
    `<tr><td style="padding:8px 40px;font-size:15px;line-height:1.7;">`,
    dateline ? `<p style="margin:0 0 12px 0;"><strong>${escapeHtml(dateline)}</strong></p>` : '',
    `<div class="nashr-content">${content}</div>`,
    `<p style="margin:24px 0;text-align:center;font-weight:bold;">${END_MARKER}</p>`,
    `</td></tr>`,
    release.boilerplate
      ? `<tr><td style="padding:8px 40px;font-size:14px;line-height:1.6;"><h3 style="margin:0 0 8px 0;font-size:16px;color:#111827;">${t.about}</h3>${paragraphs(release.boilerplate)}</td></tr>`
      : '',
    contactLines.length
      ? `<tr><td style="padding:8px 40px 24px 40px;font-size:14px;line-height:1.6;"><h3 style="margin:0 0 8px 0;font-size:16px;color:#111827;">${t.mediaContact}</h3><p style="margin:0;">${contactLines.join('<br>')}</p></td></tr>`
      : '',
    downloads.length
      ? `<tr><td style="padding:0 40px 24px 40px;font-size:14px;line-height:1.6;"><h3 style="margin:0 0 8px 0;font-size:16px;color:#111827;">${t.downloads}</h3><p style="margin:0;">${downloads.join('<br>')}</p></td></tr>`
      : '',
    links.footer === false
      ? ''
      : footerRow(
          t,
          footerLinks,
          links.openPixel,
          links.audience === 'follower' ? t.followerReason : t.reason,
        ),
    `</table>`,
  ].join('');
}

function footerRow(
  t: (typeof LABELS)[TemplateLanguage],
  footerLinks: string[],
  openPixel: string | null | undefined,
  reason: string,
): string {
  return [
    `<tr><td style="padding:16px 40px 32px 40px;border-top:1px solid #e5e7eb;font-family:Arial,sans-serif;font-size:12px;line-height:1.6;color:#6b7280;text-align:center;">`,
    `<p style="margin:0 0 6px 0;">${t.credit}</p>`,
    footerLinks.length
      ? `<p style="margin:0 0 6px 0;">${reason}</p><p style="margin:0;">${footerLinks.join(' &nbsp;|&nbsp; ')}</p>`
      : '',
    openPixel
      ? `<img src="${escapeHtml(openPixel)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;">`
      : '',
    `</td></tr>`,
  ].join('');
}

function renderText(release: EmailTemplateRelease, links: EmailTemplateLinks): string {
  const language = templateLanguage(release.language);
  const t = LABELS[language];
  const dateline = formatDateline(release.location, release.releaseDate, language);
  const embargo = embargoOf(release);
  const content = htmlToText(rewriteLinks(release.content, links.trackLink));
  const contact = [release.contactName, release.contactEmail, release.contactPhone]
    .filter(Boolean)
    .join('\n');
  return [
    embargo ? embargoNotice(embargo, language) : t.immediate,
    '',
    release.title,
    release.subtitle ?? '',
    '',
    dateline ? `${dateline} ${content}` : content,
    '',
    END_MARKER,
    '',
    release.boilerplate ? `${t.about}\n${release.boilerplate.trim()}\n` : '',
    contact ? `${t.mediaContact}\n${contact}\n` : '',
    links.downloads?.length
      ? `${t.downloads}\n${links.downloads.map((file) => `${file.name} (${fileSize(file.size)}): ${file.url}`).join('\n')}\n`
      : '',
    ...(links.footer === false
      ? []
      : [
          '--',
          t.credit,
          links.newsroom ? `${t.moreFrom} ${links.newsroom.companyName}: ${links.newsroom.url}` : '',
          links.viewInBrowser ? `${t.viewInBrowser}: ${links.viewInBrowser}` : '',
          links.preferences ? `${t.preferences}: ${links.preferences}` : '',
          links.unsubscribe ? `${t.unsubscribe}: ${links.unsubscribe}` : '',
        ]),
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n')
    .trim();
}

const documentOf = (release: EmailTemplateRelease, bodies: string[]) => {
  const language = templateLanguage(release.language);
  const dir = language === 'arabic' ? 'rtl' : 'ltr';
  const lang = language === 'arabic' ? 'ar' : 'en';
  const html = [
    `<!DOCTYPE html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(release.title)}</title></head>`,
    `<body dir="${dir}" style="margin:0;padding:24px 0;background:#f3f4f6;">`,
    ...bodies,
    `</body></html>`,
  ].join('');
  return { html, dir, lang } as const;
};

/** The complete email: subject (the title), HTML document and plain text. */
export function renderEmail(release: EmailTemplateRelease, links: EmailTemplateLinks = {}): RenderedEmail {
  const { html, dir, lang } = documentOf(release, [renderEmailBody(release, links)]);
  return { subject: subjectOf(release), html, text: renderText(release, links), dir, lang };
}

/**
 * Both versions in one email (issue 13): the reader's language first, in its direction, then the other
 * in its own, under one footer; the subject is the first version's title. `firstLinks` and `secondLinks`
 * number their links apart (the second version's continue where the first's end).
 */
export function renderBilingualEmail(
  first: EmailTemplateRelease,
  second: EmailTemplateRelease,
  firstLinks: EmailTemplateLinks,
  secondLinks: EmailTemplateLinks,
): RenderedEmail {
  const head = { ...firstLinks, footer: false };
  const divider = `<div style="height:24px;"></div>`;
  const { html, dir, lang } = documentOf(first, [
    renderEmailBody(first, head),
    divider,
    // One logo, at the top of the email.
    renderEmailBody(second, { ...secondLinks, logo: null }),
  ]);
  const text = `${renderText(first, head)}\n\n* * *\n\n${renderText(second, secondLinks)}`;
  return { subject: subjectOf(first), html, text, dir, lang };
}

/** The version of a release one e-mail leads with: the primary one (the flat fields) or its translation. */
export type ReleaseVersion = 'primary' | 'translation';

/** A file of the release: with every version (language null or absent), or with the version in that language. */
export type EditionFile = { language?: string | null };

/**
 * What every e-mail of a release is made from (decision 012): its versions, primary first, whether one e-mail
 * carries both, its files and its embargo while it is still ahead (null for followers, who get it at the lift).
 */
export type ReleaseEmailSource<F extends EditionFile = EditionFile> = {
  primary: EmailTemplateRelease;
  translation?: EmailTemplateRelease | null;
  bilingualEmail: boolean;
  files: F[];
  embargo: { until: string; timeZone: string } | null;
};

/** The brand as an e-mail shows it: its names (the logo's alt text in each language) and its logo. */
export type EmailBrand = { name: string; nameAr: string; logoUrl: string | null };

/** One e-mail of a release: what its readers get, with the files it carries. */
export type RenderedEdition<F extends EditionFile = EditionFile> = RenderedEmail & { files: F[] };

/** The brand's name as a reader of `language` reads it: the Arabic one in Arabic when it has one. */
export const brandNameFor = (brand: Pick<EmailBrand, 'name' | 'nameAr'>, language: string): string =>
  language === 'arabic' && brand.nameAr.trim() ? brand.nameAr.trim() : brand.name;

/**
 * THE e-mail of a release for the readers of one version (issue 37): the sender, the test send, the review
 * and every preview in the app render through this one function, so what is previewed is what is sent —
 * the embargo in the subject and at the top, the brand's logo, both versions when one e-mail carries them
 * (the readers' version first, every file listed under it), else that version with its own files.
 * `linksOf` gives each version its links (tracking, footer, downloads of the files it lists).
 */
export function renderEdition<F extends EditionFile>(
  source: ReleaseEmailSource<F>,
  version: ReleaseVersion,
  brand: EmailBrand | null,
  linksOf: (version: ReleaseVersion, files: F[]) => EmailTemplateLinks = () => ({}),
): RenderedEdition<F> {
  const versions = {
    primary: { ...source.primary, embargo: source.embargo },
    translation: source.translation ? { ...source.translation, embargo: source.embargo } : null,
  };
  const lead: ReleaseVersion = version === 'translation' && versions.translation ? 'translation' : 'primary';
  const other: ReleaseVersion = lead === 'primary' ? 'translation' : 'primary';
  const linksWithLogo = (shown: ReleaseVersion, files: F[]): EmailTemplateLinks => {
    const language = templateLanguage(versions[shown]?.language);
    const logo = brand?.logoUrl ? { url: brand.logoUrl, alt: brandNameFor(brand, language) } : null;
    return { logo, ...linksOf(shown, files) };
  };
  const second = versions[other];
  if (second && source.bilingualEmail) {
    const rendered = renderBilingualEmail(versions[lead]!, second, linksWithLogo(lead, source.files), linksWithLogo(other, []));
    return { ...rendered, files: source.files };
  }
  const language = templateLanguage(versions[lead]!.language);
  const files = source.files.filter((f) => !f.language || f.language === language);
  return { ...renderEmail(versions[lead]!, linksWithLogo(lead, files)), files };
}

/** The recipient's copy: every placeholder replaced by their tokens (the only per-recipient part). */
export function personalise(rendered: string, token: string, preferencesToken = ''): string {
  return rendered.split(TOKEN_PLACEHOLDER).join(token).split(PREFERENCES_PLACEHOLDER).join(preferencesToken);
}
