import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { grantSchema, type AdminWorkspaceDetail } from '../../../shared/admin';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { formatNumber, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field, Input, Textarea } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useGrantReleases } from './desk-api';

const FIELDS = ['releases', 'reason'] as const;

/** Releases given without a payment (no invoice), with the reason the audit log and the customer's history keep. */
export function GrantDialog({ customer, onClose }: { customer: AdminWorkspaceDetail; onClose: () => void }) {
  const { t } = useTranslation('desk');
  const toast = useToast();
  const grant = useGrantReleases(customer.id);
  const form = useForm({ resolver: zodResolver(grantSchema), defaultValues: { releases: 1, reason: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await grant.mutateAsync(values);
      toast({ title: t('grant.done', { count: values.releases, formatted: formatNumber(values.releases), name: customer.name }) });
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS))
        toast({ title: t('grant.failed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !isSubmitting && onClose()}
      title={t('grant.title', { name: customer.name })}
      description={t('grant.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('grant.cancel')}
          </Button>
          <Button type="submit" form="grant-form" loading={isSubmitting}>
            {t('grant.confirm')}
          </Button>
        </>
      }
    >
      <form id="grant-form" onSubmit={submit} noValidate className="space-y-4">
        <Field id="grant-releases" label={t('grant.releases')} error={translateMessage(errors.releases?.message)}>
          <Input
            id="grant-releases"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            className="w-32"
            invalid={!!errors.releases}
            aria-describedby={errors.releases ? 'grant-releases-error' : undefined}
            {...form.register('releases', { valueAsNumber: true })}
          />
        </Field>
        <Field id="grant-reason" label={t('grant.reason')} error={translateMessage(errors.reason?.message)} hint={t('grant.reasonHint')}>
          <Textarea
            id="grant-reason"
            rows={3}
            dir="auto"
            invalid={!!errors.reason}
            aria-describedby={errors.reason ? 'grant-reason-error' : undefined}
            {...form.register('reason')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
