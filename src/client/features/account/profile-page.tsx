import { useTranslation } from 'react-i18next';
import { BadgeCheck, UserRound } from 'lucide-react';
import type { CurrentUser } from '../../../shared/auth';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { workspaceOf } from '../../lib/workspace';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Skeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { EmailChangeNotice } from './email-change-notice';
import { ProfileForm } from './profile-form';
import { OwnText } from '../../ui/own-text';

/** /profile 'Profile Settings' (SPEC §2): names, email and company, the account type, and where an email change stands. */
export default function ProfilePage() {
  const { t } = useTranslation(['account', 'workspaces']);
  const session = useCurrentUser();
  useDocumentTitle(t('profile.title'));

  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('profile.title')}</h1>
      <p className="mt-1 text-slate-600">{t('profile.subtitle')}</p>
      <div className="mt-6">
        {/* Signed out (no user) the page is not shown: the app sends the visitor to sign in. */}
        <QueryState query={session} loading={<ProfileSkeleton />}>
          {(user) =>
            user && (
              <>
                <EmailChangeNotice user={user} />
                <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
                  {/* Re-mounted when the saved user changes, so the form always starts from what is stored. */}
                  <ProfileForm
                    key={`${user.email}|${user.pendingEmail}|${user.companyName}|${user.firstName}|${user.lastName}`}
                    user={user}
                  />
                  <AccountTypeCard user={user} />
                </div>
              </>
            )
          }
        </QueryState>
      </div>
    </main>
  );
}

function AccountTypeCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  return (
    <Card className="h-fit">
      <CardHeader title={t('profile.accountType')} />
      <CardBody className="space-y-4">
        <div className="flex items-center gap-3">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 text-lg font-semibold uppercase text-white" aria-hidden>
            {user.email.charAt(0)}
          </span>
          <div className="min-w-0">
            <OwnText as="p" address className="font-medium text-slate-900">
              {user.email}
            </OwnText>
            <OwnText as="p" className="text-sm text-slate-500">
              {user.companyName}
            </OwnText>
          </div>
        </div>
        <dl className="space-y-3 text-sm">
          <div className="flex items-center justify-between gap-2">
            <dt className="whitespace-nowrap text-slate-500">{t('profile.role')}</dt>
            <dd className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-3 py-1 text-xs font-bold tracking-wide text-brand-800" data-testid="account-role">
              <BadgeCheck className="h-3.5 w-3.5" aria-hidden />
              <RoleName user={user} />
            </dd>
          </div>
          <div className="flex items-center justify-between gap-2">
            <dt className="whitespace-nowrap text-slate-500">{t('profile.accountStatus')}</dt>
            <dd className="font-medium text-slate-800" data-testid="account-status">
              {t(`accountStatuses.${user.userType}`)}
            </dd>
          </div>
          <div className="flex items-center justify-between gap-2">
            <dt className="whitespace-nowrap text-slate-500">{t('profile.plan')}</dt>
            <dd className="font-medium text-slate-800">{t(`plans.${user.userType}`)}</dd>
          </div>
          <div className="flex items-center justify-between gap-2">
            <dt className="whitespace-nowrap text-slate-500">{t('profile.memberSince')}</dt>
            <dd className="font-medium text-slate-800">{formatDate(user.createdAt)}</dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}

/**
 * The role the person holds where they work: their role in the current workspace, as the session names it
 * ("Owner"); only someone in no workspace (Nashr's own staff) is shown their platform role.
 */
function RoleName({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['account', 'workspaces']);
  const workspace = workspaceOf(user);
  return <>{workspace ? t(`workspaces:roles.${workspace.role}`) : t(`account:roles.${user.role}`)}</>;
}

function ProfileSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3" aria-hidden>
      <Card className="space-y-4 p-6 lg:col-span-2">
        <UserRound className="h-6 w-6 text-slate-300" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </Card>
      <Card className="space-y-3 p-6">
        <Skeleton className="h-12 w-12 rounded-full" />
        <Skeleton className="h-6" />
      </Card>
    </div>
  );
}
