import { useEffect, useMemo, useState } from 'react';
import { FileUp, ListPlus, SlidersHorizontal, Trash2, UserPlus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BULK_IDS_MAX, CONTACT_PAGE_SIZE, type Contact, type ContactFilter, type Interpretation } from '../../../shared/contacts';
import { useDocumentTitle } from '../../lib/document-title';
import { formatNumber, isolate } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { mayOnPlatform, useCan, workspaceOf } from '../../lib/workspace';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { EmptyState, Skeleton } from '../../ui/feedback';
import { QueryState, noItems } from '../../ui/query-state';
import { Pager } from '../../ui/pager';
import { useToast } from '../../ui/toast';
import { cn } from '../../ui/cn';
import { AddToListDialog } from './add-to-list-dialog';
import { ContactCard } from './contact-card';
import { ContactDetailDialog } from './contact-detail-dialog';
import { ContactFormDialog } from './contact-form-dialog';
import {
  idsMatching,
  useBulkDeleteContacts,
  useContactFacets,
  useContactSearch,
  useDeleteContact,
} from './contacts-api';
import { countText, fullName } from './contacts-text';
import { valueLabel } from '../../lib/value-label';
import { placesOf, topicsOf } from './search-reading';
import { FilterChips } from './filter-chips';
import { FilterPanel, SearchBox } from './filter-panel';
import { SearchReadings } from './search-readings';
import { SearchBreadth } from './search-breadth';
import { ImportDialog } from './import-dialog';
import { MaskedNotice } from './masked-notice';
import { isSelected, noSelection, selectionSize, toggleContact, type Selection } from './selection';
import { useFailureToast } from './use-failure-toast';
import { isFilterActive, sameFilter, useContactFilters } from './use-contact-filters';

