import { z } from 'zod';
import { pageParam, pageSizeParam } from './paging.js';

/**
 * Bounce and complaint rates over the last 30 days (issue 14): mailbox providers throttle or block a
 * sender whose complaints pass 0.3 % (Gmail's and Yahoo's bulk-sender rule) or whose bounces run high.
 */
export const COMPLAINT_RATE_WARNING = 0.3;
export const BOUNCE_RATE_WARNING = 5;
export const RATES_WINDOW_DAYS = 30;

/**
 * What a mail server reported about a delivery it had accepted: a bounce that will not pass (5.x.x), one the
 * relay gave up retrying (4.x.x), a delay warning (noted, nothing else), or a spam complaint.
 */
export const deliveryReportKinds = ['hard', 'soft', 'delayed', 'complaint'] as const;
export type DeliveryReportKind = (typeof deliveryReportKinds)[number];

/**
 * Why an address is never mailed again, by anyone: it unsubscribed from every release, hard-bounced, bounced
 * softly at three deliveries within 30 days, complained, was erased on request, or was marked left in the
 * research queue. `manual` is for addresses an operator suppressed by hand (the admin's list names it).
 */
export const suppressionReasons = ['unsubscribed', 'bounced', 'soft-bounced', 'complained', 'erased', 'left', 'manual'] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

export type SendingRates = {
  /** Messages answered by the relay in the window (accepted or refused). */
  sent: number;
  bounced: number;
  complaints: number;
  /** Percentages with two decimals: bounced ÷ sent, complaints ÷ delivered. */
  bounceRate: number;
  complaintRate: number;
  warning: boolean;
};

/** One customer: a workspace (its own id, never its owner's), its name and its contact address. */
export type CustomerRates = SendingRates & { workspaceId: string; companyName: string; email: string };

export type DeliverabilityReport = {
  windowDays: number;
  thresholds: { complaintRate: number; bounceRate: number };
  platform: SendingRates;
  customers: { items: CustomerRates[]; total: number; page: number; pageSize: number };
};

export const deliverabilityQuerySchema = z.object({ page: pageParam(100_000), pageSize: pageSizeParam(20, 100) });
