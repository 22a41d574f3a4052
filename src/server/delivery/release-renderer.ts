import type { ReleaseId } from '../../shared/ids.js';
import { asc, eq } from 'drizzle-orm';
import {
  PREFERENCES_PLACEHOLDER,
  TOKEN_PLACEHOLDER,
  extractLinks,
  personalise,
  renderEdition,
  type EmailTemplateLinks,
  type EmailTemplateRelease,
  type ReleaseEmailSource,
  type ReleaseVersion,
  type RenderedEdition as SharedEdition,
} from '../../shared/email-template.js';
import { versionsOf, type ReleaseLanguage } from '../../shared/releases.js';
import { fromDisplayName, senderNameIn, senderNameOf } from '../../shared/brands.js';
import { releaseWebPath } from '../../shared/release-address.js';
import { plainSenderText } from '../../shared/sender-name.js';
import type { DkimSigner } from '../deliverability/dkim-signer.js';
import type { Db } from '../db/client.js';
import { attachmentBlobs, attachments, brandLogos, brands, pressReleases } from '../db/schema.js';
import { brandNameIn, brandVoiceColumns, brandVoiceOf, logoOfBrand } from '../brands/brand-voice.js';
import { attachmentContent, blobOfAttachment } from '../content/attachment-store.js';
import { sanitizeContent } from '../content/content-sanitizer.js';
import { newsroomUrl } from '../common/public-urls.js';
import { encodedOnce } from '../mail/smtp-data.js';
import { buildRawMessage, encodeAttachmentParts, formatAddress, newBoundary } from './mime.js';
import { parseMailbox } from '../mail/mailbox.js';

/**
 * A release rendered once for all its recipients: per version (language), the template with the token
 * placeholder, the sanitised content and the base64 of its attachments (shared files and those of that
 * language). Per recipient only the token is substituted. The top-level fields are the primary version's.
 */
export type RenderedEdition = {
  subject: string;
  html: string;
  text: string;
  /** The language of the e-mail (of its first version), which its From is written in; English when absent. */
  lang?: 'en' | 'ar';
  /** The brand's name before "via Nashr" in that language (its Arabic sender name in an Arabic e-mail); the release's companyName when absent. */
  senderName?: string;
  mixedBoundary: string;
  /** The attachments as files, for a message sent through the shared mailer (a test send). */
  files: Array<{ filename: string; contentType: string; content: Buffer }>;
  attachmentParts: Buffer;
};

export type RenderedRelease = RenderedEdition & {
  releaseId: ReleaseId;
  /** The customer's account: one mailing list (List-Id) and one feedback-loop customer (Feedback-ID) each. */
  customerId: string;
  /** The brand speaking (its sender name, else its name): From reads "{Brand} via Nashr". */
  companyName: string;
  replyTo: string | undefined;
  /** The name of a journalist's reply address (issue 38): "{media contact} via {Brand}". */
  replyName: string;
  /** Per version, what journalists of the chosen lists receive. */
  editions: Map<ReleaseLanguage, RenderedEdition>;
  /** Per version, what the newsroom's followers receive (their footer says why they get it). */
  followerEditions: Map<ReleaseLanguage, RenderedEdition>;
};

type Audience = 'list' | 'follower';

export type OutgoingMessage = {
  deliveryId: number;
  to: string;
  envelopeFrom: string;
  subject: string;
  html: string;
  text: string;
  replyTo: string | undefined;
  messageId: string;
  headers: Record<string, string>;
  /** The complete MIME message as its pieces (see buildRawMessage), built on demand (SMTP); capture mode stores the parts instead. */
  raw: () => Promise<Buffer[]>;
};

/**
 * `recipients`: tracked links, open pixel, unsubscribe and tracked download links, with the token
 * placeholder. `test` (a test to the sender): the same email with plain links, no tracking, and the
 * downloads pointing at the signed-in attachment address, so nothing of it reaches analytics.
 */
export type RenderMode = 'recipients' | 'test';

type ReleaseFile = { id: string; size: number; language: string | null; originalName: string; mimetype: string; content: Buffer };

/**
 * `now`: the moment of sending. An embargo still ahead of it leads the journalists' emails (subject and
 * top); followers are sent a release only once it is public, so theirs never carry it.
 */
