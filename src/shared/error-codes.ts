import { MESSAGES } from './releases.js';
import { REVIEW_MESSAGES } from './review.js';
import { LIST_MEMBERS_MAX_MESSAGE } from './lists.js';
import { INVALID_SIGN_IN_LINK_MESSAGE } from './auth.js';

/**
 * Every error the server tells a person about: a stable code, its HTTP status and its English text. The
 * server answers `{code, message}` with this text (figures filled in from `details`); the client shows
 * the code's translation (i18n/{en,ar}/messages-errors.json, keyed by code), so rewording the English
 * text never loses the Arabic one. error-codes.test.ts fails when a code has no text in either language.
 * `{{name}}` marks a figure that the answer's `details` carries.
 */
const entry = (status: number, text: string) => ({ status, text });

export const ERRORS = {
  BAD_REQUEST: entry(400, 'Bad request'),
  UNAUTHORIZED: entry(401, 'Authentication required'),
  PAYMENT_REQUIRED: entry(402, 'No press releases left. Purchase a package to continue.'),
  FORBIDDEN: entry(403, 'Access denied'),
  NOT_FOUND: entry(404, 'Resource not found'),
  CONFLICT: entry(409, 'Resource already exists'),
  PAYLOAD_TOO_LARGE: entry(413, 'Payload too large'),
  UNSUPPORTED_MEDIA_TYPE: entry(415, 'Unsupported file type'),
  VALIDATION_ERROR: entry(422, 'Invalid data provided'),
  RATE_LIMITED: entry(429, 'Too many requests. Please wait and try again.'),
  SERVER_ERROR: entry(500, 'Server error occurred'),
  MALFORMED_JSON: entry(400, 'Malformed JSON in request body'),
  CROSS_ORIGIN_REFUSED: entry(403, 'Cross-origin request refused'),

  // Accounts
  INVALID_CREDENTIALS: entry(401, 'Invalid credentials'),
  EMAIL_NOT_VERIFIED: entry(
    403,
    'Please verify your email before signing in. Check your inbox for the verification link.',
  ),
  INVALID_TOKEN: entry(400, 'The reset link is invalid or has expired'),
  EMAIL_TAKEN: entry(409, 'An account with this email already exists'),
  TOO_MANY_ATTEMPTS: entry(429, 'Too many attempts. Please wait a few minutes and try again.'),
  TOO_MANY_MAILS: entry(429, 'Too many emails were sent for this request. Please try again later.'),
  SIGN_IN_LINK_INVALID: entry(400, INVALID_SIGN_IN_LINK_MESSAGE),
  RESERVED_ADDRESS: entry(422, 'This email address cannot be used for an account'),
  COMMON_PASSWORD: entry(422, 'This password is too common. Choose one that is harder to guess.'),
  CURRENT_PASSWORD_NEEDED: entry(422, 'Enter your current password to change your email'),
  WRONG_CURRENT_PASSWORD: entry(422, 'Current password is incorrect'),
  SUPER_ADMIN_REQUIRED: entry(403, 'Super admin access required'),
  EDITOR_REQUIRED: entry(403, 'Editor access required'),
  USER_NOT_FOUND: entry(404, 'User not found'),
  LAST_SUPER_ADMIN: entry(409, 'The last super admin cannot be demoted'),
  MESSAGE_NOT_FOUND: entry(404, 'Message not found'),
  SUPPRESSION_NOT_FOUND: entry(404, 'Suppression not found'),

  // Press releases
  RELEASE_ALREADY_SENT: entry(409, 'This press release has already been sent and cannot be modified'),
  RELEASE_SENT: entry(409, 'This press release has already been sent'),
  RELEASE_IN_REVIEW: entry(409, 'This press release is in review: withdraw it to make changes'),
  RELEASE_REJECTED: entry(409, 'This press release was rejected: duplicate it to write a new one'),
  ONLY_SCHEDULED_CANCELLABLE: entry(409, 'Only a scheduled press release can be cancelled'),
  ONLY_DRAFT_DELETABLE: entry(409, 'Only a draft can be deleted'),
  NOT_WITHDRAWABLE: entry(409, REVIEW_MESSAGES.notWithdrawable),
  /** An event the release's lifecycle refuses from where it is now (`status` in the details). */
  RELEASE_STATE_CONFLICT: entry(409, 'This press release has moved on: reload it to see where it stands'),
  SCHEDULE_IN_PAST: entry(422, MESSAGES.scheduledInPast),
  UNKNOWN_LIST: entry(422, MESSAGES.unknownList),
  NOBODY_RECEIVES: entry(422, 'The selected lists have no contacts who can receive this press release'),
  ATTACHMENT_NOT_FOUND: entry(422, 'Attachment not found'),
  ATTACHMENT_UNREADABLE: entry(422, MESSAGES.attachmentUnreadable),
  ATTACHMENT_TOO_LARGE: entry(413, 'Files must be under 5MB. Please compress: {{files}}'),
  ATTACHMENTS_TOO_LARGE: entry(
    413,
    'Total attachment size is {{totalMegabytes}} MB. Please reduce to under 15 MB total.',
  ),
  ATTACHMENT_TYPE: entry(415, `${MESSAGES.attachmentType}: {{file}}`),
  STORAGE_QUOTA_EXCEEDED: entry(
    413,
    'Not enough storage: your files use {{usedMegabytes}} MB of {{limitMegabytes}} MB and these need {{addingMegabytes}} MB more. ' +
      'Delete drafts you no longer need, or remove some attachments.',
  ),
  TEST_SEND_FAILED: entry(502, 'The test email could not be sent. Please try again in a few minutes.'),

  // Review
  REVIEW_ALREADY_DECIDED: entry(409, REVIEW_MESSAGES.alreadyDecided),
  REVIEW_OWN_RELEASE: entry(403, REVIEW_MESSAGES.ownRelease),
  REVIEW_NOT_PENDING: entry(409, REVIEW_MESSAGES.notInReview),
  NOBODY_LEFT_TO_RECEIVE: entry(
    422,
    'Nobody on the chosen lists can receive this press release any more; reject it or ask for changes',
  ),

  // Media database and lists
  CONTACT_NOT_FOUND: entry(404, 'Contact not found'),
  CONTACT_EMAIL_TAKEN: entry(409, 'A contact with this email already exists'),
  CSV_MULTIPART_REQUIRED: entry(415, 'Upload the CSV file as multipart/form-data in the field csvFile'),
  CSV_FILE_REQUIRED: entry(422, 'Choose a CSV file to import'),
  IMPORT_NOT_CSV: entry(415, 'Only CSV files can be imported'),
  IMPORT_NOT_TEXT: entry(415, 'The file is not a CSV file'),
  IMPORT_TOO_LARGE: entry(413, 'The file is larger than {{megabytes}} MB'),
  UPLOAD_INTERRUPTED: entry(400, 'The upload was interrupted'),
  IMPORT_NO_EMAIL_COLUMN: entry(422, 'The file has no Email column'),
  IMPORT_EMPTY: entry(422, 'The file is empty'),
  IMPORT_MALFORMED: entry(422, 'The CSV is malformed near row {{row}}'),
  LIST_NOT_FOUND: entry(404, 'List not found'),
  LIST_LIMIT_REACHED: entry(422, LIST_MEMBERS_MAX_MESSAGE),
  CONTACT_NOT_IN_LIST: entry(404, 'Contact is not in this list'),
  CAMPAIGN_NOT_FOUND: entry(404, 'Campaign not found'),
  NEWSROOM_NOT_FOUND: entry(404, 'This newsroom does not exist or is offline'),

  // Billing
  PAYMENT_NOT_FOUND: entry(404, 'Payment not found'),
  PLAN_NOT_FOUND: entry(404, 'Plan not found'),
  SUPER_ADMIN_NO_PURCHASE: entry(409, 'Super admins have unlimited access; no purchase is needed'),
  PAYMENT_NOT_COMPLETED: entry(409, 'Your payment is being processed...'),
  PAYMENT_MISMATCH: entry(409, 'The payment does not match the plan'),
  PAYMENT_PROVIDER_ERROR: entry(502, 'The payment provider could not be reached. Please try again.'),
  CARD_DECLINED: entry(402, 'Your card was declined.'),
  CARD_DECLINED_TEST_MODE: entry(
    402,
    'Your card was declined. Test mode accepts only test card numbers, such as 4242 4242 4242 4242.',
  ),
  WEBHOOK_SECRET_MISSING: entry(400, 'Webhook signing secret is not configured'),
  WEBHOOK_SIGNATURE_MISSING: entry(400, 'Missing Stripe-Signature header'),
  WEBHOOK_SIGNATURE_INVALID: entry(400, 'Invalid webhook signature'),

  // Coverage
  FEED_TAKEN: entry(409, 'A feed with this address is already listed'),
  FEED_NOT_FOUND: entry(404, 'Feed not found'),
  FEED_CSV_UNREADABLE: entry(400, 'The file is not a readable CSV file'),
  FEED_CSV_HEADER: entry(400, 'The header row must name the columns url, outlet, country and language'),
  FEED_CSV_EMPTY: entry(
    400,
    'The file has no feeds: it needs a header row (url, outlet, country, language) and one feed per line',
  ),
  FEED_CSV_TOO_MANY: entry(400, 'At most {{max}} feeds per file'),
  FEED_LIST_TOO_LARGE: entry(413, 'A feed list may be at most 1 MB'),
  COVERAGE_BEFORE_SEND: entry(409, 'Articles can be added once the press release has been sent'),
  ARTICLE_ALREADY_ADDED: entry(409, 'This article is already in the coverage of this press release'),
  ARTICLE_NOT_IN_COVERAGE: entry(404, 'This article is not in the coverage of this press release'),
  PRIVATE_ADDRESS: entry(422, 'This address points to a private network and cannot be added'),

  // Operations and inbound notifications
  METRICS_TOKEN_REQUIRED: entry(401, 'A valid metrics token is required'),
  BOUNCE_PROVIDER_UNKNOWN: entry(404, 'No such bounce provider'),
  SNS_NOT_A_MESSAGE: entry(400, 'Not an SNS message'),
  SNS_SIGNATURE_INVALID: entry(403, 'The notification signature is not valid'),
  SNS_TOPIC_REFUSED: entry(403, 'Notifications of this topic are not accepted'),
  SNS_STALE: entry(403, 'The notification is older than an hour or not dated'),
  // workspaces (decision 021)
  ROLE_REQUIRED: entry(403, 'This needs the {{role}} role in this workspace'),
  NO_WORKSPACE: entry(403, 'You are not a member of any workspace'),
  WORKSPACE_NOT_FOUND: entry(404, 'Workspace not found'),
  MEMBER_NOT_FOUND: entry(404, 'Member not found'),
  INVITATION_NOT_FOUND: entry(404, 'Invitation not found'),
  ALREADY_MEMBER: entry(409, 'This person is already a member of the workspace'),
  INVITATIONS_RATE_LIMITED: entry(429, 'At most 50 invitations a day per workspace. Try again tomorrow.'),
  TOO_MANY_INVITATIONS: entry(429, 'Too many invitations were sent from your account or network today. Try again tomorrow.'),
  TOO_MANY_WORKSPACES: entry(429, 'Too many workspaces were started from your account or network today. Try again tomorrow.'),
  LAST_OWNER: entry(422, 'A workspace needs an owner: make someone else owner first'),
  OWNER_ROLE_REQUIRED: entry(403, 'Only an owner can give or take the owner role'),
  INVITATION_EXPIRED: entry(410, 'This invitation has expired. Ask the workspace for a new one.'),
  INVITATION_USED: entry(410, 'This invitation has already been used. Ask the workspace for a new one.'),
  INVITATION_REVOKED: entry(410, 'This invitation was withdrawn. Ask the workspace for a new one.'),
  INVITATION_OTHER_ADDRESS: entry(403, 'This invitation was sent to another address: sign in with {{email}}'),
  RELEASE_AWAITING_APPROVAL: entry(409, 'This release is waiting for approval: withdraw it to edit it'),
  INVITATION_SIGN_IN: entry(409, 'An account with this address exists: sign in to accept the invitation'),
  WORKSPACE_NAME_MISMATCH: entry(422, 'Type the workspace name exactly to delete it'),
  NOT_AWAITING_APPROVAL: entry(409, 'This release is not waiting for approval'),
  SECOND_APPROVER_REQUIRED: entry(403, 'Another person must approve this release: whoever wrote, edited or submitted this version cannot approve it'),

  // Brands (decision 022)
  BRAND_NOT_FOUND: entry(404, 'Brand not found'),
  BRAND_ARCHIVED: entry(422, 'This brand is archived: pick another brand'),
  BRAND_NAME_TAKEN: entry(409, 'A brand with this name already exists in this workspace'),
  NEWSROOM_ADDRESS_TAKEN: entry(409, 'This newsroom address is already taken'),
  NEWSROOM_ADDRESS_RETIRED: entry(
    409,
    'This newsroom address was used by another newsroom and stays with it, so links already sent never lead elsewhere: choose another',
  ),
  LOGO_INVALID: entry(422, 'The logo must be a PNG, JPEG or SVG image of at most {{maxMb}} MB'),
  LOGO_TOO_LARGE: entry(422, 'The logo is larger than {{maxPx}} × {{maxPx}} pixels: choose a smaller image'),
  LOGO_SVG_REFUSED: entry(
    422,
    'This SVG cannot be a logo: it may hold only shapes, text, gradients and colours, with no script, style sheet, animation, link, image or embedded document. Export it as a plain SVG',
  ),
  BRAND_HAS_RELEASES: entry(409, 'This brand has sent releases: archive it instead'),
  LAST_BRAND: entry(422, 'A workspace needs at least one active brand'),
  CLIENT_BRANDS_REQUIRED: entry(422, 'Choose at least one brand for a client'),
  NOT_AWAITING_CLIENT_APPROVAL: entry(409, "This release is not waiting for the client's approval"),
  RELEASE_AWAITING_CLIENT_APPROVAL: entry(
    409,
    "This release is waiting for the client's approval: withdraw it to edit it",
  ),
  REPORT_PERIOD_REVERSED: entry(422, 'The period must start on or before the day it ends'),
  REPORT_PERIOD_TOO_LONG: entry(422, 'A report covers at most {{maxDays}} days'),
  NO_CLIENT_TO_APPROVE: entry(
    422,
    "This brand needs its client's approval but has no client yet: invite one, or turn client approval off",
  ),
  // Tax invoices, refunds and the operator's desk (issue 29)
  BILLING_PROFILE_REQUIRED: entry(422, "Enter your billing details (legal name, address and country) before buying"),
  INVOICE_NOT_FOUND: entry(404, "Invoice not found"),
  REFUND_EXCEEDS_UNSPENT: entry(422, "Only {{unspent}} of this purchase's {{releases}} releases are unspent ({{spent}} spent, {{refunded}} already refunded): at most {{unspent}} can be refunded"),
  REFUND_FAILED: entry(502, "The card provider refused the refund; nothing was changed. Try again or refund from the provider's dashboard."),
  WORKSPACE_SUSPENDED: entry(403, "This workspace is suspended: {{reason}}. Contact {{contact}} to reactivate it."),
  WORKSPACE_ALREADY_SUSPENDED: entry(409, "This workspace is already suspended"),
  WORKSPACE_NOT_SUSPENDED: entry(409, "This workspace is not suspended"),
  USER_ALREADY_VERIFIED: entry(409, "This person has already verified their email"),
  // Journalists' preferences and embargoes (issue 30)
  PREFERENCE_LINK_INVALID: entry(404, "This preference link is not valid. Use the link of a recent e-mail."),
  EMBARGO_IN_PAST: entry(422, "The embargo must lift in the future"),
  EMBARGO_BEFORE_SEND: entry(422, "The embargo must lift after the scheduled send"),
  DATA_REQUEST_NOT_FOUND: entry(404, "Data request not found"),
  INVITATION_WORKSPACE_SUSPENDED: entry(403, '{{workspace}} is suspended for now, so its invitation cannot be accepted. Ask the person who invited you.'),
  // Journalists' replies and the research queue (issue 38)
  RESEARCH_ITEM_NOT_FOUND: entry(404, 'This research item does not exist'),
  RESEARCH_ITEM_RESOLVED: entry(409, 'This research item was already resolved'),
} as const;

export type ErrorCode = keyof typeof ERRORS;
export type ErrorDetails = Record<string, string | number>;

/** The English text of a code with its figures filled in: the `message` of the server's answer. */
export function errorText(code: ErrorCode, details: ErrorDetails = {}): string {
  return ERRORS[code].text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in details ? String(details[name]) : whole,
  );
}

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(ERRORS, code);