/** /contacts-new and /contacts: the Journalists Database (SPEC §2 "Contact management"). */
export default function ContactsPage() {
  const { t } = useTranslation('contacts');
  useDocumentTitle(t('title'));
  const { data: user } = useCurrentUser();
  const admin = mayOnPlatform(user, 'console');
  // The server says whether this workspace sees addresses (its paid status); a super admin outside any workspace does.
  const workspace = workspaceOf(user);
  const can = useCan();
  const canViewEmails = workspace ? workspace.canViewEmails : admin;

  const filters = useContactFilters();
  const { filter, page } = filters;
  const search = useContactSearch(filter, page);
  const facets = useContactFacets(filter);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const [selection, setSelection] = useState<Selection>(noSelection);
  const [addOne, setAddOne] = useState<Selection | null>(null);
  const [detail, setDetail] = useState<Contact | null>(null);
  const [addOpen, setAddOpen] = useState(false);
  const [formState, setFormState] = useState<{ contact: Contact | null } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Contact | null>(null);
  const [bulkDeleteOpen, setBulkDeleteOpen] = useState(false);

  // "Select all" means all matches of the filter it was chosen under; another filter ends it.
  useEffect(() => {
    setSelection((current) =>
      current.mode === 'filter' && !sameFilter(current.filter, filter) ? noSelection : current,
    );
  }, [filter]);

  const data = search.data;
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CONTACT_PAGE_SIZE));
  const items = useMemo(() => data?.items ?? [], [data]);
  const visibleIds = useMemo(() => items.map((c) => c.id), [items]);
  const selectedCount = selectionSize(selection);
  const masked = !canViewEmails || items.some((c) => c.masked);

  // A shared link or a deletion can leave the page past the end.
  const { setPage } = filters;
  useEffect(() => {
    if (data && !search.isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [data, search.isPlaceholderData, page, pageCount, setPage]);

  // The places a word of the search applied show in the Country and City menus as chosen.
  const implied = useMemo(() => {
    const places = placesOf(data?.interpreted);
    return { country: [...new Set(places.map((p) => p.country))], city: [...new Set(places.flatMap((p) => (p.city ? [p.city] : [])))] };
  }, [data?.interpreted]);

  const allSelected = selection.mode === 'filter' && total > 0;
  const toggleAll = () => setSelection(allSelected ? noSelection : { mode: 'filter', filter, total });

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
        </div>
        {admin && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setImportOpen(true)}>
              <FileUp className="h-4 w-4" aria-hidden />
              {t('actions.importCsv')}
            </Button>
            <Button onClick={() => setFormState({ contact: null })}>
              <UserPlus className="h-4 w-4" aria-hidden />
              {t('actions.addContact')}
            </Button>
          </div>
        )}
      </header>

      <div className="flex flex-col gap-6 lg:flex-row">
        <aside className="lg:w-72 lg:shrink-0" aria-label={t('filters.title')}>
          {/* The search stays in view on a phone; only the other filters fold away behind the button. */}
          <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-20">
            <h2 className="mb-4 hidden text-sm font-semibold uppercase tracking-wide text-slate-500 lg:block">
              {t('filters.title')}
            </h2>
            <SearchBox value={filter.search} onSearch={filters.setSearch} searchesEmail={canViewEmails} />
            <Button
              variant="secondary"
              className="mt-3 w-full lg:hidden"
              aria-expanded={filtersOpen}
              aria-controls="contact-filters"
              onClick={() => setFiltersOpen((o) => !o)}
            >
              <SlidersHorizontal className="h-4 w-4" aria-hidden />
              {filtersOpen ? t('filters.hide') : t('filters.show')}
            </Button>
            <div id="contact-filters" className={cn('mt-4 lg:block', !filtersOpen && 'hidden')}>
              <FilterPanel
                filter={filter}
                facets={facets.data}
                implied={implied}
                onValues={filters.setValues}
                onLanguage={filters.setLanguage}
              />
            </div>
          </div>
        </aside>

        <section className="min-w-0 flex-1 space-y-4" aria-labelledby="contacts-count">
          <FilterChips
            filter={filter}
            interpreted={data?.interpreted}
            onSearch={filters.setSearch}
            onRemoveValue={filters.removeValue}
            onLanguage={filters.setLanguage}
            onClearAll={filters.clearAll}
          />
          {masked && <MaskedNotice />}

          <CountLine
            id="contacts-count"
            filter={filter}
            total={data?.total}
            overallTotal={data?.overallTotal}
            interpreted={data?.interpreted}
          />
          <SearchBreadth city={data?.cityBreadth} related={data?.relatedBreadth} onRelated={filters.setRelated} />
          <SearchReadings matchedAs={data?.matchedAs} suggestions={data?.suggestions} search={filter.search} onSearch={filters.setSearch} />

          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={allSelected}
                disabled={total === 0}
                onChange={toggleAll}
              />
              {countText(t, 'selection.selectAll', total)}
            </label>
            {selectedCount > 0 && (
              <span className="text-sm text-slate-600" data-testid="selection-count">
                {countText(t, 'selection.selected', selectedCount)}
                <button
                  type="button"
                  onClick={() => setSelection(noSelection)}
                  className="ms-2 font-medium text-brand-700 hover:underline"
                >
                  {t('selection.clear')}
                </button>
              </span>
            )}
            <span className="flex-1" />
            {can('write') && (
              <Button size="sm" disabled={selectedCount === 0} onClick={() => setAddOpen(true)}>
                <ListPlus className="h-4 w-4" aria-hidden />
                {t('actions.addToList')}
              </Button>
            )}
            {admin && (
              <Button
                size="sm"
                variant="destructive"
                disabled={selectedCount === 0}
                onClick={() => setBulkDeleteOpen(true)}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
                {t('actions.deleteSelected')}
              </Button>
            )}
          </div>

          <QueryState
            query={search}
            loading={<CardSkeletons />}
            isEmpty={noItems}
            empty={
              <EmptyState
                icon={<Users className="h-10 w-10" aria-hidden />}
                title={isFilterActive(filter) ? t('empty.filteredTitle') : t('empty.title')}
                description={isFilterActive(filter) ? t('empty.filteredDescription') : t('empty.description')}
                action={
                  isFilterActive(filter) ? (
                    <Button variant="secondary" onClick={filters.clearAll}>
                      {t('chips.clearAll')}
                    </Button>
                  ) : undefined
                }
              />
            }
          >
            {() => (
              <div
                className={cn(
                  'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3',
                  search.isPlaceholderData && 'opacity-60',
                )}
                aria-busy={search.isFetching}
              >
                {items.map((contact) => (
                  <ContactCard
                    key={contact.id}
                    contact={contact}
                    selected={isSelected(selection, contact.id)}
                    onToggle={() => setSelection((s) => toggleContact(s, contact.id, visibleIds))}
                    onOpen={() => setDetail(contact)}
                    onEdit={admin ? () => setFormState({ contact }) : undefined}
                    onDelete={admin ? () => setToDelete(contact) : undefined}
                  />
                ))}
              </div>
            )}
          </QueryState>

          {total > 0 && (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600" data-testid="page-status">
                {countText(t, 'pager.status', total, {
                  page: formatNumber(Math.min(page, pageCount)),
                  pages: formatNumber(pageCount),
                })}
              </p>
              <Pager page={Math.min(page, pageCount)} pageCount={pageCount} onPageChange={filters.setPage} />
            </div>
          )}
        </section>
      </div>

      <ContactDetailDialog
        contact={detail}
        superAdmin={admin}
        onClose={() => setDetail(null)}
        onAddToList={(contact) => {
          setDetail(null);
          setAddOne({ mode: 'ids', ids: new Set([contact.id]) });
        }}
      />
      {/* The page's selection, or the one contact whose details were open (the selection stays as it was). */}
      <AddToListDialog
        open={addOpen || addOne !== null}
        selection={addOne ?? selection}
        onClose={() => {
          setAddOpen(false);
          setAddOne(null);
        }}
        onAdded={() => {
          if (addOne) setAddOne(null);
          else {
            setAddOpen(false);
            setSelection(noSelection);
          }
        }}
      />
      {admin && (
        <>
          <ContactFormDialog
            open={formState !== null}
            contact={formState?.contact ?? null}
            onClose={() => setFormState(null)}
          />
          <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
          <DeleteContactDialog
            contact={toDelete}
            onClose={() => setToDelete(null)}
            onDeleted={(id) =>
              setSelection((s) => (s.mode === 'ids' && s.ids.has(id) ? toggleContact(s, id, []) : s))
            }
          />
          <BulkDeleteDialog
            open={bulkDeleteOpen}
            selection={selection}
            onClose={() => setBulkDeleteOpen(false)}
            onDone={() => {
              setBulkDeleteOpen(false);
              setSelection(noSelection);
            }}
          />
        </>
      )}
    </main>
  );
}

