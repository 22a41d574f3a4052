import { useState } from 'react';
import { Link } from 'react-router';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Clock, Eye, XCircle } from 'lucide-react';
import type { PressRelease } from '../../../shared/releases';
import { errorMessage } from '../../lib/api';
import { formatDate, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { useCurrentUser } from '../../lib/session';
import { useCan } from '../../lib/workspace';
import { useWithdrawRelease } from './releases-api';
import { useIsClientSeat } from './lifecycle-words';

/**
 * A release an editor holds: waiting for review (it can be withdrawn back to a draft) or not approved
 * (with the editor's reason). Shown in place of the editor, which cannot change either.
 */
export function ReviewLock({ release }: { release: PressRelease }) {
  const { t } = useTranslation(['releases', 'brands']);
  const navigate = useNavigate();
  const rejected = release.status === 'rejected';
  const awaiting = release.status === 'awaiting_approval';
  const withClient = release.status === 'awaiting_client_approval';
  const mayWithdraw = useIsAuthor(release);
  const can = useCan();
  const Icon = rejected ? XCircle : Clock;
  return (
    <main className="mx-auto max-w-2xl px-4 py-12">
      <Card className="p-8 text-center">
        <Icon
          className={rejected ? 'mx-auto h-10 w-10 text-red-600' : 'mx-auto h-10 w-10 text-amber-600'}
          aria-hidden
        />
        <h1 className="mt-4 text-xl font-bold text-slate-900">
          {t(
            rejected
              ? 'review.rejectedTitle'
              : awaiting
                ? 'approval.awaitingTitle'
                : withClient
                  ? 'brands:clientApproval.lockTitle'
                  : 'review.inReviewTitle',
          )}
        </h1>
        <p className="mt-2 text-slate-600" dir="auto">
          {release.title}
        </p>
        {rejected ? (
          <EditorWords label={t('review.reason')} words={release.review?.comment} />
        ) : awaiting ? (
          <p className="mt-2 text-slate-600">
            {t(can('publish') ? 'approval.awaitingApproverText' : 'approval.awaitingText')}
          </p>
        ) : withClient ? (
          <p className="mt-2 text-slate-600">{t('brands:clientApproval.lockText')}</p>
        ) : (
          <p className="mt-2 text-slate-600">
            {t('review.inReviewText', {
              when: release.review ? formatDate(release.review.submittedAt, true) : '',
            })}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button variant="secondary" onClick={() => navigate('/press-releases')}>
            <ArrowLeft className="flip-rtl h-4 w-4" aria-hidden />
            {t('lock.back')}
          </Button>
          {(withClient || (awaiting && can('publish'))) && (
            <Link
              to={`/analytics/${release.id}`}
              className="inline-flex h-10 items-center gap-2 rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
            >
              <Eye className="h-4 w-4" aria-hidden />
              {t(withClient ? 'brands:clientApproval.openPage' : 'approval.open')}
            </Link>
          )}
          {!rejected && mayWithdraw && <WithdrawButton id={release.id} />}
        </div>
      </Card>
    </main>
  );
}

function EditorWords({ label, words }: { label: string; words: string | null | undefined }) {
  if (!words) return null;
  return (
    <blockquote className="mt-2 rounded-md bg-white/70 p-3 text-start text-slate-800">
      <p className="text-xs font-semibold text-slate-500">{label}</p>
      <p className="mt-1 whitespace-pre-line" dir="auto">
        {words}
      </p>
    </blockquote>
  );
}

/** Asks first; once withdrawn the release opens in the editor as a draft. */
export function WithdrawButton({ id }: { id: string }) {
  const { t } = useTranslation('releases');
  const toast = useToast();
  const navigate = useNavigate();
  const withdraw = useWithdrawRelease();
  const [asking, setAsking] = useState(false);
  // Awaited: the refetch after withdrawing replaces this page, and callbacks would not outlive it.
  const confirm = async () => {
    try {
      await withdraw.mutateAsync(id);
      toast({ title: t('review.withdrawn'), description: t('review.withdrawnText') });
      setAsking(false);
      navigate(`/editor/${id}`, { replace: true });
    } catch (error) {
      setAsking(false);
      toast({
        title: t('review.withdrawFailed'),
        description: translateMessage(errorMessage(error)),
        variant: 'destructive',
      });
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('review.withdraw')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('review.withdrawTitle')}
        description={t('review.withdrawText')}
        confirmLabel={t('review.withdraw')}
        pending={withdraw.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}

/**
 * Whether the signed-in person wrote this release (only its author withdraws it). A release without a
 * named author (before workspaces) is its owner's, who is the only one to see it there.
 */
export function useIsAuthor(release: Pick<PressRelease, 'author'>): boolean {
  const { data: user } = useCurrentUser();
  const author = release.author;
  return !author || author.id === user?.id;
}

/** In place of the editor for a member whose role writes nothing (a viewer). */
export function RoleLock({ releaseId }: { releaseId?: string }) {
  const { t } = useTranslation('releases');
  const navigate = useNavigate();
  const clientSeat = useIsClientSeat();
  return (
    <main className="mx-auto max-w-2xl px-4 py-12">
      <Card className="p-8 text-center" data-testid="role-lock">
        <Eye className="mx-auto h-10 w-10 text-slate-500" aria-hidden />
        {/* A client seat is the brand's approver, not a viewer: it is told what it does here. */}
        <h1 className="mt-4 text-xl font-bold text-slate-900">{t(clientSeat ? 'approval.clientLockTitle' : 'approval.viewerTitle')}</h1>
        <p className="mt-2 text-slate-600">{t(clientSeat ? 'approval.clientLockText' : 'approval.viewerText')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button
            variant="secondary"
            onClick={() => navigate(releaseId ? `/analytics/${releaseId}` : '/press-releases')}
          >
            <ArrowLeft className="flip-rtl h-4 w-4" aria-hidden />
            {t('lock.back')}
          </Button>
        </div>
      </Card>
    </main>
  );
}
