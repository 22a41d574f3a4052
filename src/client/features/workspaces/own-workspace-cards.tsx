import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { newWorkspaceSchema } from '../../../shared/workspaces';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { isolate, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { Field, Input } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useCreateWorkspace, useDeleteWorkspace } from './workspaces-api';

/** Start a workspace of one's own (POST /api/workspaces): its owner, the session then acts there. */
export function NewWorkspaceCard() {
  const { t } = useTranslation('workspaces');
  const toast = useToast();
  const navigate = useNavigate();
  const create = useCreateWorkspace();
  const form = useForm({ resolver: zodResolver(newWorkspaceSchema), mode: 'onTouched', defaultValues: { name: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const { workspace } = await create.mutateAsync(name);
      toast({ title: t('own.created', { workspace: isolate(workspace.name) }) });
      void navigate('/dashboard');
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['name']);
      toast({ title: t('own.createFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    }
  });

  return (
    <Card>
      <CardHeader title={t('own.newTitle')} description={t('own.newText')} />
      <CardBody>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <Field id="new-workspace-name" label={t('own.newName')} error={translateMessage(errors.name?.message)}>
              <Input id="new-workspace-name" dir="auto" autoComplete="organization" invalid={!!errors.name} {...form.register('name')} />
            </Field>
          </div>
          <Button type="submit" className="sm:mt-6" loading={isSubmitting}>
            {t('own.create')}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}

/** Deleting the workspace and everything in it, for owners: the name is typed to confirm. */
export function DeleteWorkspaceCard({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workspaces');
  const toast = useToast();
  const navigate = useNavigate();
  const remove = useDeleteWorkspace();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();

  const confirm = async () => {
    try {
      await remove.mutateAsync(typed);
      setOpen(false);
      toast({ title: t('own.deleted', { workspace: isolate(workspaceName) }) });
      void navigate('/dashboard');
    } catch (failure) {
      setError(translateMessage(errorMessage(failure)));
    }
  };

  return (
    <Card className="border-red-200">
      <CardHeader title={t('own.deleteTitle')} description={t('own.deleteText')} />
      <CardBody>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          {t('own.delete')}
        </Button>
      </CardBody>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (remove.isPending) return;
          setOpen(next);
          setTyped('');
          setError(undefined);
        }}
        title={t('own.confirmTitle')}
        description={t('own.confirmText', { workspace: isolate(workspaceName) })}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={remove.isPending}>
              {t('own.cancel')}
            </Button>
            <Button variant="destructive" onClick={() => void confirm()} loading={remove.isPending} disabled={typed.trim() !== workspaceName}>
              {t('own.deleteForGood')}
            </Button>
          </>
        }
      >
        <Field id="delete-workspace-name" label={t('own.typeName')} error={error}>
          <Input id="delete-workspace-name" dir="auto" value={typed} invalid={!!error} onChange={(e) => setTyped(e.target.value)} />
        </Field>
      </Dialog>
    </Card>
  );
}
