import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '../../lib/document-title';
import { CURRENT_USER_KEY, useCurrentUser } from '../../lib/session';
import { homePath } from '../../lib/workspace';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/feedback';
import { useToast } from '../../ui/toast';
import { AuthShell, FormHeading } from '../../ui/auth-shell';
import { Notice } from '../../ui/notice';
import { ForgotPasswordForm } from './forgot-password-form';
import { RegisterForm } from './register-form';
import { ResendVerificationPanel } from './resend-verification-panel';
import { SignInForm } from './sign-in-form';

type Mode = 'signin' | 'signup' | 'forgot';

const modeFrom = (value: string | null): Mode => (value === 'signup' || value === 'forgot' ? value : 'signin');

/**
 * /auth (SPEC §2): sign-in by default, registration with ?mode=signup, the forgotten-password form with
 * ?mode=forgot. The mode lives in the address so a reload or a shared link opens the same form.
 */
export default function AuthPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { data: user, isPending } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const mode = modeFrom(params.get('mode'));
  const verified = params.get('verified');
  const passwordReset = params.get('reset') === 'success';
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const [email, setEmail] = useState<string>();
  const [resendOpen, setResendOpen] = useState(verified === 'invalid');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();

  useDocumentTitle(t(mode === 'signup' ? 'signUp.documentTitle' : mode === 'forgot' ? 'forgot.documentTitle' : 'signIn.documentTitle'));

  // Switching forms drops the one-time banners (verified, password changed) of the address.
  const switchTo = (next: Mode) => setParams(next === 'signin' ? {} : { mode: next }, { replace: true });

  const onRegistered = async (address: string, requiresVerification: boolean) => {
    if (!requiresVerification) {
      toast({ title: t('toasts.accountCreated') });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      navigate('/dashboard', { replace: true });
      return;
    }
    toast({ title: t('toasts.registered'), description: t('toasts.registeredDescription'), duration: 8000 });
    setRegisteredEmail(address);
    setEmail(address);
    switchTo('signin');
  };

  const onVerificationRequired = (address: string) => {
    setEmail(address);
    setResendOpen(true);
  };

  if (isPending) return <Spinner label={t('common:loading')} className="min-h-screen" />;
  if (user) return <Navigate to={homePath(user)} replace />;

  return (
    <AuthShell>
      {mode === 'signin' && verified === '1' && (
        <Notice tone="success" title={t('banners.verifiedTitle')}>
          {t('banners.verified')}
        </Notice>
      )}
      {mode === 'signin' && verified === 'invalid' && (
        <Notice tone="error" title={t('banners.invalidTitle')}>
          {t('banners.invalid')}
        </Notice>
      )}
      {mode === 'signin' && passwordReset && (
        <Notice tone="success" title={t('banners.passwordResetTitle')}>
          {t('banners.passwordReset')}
        </Notice>
      )}
      {mode === 'signin' && registeredEmail && (
        <Notice tone="info" title={t('banners.registeredTitle')}>
          {t('banners.registered', { email: registeredEmail })}
        </Notice>
      )}

      <Card className="p-6 sm:p-8">
        {mode === 'signin' && (
          <>
            {/* Just registered or verified: a first sign-in, not a return. */}
            <FormHeading title={t(registeredEmail || verified === '1' ? 'signIn.titleNew' : 'signIn.title')} subtitle={t('signIn.subtitle')} />
            <SignInForm
              defaultEmail={email}
              onForgotPassword={(address) => {
                setEmail(address || undefined);
                switchTo('forgot');
              }}
              onVerificationRequired={onVerificationRequired}
            />
            <SwitchLine text={t('signIn.noAccount')} action={t('signIn.toSignUp')} onClick={() => switchTo('signup')} />
          </>
        )}
        {mode === 'signup' && (
          <>
            <FormHeading title={t('signUp.title')} subtitle={t('signUp.subtitle')} />
            <RegisterForm onRegistered={onRegistered} />
            <SwitchLine text={t('signUp.haveAccount')} action={t('signUp.toSignIn')} onClick={() => switchTo('signin')} />
          </>
        )}
        {mode === 'forgot' && (
          <>
            <FormHeading title={t('forgot.title')} subtitle={t('forgot.description')} />
            <ForgotPasswordForm defaultEmail={email} onBack={() => switchTo('signin')} />
          </>
        )}
      </Card>

      {mode === 'signin' && <ResendVerificationPanel open={resendOpen} onOpenChange={setResendOpen} defaultEmail={email} />}
    </AuthShell>
  );
}

function SwitchLine({ text, action, onClick }: { text: string; action: string; onClick: () => void }) {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      {text}{' '}
      <Button variant="link" size="sm" className="h-auto font-semibold" onClick={onClick}>
        {action}
      </Button>
    </p>
  );
}
