import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import type { PressRelease } from '../../../shared/releases';
import { WITHDRAWABLE_STATUSES, type ReleaseStatus } from '../../../shared/release-statuses';
import { REVIEW_TARGET_MINUTES } from '../../../shared/review-target';
import { formatForViewer } from '../../lib/zoned-time';
import { useCan } from '../../lib/workspace';
import { useIsAuthor, WithdrawButton } from './review-status';
import { useGatesText, useIsClientSeat } from './lifecycle-words';

/** The sentence saying what happens next to a release in this state, in the reader's language. */
export function useNextStepText() {
  const { t } = useTranslation('releases');
  return (release: Pick<PressRelease, 'status' | 'scheduledAt' | 'timeZone'>): string => {
    const when = release.scheduledAt ? formatForViewer(release.scheduledAt, release.timeZone, 'long') : '';
    if (
      release.status === 'in_review' &&
      release.scheduledAt &&
      Date.parse(release.scheduledAt) > Date.now()
    ) {
      return t('next.in_review_scheduled', { when });
    }
    return t(`next.${release.status}`, { minutes: REVIEW_TARGET_MINUTES, when });
  };
}

/** Statuses whose page names the gates still ahead (in review, the editor's line says it already). */
const GATED: readonly ReleaseStatus[] = ['draft', 'changes_requested', 'awaiting_approval', 'awaiting_client_approval'];
/** Statuses a client seat and a reader who writes nothing are told in words of their own. */
const CLIENT_SEAT_TEXTS: readonly ReleaseStatus[] = ['draft', 'awaiting_approval', 'in_review', 'scheduled'];
const READ_ONLY_TEXTS: readonly ReleaseStatus[] = ['draft', 'scheduled'];

/** The release page's sentence for this reader: a client seat never reads of withdrawing or editing. */
function usePageStepText() {
  const { t } = useTranslation('lifecycle');
  const teamText = useNextStepText();
  const clientSeat = useIsClientSeat();
  const can = useCan();
  return (release: PressRelease): string => {
    const { status } = release;
    const when = release.scheduledAt ? formatForViewer(release.scheduledAt, release.timeZone, 'long') : '';
    const future = !!release.scheduledAt && Date.parse(release.scheduledAt) > Date.now();
    if (status === 'changes_requested' && release.returned) {
      return t(`returned.next.${clientSeat ? 'clientSeat' : can('write') ? release.returned.source : 'readOnly'}`);
    }
    if (clientSeat && CLIENT_SEAT_TEXTS.includes(status)) {
      const key = status === 'in_review' && future ? 'in_review_scheduled' : status;
      return t(`next.clientSeat.${key}`, { minutes: REVIEW_TARGET_MINUTES, when });
    }
    if (!can('write') && READ_ONLY_TEXTS.includes(status)) return t(`next.readOnly.${status}`, { when });
    if (status === 'awaiting_approval' || status === 'awaiting_client_approval') return t(`next.${status}`);
    return teamText(release);
  };
}

/**
 * The release page's answer to "what now?": the next step in words, the gates still ahead ("then
 * ⁨Riyadh Dates⁩ approves it, then Nashr's editor checks it"), and what the reader can do about it
 * (withdraw while someone else decides, edit when it is a draft or changes are asked; never a client
 * seat, which edits nothing). It follows the page's polling.
 */
export function NextStep({ release }: { release: PressRelease }) {
  const { t } = useTranslation(['releases', 'lifecycle']);
  const text = usePageStepText()(release);
  const gates = useGatesText();
  const author = useIsAuthor(release);
  const clientSeat = useIsClientSeat();
  const can = useCan();
  const waiting =
    release.status === 'in_review' ||
    release.status === 'awaiting_approval' ||
    release.status === 'awaiting_client_approval';
  // Only its author takes a release back; anyone who writes may open a draft or a returned release.
  const action = waiting ? author && !clientSeat : can('write');
  // A client seat's own Send does not exist: the gates a draft would meet are the agency's to read.
  const ahead = GATED.includes(release.status) && !(clientSeat && !waiting) ? gates(release.gatesAhead, release.brand) : '';
  return (
    <section
      aria-labelledby="next-step-title"
      role="status"
      className="no-print rounded-lg border border-brand-100 bg-brand-50/60 px-4 py-3 text-sm text-slate-800"
      data-testid="next-step"
    >
      <h2 id="next-step-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <Info className="h-4 w-4 text-brand-700" aria-hidden />
        {t('next.title')}
      </h2>
      <p className="mt-1" data-status={release.status}>
        {text}
      </p>
      {ahead && (
        <p className="mt-1" data-testid="gates-ahead">
          {ahead}
        </p>
      )}
      {release.embargo && !release.publishedAt && (
        <p className="mt-1 font-medium text-amber-900" data-testid="embargo-note">
          {t('embargo.preview', { when: formatForViewer(release.embargo.until, release.embargo.timeZone, 'long') })}
        </p>
      )}
      {action && (WITHDRAWABLE_STATUSES.includes(release.status) || release.status === 'draft') && (
        <div className="mt-3 flex flex-wrap gap-2">
          {waiting ? (
            <WithdrawButton id={release.id} />
          ) : (
            <Link
              to={`/editor/${release.id}`}
              className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-50"
            >
              {release.status === 'draft' ? t('next.openEditor') : t('lifecycle:returned.edit')}
            </Link>
          )}
        </div>
      )}
    </section>
  );
}
