import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { profileSchema, type CurrentUser } from '../../../shared/auth';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Field, Input } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useUpdateProfile } from './account-api';

const FIELDS = ['firstName', 'lastName', 'email', 'companyName', 'currentPassword'] as const;
type FieldName = (typeof FIELDS)[number];

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Names, company and email. A different email asks for the current password and only becomes the
 * account's address once the link mailed to it is opened; the form says so before and after.
 */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(profileSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      companyName: user.companyName,
      currentPassword: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const changesEmail = !sameAddress(form.watch('email') ?? '', user.email);

  const submit = form.handleSubmit(async ({ currentPassword, ...values }) => {
    try {
      const saved = await update.mutateAsync(changesEmail ? { ...values, currentPassword } : values);
      if (changesEmail && saved.pendingEmail) {
        toast({
          title: t('toasts.confirmationSent'),
          description: t('toasts.confirmationSentDescription', { email: saved.pendingEmail }),
          duration: 8000,
        });
      } else {
        toast({ title: t('toasts.profileUpdated'), description: t('toasts.profileUpdatedDescription') });
      }
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      if (error instanceof ApiError && error.status === 409) {
        form.setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
      }
      toast({
        title: t('toasts.updateFailed'),
        description: translateMessage(errorMessage(error, 'Failed to update profile')),
        variant: 'destructive',
      });
    }
  });

  const input = (name: FieldName, autoComplete: string, type = 'text', hint?: string) => (
    <Field
      id={`profile-${name}`}
      label={t(`profile.${name}`)}
      hint={hint}
      error={translateMessage(errors[name]?.message)}
    >
      <Input
        id={`profile-${name}`}
        type={type}
        autoComplete={autoComplete}
        dir={type === 'email' ? 'ltr' : undefined}
        invalid={!!errors[name]}
        aria-describedby={errors[name] ? `profile-${name}-error` : undefined}
        {...form.register(name)}
      />
    </Field>
  );

  return (
    <Card className="lg:col-span-2">
      <CardHeader title={t('profile.details')} description={t('profile.detailsDescription')} />
      <CardBody>
        <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('profile.title')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {input('firstName', 'given-name')}
            {input('lastName', 'family-name')}
          </div>
          {input('email', 'email', 'email')}
          {changesEmail &&
            input('currentPassword', 'current-password', 'password', t('profile.currentPasswordHint'))}
          {input('companyName', 'organization')}
          <div className="flex justify-end pt-2">
            <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
              {isSubmitting ? t('profile.submitting') : t('profile.submit')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
