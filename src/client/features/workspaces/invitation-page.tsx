import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailX, UserPlus } from 'lucide-react';
import { z } from 'zod';
import { registerSchema } from '../../../shared/auth';
import type { InvitationView } from '../../../shared/workspaces';
import { errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { isolate, translateMessage } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { Field, Input } from '../../ui/field';
import { Notice } from '../../ui/notice';
import { useToast } from '../../ui/toast';
import { AuthShell } from '../../ui/auth-shell';
import { useLogin } from '../../lib/sign-in';
import { useAcceptInvitation, useInvitation, useRegisterInvited } from './workspaces-api';

/** The invitee's registration: the address is the invited one, and there is no company to name. */
const invitedRegisterSchema = registerSchema
  .omit({ companyName: true })
  .extend({ confirmPassword: z.string().min(1, { message: 'Please confirm your password' }) })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
const REGISTER_FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
const signInSchema = z.object({ password: z.string().min(1, { message: 'Password is required' }) });

/**
 * /invitation?token=… (the e-mailed link): who invites whom to which workspace. A new person registers
 * (no company name: they join this one), an existing user signs in, a signed-in person joins with one
 * click; an expired, used or revoked invitation says which and to ask for a new one.
 */
export default function InvitationPage() {
  const { t } = useTranslation('workspaces');
  const [params] = useSearchParams();
  const token = params.get('token') ?? params.get('invitation') ?? '';
  const invitation = useInvitation(token);
  const { data: user, isPending: sessionPending } = useCurrentUser();
  useDocumentTitle(t('invitation.documentTitle'));

  const frame = (children: ReactNode) => (user ? <main className="mx-auto max-w-md px-4 py-12">{children}</main> : <AuthShell>{children}</AuthShell>);

  const invalid = <Unusable title={t('invitation.invalidTitle')} text={t('invitation.invalidText')} />;
  const loading = <Spinner label={t('common:loading')} className="min-h-[50vh]" />;

  if (!token) return frame(invalid);
  // Who is signed in decides the frame and the offer (join, sign in or register): the page waits for it too.
  if (sessionPending) return loading;
  return (
    <QueryState query={invitation} loading={loading} notFound={invalid} frame={frame}>
      {(view) => frame(<Invitation token={token} view={view} signedInAs={user?.email} />)}
    </QueryState>
  );
}

/** A usable invitation, else why not (spent, revoked, expired, or its workspace suspended). */
function Invitation({ token, view, signedInAs }: { token: string; view: InvitationView; signedInAs: string | undefined }) {
  const { t } = useTranslation('workspaces');
  if (view.state !== 'pending') {
    return (
      <Unusable
        title={t(`invitation.states.${view.state}.title`)}
        text={t(`invitation.states.${view.state}.text`, { workspace: isolate(view.workspaceName) })}
      />
    );
  }
  if (view.workspaceSuspended) {
    return <Unusable title={t('invitation.suspendedTitle')} text={t('invitation.suspendedText', { workspace: isolate(view.workspaceName) })} />;
  }
  return (
    <Card className="p-6 sm:p-8" data-testid="invitation">
      <div className="mb-6 text-center">
        <UserPlus className="mx-auto h-10 w-10 text-brand-600" aria-hidden />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">
          {t('invitation.title', { workspace: isolate(view.workspaceName) })}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{t('invitation.asRole', { role: t(`roles.${view.role}`) })}</p>
      </div>
      {signedInAs !== undefined ? (
        <JoinPanel token={token} view={view} signedInAs={signedInAs} />
      ) : view.existingUser ? (
        <SignInToAccept view={view} />
      ) : (
        <InvitedRegisterForm token={token} view={view} />
      )}
    </Card>
  );
}

function Unusable({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('workspaces');
  return (
    <Card className="p-8 text-center" data-testid="invitation-unusable">
      <MailX className="mx-auto h-10 w-10 text-amber-600" aria-hidden />
      <h1 className="mt-4 text-xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      <Link to="/" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
        {t('invitation.home')}
      </Link>
    </Card>
  );
}

function JoinPanel({ token, view, signedInAs }: { token: string; view: InvitationView; signedInAs: string }) {
  const { t } = useTranslation('workspaces');
  const toast = useToast();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const otherAddress = signedInAs.toLowerCase() !== view.email.toLowerCase();
  const join = async () => {
    try {
      await accept.mutateAsync(token);
      toast({ title: t('invitation.joined', { workspace: isolate(view.workspaceName) }) });
      navigate('/dashboard', { replace: true });
    } catch (error) {
      toast({ title: t('invitation.joinFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    }
  };
  return (
    <div className="space-y-4">
      {otherAddress && (
        <Notice tone="info" title={t('invitation.otherAddressTitle')}>
          <span>{t('invitation.otherAddress', { invited: view.email, signedIn: signedInAs })}</span>
        </Notice>
      )}
      <Button className="w-full" onClick={() => void join()} loading={accept.isPending}>
        {t('invitation.join', { workspace: isolate(view.workspaceName), role: t(`roles.${view.role}`) })}
      </Button>
    </div>
  );
}

/** The address has an account: its password, and the page then offers to join. */
function SignInToAccept({ view }: { view: InvitationView }) {
  const { t } = useTranslation('workspaces');
  const toast = useToast();
  const login = useLogin();
  const form = useForm({ resolver: zodResolver(signInSchema), mode: 'onTouched', defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await login.mutateAsync({ email: view.email, password });
    } catch (error) {
      toast({ title: t('invitation.signInFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('invitation.signInTitle')}>
      <p className="text-sm text-slate-600">{t('invitation.signInText')}</p>
      <Field id="invitation-email" label={t('invitation.email')}>
        <Input id="invitation-email" type="email" dir="ltr" className="bg-slate-50" value={view.email} readOnly autoComplete="username" />
      </Field>
      <Field id="invitation-password" label={t('invitation.password')} error={translateMessage(errors.password?.message)}>
        <Input
          id="invitation-password"
          type="password"
          autoComplete="current-password"
          invalid={!!errors.password}
          aria-describedby={errors.password ? 'invitation-password-error' : undefined}
          {...form.register('password')}
        />
      </Field>
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {t('invitation.signInSubmit')}
      </Button>
      <p className="text-center text-sm">
        <Link to="/auth?mode=forgot" className="font-medium text-brand-700 hover:underline">
          {t('invitation.forgot')}
        </Link>
      </p>
    </form>
  );
}

function InvitedRegisterForm({ token, view }: { token: string; view: InvitationView }) {
  const { t, i18n } = useTranslation('workspaces');
  const toast = useToast();
  const navigate = useNavigate();
  const register = useRegisterInvited();
  const form = useForm({
    resolver: zodResolver(invitedRegisterSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', email: view.email, password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ firstName, lastName, password }) => {
    try {
      const language = i18n.language === 'ar' ? 'ar' : 'en';
      await register.mutateAsync({ email: view.email, password, firstName, lastName, language, invitationToken: token });
      toast({ title: t('invitation.registered', { workspace: isolate(view.workspaceName) }) });
      navigate('/dashboard', { replace: true });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, REGISTER_FIELDS);
      toast({ title: t('invitation.registerFailed'), description: translateMessage(errorMessage(error, 'Failed to create account')), variant: 'destructive' });
    }
  });

  const input = (name: (typeof REGISTER_FIELDS)[number], type: string, autoComplete: string, readOnly = false) => (
    <Field id={`invited-${name}`} label={t(`invitation.fields.${name}`)} error={translateMessage(errors[name]?.message)}>
      <Input
        id={`invited-${name}`}
        type={type}
        dir={type === 'email' ? 'ltr' : undefined}
        autoComplete={autoComplete}
        readOnly={readOnly}
        className={readOnly ? 'bg-slate-50' : undefined}
        invalid={!!errors[name]}
        aria-describedby={errors[name] ? `invited-${name}-error` : undefined}
        {...form.register(name)}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('invitation.registerTitle')}>
      <p className="text-sm text-slate-600">{t('invitation.registerText')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {input('firstName', 'text', 'given-name')}
        {input('lastName', 'text', 'family-name')}
      </div>
      {input('email', 'email', 'email', true)}
      {input('password', 'password', 'new-password')}
      {input('confirmPassword', 'password', 'new-password')}
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {t('invitation.registerSubmit')}
      </Button>
    </form>
  );
}
