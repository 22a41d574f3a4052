import { MOVING_STATUSES, type ReleaseStatus } from '../../shared/release-statuses';

/**
 * A release's numbers move while it sends and for days after, as journalists open, click and download:
 * polled every 3 s while sending, every 5 s for 48 hours after the send, then not.
 * React Query polls only while the tab is visible.
 */
export const LIVE_REFRESH_MS = 3000;
export const AFTER_SEND_REFRESH_MS = 5000;
/** A release waiting for a decision or its send time: asked often enough to show an approval within seconds. */
export const WAITING_REFRESH_MS = 5000;
/** A draft or a returned release moves only when someone acts on it: asked less often, but followed. */
export const OPEN_REFRESH_MS = 10_000;
const AFTER_SEND_WINDOW_MS = 48 * 3_600_000;
/** What the polling reads of a release. */
export type LiveState = { status?: ReleaseStatus; sentAt?: string | null; heldBySuspension?: boolean } | undefined;
/** Not final: someone may still write, submit, approve, return, send or withdraw it. */
const OPEN_STATUSES: readonly ReleaseStatus[] = ['draft', 'changes_requested'];

export function liveInterval(release: LiveState, now = Date.now()): number | false {
  if (release?.status === 'sending') return LIVE_REFRESH_MS;
  if (release?.status && MOVING_STATUSES.includes(release.status)) return WAITING_REFRESH_MS;
  if (release?.sentAt && now - Date.parse(release.sentAt) < AFTER_SEND_WINDOW_MS) return AFTER_SEND_REFRESH_MS;
  return false;
}

/**
 * How often a release's state is asked for: as its figures while it moves, and while it is a draft, waits
 * for its writers' changes or is held by its workspace's suspension (another person may move it).
 */
export function stateInterval(release: LiveState, now = Date.now()): number | false {
  const live = liveInterval(release, now);
  if (live !== false) return live;
  if (release?.heldBySuspension || (release?.status && OPEN_STATUSES.includes(release.status))) return OPEN_REFRESH_MS;
  return false;
}

/**
 * A list of releases follows its liveliest one; `idle` when none moves. `statesOnly`: a list that shows
 * states, not figures, stops once every release has reached a final state (a sent one's figures do not
 * show there).
 */
export function listInterval(releases: LiveState[] | undefined, idle: number | false = false, statesOnly = false): number | false {
  const followed = (releases ?? []).filter(
    (r) => !statesOnly || (r?.status && (MOVING_STATUSES.includes(r.status) || OPEN_STATUSES.includes(r.status))),
  );
  const intervals = followed
    .map((r) => (statesOnly ? stateInterval(r) : liveInterval(r)))
    .filter((n): n is number => n !== false);
  return intervals.length ? Math.min(...intervals) : idle;
}
