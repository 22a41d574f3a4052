import { z } from 'zod';
import type { PressRelease, ReleaseLanguage } from './releases.js';
import type { ReleaseId } from './ids.js';

/** Editorial review (issue 11): the queue, one release under review, the decisions and their figures. */

export { REVIEW_TARGET_MINUTES } from './review-target.js';
export const REVIEW_TEXT_MAX = 2000;

export const REVIEW_MESSAGES = {
  comment: 'Write what the customer should change',
  reason: 'Write why the press release is rejected',
  tooLong: `Keep it under ${REVIEW_TEXT_MAX} characters`,
  alreadyDecided: 'This press release has already been decided by another editor',
  notInReview: 'This press release is not waiting for review',
  notWithdrawable: 'Only a press release waiting for review or for changes can be withdrawn',
  ownRelease: 'An editor cannot decide a press release of their own account',
} as const;

const reviewText = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(REVIEW_TEXT_MAX, { message: REVIEW_MESSAGES.tooLong });

export const requestChangesSchema = z.object({ comment: reviewText(REVIEW_MESSAGES.comment) });
export const rejectSchema = z.object({ reason: reviewText(REVIEW_MESSAGES.reason) });
export const trustedSchema = z.object({ trusted: z.boolean({ message: 'trusted must be true or false' }) });

export type ReviewQueueItem = {
  id: ReleaseId;
  title: string;
  language: string;
  companyName: string;
  ownerEmail: string;
  submittedAt: string;
  /** The send time of a scheduled release; null for Send Now. */
  scheduledAt: string | null;
  /** The zone the send time was entered in, to show it as the writer meant it as well as in the editor's. */
  timeZone: string | null;
  recipients: number;
  /** Recipients per version of the release (each journalist gets their language's, else the primary). */
  byVersion: Array<{ language: ReleaseLanguage; count: number }>;
  waitingSeconds: number;
};
export type ReviewQueue = { items: ReviewQueueItem[]; total: number; page: number; pageSize: number };

export type ReviewFinding = { code: string; message: string; params?: Record<string, string | number> };

export type ReviewDetail = {
  pressRelease: PressRelease;
  companyName: string;
  ownerEmail: string;
  /** The email exactly as recipients get it (the delivery template), for an iframe: the primary version's. */
  html: string;
  subject: string;
  /** Each version's e-mail as its readers get it: subject, HTML and From (null when the server cannot tell), primary first. */
  versions: Array<{ language: ReleaseLanguage; subject: string; html: string; from: string | null }>;
  recipients: number;
  byCountry: Array<{ country: string; count: number }>;
  byLanguage: Array<{ language: string; count: number }>;
  byVersion: Array<{ language: ReleaseLanguage; count: number }>;
  /** Every link of the content with its real target. */
  links: Array<{ text: string; href: string }>;
  findings: ReviewFinding[];
};

/** Whether a link answers, asked from the server when an editor opens a release. */
export type LinkCheck = {
  text: string;
  href: string;
  ok: boolean;
  /** The final HTTP status after redirects; null when nothing answered. */
  status: number | null;
  problem: 'invalid' | 'http_error' | 'timeout' | 'unreachable' | 'private_address' | 'too_many_redirects' | null;
};

export type ReviewStats = {
  days: number;
  decided: number;
  /** Seconds from submission to decision; null without decisions. */
  medianSeconds: number | null;
  p90Seconds: number | null;
  approvals: number;
  /** Share (0–1) of approvals whose distribution started within 30 minutes of approval (or of its send time, once passed). */
  startedWithinTarget: number | null;
};
