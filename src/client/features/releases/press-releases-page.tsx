import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BarChart3,
  CalendarX,
  ClipboardCheck,
  Copy,
  FileText,
  Pencil,
  Plus,
  Search,
  Trash2,
} from 'lucide-react';
import type { PressReleaseSummary } from '../../../shared/releases';
import { releaseStatuses, type ReleaseStatus } from '../../../shared/release-statuses';
import { errorMessage } from '../../lib/api';
import { formatDate, formatNumber, isolate, translateMessage } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/document-title';
import { useCurrentUser } from '../../lib/session';
import { mayOnPlatform, useCan } from '../../lib/workspace';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { Badge, EmptyState, RowsSkeleton } from '../../ui/feedback';
import { QueryState, noItems } from '../../ui/query-state';
import { HELD_TONE, releaseTone } from '../../ui/status-tones';
import { Input, Select } from '../../ui/field';
import { Pager, pageCountOf } from '../../ui/pager';
import { useToast } from '../../ui/toast';
import { NextStepShort } from './next-step-short';
import { formatForViewer } from '../../lib/zoned-time';
import { useCancelSchedule, useDeleteRelease, useDuplicateRelease, useReleases } from './releases-api';
import { titleFor } from '../../lib/release-title';
import { ReleaseAuthor } from './release-people';
import { BrandFilter } from '../../ui/brand-filter';
import { BrandTag } from '../../ui/brand-tag';
import { useBrandParam, useBrands } from '../../lib/brands';

const PAGE_SIZE = 20;
/** PRODUCT.md §1: every release of the user (the super admin sees everyone's, with the owner's email). */
export default function PressReleasesPage() {
  // The brands texts load with the page, not when the brands arrive (which would show the spinner again).
  const { t } = useTranslation(['releases', 'brands']);
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const can = useCan();
  const [status, setStatus] = useState<ReleaseStatus | ''>('');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // The brand filter lives in the address, so a filtered list can be shared and survives a reload.
  const [brandId, setBrandParam] = useBrandParam();
  const brands = useBrands();
  const setBrand = (id: string) => {
    setBrandParam(id);
    setPage(1);
  };
  useDocumentTitle(t('list.title'));

  // SPEC §9: the search is debounced 300 ms; any filter change returns to page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const releases = useReleases({
    status: status || undefined,
    search: search || undefined,
    brandId: brandId || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const pageCount = pageCountOf(releases.data);
  const filtered = !!status || !!search || !!brandId;

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('list.title')}</h1>
          <p className="mt-1 text-slate-600">
            {mayOnPlatform(user, 'console') ? t('list.subtitleAdmin') : t('list.subtitle')}
          </p>
        </div>
        {can('write') && (
          <Button onClick={() => navigate('/editor')}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('list.new')}
          </Button>
        )}
      </header>

      {can('publish') && !filtered && (
        <AwaitingApproval status="awaiting_approval" showOwner={mayOnPlatform(user, 'console')} />
      )}
      {can('clientApprove') && !filtered && (
        <AwaitingApproval status="awaiting_client_approval" showOwner={false} />
      )}

      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            type="search"
            className="ps-9"
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </div>
        <Select
          aria-label={t('list.statusFilter')}
          className="sm:w-56"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ReleaseStatus | '');
            setPage(1);
          }}
        >
          <option value="">{t('list.allStatuses')}</option>
          {releaseStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </Select>
        <BrandFilter brands={brands.data} value={brandId} onChange={setBrand} />
      </div>

      <QueryState
        query={releases}
        loading={<RowsSkeleton rows={5} height="h-20" />}
        isEmpty={noItems}
        empty={
          <EmptyState
            icon={<FileText className="h-10 w-10" aria-hidden />}
            title={filtered ? t('list.noMatches') : t('list.empty')}
            action={
              !filtered &&
              can('write') && (
                <Button onClick={() => navigate('/editor')}>
                  <Plus className="h-4 w-4" aria-hidden />
                  {t('list.create')}
                </Button>
              )
            }
          />
        }
      >
        {(found) => (
          <>
            <p className="text-sm text-slate-500">
              {t('list.count', { count: found.total, formatted: formatNumber(found.total) })}
            </p>
            <ul className="space-y-3" aria-label={t('list.title')}>
              {found.items.map((release) => (
                <ReleaseRow key={release.id} release={release} showOwner={mayOnPlatform(user, 'console')} />
              ))}
            </ul>
            <Pager page={page} pageCount={pageCount} onPageChange={setPage} numbered />
          </>
        )}
      </QueryState>
    </main>
  );
}

/** For those who approve (the workspace's approvers, or a brand's client): the releases waiting for them, first. */
function AwaitingApproval({
  status,
  showOwner,
}: {
  status: 'awaiting_approval' | 'awaiting_client_approval';
  showOwner: boolean;
}) {
  const { t } = useTranslation(['releases', 'brands']);
  const waiting = useReleases({ status, page: 1, pageSize: 50 });
  if (!waiting.data || waiting.data.items.length === 0) return null;
  return (
    <section
      aria-labelledby={`${status}-heading`}
      className="space-y-3 rounded-xl border border-amber-200 bg-amber-50/60 p-4"
      data-testid={status === 'awaiting_client_approval' ? 'awaiting-client-approval' : 'awaiting-approval'}
    >
      <h2 id={`${status}-heading`} className="flex items-center gap-2 font-semibold text-amber-900">
        <ClipboardCheck className="h-5 w-5" aria-hidden />
        {t(status === 'awaiting_client_approval' ? 'brands:clientApproval.listTitle' : 'approval.listTitle', {
          count: waiting.data.total,
          formatted: formatNumber(waiting.data.total),
        })}
      </h2>
      <ul className="space-y-3">
        {waiting.data.items.map((release) => (
          <ReleaseRow key={release.id} release={release} showOwner={showOwner} />
        ))}
      </ul>
    </section>
  );
}

