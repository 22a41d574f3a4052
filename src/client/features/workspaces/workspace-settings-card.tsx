import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { workspaceSettingsSchema, type CurrentWorkspace } from '../../../shared/workspaces';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Field, Input } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useUpdateWorkspace } from './workspaces-api';

const nameSchema = z.object({ name: workspaceSettingsSchema.shape.name.unwrap() });

/** The workspace's name and the "second pair of eyes" rule, for owners and managers (PATCH /api/workspace). */
export function WorkspaceSettingsCard({ workspace }: { workspace: CurrentWorkspace }) {
  const { t } = useTranslation('workspaces');
  const toast = useToast();
  const update = useUpdateWorkspace();
  const form = useForm({ resolver: zodResolver(nameSchema), mode: 'onTouched', values: { name: workspace.name } });
  const { errors, isSubmitting, isDirty } = form.formState;

  const saveName = form.handleSubmit(async ({ name }) => {
    try {
      await update.mutateAsync({ name });
      toast({ title: t('settings.saved') });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['name']);
      toast({ title: t('settings.failed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    }
  });

  const setSecondApproval = (requireSecondApproval: boolean) =>
    update.mutate(
      { requireSecondApproval },
      {
        onSuccess: () => toast({ title: requireSecondApproval ? t('settings.secondApprovalOn') : t('settings.secondApprovalOff') }),
        onError: (error) => toast({ title: t('settings.failed'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
      },
    );

  return (
    <section aria-labelledby="workspace-settings-heading">
      <Card>
        <CardHeader title={<span id="workspace-settings-heading">{t('settings.title')}</span>} description={t('settings.description')} />
        <CardBody className="space-y-6">
          <form onSubmit={saveName} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <Field id="workspace-name" label={t('settings.name')} error={translateMessage(errors.name?.message)}>
                <Input
                  id="workspace-name"
                  dir="auto"
                  autoComplete="organization"
                  invalid={!!errors.name}
                  aria-describedby={errors.name ? 'workspace-name-error' : undefined}
                  {...form.register('name')}
                />
              </Field>
            </div>
            <Button type="submit" className="sm:mt-6" loading={isSubmitting} disabled={!isDirty}>
              {t('settings.saveName')}
            </Button>
          </form>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-1 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
              checked={workspace.requireSecondApproval}
              disabled={update.isPending}
              onChange={(e) => setSecondApproval(e.target.checked)}
            />
            <span>
              <span className="block font-medium text-slate-900">{t('settings.secondApproval')}</span>
              <span className="block text-slate-500">{t('settings.secondApprovalText')}</span>
            </span>
          </label>
        </CardBody>
      </Card>
    </section>
  );
}
