import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { translateMessage } from '../../lib/i18n';
import { homePath } from '../../lib/workspace';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Notice } from '../../ui/notice';
import { useToast } from '../../ui/toast';
import { useSignInByLink } from '../../lib/sign-in';
import { AuthShell, FormHeading } from '../../ui/auth-shell';
import { welcomeToast } from './sign-in-form';

/**
 * The link of the sign-in email: /auth/sign-in-link?token=… (15 minutes, once). Signing in takes a click,
 * so a mail scanner that opens the link uses nothing up.
 */
export default function SignInLinkPage() {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signIn = useSignInByLink();
  const [invalid, setInvalid] = useState(token === '');
  useDocumentTitle(t('signInLink.documentTitle'));

  const submit = async () => {
    try {
      const { firstSignIn, user } = await signIn.mutateAsync({ token });
      toast(welcomeToast(t, firstSignIn, user));
      navigate(homePath(user), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 422)) setInvalid(true);
      else toast({ title: t('toasts.loginFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    }
  };

  return (
    <AuthShell>
      <Card className="p-6 sm:p-8">
        {invalid ? (
          <>
            <Notice tone="error" title={t('signInLink.invalidTitle')}>
              {t('signInLink.invalidText')}
            </Notice>
            <Link to="/auth" className="text-sm font-medium text-brand-600 hover:underline">
              {t('reset.backToSignIn')}
            </Link>
          </>
        ) : (
          <>
            <FormHeading title={t('signInLink.title')} subtitle={t('signInLink.subtitle')} />
            <Button className="w-full" onClick={submit} loading={signIn.isPending}>
              {signIn.isPending ? t('signIn.submitting') : t('signIn.submit')}
            </Button>
          </>
        )}
      </Card>
    </AuthShell>
  );
}