export async function renderRelease(
  db: Db,
  releaseId: ReleaseId,
  publicUrl: string,
  mode: RenderMode = 'recipients',
  now: Date = new Date(),
): Promise<RenderedRelease> {
  const [found] = await db
    .select({ release: pressReleases, ...brandVoiceColumns })
    .from(pressReleases)
    .innerJoin(brands, eq(brands.id, pressReleases.brandId))
    .leftJoin(brandLogos, logoOfBrand)
    .where(eq(pressReleases.id, releaseId));
  if (!found) throw new Error(`release ${releaseId} not found`);
  const { release } = found;
  // The release speaks as its brand (decision 022): its From, logo and newsroom, named in each version's language.
  const brand = brandVoiceOf(found, publicUrl);
  const files: ReleaseFile[] = await db
    .select({ id: attachments.id, size: attachments.size, language: attachments.language, ...attachmentContent })
    .from(attachments)
    .innerJoin(attachmentBlobs, blobOfAttachment)
    .where(eq(attachments.releaseId, releaseId))
    .orderBy(asc(attachments.position), asc(attachments.createdAt));
  const downloadUrl = (fileId: string) =>
    mode === 'test' ? `${publicUrl}/api/press-releases/${releaseId}/attachments/${fileId}` : `${publicUrl}/t/d/${TOKEN_PLACEHOLDER}/${fileId}`;
  const source: ReleaseEmailSource<ReleaseFile> = {
    ...emailSourceOf(release, sanitizeContent),
    files,
    embargo: embargoAhead(release, now),
  };
  // Links are numbered across versions as dispatch froze them: the primary's first, then the translation's.
  const primaryLinkCount = extractLinks(source.primary.content).length;
  const linksFor = (audience: Audience) => (version: ReleaseVersion, shown: ReleaseFile[]): EmailTemplateLinks => {
    const downloads = shown.map((f) => ({ name: f.originalName, size: f.size, url: downloadUrl(f.id) }));
    if (mode === 'test') return { downloads };
    const language = (version === 'primary' ? source.primary : source.translation!).language ?? 'english';
    const offset = version === 'primary' ? 0 : primaryLinkCount;
    return {
      viewInBrowser: release.slug ? `${publicUrl}${releaseWebPath(release.slug)}?t=${TOKEN_PLACEHOLDER}` : null,
      unsubscribe: `${publicUrl}/u/${TOKEN_PLACEHOLDER}`,
      // A journalist's own page (decision 024); a follower has no contact whose preferences it could set.
      preferences: audience === 'list' ? `${publicUrl}/preferences/${PREFERENCES_PLACEHOLDER}` : null,
      openPixel: `${publicUrl}/t/o/${TOKEN_PLACEHOLDER}.gif`,
      trackLink: (_url, linkId) => `${publicUrl}/t/c/${TOKEN_PLACEHOLDER}/${linkId + offset}`,
      downloads,
      audience,
      newsroom: brand.newsroomSlug ? { url: newsroomUrl(publicUrl, brand.newsroomSlug), companyName: brandNameIn(brand, language) } : null,
    };
  };
  // The files of an email are encoded once, whoever (journalists, followers) receives that email.
  const encoded = new Map<string, Omit<RenderedEdition, 'subject' | 'html' | 'text' | 'lang' | 'senderName'>>();
  const editionOf = (rendered: SharedEdition<ReleaseFile>): RenderedEdition => {
    const key = rendered.files.map((f) => f.id).join(',');
    if (!encoded.has(key)) encoded.set(key, encodeFiles(rendered.files));
    const { subject, html, text, lang } = rendered;
    return { subject, html, text, lang, senderName: senderNameIn(brand, lang === 'ar' ? 'arabic' : 'english'), ...encoded.get(key)! };
  };
  const [primaryLanguage, secondLanguage] = versionsOf(release);
  const editionsFor = (audience: Audience) => {
    // Followers are sent a release once it is public: theirs never carry the embargo.
    const shown = audience === 'follower' ? { ...source, embargo: null } : source;
    const editions = new Map<ReleaseLanguage, RenderedEdition>();
    editions.set(primaryLanguage, editionOf(renderEdition(shown, 'primary', brand, linksFor(audience))));
    if (secondLanguage) editions.set(secondLanguage, editionOf(renderEdition(shown, 'translation', brand, linksFor(audience))));
    return editions;
  };
  const editions = editionsFor('list');
  return {
    ...editions.get(primaryLanguage)!,
    releaseId,
    customerId: release.workspaceId,
    companyName: senderNameOf(brand),
    replyTo: release.contactEmail ? formatAddress(release.contactName, release.contactEmail) : undefined,
    replyName: [plainSenderText(release.contactName), plainSenderText(senderNameOf(brand))].filter(Boolean).join(' via '),
    editions,
    followerEditions: mode === 'test' ? new Map() : editionsFor('follower'),
  };
}

/**
 * A stored release's versions as the shared template reads them (`clean`: the server's content sanitiser),
 * so the sender and the approvers' previews start from the same fields.
 */
export function emailSourceOf(
  release: Pick<typeof pressReleases.$inferSelect, 'title' | 'subtitle' | 'content' | 'releaseDate' | 'location' | 'boilerplate' | 'contactName' | 'contactEmail' | 'contactPhone' | 'language' | 'translation' | 'bilingualEmail'>,
  clean: (html: string) => string,
): Omit<ReleaseEmailSource, 'files' | 'embargo'> {
  const primary: EmailTemplateRelease = { ...release, content: clean(release.content) };
  const translation = release.translation ? { ...primary, ...release.translation, content: clean(release.translation.content) } : null;
  return { primary, translation, bilingualEmail: release.bilingualEmail };
}

