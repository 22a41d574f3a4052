import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { listCreateSchema, type ListCreateInput, type UserList } from '../../../shared/lists';
import { ApiError, errorMessage } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field, Input, Textarea } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useSaveList } from './lists-api';

/** Create New List (list = null) or Edit List. */
export function ListFormDialog({
  open,
  list,
  onClose,
}: {
  open: boolean;
  list: UserList | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('lists');
  const toast = useToast();
  const save = useSaveList();
  const editing = list !== null;
  const { register, handleSubmit, reset, setError, formState } = useForm<ListCreateInput>({
    resolver: zodResolver(listCreateSchema),
    defaultValues: { name: '', description: '' },
  });

  useEffect(() => {
    if (open) reset({ name: list?.name ?? '', description: list?.description ?? '' });
  }, [open, list, reset]);

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: list?.id, input });
      toast({ title: editing ? t('toast.updated') : t('toast.created') });
      onClose();
    } catch (error) {
      const fieldErrors =
        error instanceof ApiError && error.status === 422
          ? error.errors.filter((e) => e.path === 'name' || e.path === 'description')
          : [];
      if (fieldErrors.length > 0) {
        for (const e of fieldErrors) setError(e.path as 'name' | 'description', { message: e.message });
        return;
      }
      toast({
        title: editing ? t('toast.updateFailed') : t('toast.createFailed'),
        description: translateMessage(errorMessage(error)),
        variant: 'destructive',
      });
    }
  });

  const nameError = translateMessage(formState.errors.name?.message);
  const descriptionError = translateMessage(formState.errors.description?.message);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !formState.isSubmitting && onClose()}
      title={editing ? t('form.editTitle') : t('form.createTitle')}
      description={editing ? t('form.editDescription') : t('form.createDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={formState.isSubmitting}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form="list-form" loading={formState.isSubmitting}>
            {formState.isSubmitting
              ? editing
                ? t('actions.saving')
                : t('actions.creating')
              : editing
                ? t('actions.saveChanges')
                : t('actions.createList')}
          </Button>
        </>
      }
    >
      <form id="list-form" noValidate onSubmit={submit} className="space-y-4">
        <Field id="list-name" label={t('form.name')} error={nameError}>
          <Input
            id="list-name"
            invalid={!!nameError}
            aria-describedby={nameError ? 'list-name-error' : undefined}
            autoFocus
            {...register('name')}
          />
        </Field>
        <Field id="list-description" label={t('form.description')} error={descriptionError}>
          <Textarea
            id="list-description"
            rows={3}
            invalid={!!descriptionError}
            {...register('description')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
