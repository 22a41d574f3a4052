import { z } from 'zod';
import { pageParam, pageSizeParam } from './paging.js';

/**
 * Journalists' replies to a release (issue 38): what the release page's Replies tab, the figures and the
 * operator's research queue read. Only a human reply ('reply') counts as a reply; a bounce is handed to
 * the bounce path and never listed.
 */
export const REPLY_KINDS = ['reply', 'auto_reply', 'left', 'bounce'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];
export type ListedReplyKind = Exclude<ReplyKind, 'bounce'>;
/** How a reply was matched to its delivery: its reply address, or its In-Reply-To/References. */
export const REPLY_MATCHES = ['reply_address', 'message_id'] as const;
export type ReplyMatch = (typeof REPLY_MATCHES)[number];

export const repliesQuerySchema = z.object({
  page: pageParam(10_000),
  pageSize: pageSizeParam(50, 200),
});

export type ReplyItem = {
  id: number;
  deliveryId: number;
  contact: { name: string; outlet: string; email?: string };
  kind: ListedReplyKind;
  subject: string;
  text: string;
  receivedAt: string;
  returnDate?: string;
  newAddress?: string;
  /** SPF and DMARC of the replier's domain; `authFailed` when they did not pass. */
  auth: { spf: string; dmarc: string; failed: boolean };
  forwarded: boolean;
  /** Files too large to forward, to be fetched from the release page. */
  attachments: Array<{ index: number; filename: string; size: number; forwarded: boolean }>;
};

export type RepliesPage = { items: ReplyItem[]; total: number; page: number; pageSize: number };

/** Human replies ÷ delivered: one number for the release figures, /analytics, the dashboard and the brand report. */
export const replyRateOf = (replies: number, delivered: number) => (delivered > 0 ? Math.round((replies / delivered) * 1000) / 10 : 0);

/** A release's (or several releases') human replies and their rate of delivered list messages, one decimal. */
export type ReplyFigures = { replies: number; replyRate: number };
export const replyFiguresOf = (replies: number, delivered: number): ReplyFigures => ({ replies, replyRate: replyRateOf(replies, delivered) });

// ---------------------------------------------------------------- research queue

export const RESEARCH_SIGNALS = ['left', 'new_address', 'hard_bounce'] as const;
export type ResearchSignal = (typeof RESEARCH_SIGNALS)[number];
/** How the operator settled a research item. */
export const RESEARCH_OUTCOMES = ['corrected', 'left', 'dismissed'] as const;
export type ResearchOutcome = (typeof RESEARCH_OUTCOMES)[number];

export const researchQuerySchema = z.object({
  page: pageParam(10_000),
  pageSize: pageSizeParam(50, 200),
  state: z.enum(['open', 'resolved'], { message: 'State must be open or resolved' }).default('open'),
});

export const researchResolutionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('correct'), email: z.string().trim().toLowerCase().email({ message: 'Enter a valid email address' }) }),
  z.object({ action: z.literal('mark_left') }),
  z.object({ action: z.literal('dismiss') }),
]);
export type ResearchResolution = z.infer<typeof researchResolutionSchema>;

export type ResearchItem = {
  id: number;
  signal: ResearchSignal;
  evidence: string;
  newAddress: string | null;
  createdAt: string;
  contact: { id: number | null; name: string; outlet: string; email: string; lastConfirmedAt: string | null };
  resolution: ResearchOutcome | null;
  resolvedAt: string | null;
};

export type ResearchPage = { items: ResearchItem[]; total: number; page: number; pageSize: number };
