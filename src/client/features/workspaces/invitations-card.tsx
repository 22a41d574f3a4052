import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { MailPlus, RotateCw, X } from 'lucide-react';
import { isBrandLimited, invitationSchema, type WorkspaceInvitation, type WorkspaceRole } from '../../../shared/workspaces';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { formatDate, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { Badge, RowsSkeleton } from '../../ui/feedback';
import { QueryState, noEntries } from '../../ui/query-state';
import { Field, Input, Select } from '../../ui/field';
import { OwnText } from '../../ui/own-text';
import { useToast } from '../../ui/toast';
import { BrandChecklist } from './brand-checklist';
import { ClientBrandNames } from './client-brand-names';
import { RoleOptions } from './role-options';
import { useInvitations, useInvite, useResendInvitation, useRevokeInvitation } from './workspaces-api';

const FIELDS = ['email', 'role', 'brandIds'] as const;

/** A client is invited to some brands: at least one, said on the brands' field before anything is sent. */
const inviteFormSchema = invitationSchema.superRefine((value, ctx) => {
  if (isBrandLimited(value.role) && !value.brandIds?.length) {
    ctx.addIssue({ code: 'custom', path: ['brandIds'], message: 'CLIENT_BRANDS_REQUIRED' });
  }
});

/** A server error on one brand of the list (brandIds.0) belongs to the whole field. */
const fieldOf = (path: string) => (path.startsWith('brandIds') ? 'brandIds' : path);

/** Owners and managers invite by email with a role; pending invitations can be sent again or revoked. */
export function InvitationsCard({ roles }: { roles: WorkspaceRole[] }) {
  const { t } = useTranslation('workspaces');
  const invitations = useInvitations(true);
  return (
    <section aria-labelledby="invite-heading">
      <Card>
        <CardHeader title={<span id="invite-heading">{t('invite.title')}</span>} description={t('invite.description')} />
        <CardBody className="space-y-6">
          <InviteForm roles={roles} />
          <div>
            <h3 className="mb-2 font-semibold text-slate-800">{t('invitations.title')}</h3>
            <QueryState
              query={invitations}
              loading={<RowsSkeleton rows={1} />}
              isEmpty={noEntries}
              empty={<p className="text-sm text-slate-500">{t('invitations.empty')}</p>}
            >
              {(list) => (
                <ul className="divide-y divide-slate-100" data-testid="pending-invitations">
                  {list.map((invitation) => (
                    <InvitationRow key={invitation.id} invitation={invitation} />
                  ))}
                </ul>
              )}
            </QueryState>
          </div>
        </CardBody>
      </Card>
    </section>
  );
}

function InviteForm({ roles }: { roles: WorkspaceRole[] }) {
  const { t } = useTranslation('workspaces');
  const toast = useToast();
  const invite = useInvite();
  const form = useForm({
    resolver: zodResolver(inviteFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', role: 'writer' as const, brandIds: [] as string[] },
  });
  const { errors, isSubmitting } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });
  const client = isBrandLimited(role);

  const submit = form.handleSubmit(async (values) => {
    try {
      // Only a client names brands; the team's roles see every brand.
      const body = { ...values, brandIds: isBrandLimited(values.role) ? values.brandIds : undefined };
      const invitation = await invite.mutateAsync(body);
      form.reset({ email: '', role: values.role, brandIds: values.brandIds ?? [] });
      toast({ title: t('invite.sent'), description: t('invite.sentText', { email: invitation.email }) });
    } catch (error) {
      const placed = applyServerFieldErrors(error, form.setError, FIELDS, fieldOf);
      // An address already in the team (409 ALREADY_MEMBER) belongs to the email field.
      if (!placed && error instanceof ApiError && error.status === 409) {
        form.setError('email', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
      }
      if (!placed && error instanceof ApiError && error.code === 'CLIENT_BRANDS_REQUIRED') {
        form.setError('brandIds', { type: 'server', message: error.code });
      }
      toast({ title: t('invite.failed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start" aria-label={t('invite.title')}>
      <Field id="invite-email" label={t('invite.email')} error={translateMessage(errors.email?.message)}>
        <Input
          id="invite-email"
          type="email"
          dir="ltr"
          autoComplete="off"
          invalid={!!errors.email}
          aria-describedby={errors.email ? 'invite-email-error' : undefined}
          {...form.register('email')}
        />
      </Field>
      <Field id="invite-role" label={t('invite.role')} error={translateMessage(errors.role?.message)}>
        <Select id="invite-role" invalid={!!errors.role} aria-describedby={errors.role ? 'invite-role-error' : undefined} {...form.register('role')}>
          <RoleOptions roles={roles} />
        </Select>
      </Field>
      <Button type="submit" className="sm:mt-6" loading={isSubmitting}>
        {!isSubmitting && <MailPlus className="h-4 w-4" aria-hidden />}
        {t('invite.submit')}
      </Button>
      {client && (
        <div className="sm:col-span-3">
          <Controller
            control={form.control}
            name="brandIds"
            render={({ field }) => (
              <BrandChecklist
                id="invite-brands"
                legend={t('invite.brands')}
                value={field.value ?? []}
                onChange={field.onChange}
                error={translateMessage(errors.brandIds?.message)}
              />
            )}
          />
          <p className="mt-1 text-xs text-slate-500">{t('invite.brandsHint')}</p>
        </div>
      )}
    </form>
  );
}

function InvitationRow({ invitation }: { invitation: WorkspaceInvitation }) {
  const { t } = useTranslation('workspaces');
  const toast = useToast();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [asking, setAsking] = useState(false);
  const onResend = () =>
    resend.mutate(invitation.id, {
      onSuccess: () => toast({ title: t('invitations.resent'), description: t('invite.sentText', { email: invitation.email }) }),
      onError: (error) => toast({ title: t('invitations.resendFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
    });
  const onRevoke = async () => {
    try {
      await revoke.mutateAsync(invitation.id);
      toast({ title: t('invitations.revoked') });
    } catch (error) {
      toast({ title: t('invitations.revokeFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    } finally {
      setAsking(false);
    }
  };
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center" data-testid="invitation-row">
      <div className="min-w-0 flex-1">
        <OwnText as="p" address className="text-sm font-medium text-slate-900">
          {invitation.email}
        </OwnText>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <Badge tone="slate">{t(`roles.${invitation.role}`)}</Badge>
          <ClientBrandNames brandIds={invitation.brandIds} />
          {t('invitations.expires', { when: formatDate(invitation.expiresAt, true) })}
        </p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" onClick={onResend} loading={resend.isPending} aria-label={t('invitations.resendTo', { email: invitation.email })}>
          {!resend.isPending && <RotateCw className="h-4 w-4" aria-hidden />}
          {t('invitations.resend')}
        </Button>
        <Button size="sm" variant="ghost" className="text-red-600" onClick={() => setAsking(true)} aria-label={t('invitations.revokeTo', { email: invitation.email })}>
          <X className="h-4 w-4" aria-hidden />
          {t('invitations.revoke')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('invitations.revokeTitle')}
        description={t('invitations.revokeText', { email: invitation.email })}
        confirmLabel={t('invitations.revoke')}
        pending={revoke.isPending}
        onConfirm={() => void onRevoke()}
      />
    </li>
  );
}
