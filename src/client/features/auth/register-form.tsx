import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { registerFormSchema, type RegisterFormInput } from '../../../shared/auth';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useRegister } from './auth-api';
import { currentRegistrationErrors, REGISTRATION_FIELDS, type RegistrationField } from './registration-errors';

type FieldName = RegistrationField;
const FIELDS = REGISTRATION_FIELDS;

const autoComplete: Record<FieldName, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  companyName: 'organization',
  email: 'email',
  password: 'new-password',
  confirmPassword: 'new-password',
};

export function RegisterForm({ onRegistered }: { onRegistered: (email: string, requiresVerification: boolean) => void }) {
  const { t, i18n } = useTranslation('auth');
  const toast = useToast();
  const register = useRegister();
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { firstName: '', lastName: '', companyName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting, isDirty, isSubmitted } = form.formState;

  const submit = form.handleSubmit(async ({ email, password, companyName, firstName, lastName }) => {
    try {
      const language = i18n.language === 'ar' ? 'ar' : 'en';
      const result = await register.mutateAsync({ email, password, companyName, firstName, lastName, language });
      onRegistered(result.email, result.requiresVerification);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      // A taken address (409) belongs to the email field too.
      if (error instanceof ApiError && error.status === 409) {
        form.setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
      }
      toast({
        title: t('toasts.registrationFailed'),
        description: translateMessage(errorMessage(error, 'Failed to create account')),
        variant: 'destructive',
      });
    }
  });

  const input = (name: FieldName, type = 'text') => (
    <Field id={`signup-${name}`} label={t(`fields.${name}`)} error={translateMessage(errors[name]?.message)}>
      <Input
        id={`signup-${name}`}
        type={type}
        autoComplete={autoComplete[name]}
        dir={type === 'email' ? 'ltr' : undefined}
        invalid={!!errors[name]}
        aria-describedby={errors[name] ? `signup-${name}-error` : undefined}
        {...form.register(name)}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('signUp.title')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {input('firstName')}
        {input('lastName')}
      </div>
      {input('companyName')}
      {input('email', 'email')}
      {input('password', 'password')}
      {input('confirmPassword', 'password')}
      {(isDirty || isSubmitted) && <LiveErrorList control={form.control} />}
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {isSubmitting ? t('signUp.submitting') : t('signUp.submit')}
      </Button>
    </form>
  );
}

/** Re-validates the whole form on every keystroke and lists what is still wrong. */
function LiveErrorList({ control }: { control: Control<RegisterFormInput> }) {
  const { t } = useTranslation('auth');
  const values = useWatch({ control }) as RegisterFormInput;
  const problems = currentRegistrationErrors(values);
  if (problems.length === 0) return null;
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800" data-testid="registration-errors" aria-live="polite">
      <p className="font-semibold">{t('signUp.errorsTitle')}</p>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {problems.map(({ field, message }) => (
          <li key={field}>{translateMessage(message)}</li>
        ))}
      </ul>
    </div>
  );
}
