import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ChevronDown, MailCheck } from 'lucide-react';
import { resendVerificationSchema } from '../../../shared/auth';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Field, Input } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useResendVerification } from './auth-api';

/** SPEC §2: the 'Resend verification email' panel that opens under the sign-in form. */
export function ResendVerificationPanel({
  open,
  onOpenChange,
  defaultEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultEmail?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-white shadow-sm">
      <button
        type="button"
        onClick={() => onOpenChange(!open)}
        aria-expanded={open}
        aria-controls="resend-panel"
        className="flex w-full items-center gap-2 px-5 py-3 text-start text-sm font-medium text-brand-700 hover:bg-slate-50"
      >
        <MailCheck className="h-4 w-4" aria-hidden />
        <span className="flex-1">{t('resend.toggle')}</span>
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <div id="resend-panel" className="border-t border-slate-100 px-5 py-4">
          {/* Keyed by the address so that a sign-in refused for verification fills the panel in. */}
          <ResendForm key={defaultEmail ?? ''} defaultEmail={defaultEmail} />
        </div>
      )}
    </div>
  );
}

function ResendForm({ defaultEmail }: { defaultEmail?: string }) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const resend = useResendVerification();
  const form = useForm({
    resolver: zodResolver(resendVerificationSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail ?? '' },
  });
  const error = form.formState.errors.email;

  const submit = form.handleSubmit(async (values) => {
    try {
      await resend.mutateAsync(values);
      toast({ title: t('toasts.verificationSent'), description: t('toasts.verificationSentDescription'), duration: 6000 });
    } catch (failure) {
      applyServerFieldErrors(failure, form.setError, ['email']);
      toast({
        title: t('toasts.sendFailed'),
        description: translateMessage(errorMessage(failure, 'Could not send verification email')),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('resend.toggle')}>
      <p className="text-sm text-slate-600">{t('resend.description')}</p>
      <Field id="resend-email" label={t('fields.email')} error={translateMessage(error?.message)}>
        <Input
          id="resend-email"
          type="email"
          autoComplete="email"
          dir="ltr"
          invalid={!!error}
          aria-describedby={error ? 'resend-email-error' : undefined}
          {...form.register('email')}
        />
      </Field>
      <Button type="submit" variant="secondary" className="w-full" loading={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('resend.submitting') : t('resend.submit')}
      </Button>
    </form>
  );
}
