import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { UserMinus, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '../../../shared/contacts';
import { LIST_PAGE_SIZE, type UserList } from '../../../shared/lists';
import { errorMessage } from '../../lib/api';
import { formatNumber, translateMessage } from '../../lib/i18n';
import { ConfirmDialog, Dialog } from '../../ui/dialog';
import { EmptyState, RowsSkeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { Pager } from '../../ui/pager';
import { useToast } from '../../ui/toast';
import { cn } from '../../ui/cn';
import { ContactDetailDialog } from '../contacts/contact-detail-dialog';
import { fullName } from '../contacts/contacts-text';
import { valueLabel } from '../../lib/value-label';
import { UnsubscribedBadge } from '../contacts/unsubscribed-badge';
import { useListContacts, useRemoveFromList } from './lists-api';
import { useCan } from '../../lib/workspace';
import { OwnText } from '../../ui/own-text';

/** A list's contacts, 20 a page with a numbered pager; remove one, or open one for its details. */
export function ListViewDialog({ list, onClose }: { list: UserList | null; onClose: () => void }) {
  const { t } = useTranslation('lists');
  const { t: tContacts } = useTranslation('contacts');
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<Contact | null>(null);
  const [toRemove, setToRemove] = useState<Contact | null>(null);
  const contacts = useListContacts(list?.id ?? null, page);
  const remove = useRemoveFromList();
  const writes = useCan()('write');

  // SPEC §4: opening a list's View starts at page 1.
  useEffect(() => setPage(1), [list?.id]);

  const total = contacts.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  // The status describes the rows on screen: while the next page loads, those are still the previous page's.
  const shownPage = contacts.data?.page ?? page;
  const from = total === 0 ? 0 : (shownPage - 1) * LIST_PAGE_SIZE + 1;
  const to = Math.min(shownPage * LIST_PAGE_SIZE, total);

  // Removing the last contact of the last page leaves that page empty.
  useEffect(() => {
    if (contacts.data && !contacts.isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [contacts.data, contacts.isPlaceholderData, page, pageCount]);

  const confirmRemove = async () => {
    if (!list || !toRemove) return;
    try {
      await remove.mutateAsync({ listId: list.id, contactId: toRemove.id });
      toast({ title: t('toast.removed') });
      setToRemove(null);
    } catch (error) {
      toast({
        title: t('toast.removeFailed'),
        description: translateMessage(errorMessage(error)),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <Dialog
        open={list !== null}
        onOpenChange={(open) => !open && onClose()}
        title={list?.name ?? ''}
        description={list?.description || undefined}
        size="xl"
      >
        <QueryState
          query={contacts}
          loading={<RowsSkeleton rows={5} height="h-14" />}
          isEmpty={(page) => page.total === 0}
          empty={
            <EmptyState
              icon={<UserPlus className="h-10 w-10" aria-hidden />}
              title={t('view.empty')}
              action={
                <Link
                  to="/contacts-new"
                  className="inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
                >
                  {t('view.addContacts')}
                </Link>
              }
            />
          }
        >
          {(found) => (
            <div className="space-y-4">
              <ul
                className={cn(
                  'divide-y divide-slate-100 rounded-lg border border-slate-200',
                  contacts.isPlaceholderData && 'opacity-60',
                )}
              >
                {found.items.map(({ id, contact }) => {
                  const name = fullName(contact) || contact.email;
                  const country = contact.country && valueLabel(tContacts, 'country', contact.country);
                  return (
                    <li
                      key={id}
                      className="flex items-center gap-3 px-3 py-2 hover:bg-slate-50"
                      data-testid="list-contact-row"
                    >
                      <button
                        type="button"
                        onClick={() => setDetail(contact)}
                        className="min-w-0 flex-1 text-start"
                      >
                        <OwnText className="font-medium text-slate-900">{name}</OwnText>
                        <UnsubscribedBadge contact={contact} />
                        {/* Wraps rather than truncates: a clipped line of English and Arabic loses its start in RTL. */}
                        <span className="block break-words text-sm text-slate-600">
                          {[contact.position, contact.organization, country].filter(Boolean).join(' · ')}
                        </span>
                        <OwnText address className="text-xs text-slate-500">
                          {contact.email}
                        </OwnText>
                      </button>
                      {writes && (
                        <button
                          type="button"
                          onClick={() => setToRemove(contact)}
                          aria-label={t('view.remove', { name })}
                          className="rounded p-2 text-slate-500 hover:bg-red-50 hover:text-red-600"
                        >
                          <UserMinus className="h-4 w-4" aria-hidden />
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-slate-600" data-testid="list-page-status">
                  {t('view.showing', {
                    from: formatNumber(from),
                    to: formatNumber(to),
                    total: formatNumber(total),
                  })}
                </p>
                <Pager page={Math.min(page, pageCount)} pageCount={pageCount} onPageChange={setPage} numbered />
              </div>
            </div>
          )}
        </QueryState>
      </Dialog>
      <ContactDetailDialog contact={detail} onClose={() => setDetail(null)} />
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && !remove.isPending && setToRemove(null)}
        title={t('remove.title')}
        description={t('remove.description', {
          name: toRemove ? fullName(toRemove) || toRemove.email : '',
          list: list?.name ?? '',
        })}
        confirmLabel={remove.isPending ? t('actions.removing') : t('actions.remove')}
        onConfirm={confirmRemove}
        pending={remove.isPending}
      />
    </>
  );
}
