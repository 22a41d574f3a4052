/**
 * The lifecycle's statuses and the groups of them the pages and the server ask about. Kept apart from
 * releases.ts, whose schemas bring zod, so a page that only reads a status (the dashboard) does not download it.
 */

/**
 * draft → (in_review → approved as scheduled or sending | changes_requested | rejected) → scheduled →
 * sending → sent; a release whose every delivery failed ends `failed`. Releases of super admins and
 * trusted customers (or with REVIEW=off) skip review. `cancelled` is kept for data of older versions.
 * `awaiting_approval` is a workspace member's release waiting for the workspace's own approver;
 * `awaiting_client_approval` a publisher's send waiting for the brand's client (issue 28).
 */
export const releaseStatuses = [
  'draft',
  'awaiting_approval',
  'awaiting_client_approval',
  'in_review',
  'changes_requested',
  'rejected',
  'scheduled',
  'sending',
  'sent',
  'failed',
  'cancelled',
] as const;
export type ReleaseStatus = (typeof releaseStatuses)[number];
/** Sending, sent and failed releases are frozen for good; one in review or rejected is not edited either. */
export const READ_ONLY_STATUSES: readonly ReleaseStatus[] = [
  'in_review',
  'rejected',
  'sending',
  'sent',
  'failed',
];
/** Statuses whose release has gone out (its figures and web version exist). */
export const SENT_STATUSES: readonly ReleaseStatus[] = ['sending', 'sent', 'failed'];
/** Waiting for someone else's decision: the owner can take it back to a draft (allowance returned). */
export const WITHDRAWABLE_STATUSES: readonly ReleaseStatus[] = [
  'awaiting_approval',
  'awaiting_client_approval',
  'in_review',
  'changes_requested',
];
/**
 * States that move without the owner doing anything (a decision, the send time, the engine): a page
 * showing a release in one of them keeps asking until it settles.
 */
export const MOVING_STATUSES: readonly ReleaseStatus[] = [
  'awaiting_approval',
  'awaiting_client_approval',
  'in_review',
  'scheduled',
  'sending',
];

/** Where one delivery stands: queued → sending → sent (then bounced or complained, as reported) | failed. */
export const recipientStatuses = ['queued', 'sending', 'sent', 'bounced', 'complained', 'failed'] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

/**
 * Whom a delivery is for: a journalist of the chosen lists, someone following the company's newsroom, or a
 * journalist asked to agree to the embargo first (decision 027).
 */
export const deliveryAudiences = ['list', 'follower', 'embargo_notice'] as const;
export type DeliveryAudience = (typeof deliveryAudiences)[number];

/**
 * What a recipient did with a delivery, as the tracking pixel and links record it. `machine_open` is an open
 * by a mail-privacy proxy or scanner soon after sending (tracking/machine-open.ts), counted apart from people's.
 */
export const trackingEventTypes = ['open', 'machine_open', 'click', 'download', 'unsubscribe'] as const;
export type TrackingEventType = (typeof trackingEventTypes)[number];
