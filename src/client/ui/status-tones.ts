import type { RecipientStatus, ReleaseStatus } from '../../shared/releases';
import type { Tone } from './feedback';

/**
 * A release's state as a badge's colour, the same on every page that shows it (the releases list, the
 * release page, the review page, the dashboard, the console's customer): waiting on someone or on its way amber,
 * scheduled blue, gone out green, refused or failed red.
 */
const RELEASE_TONES: Record<ReleaseStatus, Tone> = {
  draft: 'slate',
  awaiting_approval: 'amber',
  awaiting_client_approval: 'amber',
  in_review: 'amber',
  changes_requested: 'amber',
  rejected: 'red',
  scheduled: 'blue',
  sending: 'amber',
  sent: 'green',
  failed: 'red',
  cancelled: 'slate',
};

/** One delivery's state (the release page's recipients, the console's delivery log): a complaint counts as a failure. */
const DELIVERY_TONES: Record<RecipientStatus, Tone> = {
  queued: 'slate',
  sending: 'amber',
  sent: 'green',
  bounced: 'red',
  complained: 'red',
  failed: 'red',
};

const releaseTones = new Map<string, Tone>(Object.entries(RELEASE_TONES));
const deliveryTones = new Map<string, Tone>(Object.entries(DELIVERY_TONES));

/** The console's answers type a status as text: one this client does not know is slate. */
export const releaseTone = (status: string): Tone => releaseTones.get(status) ?? 'slate';
export const deliveryTone = (status: string): Tone => deliveryTones.get(status) ?? 'slate';

/** A scheduled release of a suspended workspace, held until it is lifted (the releases list, the console's customer): it waits. */
export const HELD_TONE: Tone = 'amber';
