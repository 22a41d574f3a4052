import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { suspendSchema, type AdminWorkspaceDetail } from '../../../shared/admin';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field, Textarea } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useSuspendWorkspace } from './desk-api';

/**
 * Suspends a workspace with a reason its members are shown: they cannot sign in to it and its scheduled
 * releases are held; nothing is deleted, so it says so before the operator confirms.
 */
export function SuspendDialog({ customer, onClose }: { customer: AdminWorkspaceDetail; onClose: () => void }) {
  const { t } = useTranslation('desk');
  const toast = useToast();
  const suspend = useSuspendWorkspace(customer.id);
  const form = useForm({ resolver: zodResolver(suspendSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await suspend.mutateAsync(values);
      toast({ title: t('suspend.done', { name: customer.name }) });
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['reason']))
        toast({ title: t('suspend.failed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !isSubmitting && onClose()}
      title={t('suspend.title', { name: customer.name })}
      description={t('suspend.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('suspend.cancel')}
          </Button>
          <Button type="submit" form="suspend-form" variant="destructive" loading={isSubmitting}>
            {t('suspend.confirm')}
          </Button>
        </>
      }
    >
      <form id="suspend-form" onSubmit={submit} noValidate>
        <Field id="suspend-reason" label={t('suspend.reason')} error={translateMessage(errors.reason?.message)} hint={t('suspend.reasonHint')}>
          <Textarea
            id="suspend-reason"
            rows={3}
            dir="auto"
            invalid={!!errors.reason}
            aria-describedby={errors.reason ? 'suspend-reason-error' : undefined}
            {...form.register('reason')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
