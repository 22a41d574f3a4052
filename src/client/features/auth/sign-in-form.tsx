import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginSchema, type CurrentUser } from '../../../shared/auth';
import { homePath, mayOnPlatform } from '../../lib/workspace';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { Notice } from '../../ui/notice';
import { useRequestSignInLink } from './auth-api';
import { useLogin } from '../../lib/sign-in';

/** The toast after signing in: someone who never signed in before is welcomed, everyone else welcomed back. */
/** The greeting after a sign-in; whoever runs the service is not told to write their first press release. */
export const welcomeToast = (t: (key: string) => string, firstSignIn: boolean, user: CurrentUser) =>
  firstSignIn && mayOnPlatform(user, 'console')
    ? { title: t('toasts.welcomeOperator'), description: t('toasts.welcomeOperatorDescription') }
    : firstSignIn
      ? { title: t('toasts.welcomeNew'), description: t('toasts.welcomeNewDescription') }
      : { title: t('toasts.welcome'), description: t('toasts.welcomeDescription') };

/** The server says this (403) when the password is right but the address is not verified yet (SPEC §8). */
const needsVerification = (error: unknown) => error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED';
/** Every workspace of the person is suspended (403): the reason and whom to contact stay on the form. */
const isSuspended = (error: unknown) => error instanceof ApiError && error.code === 'WORKSPACE_SUSPENDED';
/** Too many failed sign-ins (429): the password cannot be tried for a while, an emailed link can. */
const isLocked = (error: unknown) => error instanceof ApiError && error.status === 429;

export function SignInForm({
  defaultEmail,
  onForgotPassword,
  onVerificationRequired,
}: {
  defaultEmail?: string;
  onForgotPassword: (email: string) => void;
  onVerificationRequired: (email: string) => void;
}) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const navigate = useNavigate();
  const login = useLogin();
  const [lockedEmail, setLockedEmail] = useState<string | null>(null);
  const [suspension, setSuspension] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail ?? '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setSuspension(null);
    try {
      const { firstSignIn, user } = await login.mutateAsync(values);
      toast(welcomeToast(t, firstSignIn, user));
      navigate(homePath(user), { replace: true });
    } catch (error) {
      if (needsVerification(error)) {
        toast({ title: t('toasts.verificationRequired'), description: t('toasts.verificationRequiredDescription'), variant: 'destructive' });
        onVerificationRequired(values.email);
        return;
      }
      if (isLocked(error)) setLockedEmail(values.email);
      if (isSuspended(error)) {
        setSuspension(translateMessage(errorMessage(error)));
        return;
      }
      applyServerFieldErrors(error, form.setError, ['email', 'password']);
      toast({ title: t('toasts.loginFailed'), description: translateMessage(errorMessage(error, 'Invalid credentials')), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('signIn.title')}>
      {lockedEmail && <SignInLinkOffer email={lockedEmail} />}
      {suspension && (
        <Notice tone="error" title={t('signIn.suspended')}>
          {suspension}
        </Notice>
      )}
      <Field id="signin-email" label={t('fields.email')} error={translateMessage(errors.email?.message)}>
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          dir="ltr"
          invalid={!!errors.email}
          aria-describedby={errors.email ? 'signin-email-error' : undefined}
          {...form.register('email')}
        />
      </Field>
      <Field id="signin-password" label={t('fields.password')} error={translateMessage(errors.password?.message)}>
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          invalid={!!errors.password}
          aria-describedby={errors.password ? 'signin-password-error' : undefined}
          {...form.register('password')}
        />
      </Field>
      <div className="flex justify-end">
        <Button variant="link" size="sm" onClick={() => onForgotPassword(form.getValues('email'))}>
          {t('signIn.forgot')}
        </Button>
      </div>
      <Button type="submit" className="w-full" loading={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('signIn.submitting') : t('signIn.submit')}
      </Button>
    </form>
  );
}

/** Shown once sign-in is paused by failed attempts: the account's owner gets in by an emailed link. */
function SignInLinkOffer({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const request = useRequestSignInLink();
  const [sent, setSent] = useState(false);

  const send = async () => {
    try {
      await request.mutateAsync({ email });
      setSent(true);
    } catch (error) {
      toast({ title: t('signInLink.sendFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    }
  };

  if (sent) {
    return (
      <Notice tone="info" title={t('signInLink.sentTitle')}>
        {t('signInLink.sentText', { email })}
      </Notice>
    );
  }
  return (
    <Notice tone="error" title={t('signInLink.lockedTitle')}>
      <p>{t('signInLink.lockedText')}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={send} loading={request.isPending}>
        {request.isPending ? t('signInLink.sending') : t('signInLink.send')}
      </Button>
    </Notice>
  );
}
