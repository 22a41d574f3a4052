import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listCreateSchema, type ListCreateInput } from '../../../shared/lists';
import { isolate, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Skeleton } from '../../ui/feedback';
import { QueryState, noEntries } from '../../ui/query-state';
import { Field, Input } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useAddToList, useCreateList } from './contacts-api';
import { useUserLists } from '../../lib/user-lists';
import { countText } from './contacts-text';
import { bulkAddBody, selectionSize, type Selection } from './selection';
import { useFailureToast } from './use-failure-toast';

/** Pick one of the user's lists (or make one here) and add the selection to it. */
export function AddToListDialog({
  open,
  selection,
  onClose,
  onAdded,
}: {
  open: boolean;
  selection: Selection;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation('contacts');
  const toast = useToast();
  const navigate = useNavigate();
  const failed = useFailureToast();
  const lists = useUserLists(open);
  const add = useAddToList();
  const [listId, setListId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const count = selectionSize(selection);
  const groupName = useId();

  useEffect(() => {
    if (open) {
      setListId(null);
      setCreating(false);
    }
  }, [open]);

  // Someone without lists goes straight to making one.
  const hasNoLists = lists.data?.length === 0;
  useEffect(() => {
    if (open && hasNoLists) setCreating(true);
  }, [open, hasNoLists]);

  const submit = async () => {
    if (count === 0) {
      toast({ title: t('toast.noneSelected'), variant: 'destructive' });
      return;
    }
    if (!listId) return;
    try {
      const result = await add.mutateAsync({ listId, body: bulkAddBody(selection) });
      const listName = lists.data?.find((l) => l.id === listId)?.name ?? '';
      const href = `/my-lists?list=${encodeURIComponent(listId)}`;
      // The toast names the list and leads to it.
      toast({
        title: countText(t, 'toast.addedTo', result.added, { list: isolate(listName) }),
        description: result.skipped > 0 ? countText(t, 'toast.alreadyInList', result.skipped) : undefined,
        link: { label: t('toast.openList'), href, onNavigate: () => navigate(href) },
      });
      onAdded();
    } catch (error) {
      failed(error, t('toast.addFailed'));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !add.isPending && onClose()}
      title={t('addToList.title')}
      description={countText(t, 'addToList.description', count)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} disabled={!listId || count === 0} loading={add.isPending}>
            {add.isPending ? t('addToList.adding') : t('addToList.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <QueryState
          query={lists}
          loading={
            <div className="space-y-2">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          }
          isEmpty={noEntries}
          empty={<p className="text-sm text-slate-600">{t('addToList.noLists')}</p>}
        >
          {(found) => (
            <fieldset className="space-y-2">
              <legend className="sr-only">{t('addToList.choose')}</legend>
              {found.map((list) => (
                <label
                  key={list.id}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 hover:bg-slate-50 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={groupName}
                    value={list.id}
                    checked={listId === list.id}
                    onChange={() => setListId(list.id)}
                    className="h-4 w-4 accent-brand-700"
                  />
                  <span className="flex-1 truncate font-medium" dir="auto">
                    {list.name}
                  </span>
                  <span className="text-xs text-slate-500">
                    {countText(t, 'addToList.contactCount', list.contactCount)}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        </QueryState>
        {creating ? (
          <NewListForm
            onCancel={() => setCreating(false)}
            onCreated={(id) => {
              setListId(id);
              setCreating(false);
            }}
          />
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('addToList.createNew')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}

function NewListForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation('contacts');
  const toast = useToast();
  const failed = useFailureToast();
  const create = useCreateList();
  const { register, handleSubmit, formState, setError } = useForm<ListCreateInput>({
    resolver: zodResolver(listCreateSchema),
    defaultValues: { name: '', description: '' },
  });

  // A form inside the dialog's content, submitted with its own button (not nested in another form).
  const submit = handleSubmit(async (input) => {
    try {
      const list = await create.mutateAsync(input);
      toast({ title: t('toast.listCreated') });
      onCreated(list.id);
    } catch (error) {
      const nameError = (error as { errors?: Array<{ path: string; message: string }> }).errors?.find(
        (e) => e.path === 'name',
      );
      if (nameError) setError('name', { message: nameError.message });
      else failed(error, t('toast.listCreateFailed'));
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-slate-200 p-3"
      aria-label={t('addToList.newList')}
    >
      <Field
        id="new-list-name"
        label={t('addToList.listName')}
        error={translateMessage(formState.errors.name?.message)}
      >
        <Input id="new-list-name" invalid={!!formState.errors.name} {...register('name')} />
      </Field>
      <Field id="new-list-description" label={t('addToList.listDescription')}>
        <Input id="new-list-description" {...register('description')} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={formState.isSubmitting}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" size="sm" loading={formState.isSubmitting}>
          {formState.isSubmitting ? t('actions.creating') : t('addToList.createList')}
        </Button>
      </div>
    </form>
  );
}