function CountLine({
  id,
  filter,
  total,
  overallTotal,
  interpreted,
}: {
  id: string;
  filter: ContactFilter;
  total?: number;
  overallTotal?: number;
  interpreted?: Interpretation[];
}) {
  const { t } = useTranslation('contacts');
  if (total === undefined || overallTotal === undefined) return <Skeleton className="h-6 w-64" />;
  // How the query was read (issue 26): its places as countries, its beats as topics.
  const readAs = [
    ...placesOf(interpreted).map((p) =>
      p.city ? t('count.readCity', { city: valueLabel(t, 'city', p.city), country: valueLabel(t, 'country', p.country) }) : t('count.readCountry', { value: valueLabel(t, 'country', p.country) }),
    ),
    ...topicsOf(interpreted).map((topic) => t('count.readTopic', { value: valueLabel(t, 'contactTopic', topic) })),
  ];
  return (
    <p id={id} className="text-sm text-slate-700">
      <span className="text-base font-semibold text-slate-900">{countText(t, 'count.found', total)}</span>
      <span className="mx-2 text-slate-300" aria-hidden>
        ·
      </span>
      {isFilterActive(filter) ? countText(t, 'count.filteredFrom', overallTotal) : t('count.showingAll')}
      {readAs.length > 0 && (
        <span data-testid="search-read-as">
          <span className="mx-2 text-slate-300" aria-hidden>
            ·
          </span>
          {t('count.readAs', { readings: readAs.join(t('readings.separator')) })}
        </span>
      )}
    </p>
  );
}