function ReleaseRow({ release, showOwner }: { release: PressReleaseSummary; showOwner: boolean }) {
  const { t, i18n } = useTranslation('releases');
  const toast = useToast();
  const navigate = useNavigate();
  const duplicate = useDuplicateRelease();
  const remove = useDeleteRelease();
  const cancel = useCancelSchedule();
  const [confirm, setConfirm] = useState<'delete' | 'cancel' | null>(null);
  const can = useCan();
  const { data: user } = useCurrentUser();
  // The scheduler holds a suspended workspace's scheduled releases until it is reactivated.
  const held = release.status === 'scheduled' && user?.workspace?.id === release.workspaceId && Boolean(user.workspace.suspended);
  const editable =
    can('write') &&
    (release.status === 'draft' || release.status === 'scheduled' || release.status === 'changes_requested');
  const openPath = editable ? `/editor/${release.id}` : `/analytics/${release.id}`;

  const when =
    release.status === 'scheduled' && release.scheduledAt
      ? t('list.scheduledFor', { when: formatForViewer(release.scheduledAt, release.timeZone) })
      : release.sentAt
        ? t('list.sentOn', { when: formatDate(release.sentAt, true) })
        : t('list.createdOn', { when: formatDate(release.createdAt) });

  const onDuplicate = () =>
    duplicate.mutate(release.id, {
      onSuccess: (copy) => {
        toast({ title: t('toasts.duplicated'), description: t('toasts.duplicatedDescription') });
        if (copy?.id) navigate(`/editor/${copy.id}`);
      },
      onError: (error) =>
        toast({
          title: t('toasts.duplicateFailed'),
          description: translateMessage(errorMessage(error)),
          variant: 'destructive',
        }),
    });
  const onDelete = () =>
    remove.mutate(release.id, {
      onSuccess: () => toast({ title: t('toasts.deleted') }),
      onError: (error) =>
        toast({
          title: t('toasts.deleteFailed'),
          description: translateMessage(errorMessage(error)),
          variant: 'destructive',
        }),
      onSettled: () => setConfirm(null),
    });
  const onCancel = () =>
    cancel.mutate(release.id, {
      onSuccess: () => toast({ title: t('toasts.cancelled'), description: t('toasts.cancelledDescription') }),
      onError: (error) =>
        toast({
          title: t('toasts.cancelFailed'),
          description: translateMessage(errorMessage(error)),
          variant: 'destructive',
        }),
      onSettled: () => setConfirm(null),
    });

  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={openPath}
              className="truncate font-semibold text-slate-900 hover:text-brand-700 hover:underline"
              dir="auto"
            >
              {titleFor(release, i18n.language)}
            </Link>
            <Badge tone={held ? HELD_TONE : releaseTone(release.status)}>{t(held ? 'status.held' : `status.${release.status}`)}</Badge>
            <Badge tone="slate">{t(`languages.${release.language}`)}</Badge>
            <NextStepShort release={release} />
            {release.embargo && !release.publishedAt && (
              <span className="text-xs font-medium text-amber-800" data-testid="embargo-note">
                {t('embargo.preview', { when: formatForViewer(release.embargo.until, release.embargo.timeZone) })}
              </span>
            )}
          </div>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
            <BrandTag brand={release.brand} />
            <ReleaseAuthor release={release} />
          </div>
          <p className="mt-1 text-xs text-slate-500">
            {when}
            {release.recipientCount > 0 &&
              ` · ${t('list.recipients', { count: release.recipientCount, formatted: formatNumber(release.recipientCount) })}`}
          </p>
          {showOwner && release.userEmail && (
            <p className="mt-1 text-xs text-slate-500">
              {t('list.by')} <span dir="ltr">{release.userEmail}</span>
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => navigate(openPath)}
            aria-label={t(editable ? 'list.editNamed' : 'list.analyticsNamed', { title: release.title })}
          >
            {editable ? (
              <Pencil className="h-4 w-4" aria-hidden />
            ) : (
              <BarChart3 className="h-4 w-4" aria-hidden />
            )}
            {editable ? t('list.edit') : t('list.analytics')}
          </Button>
          {can('write') && (
            <Button
              size="sm"
              variant="secondary"
              onClick={onDuplicate}
              loading={duplicate.isPending}
              aria-label={t('list.duplicateNamed', { title: release.title })}
            >
              {!duplicate.isPending && <Copy className="h-4 w-4" aria-hidden />}
              {t('list.duplicate')}
            </Button>
          )}
          {release.status === 'scheduled' && can('publish') && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setConfirm('cancel')}
              aria-label={t('list.cancelNamed', { title: release.title })}
            >
              <CalendarX className="h-4 w-4" aria-hidden />
              {t('list.cancelSchedule')}
            </Button>
          )}
          {release.status === 'draft' && can('write') && (
            <Button
              size="sm"
              variant="ghost"
              className="text-red-600"
              onClick={() => setConfirm('delete')}
              aria-label={t('list.deleteNamed', { title: release.title })}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
              {t('list.delete')}
            </Button>
          )}
        </div>
      </Card>
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('list.deleteTitle')}
        description={t('list.deleteText', { title: isolate(release.title) })}
        confirmLabel={t('list.delete')}
        onConfirm={onDelete}
        pending={remove.isPending}
      />
      <ConfirmDialog
        open={confirm === 'cancel'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('list.cancelTitle')}
        description={t('list.cancelText', { title: isolate(release.title) })}
        confirmLabel={t('list.cancelSchedule')}
        onConfirm={onCancel}
        pending={cancel.isPending}
      />
    </li>
  );
}
