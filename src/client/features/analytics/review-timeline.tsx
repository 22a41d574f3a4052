import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PressRelease } from '../../../shared/releases';
import { formatDate } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';

type Step = { key: string; label: string; when: string | null; detail?: string | null };

/**
 * The road of a release to its readers: submitted, the editor's decision (by whom, with their words),
 * the first and the latest message the relay accepted. Refreshed with the page while it is live.
 */
export function ReviewTimeline({ release }: { release: PressRelease }) {
  const { t } = useTranslation('analytics');
  const review = release.review;
  if (!review && !release.firstAcceptedAt) return null;
  const steps: Step[] = [];
  if (review) {
    steps.push({ key: 'submitted', label: t('timeline.submitted'), when: review.submittedAt });
    if (review.decision) {
      steps.push({
        key: 'decision',
        label: t(`timeline.${review.decision}`, { who: review.decidedBy ?? '' }),
        when: review.decidedAt,
        detail: review.comment,
      });
    } else {
      steps.push({ key: 'waiting', label: t('timeline.waiting'), when: null });
    }
  }
  if (release.firstAcceptedAt) steps.push({ key: 'first', label: t('timeline.firstAccepted'), when: release.firstAcceptedAt });
  if (release.lastAcceptedAt && release.lastAcceptedAt !== release.firstAcceptedAt) {
    steps.push({ key: 'last', label: t('timeline.lastAccepted'), when: release.lastAcceptedAt });
  }
  return (
    <Card>
      <CardHeader
        title={t('timeline.title')}
        action={
          release.status === 'changes_requested' ? (
            <Link to={`/editor/${release.id}`} className="text-sm font-medium text-brand-700 hover:underline">
              {t('timeline.editAndResubmit')}
            </Link>
          ) : undefined
        }
      />
      <CardBody>
        <ol className="space-y-3 border-s-2 border-slate-200 ps-4" data-testid="review-timeline">
          {steps.map((step) => (
            <li key={step.key} className="relative">
              <span className="absolute -start-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full bg-brand-600" aria-hidden />
              <p className="text-sm font-medium text-slate-900">{step.label}</p>
              {step.when && <p className="text-xs text-slate-500">{formatDate(step.when, true)}</p>}
              {step.detail && (
                <p className="mt-1 whitespace-pre-line rounded-md bg-slate-50 p-2 text-sm text-slate-700" dir="auto">
                  {step.detail}
                </p>
              )}
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}
