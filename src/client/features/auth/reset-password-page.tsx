import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { resetPasswordFormSchema } from '../../../shared/auth';
import { ApiError, errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Field, Input } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useResetPassword } from './auth-api';
import { AuthShell, FormHeading } from '../../ui/auth-shell';
import { Notice } from '../../ui/notice';

/** The link of the password-reset email: /auth/reset?token=… (valid 1 hour, single use). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [linkInvalid, setLinkInvalid] = useState(token === '');
  useDocumentTitle(t('reset.documentTitle'));

  return (
    <AuthShell>
      <Card className="p-6 sm:p-8">
        {linkInvalid ? (
          <InvalidLink />
        ) : (
          <>
            <FormHeading title={t('reset.title')} subtitle={t('reset.description')} />
            <ResetPasswordForm token={token} onInvalidLink={() => setLinkInvalid(true)} />
          </>
        )}
      </Card>
    </AuthShell>
  );
}

/** A token the server refuses (unknown, used or expired) is a 400; a malformed one fails on its `token` field. */
const isInvalidLink = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.errors.some((e) => e.path === 'token'));

function ResetPasswordForm({ token, onInvalidLink }: { token: string; onInvalidLink: () => void }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
      toast({ title: t('toasts.passwordReset'), description: t('toasts.passwordResetDescription') });
      navigate('/auth?reset=success', { replace: true });
    } catch (error) {
      if (isInvalidLink(error)) {
        onInvalidLink();
        return;
      }
      applyServerFieldErrors(error, form.setError, ['password']);
      toast({ title: t('toasts.resetFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('reset.title')}>
      <Field id="reset-password" label={t('reset.password')} error={translateMessage(errors.password?.message)} hint={t('reset.hint')}>
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          invalid={!!errors.password}
          aria-describedby={errors.password ? 'reset-password-error' : undefined}
          {...form.register('password')}
        />
      </Field>
      <Field id="reset-confirm" label={t('reset.confirmPassword')} error={translateMessage(errors.confirmPassword?.message)}>
        <Input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          invalid={!!errors.confirmPassword}
          aria-describedby={errors.confirmPassword ? 'reset-confirm-error' : undefined}
          {...form.register('confirmPassword')}
        />
      </Field>
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {isSubmitting ? t('reset.submitting') : t('reset.submit')}
      </Button>
    </form>
  );
}

function InvalidLink() {
  const { t } = useTranslation('auth');
  return (
    <div>
      <Notice tone="error" title={t('reset.invalidTitle')}>
        {t('reset.invalidDescription')}
      </Notice>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link
          to="/auth?mode=forgot"
          className="inline-flex h-10 flex-1 items-center justify-center rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
        >
          {t('reset.requestNew')}
        </Link>
        <Link
          to="/auth"
          className="inline-flex h-10 flex-1 items-center justify-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {t('reset.backToSignIn')}
        </Link>
      </div>
    </div>
  );
}
