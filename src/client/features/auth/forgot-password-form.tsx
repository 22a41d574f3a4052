import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '../../../shared/auth';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useForgotPassword } from './auth-api';
import { Notice } from '../../ui/notice';

/**
 * 'Forgot password?': asks for the address and then always shows the same confirmation, whether or
 * not an account exists for it (the server never tells either).
 */
export function ForgotPasswordForm({ defaultEmail, onBack }: { defaultEmail?: string; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const forgot = useForgotPassword();
  const [sent, setSent] = useState(false);
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail ?? '' },
  });
  const error = form.formState.errors.email;

  const submit = form.handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
      setSent(true);
    } catch (failure) {
      applyServerFieldErrors(failure, form.setError, ['email']);
      toast({
        title: t('toasts.sendFailed'),
        description: translateMessage(errorMessage(failure, 'Could not send the reset email')),
        variant: 'destructive',
      });
    }
  });

  if (sent) {
    return (
      <div>
        <Notice tone="info" title={t('forgot.sentTitle')}>
          {t('forgot.sent')}
        </Notice>
        <Button variant="secondary" className="w-full" onClick={onBack}>
          {t('forgot.backToSignIn')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('forgot.title')}>
      <Field id="forgot-email" label={t('fields.email')} error={translateMessage(error?.message)}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          dir="ltr"
          invalid={!!error}
          aria-describedby={error ? 'forgot-email-error' : undefined}
          {...form.register('email')}
        />
      </Field>
      <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        {t('forgot.backToSignIn')}
      </Button>
    </form>
  );
}
