import { simpleParser, type Attachment } from 'mailparser';

/**
 * What a mail server's report says, read from the raw message: a delivery status notification (RFC 3464,
 * multipart/report; report-type=delivery-status), a complaint in the Abuse Reporting Format (RFC 5965,
 * report-type=feedback-report), or a plain-text bounce of a server that sends neither. mailparser splits
 * the MIME structure; the report parts themselves are blocks of header-like fields that it leaves as
 * bytes, read by fieldBlocks below (no maintained npm library parses them).
 */
export type ReportedRecipient = { address: string | undefined; kind: 'hard' | 'soft'; status: string; detail: string };

export type ServerReport =
  | { type: 'bounce'; recipients: ReportedRecipient[]; text: string }
  | { type: 'complaint'; feedbackType: string; originalMailFrom: string | undefined; originalRecipient: string | undefined; enclosedReturnPath: string | undefined }
  | { type: 'unknown' };

type Fields = Map<string, string>;

/** RFC 3464 §2.1 / RFC 5965 §3.1: groups of `Name: value` lines (folded lines continue a value) separated by blank lines. */
export function fieldBlocks(text: string): Fields[] {
  const blocks: Fields[] = [];
  for (const chunk of text.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const fields: Fields = new Map();
    let last: string | undefined;
    for (const line of chunk.split('\n')) {
      if (/^[ \t]/.test(line) && last) fields.set(last, `${fields.get(last)} ${line.trim()}`);
      else {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        last = line.slice(0, colon).trim().toLowerCase();
        fields.set(last, line.slice(colon + 1).trim());
      }
    }
    if (fields.size) blocks.push(fields);
  }
  return blocks;
}

/** "rfc822; someone@example.com" → the address. */
const addressOf = (typed: string | undefined) => typed?.split(';').pop()?.trim().replace(/^<|>$/g, '').toLowerCase() || undefined;

const ENHANCED_STATUS = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;
const BASIC_REPLY = /\b([45])\d\d\b/;

function bounceKind(action: string, status: string): 'hard' | 'soft' | undefined {
  if (action === 'delivered' || action === 'relayed' || action === 'expanded') return undefined;
  if (status.startsWith('5')) return action === 'delayed' ? 'soft' : 'hard';
  if (status.startsWith('4') || action === 'delayed') return 'soft';
  return undefined;
}

const partText = (attachment: Attachment | undefined) => attachment?.content.toString('utf8');
const partOfType = (attachments: Attachment[], ...types: string[]) => attachments.find((a) => types.includes(a.contentType.toLowerCase()));

export async function readServerReport(raw: Buffer): Promise<ServerReport> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  const attachments = parsed.attachments ?? [];

  const deliveryStatus = partText(partOfType(attachments, 'message/delivery-status', 'message/global-delivery-status'));
  if (deliveryStatus) {
    const [, ...perRecipient] = fieldBlocks(deliveryStatus);
    const recipients = perRecipient.flatMap((fields): ReportedRecipient[] => {
      const status = ENHANCED_STATUS.exec(fields.get('status') ?? '')?.[0] ?? '';
      const kind = bounceKind((fields.get('action') ?? '').toLowerCase(), status);
      if (!kind) return [];
      const address = addressOf(fields.get('final-recipient') ?? fields.get('original-recipient'));
      return [{ address, kind, status, detail: (fields.get('diagnostic-code') ?? '').slice(0, 500) }];
    });
    return { type: 'bounce', recipients, text: parsed.text ?? '' };
  }

  const feedback = partText(partOfType(attachments, 'message/feedback-report'));
  if (feedback) {
    const fields = fieldBlocks(feedback)[0] ?? new Map<string, string>();
    const enclosed = partText(partOfType(attachments, 'message/rfc822', 'text/rfc822-headers'));
    const enclosedHeaders = enclosed ? fieldBlocks(enclosed)[0] : undefined;
    return {
      type: 'complaint',
      feedbackType: (fields.get('feedback-type') ?? 'abuse').toLowerCase(),
      originalMailFrom: addressOf(fields.get('original-mail-from')),
      originalRecipient: addressOf(fields.get('original-rcpt-to')),
      enclosedReturnPath: addressOf(enclosedHeaders?.get('return-path')),
    };
  }

  // A plain-text bounce: the server's own words, with a status code somewhere in them.
  const text = parsed.text ?? '';
  const enhanced = ENHANCED_STATUS.exec(text)?.[0];
  const basic = BASIC_REPLY.exec(text)?.[0];
  const looksLikeBounce = /undeliver|delivery (has )?failed|could not be delivered|returned mail|failure notice|mail delivery/i.test(
    `${parsed.subject ?? ''} ${text.slice(0, 2000)}`,
  );
  const status = enhanced ?? (basic ? `${basic[0]}.0.0` : undefined);
  if (looksLikeBounce && status && status[0] !== '2') {
    const line = text.split('\n').find((l) => l.includes(enhanced ?? basic!))?.trim() ?? '';
    return { type: 'bounce', recipients: [{ address: undefined, kind: status[0] === '5' ? 'hard' : 'soft', status, detail: line.slice(0, 500) }], text };
  }
  return { type: 'unknown' };
}
