import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { changePasswordFormSchema } from '../../../shared/auth';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, SectionHeader } from '../../ui/card';
import { Field, Input } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useChangePassword } from './account-api';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type FieldName = (typeof FIELDS)[number];
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * /settings 'Account Settings' (SPEC §2): the Security section with 'Change Password'; the app adds
 * the sections of other features (the newsroom) as children.
 */
export default function SettingsPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('account');
  useDocumentTitle(t('settings.title'));
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('settings.title')}</h1>
      <p className="mt-1 text-slate-600">{t('settings.subtitle')}</p>
      <section aria-labelledby="security-heading" className="mt-6">
        <Card>
          <SectionHeader
            icon={<ShieldCheck className="mt-0.5 h-6 w-6 shrink-0 text-brand-600" aria-hidden />}
            id="security-heading"
            title={t('settings.security')}
            description={t('settings.securityDescription')}
          />
          <CardBody>
            <ChangePasswordForm />
          </CardBody>
        </Card>
      </section>
      {children}
    </main>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordFormSchema), mode: 'onTouched', defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      toast({ title: t('toasts.passwordUpdated'), description: t('toasts.passwordUpdatedDescription') });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      toast({
        title: t('toasts.passwordUpdateFailed'),
        description: translateMessage(errorMessage(error, 'Failed to update password')),
        variant: 'destructive',
      });
    }
  });

  const input = (name: FieldName, autoComplete: string, hint?: string) => (
    <Field id={`password-${name}`} label={t(`settings.${name}`)} error={translateMessage(errors[name]?.message)} hint={hint}>
      <Input
        id={`password-${name}`}
        type="password"
        autoComplete={autoComplete}
        invalid={!!errors[name]}
        aria-describedby={errors[name] ? `password-${name}-error` : undefined}
        {...form.register(name)}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="change-password-heading">
      <h3 id="change-password-heading" className="flex items-center gap-2 font-semibold text-slate-800">
        <KeyRound className="h-4 w-4" aria-hidden />
        {t('settings.changePassword')}
      </h3>
      {input('currentPassword', 'current-password')}
      {input('newPassword', 'new-password', t('settings.newPasswordHint'))}
      {input('confirmPassword', 'new-password')}
      <div className="flex justify-end pt-2">
        <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? t('settings.submitting') : t('settings.submit')}
        </Button>
      </div>
    </form>
  );
}