/** The release's embargo while it is still ahead of `now`; null once lifted (or never set). */
export function embargoAhead(
  release: { embargoUntil: Date | null; embargoTimeZone: string | null },
  now: Date,
): { until: string; timeZone: string } | null {
  if (!release.embargoUntil || !release.embargoTimeZone || release.embargoUntil <= now) return null;
  return { until: release.embargoUntil.toISOString(), timeZone: release.embargoTimeZone };
}

function encodeFiles(files: ReleaseFile[]): Omit<RenderedEdition, 'subject' | 'html' | 'text' | 'lang' | 'senderName'> {
  const mixedBoundary = newBoundary();
  const mailFiles = files.map((f) => ({ filename: f.originalName, contentType: f.mimetype, content: f.content }));
  return { mixedBoundary, files: mailFiles, attachmentParts: encodedOnce(encodeAttachmentParts(mixedBoundary, mailFiles)) };
}

/**
 * The sender as journalists see it: the brand (its sender name), through Nashr ("Riyadh Foods via Nashr"), at
 * MAIL_FROM's address; replies go to Reply-To (the delivery's reply address, else the media contact).
 */
export function senderOf(
  mailFrom: string,
  companyName: string,
  language: 'en' | 'ar' | ReleaseLanguage = 'en',
): { name: string | undefined; address: string } {
  const from = parseMailbox(mailFrom);
  // A name kept before the rule (sender-name.ts) still may not pass for an address of its own: fromDisplayName
  // shows it without what it may not hold.
  const name = fromDisplayName(companyName, language === 'ar' || language === 'arabic' ? 'arabic' : 'english', from.name);
  return { name, address: from.address };
}

/** The sender id of Feedback-ID: the same for every message we send, as Google's format asks. */
const FEEDBACK_SENDER = 'nashr';
const compactId = (uuid: string) => uuid.replace(/-/g, '');

/**
 * List-Id (RFC 2919): each customer's releases are one list, so a receiver can group and filter them.
 * Feedback-ID (Gmail's feedback loop): campaign:customer:mailtype:sender, with ids only, so a complaint
 * rate can be told per release and per customer without any recipient's data in the header.
 */
function listHeaders(rendered: RenderedRelease, audience: string, domain: string): Record<string, string> {
  const customer = compactId(rendered.customerId);
  const mailType = audience === 'follower' ? 'newsroom' : audience === 'embargo_notice' ? 'embargo-notice' : 'release';
  return {
    'List-Id': `<${customer}.releases.${domain}>`,
    'Feedback-ID': `${compactId(rendered.releaseId)}:${customer}:${mailType}:${FEEDBACK_SENDER}`,
  };
}

/** The recipient's message: a stable Message-ID from the delivery id, so a retry keeps it. */
export function messageFor(
  rendered: RenderedRelease,
  delivery: { id: number; email: string; token: string; language: string; audience: string },
  mailFrom: string,
  publicUrl: string,
  now: Date,
  signing: {
    /** The envelope sender (VERP bounce address); the From address when none is given. */
    returnPath?: string;
    dkim?: DkimSigner;
    /** The delivery's signed preference token (a journalist of a list). */
    preferencesToken?: string;
    /** The delivery's reply address (a journalist of a list): replies come back to Nashr, which forwards them. */
    replyAddress?: string;
  } = {},
): OutgoingMessage {
  const { returnPath, dkim, preferencesToken } = signing;
  const replyTo = signing.replyAddress ? formatAddress(rendered.replyName, signing.replyAddress) : rendered.replyTo;
  const editions = delivery.audience === 'follower' ? rendered.followerEditions : rendered.editions;
  const edition = editions.get(delivery.language as ReleaseLanguage) ?? rendered;
  const from = senderOf(mailFrom, edition.senderName ?? rendered.companyName, edition.lang);
  const domain = from.address.split('@')[1] ?? 'localhost';
  const unsubscribeUrl = `${publicUrl}/u/${delivery.token}`;
  const html = personalise(edition.html, delivery.token, preferencesToken);
  const text = personalise(edition.text, delivery.token, preferencesToken);
  const messageId = `<delivery-${delivery.id}.${rendered.releaseId}@${domain}>`;
  const headers = {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    ...listHeaders(rendered, delivery.audience, domain),
  };
  return {
    deliveryId: delivery.id,
    to: delivery.email,
    envelopeFrom: returnPath ?? from.address,
    subject: edition.subject,
    html,
    text,
    replyTo,
    messageId,
    headers,
    raw: () =>
      buildRawMessage(
        {
          from: formatAddress(from.name, from.address),
          to: delivery.email,
          replyTo,
          subject: edition.subject,
          messageId,
          date: now,
          headers,
          text,
          html,
          mixedBoundary: edition.mixedBoundary,
          attachmentParts: edition.attachmentParts,
        },
        // Signed: the signing threads build the message's own bytes beside its signature (dkim-signer.ts).
        dkim,
      ),
  };
}
