import { useTranslation } from 'react-i18next';
import type { PressRelease, ReleaseStatus, ReleaseStep, ReleaseStepKind } from '../../../shared/releases';
import { REVIEW_TARGET_MINUTES } from '../../../shared/review-target';
import { formatForViewer } from '../../lib/zoned-time';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { cn } from '../../ui/cn';
import { IsolatedText } from '../../ui/isolated-text';
import { useStepActor } from './lifecycle-words';

/** Steps that stop a release or send it back, and those that let it on: their dots say so. */
const SETBACKS: readonly ReleaseStepKind[] = ['returned', 'client_returned', 'changes_requested', 'withdrawn', 'unscheduled', 'held'];
const FAILURES: readonly ReleaseStepKind[] = ['rejected', 'failed'];
const PASSES: readonly ReleaseStepKind[] = ['approved', 'client_approved', 'review_approved', 'sent', 'embargo_lifted'];
/** While it waits for someone (or its time), the timeline ends with who or what it waits for. */
const WAITING: readonly ReleaseStatus[] = ['awaiting_approval', 'awaiting_client_approval', 'in_review', 'changes_requested', 'scheduled'];

const dotTone = (kind: ReleaseStepKind) =>
  FAILURES.includes(kind) ? 'bg-red-600' : SETBACKS.includes(kind) ? 'bg-amber-500' : PASSES.includes(kind) ? 'bg-emerald-600' : 'bg-brand-600';

/**
 * The road of a release to its readers, every round of it (decision 026): each step — what, who in which
 * role, their words, when in the reader's zone — oldest first, a new round after each return ("Round 2"),
 * and what it waits for now. Refreshed with the page while the release is not final.
 */
export function ReleaseTimeline({ release }: { release: PressRelease }) {
  const { t } = useTranslation('lifecycle');
  const steps = release.timeline;
  // A release older than the timeline has no steps to show; a draft has had none yet.
  if (!steps.length && release.status !== 'draft') return null;
  const rounds = [...new Set(steps.map((s) => s.round))];
  const waiting = WAITING.includes(release.status)
    ? t(`timeline.waiting.${release.status}`, {
        minutes: REVIEW_TARGET_MINUTES,
        when: release.scheduledAt ? formatForViewer(release.scheduledAt, release.timeZone) : '',
      })
    : null;
  return (
    <Card>
      <CardHeader title={t('timeline.title')} />
      <CardBody>
        {!steps.length ? (
          <p className="text-sm text-slate-500">{t('timeline.empty')}</p>
        ) : (
          <div className="space-y-4" data-testid="release-timeline">
            {rounds.map((round) => (
              <section key={round} aria-label={rounds.length > 1 ? t('timeline.round', { n: round }) : undefined}>
                {rounds.length > 1 && (
                  <h3 className="mb-2 flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-slate-500" data-testid="timeline-round">
                    <span>{t('timeline.round', { n: round })}</span>
                    <span className="h-px flex-1 bg-slate-200" aria-hidden />
                  </h3>
                )}
                <ol className="space-y-3 border-s-2 border-slate-200 ps-4">
                  {steps
                    .filter((s) => s.round === round)
                    .map((step, i) => (
                      <TimelineStep key={`${step.at}-${i}`} step={step} />
                    ))}
                  {waiting && round === rounds[rounds.length - 1] && (
                    <li className="relative" data-testid="timeline-waiting">
                      <span
                        className="absolute -start-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full border-2 border-slate-400 bg-white"
                        aria-hidden
                      />
                      <p className="text-sm italic text-slate-600">{waiting}</p>
                    </li>
                  )}
                </ol>
              </section>
            ))}
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function TimelineStep({ step }: { step: ReleaseStep }) {
  const { t } = useTranslation('lifecycle');
  const actor = useStepActor();
  return (
    <li className="relative" data-testid="timeline-step" data-kind={step.kind}>
      <span className={cn('absolute -start-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full', dotTone(step.kind))} aria-hidden />
      <p className="text-sm font-medium text-slate-900">{t(`timeline.steps.${step.kind}`)}</p>
      <p className="text-xs text-slate-500">
        {step.by && (
          <>
            <span data-testid="timeline-by">
              <IsolatedText text={actor(step.by)} />
            </span>
            {' · '}
          </>
        )}
        <time dateTime={step.at}>{formatForViewer(step.at, null)}</time>
      </p>
      {step.comment && (
        <p className="mt-1 whitespace-pre-line rounded-md bg-slate-50 p-2 text-sm text-slate-700" dir="auto">
          {step.comment}
        </p>
      )}
    </li>
  );
}
