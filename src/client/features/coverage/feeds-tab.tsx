import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPlus, Pencil, Plus, Rss, Trash2, Upload } from 'lucide-react';
import type { FeedImportResult, OutletFeed } from '../../../shared/coverage';
import { errorMessage } from '../../lib/api';
import { formatDate, formatNumber, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { Badge, EmptyState } from '../../ui/feedback';
import { noItems, QueryState } from '../../ui/query-state';
import { Notice } from '../../ui/notice';
import { Pager, pageCountOf } from '../../ui/pager';
import { useToast } from '../../ui/toast';
import { SearchField, useSearchPaging } from '../../ui/search-field';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { CountryName } from './country-name';
import { FeedFormDialog } from './feed-form-dialog';
import { useDeleteFeed, useFeeds, useImportFeeds, useImportStarterFeeds } from './coverage-api';

const STATUS_TONES = { ok: 'green', not_modified: 'blue', error: 'red', refused: 'red' } as const;

/** The super admin's outlet feeds: list, add, edit, delete and import from CSV. */
export function FeedsTab() {
  const { t } = useTranslation('coverage');
  const toast = useToast();
  const { search, onSearch, page, setPage } = useSearchPaging();
  const [editing, setEditing] = useState<OutletFeed | null | 'new'>(null);
  const [deleting, setDeleting] = useState<OutletFeed | null>(null);
  const [rejected, setRejected] = useState<FeedImportResult['errors']>([]);
  const feeds = useFeeds(useDebouncedValue(search.trim()), page);
  const remove = useDeleteFeed();
  const pageCount = pageCountOf(feeds.data);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: t('feeds.toasts.deleted'), description: deleting.outlet }),
      onError: (error) => toast({ title: t('feeds.toasts.failed'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Card>
      <CardHeader
        title={t('feeds.title')}
        description={t('feeds.description')}
        action={
          <div className="flex shrink-0 flex-wrap gap-2">
            <StarterFeedsButton />
            <ImportButton onImported={(result) => setRejected(result.errors)} />
            <Button onClick={() => setEditing('new')}>
              <Plus className="h-4 w-4" aria-hidden />
              {t('feeds.add')}
            </Button>
          </div>
        }
      />
      <CardBody className="space-y-4">
        {rejected.length > 0 && (
          <Notice tone="error" title={t('feeds.toasts.importErrors', { count: rejected.length })}>
            <ul className="space-y-1">
              {rejected.slice(0, 20).map((e) => (
                <li key={e.line}>{t('feeds.line', { line: e.line, message: translateMessage(e.message) })}</li>
              ))}
            </ul>
          </Notice>
        )}
        <SearchField
          value={search}
          onChange={onSearch}
          label={t('feeds.search')}
          placeholder={t('feeds.searchPlaceholder')}
        />
        <QueryState
          query={feeds}
          isEmpty={noItems}
          empty={<EmptyState icon={<Rss className="h-10 w-10" aria-hidden />} title={t('feeds.empty')} description={search ? undefined : t('feeds.emptyHint')} />}
        >
          {(found) => (
            <ul className="divide-y divide-slate-100" aria-label={t('feeds.title')}>
              {found.items.map((feed) => (
                <FeedRow key={feed.id} feed={feed} onEdit={() => setEditing(feed)} onDelete={() => setDeleting(feed)} />
              ))}
            </ul>
          )}
        </QueryState>
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} numbered />
      </CardBody>
      <FeedFormDialog open={editing !== null} feed={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        title={t('feeds.confirmTitle')}
        description={deleting ? t('feeds.confirmText', { outlet: deleting.outlet }) : ''}
        confirmLabel={t('feeds.delete')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}

function FeedRow({ feed, onEdit, onDelete }: { feed: OutletFeed; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('coverage');
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center" data-testid="feed-row">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <bdi>{feed.outlet}</bdi>
          {!feed.enabled && <Badge tone="amber">{t('feeds.disabled')}</Badge>}
        </p>
        <p className="truncate text-xs text-slate-500" dir="ltr">
          <span className="block truncate text-start">{feed.url}</span>
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <CountryName country={feed.country} />
          <span>{t(`feeds.languages.${feed.language}`)}</span>
          <Badge tone={feed.lastStatus ? STATUS_TONES[feed.lastStatus] : 'slate'}>{t(`feeds.status.${feed.lastStatus ?? 'never'}`)}</Badge>
          {feed.lastFetchedAt && <span>{formatDate(feed.lastFetchedAt, true)}</span>}
          <span>
            {t('feeds.columns.items')}: {formatNumber(feed.itemCount)}
          </span>
        </p>
        {feed.lastError && (
          <p className="mt-1 text-xs text-red-700" dir="ltr">
            <span className="block text-start">{feed.lastError}</span>
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={t('feeds.editFor', { outlet: feed.outlet })}>
          <Pencil className="h-4 w-4" aria-hidden />
          {t('feeds.edit')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDelete} aria-label={t('feeds.deleteFor', { outlet: feed.outlet })}>
          <Trash2 className="h-4 w-4" aria-hidden />
          {t('feeds.delete')}
        </Button>
      </div>
    </li>
  );
}

function ImportButton({ onImported }: { onImported: (result: FeedImportResult) => void }) {
  const { t } = useTranslation('coverage');
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const importFeeds = useImportFeeds();
  const onFile = (file: File | undefined) => {
    if (!file) return;
    importFeeds.mutate(file, {
      onSuccess: (answer) => {
        onImported(answer);
        toast({
          title: t('feeds.toasts.imported', { created: formatNumber(answer.created), updated: formatNumber(answer.updated) }),
          description: answer.errors.length ? t('feeds.toasts.importErrors', { count: answer.errors.length }) : undefined,
        });
      },
      onError: (error) => toast({ title: t('feeds.toasts.failed'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };
  return (
    <>
      <input ref={input} type="file" accept=".csv,text/csv" className="hidden" aria-label={t('feeds.import')} onChange={(e) => onFile(e.target.files?.[0])} />
      <Button variant="secondary" onClick={() => input.current?.click()} loading={importFeeds.isPending} title={t('feeds.importHint')}>
        <Upload className="h-4 w-4" aria-hidden />
        {t('feeds.import')}
      </Button>
    </>
  );
}

/** One step to the curated MENA outlet feeds shipped with Nashr; those already listed stay as they are. */
function StarterFeedsButton() {
  const { t } = useTranslation('coverage');
  const toast = useToast();
  const starter = useImportStarterFeeds();
  const onClick = () =>
    starter.mutate(undefined, {
      onSuccess: (answer) => toast({ title: t('feeds.toasts.starterAdded', { added: formatNumber(answer.added), skipped: formatNumber(answer.skipped) }) }),
      onError: (error) => toast({ title: t('feeds.toasts.failed'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
    });
  return (
    <Button variant="secondary" onClick={onClick} loading={starter.isPending} title={t('feeds.starterHint')}>
      <ListPlus className="h-4 w-4" aria-hidden />
      {t('feeds.starter')}
    </Button>
  );
}
