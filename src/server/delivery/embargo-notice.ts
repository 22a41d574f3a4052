import type { ReleaseId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { embargoText, liftTimeText } from '../../shared/embargo.js';
import { PREFERENCES_PLACEHOLDER, TOKEN_PLACEHOLDER, escapeHtml, templateLanguage, type TemplateLanguage } from '../../shared/email-template.js';
import { senderNameIn, senderNameOf } from '../../shared/brands.js';
import type { Db } from '../db/client.js';
import { brandLogos, brands, deliveries, journalistPreferences, pressReleases } from '../db/schema.js';
import { brandNameIn, brandVoiceColumns, brandVoiceOf, logoOfBrand } from '../brands/brand-voice.js';
import { embargoToken } from '../preferences/preference-link.js';
import { encodedOnce } from '../mail/smtp-data.js';
import { encodeAttachmentParts, formatAddress, newBoundary } from './mime.js';
import type { RenderedRelease } from './release-renderer.js';

/**
 * The embargo notice (decision 027): to a journalist who would get an embargoed release but has not said they
 * accept embargoes. It names the brand, the title only if the customer chose so (else "a press release from
 * {Brand}"), the lift in the journalist's own zone when their preferences name one (else the embargo's), and
 * links the page where they agree. Rendered per delivery (each reader's zone and link are their own) as a
 * RenderedRelease, so the engine sends it as it sends a release: the same From, Reply-To, List-Unsubscribe,
 * Feedback-ID, rate and retries, the footer's unsubscribe and preference links filled per delivery.
 */

type NoticeDelivery = { id: number; releaseId: ReleaseId; language: string };

export async function renderEmbargoNotice(db: Db, delivery: NoticeDelivery, publicUrl: string, secret: string): Promise<RenderedRelease> {
  const [found] = await db
    .select({ release: pressReleases, zone: journalistPreferences.timeZone, ...brandVoiceColumns })
    .from(deliveries)
    .innerJoin(pressReleases, eq(pressReleases.id, deliveries.releaseId))
    .innerJoin(brands, eq(brands.id, pressReleases.brandId))
    .leftJoin(brandLogos, logoOfBrand)
    .leftJoin(journalistPreferences, eq(journalistPreferences.contactId, deliveries.contactId))
    .where(eq(deliveries.id, delivery.id));
  const { embargoUntil, embargoTimeZone } = found?.release ?? {};
  if (!found || !embargoUntil || !embargoTimeZone) throw new Error(`delivery ${delivery.id} is no embargo notice`);
  const { release } = found;
  const language = templateLanguage(delivery.language);
  const brand = brandVoiceOf(found, publicUrl);
  const title = language === (release.translation?.language ?? null) ? release.translation!.title : release.title;
  const words = {
    brand: brandNameIn(brand, language),
    title: release.embargoNoticeShowsTitle ? title.trim() : '',
    lift: liftTimeText(embargoUntil, found.zone ?? embargoTimeZone, language),
    agreeUrl: `${publicUrl}/embargo/${embargoToken(delivery.id, secret)}`,
  };
  const mixedBoundary = newBoundary();
  return {
    releaseId: release.id,
    customerId: release.workspaceId,
    companyName: senderNameOf(brand),
    // Its From is in the journalist's language, as a release e-mail's is ("{Arabic sender name} عبر نشر").
    lang: language === 'arabic' ? 'ar' : 'en',
    senderName: senderNameIn(brand, language),
    // A notice is answered by the media contact itself: it carries no reply address of Nashr's.
    replyTo: release.contactEmail ? formatAddress(release.contactName, release.contactEmail) : undefined,
    replyName: release.contactName,
    subject: embargoText(language, words.title ? 'subjectTitled' : 'subjectUntitled', words),
    html: noticeHtml(language, words, publicUrl),
    text: noticeText(language, words, publicUrl),
    mixedBoundary,
    files: [],
    attachmentParts: encodedOnce(encodeAttachmentParts(mixedBoundary, [])),
    editions: new Map(),
    followerEditions: new Map(),
  };
}

type Words = { brand: string; title: string; lift: string; agreeUrl: string };

const footerLinks = (publicUrl: string) => ({
  preferences: `${publicUrl}/preferences/${PREFERENCES_PLACEHOLDER}`,
  unsubscribe: `${publicUrl}/u/${TOKEN_PLACEHOLDER}`,
});

function noticeHtml(language: TemplateLanguage, words: Words, publicUrl: string): string {
  const safe = { brand: `<bdi>${escapeHtml(words.brand)}</bdi>`, title: `<bdi>${escapeHtml(words.title)}</bdi>`, lift: `<strong>${escapeHtml(words.lift)}</strong>` };
  const dir = language === 'arabic' ? 'rtl' : 'ltr';
  const lang = language === 'arabic' ? 'ar' : 'en';
  const links = footerLinks(publicUrl);
  return [
    `<!DOCTYPE html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"></head>`,
    `<body style="margin:0;padding:24px 12px;background:#f3f4f6;font-family:Arial,sans-serif;color:#1f2937;">`,
    `<div dir="${dir}" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:28px;line-height:1.6;text-align:start;">`,
    `<p style="margin:0 0 12px 0;font-size:17px;">${embargoText(language, words.title ? 'aboutTitled' : 'aboutUntitled', safe)}</p>`,
    `<p style="margin:0 0 12px 0;">${embargoText(language, 'lift', safe)}</p>`,
    `<p style="margin:0 0 20px 0;">${escapeHtml(embargoText(language, 'ask'))}</p>`,
    `<p style="margin:0 0 24px 0;"><a href="${escapeHtml(words.agreeUrl)}" style="display:inline-block;padding:10px 20px;background:#0f4c81;color:#fff;border-radius:6px;text-decoration:none;">${escapeHtml(embargoText(language, 'agree'))}</a></p>`,
    `<hr style="border:0;border-top:1px solid #e5e7eb;margin:0 0 12px 0;">`,
    `<p style="margin:0 0 6px 0;font-size:12px;color:#6b7280;">${escapeHtml(embargoText(language, 'reason'))}</p>`,
    `<p style="margin:0;font-size:12px;color:#6b7280;"><a href="${escapeHtml(links.preferences)}" style="color:#6b7280;">${escapeHtml(embargoText(language, 'preferences'))}</a> &nbsp;|&nbsp; `,
    `<a href="${escapeHtml(links.unsubscribe)}" style="color:#6b7280;">${escapeHtml(embargoText(language, 'unsubscribe'))}</a></p>`,
    `</div></body></html>`,
  ].join('');
}

function noticeText(language: TemplateLanguage, words: Words, publicUrl: string): string {
  const links = footerLinks(publicUrl);
  return [
    embargoText(language, words.title ? 'aboutTitled' : 'aboutUntitled', words),
    embargoText(language, 'lift', words),
    '',
    embargoText(language, 'ask'),
    `${embargoText(language, 'agree')}: ${words.agreeUrl}`,
    '',
    '--',
    embargoText(language, 'reason'),
    `${embargoText(language, 'preferences')}: ${links.preferences}`,
    `${embargoText(language, 'unsubscribe')}: ${links.unsubscribe}`,
    '',
  ].join('\n');
}