function CardSkeletons() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-6 w-1/3" />
        </div>
      ))}
    </div>
  );
}

function DeleteContactDialog({
  contact,
  onClose,
  onDeleted,
}: {
  contact: Contact | null;
  onClose: () => void;
  onDeleted: (id: number) => void;
}) {
  const { t } = useTranslation('contacts');
  const toast = useToast();
  const failed = useFailureToast();
  const remove = useDeleteContact();
  const confirm = async () => {
    if (!contact) return;
    try {
      await remove.mutateAsync(contact.id);
      toast({ title: t('toast.deleted') });
      onDeleted(contact.id);
      onClose();
    } catch (error) {
      failed(error, t('toast.deleteFailed'));
    }
  };
  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={t('delete.title')}
      description={t('delete.description', { name: isolate(contact ? fullName(contact) || contact.email : '') })}
      confirmLabel={remove.isPending ? t('actions.deleting') : t('actions.delete')}
      onConfirm={confirm}
      pending={remove.isPending}
    />
  );
}

/** One bulk call; the toast says exactly how many were deleted and how many were not (PRODUCT.md §1). */
function BulkDeleteDialog({
  open,
  selection,
  onClose,
  onDone,
}: {
  open: boolean;
  selection: Selection;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('contacts');
  const toast = useToast();
  const failed = useFailureToast();
  const bulkDelete = useBulkDeleteContacts();
  const [collecting, setCollecting] = useState(false);
  const count = selectionSize(selection);
  const pending = collecting || bulkDelete.isPending;

  const confirm = async () => {
    try {
      if (selection.mode === 'filter' && selection.total > BULK_IDS_MAX) {
        toast({
          title: t('toast.bulkDeleteFailed'),
          description: t('toast.bulkDeleteTooMany', { max: formatNumber(BULK_IDS_MAX) }),
          variant: 'destructive',
        });
        return;
      }
      setCollecting(true);
      const ids =
        selection.mode === 'ids' ? [...selection.ids] : await idsMatching(selection.filter, selection.total);
      setCollecting(false);
      if (ids.length === 0) {
        toast({ title: t('toast.nothingToDelete'), description: t('toast.nothingToDeleteDescription') });
        onDone();
        return;
      }
      const result = await bulkDelete.mutateAsync(ids);
      if (result.deleted === 0) {
        toast({ title: t('toast.nothingToDelete'), description: t('toast.nothingToDeleteDescription') });
      } else if (result.failed.length > 0) {
        toast({
          title: t('toast.partialDelete', {
            deleted: formatNumber(result.deleted),
            total: formatNumber(ids.length),
          }),
          description: countText(t, 'toast.notDeleted', result.failed.length),
          variant: 'destructive',
        });
      } else {
        toast({ title: countText(t, 'toast.bulkDeleted', result.deleted) });
      }
      onDone();
    } catch (error) {
      setCollecting(false);
      failed(error, t('toast.bulkDeleteFailed'), t('toast.bulkDeleteFailedDescription'));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && !pending && onClose()}
      title={t('bulkDelete.title')}
      description={countText(t, 'bulkDelete.description', count)}
      confirmLabel={pending ? t('actions.deleting') : t('actions.deleteSelected')}
      onConfirm={confirm}
      pending={pending}
    />
  );
}
