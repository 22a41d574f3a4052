import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailCheck } from 'lucide-react';
import type { AdminWorkspaceDetail } from '../../../shared/admin';
import { errorMessage } from '../../lib/api';
import { formatDate, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { Badge } from '../../ui/feedback';
import { OwnText } from '../../ui/own-text';
import { useToast } from '../../ui/toast';
import { useResendVerification } from './desk-api';
import { Cell, DeskSection, DeskTable } from './desk-section';

type Member = AdminWorkspaceDetail['members'][number];

/** The people of the workspace, their roles, whether they verified their address and when they last signed in. */
export function CustomerMembers({ customer }: { customer: AdminWorkspaceDetail }) {
  const { t } = useTranslation(['desk', 'workspaces']);
  const toast = useToast();
  const resend = useResendVerification();
  const [asking, setAsking] = useState<Member | null>(null);

  const confirmResend = () => {
    if (!asking) return;
    resend.mutate(asking.userId, {
      onSuccess: () => toast({ title: t('members.resent', { email: asking.email }) }),
      onError: (error) =>
        toast({ title: t('members.resendFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
      onSettled: () => setAsking(null),
    });
  };

  return (
    <DeskSection title={t('members.title')} empty={customer.members.length === 0} emptyText={t('members.empty')}>
      <DeskTable
        label={t('members.title')}
        columns={[t('members.name'), t('members.email'), t('members.role'), t('members.verified'), t('members.lastSignIn'), '']}
      >
        {customer.members.map((member) => (
          <tr key={member.userId} aria-label={member.name || member.email}>
            <Cell>
              <OwnText className="w-fit max-w-48 font-medium text-slate-900">{member.name}</OwnText>
            </Cell>
            <Cell>
              <OwnText address className="w-fit max-w-64">
                {member.email}
              </OwnText>
            </Cell>
            <Cell>{t(`workspaces:roles.${member.role}`)}</Cell>
            <Cell>
              <Badge className="whitespace-nowrap" tone={member.verified ? 'green' : 'amber'}>{t(member.verified ? 'members.isVerified' : 'members.notVerified')}</Badge>
            </Cell>
            <Cell className="whitespace-nowrap text-slate-600">
              {member.lastSignInAt ? formatDate(member.lastSignInAt, true) : t('members.never')}
            </Cell>
            <Cell last className="text-end">
              {!member.verified && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setAsking(member)}
                  aria-label={t('members.resendFor', { email: member.email })}
                >
                  <MailCheck className="h-4 w-4" aria-hidden />
                  {t('members.resend')}
                </Button>
              )}
            </Cell>
          </tr>
        ))}
      </DeskTable>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && !resend.isPending && setAsking(null)}
        title={t('members.resendTitle')}
        description={asking ? t('members.resendText', { email: asking.email }) : ''}
        confirmLabel={t('members.resend')}
        destructive={false}
        pending={resend.isPending}
        onConfirm={confirmResend}
      />
    </DeskSection>
  );
}

/** Who signed in to the workspace lately, newest first. */
export function RecentSignIns({ signIns }: { signIns: AdminWorkspaceDetail['recentSignIns'] }) {
  const { t } = useTranslation('desk');
  return (
    <DeskSection title={t('signIns.title')} empty={signIns.length === 0} emptyText={t('signIns.empty')}>
      <ul className="divide-y divide-slate-100 text-sm">
        {signIns.map((signIn, index) => (
          <li key={`${signIn.userId}-${signIn.at}-${index}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <OwnText address className="min-w-0 max-w-full">
              {signIn.email}
            </OwnText>
            <span className="whitespace-nowrap text-slate-600">{formatDate(signIn.at, true)}</span>
          </li>
        ))}
      </ul>
    </DeskSection>
  );
}
