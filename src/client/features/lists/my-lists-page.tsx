import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarDays, Eye, ListChecks, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserList } from '../../../shared/lists';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, formatNumber, isolate, translateMessage } from '../../lib/i18n';
import { useCan } from '../../lib/workspace';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { EmptyState, Skeleton } from '../../ui/feedback';
import { QueryState, noEntries } from '../../ui/query-state';
import { useToast } from '../../ui/toast';
import { ListFormDialog } from './list-form-dialog';
import { ListViewDialog } from './list-view-dialog';
import { useDeleteList } from './lists-api';
import { useUserLists } from '../../lib/user-lists';

/** /my-lists (SPEC §2 "My Lists"). */
export default function MyListsPage() {
  const { t } = useTranslation('lists');
  const writes = useCan()('write');
  useDocumentTitle(t('title'));
  const lists = useUserLists();
  const [form, setForm] = useState<{ list: UserList | null } | null>(null);
  const [viewing, setViewing] = useState<UserList | null>(null);
  const [toDelete, setToDelete] = useState<UserList | null>(null);

  // /my-lists?list={id} (the link of the add-to-list toast) opens that list, once.
  const [params, setParams] = useSearchParams();
  const linked = params.get('list');
  useEffect(() => {
    if (!linked || !lists.data) return;
    const found = lists.data.find((l) => l.id === linked);
    if (found) setViewing(found);
    setParams({}, { replace: true });
  }, [linked, lists.data, setParams]);

  // The View dialog follows the list's latest name and count after edits elsewhere.
  const viewed = viewing ? (lists.data?.find((l) => l.id === viewing.id) ?? viewing) : null;

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
        </div>
        {writes && (
          <Button onClick={() => setForm({ list: null })}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('actions.createList')}
          </Button>
        )}
      </header>

      <QueryState
        query={lists}
        loading={
          <div
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
            aria-hidden
            data-testid="lists-skeleton"
          >
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
                <Skeleton className="h-6 w-1/2" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-9 w-full" />
              </div>
            ))}
          </div>
        }
        isEmpty={noEntries}
        empty={
          <EmptyState
            icon={<ListChecks className="h-10 w-10" aria-hidden />}
            title={t('empty.title')}
            description={t('empty.description')}
            action={
              writes && (
                <Button onClick={() => setForm({ list: null })}>
                  <Plus className="h-4 w-4" aria-hidden />
                  {t('actions.createList')}
                </Button>
              )
            }
          />
        }
      >
        {(found) => (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {found.map((list) => (
              <ListCard
                key={list.id}
                list={list}
                onView={() => setViewing(list)}
                onEdit={writes ? () => setForm({ list }) : undefined}
                onDelete={writes ? () => setToDelete(list) : undefined}
              />
            ))}
          </div>
        )}
      </QueryState>

      <ListFormDialog open={form !== null} list={form?.list ?? null} onClose={() => setForm(null)} />
      <ListViewDialog list={viewed} onClose={() => setViewing(null)} />
      <DeleteListDialog list={toDelete} onClose={() => setToDelete(null)} />
    </main>
  );
}

function ListCard({
  list,
  onView,
  onEdit,
  onDelete,
}: {
  list: UserList;
  onView: () => void;
  /** Absent for a member whose role changes no lists (a viewer). */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation('lists');
  return (
    <article
      aria-label={list.name}
      data-testid="list-card"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold text-slate-900" dir="auto">
          {list.name}
        </h2>
        {onEdit && onDelete && (
        <div className="flex shrink-0 gap-1">
          <button
            type="button"
            onClick={onEdit}
            aria-label={t('card.edit', { name: list.name })}
            className="rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-brand-700"
          >
            <Pencil className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            onClick={onDelete}
            aria-label={t('card.delete', { name: list.name })}
            className="rounded p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-600"
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </button>
        </div>
        )}
      </div>
      <p className="line-clamp-2 min-h-[2.5rem] text-sm text-slate-600" dir={list.description ? 'auto' : undefined}>
        {list.description || <span className="text-slate-500">{t('card.noDescription')}</span>}
      </p>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <span className="flex items-center gap-1.5" data-testid="list-count">
          <Users className="h-4 w-4 text-slate-400" aria-hidden />
          {t('card.contacts', { count: list.contactCount, n: formatNumber(list.contactCount) })}
        </span>
        <span className="flex items-center gap-1.5">
          <CalendarDays className="h-4 w-4 text-slate-400" aria-hidden />
          {t('card.created', { date: formatDate(list.createdAt) })}
        </span>
      </div>
      <Button variant="secondary" className="mt-auto w-full" onClick={onView}>
        <Eye className="h-4 w-4" aria-hidden />
        {t('actions.view')}
      </Button>
    </article>
  );
}

function DeleteListDialog({ list, onClose }: { list: UserList | null; onClose: () => void }) {
  const { t } = useTranslation('lists');
  const toast = useToast();
  const remove = useDeleteList();
  const confirm = async () => {
    if (!list) return;
    try {
      await remove.mutateAsync(list.id);
      toast({ title: t('toast.deleted') });
      onClose();
    } catch (error) {
      toast({
        title: t('toast.deleteFailed'),
        description: translateMessage(errorMessage(error)),
        variant: 'destructive',
      });
    }
  };
  return (
    <ConfirmDialog
      open={list !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={t('delete.title')}
      description={t('delete.description', { name: isolate(list?.name ?? '') })}
      confirmLabel={remove.isPending ? t('actions.deleting') : t('actions.delete')}
      onConfirm={confirm}
      pending={remove.isPending}
    />
  );
}
