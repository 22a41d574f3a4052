import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageSquareWarning, PauseCircle } from 'lucide-react';
import type { PressRelease } from '../../../shared/releases';
import { useCan } from '../../lib/workspace';
import { formatForViewer } from '../../lib/zoned-time';
import { useIsClientSeat, useStepActor } from './lifecycle-words';

/**
 * A release sent back for changes (by the workspace's approver, the brand's client or Nashr's editor):
 * "Changes requested by ⁨Sara Haddad⁩ (Client)", their comment and what happens now, for everyone who
 * sees it, until it is sent again. `children`: what the reader can do about it (edit, withdraw);
 * `withNext: false` where another section says what happens now (the release page's next step).
 */
export function ReturnedNotice({
  release,
  withNext = true,
  children,
}: {
  release: PressRelease;
  withNext?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('lifecycle');
  const actor = useStepActor();
  const clientSeat = useIsClientSeat();
  const can = useCan();
  const returned = release.returned;
  if (release.status !== 'changes_requested' || !returned) return null;
  const next = clientSeat ? 'clientSeat' : can('write') ? returned.source : 'readOnly';
  return (
    <section
      role="note"
      aria-labelledby="returned-notice-title"
      className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="returned-notice"
      data-source={returned.source}
    >
      <h2 id="returned-notice-title" className="flex items-center gap-2 font-semibold">
        <MessageSquareWarning className="h-4 w-4 shrink-0" aria-hidden />
        {returned.by
          ? t('returned.title', { who: actor(returned.by) })
          : t('returned.titleUnnamed')}
      </h2>
      <p className="mt-0.5 text-xs text-amber-800">{t('returned.on', { when: formatForViewer(returned.at, null) })}</p>
      {returned.comment && (
        <blockquote className="mt-2 rounded-md bg-white/70 p-3 text-start text-slate-800">
          <p className="text-xs font-semibold text-slate-500">{t('returned.says')}</p>
          <p className="mt-1 whitespace-pre-line" dir="auto" data-testid="returned-comment">
            {returned.comment}
          </p>
        </blockquote>
      )}
      {withNext && <p className="mt-2">{t(`returned.next.${next}`)}</p>}
      {children && <div className="mt-3 flex flex-wrap gap-2">{children}</div>}
    </section>
  );
}

/** Its workspace is suspended: nothing of the release moves until a super admin reactivates it. */
export function HeldNotice({ release }: { release: Pick<PressRelease, 'heldBySuspension'> }) {
  const { t } = useTranslation('lifecycle');
  if (!release.heldBySuspension) return null;
  return (
    <section
      role="status"
      aria-labelledby="held-notice-title"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
      data-testid="held-notice"
    >
      <h2 id="held-notice-title" className="flex items-center gap-2 font-semibold">
        <PauseCircle className="h-4 w-4 shrink-0" aria-hidden />
        {t('held.title')}
      </h2>
      <p className="mt-1">{t('held.text')}</p>
    </section>
  );
}
