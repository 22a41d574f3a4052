import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KeyRound, Users } from 'lucide-react';
import type { AdminUser } from '../../../shared/admin';
import { roles, type Role } from '../../../shared/auth';
import { errorMessage } from '../../lib/api';
import { formatDate, formatNumber, translateMessage } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { EmptyState, PeopleSkeleton } from '../../ui/feedback';
import { noItems, QueryState } from '../../ui/query-state';
import { Select } from '../../ui/field';
import { Pager, pageCountOf } from '../../ui/pager';
import { useToast } from '../../ui/toast';
import { useAdminUsers, useChangeRole, useSetTrusted } from './admin-api';
import { customerPath } from './customer-path';
import { useSendPasswordReset } from './desk-api';
import { SearchField, useSearchPaging } from '../../ui/search-field';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { displayName, RoleBadge, SubscriptionBadge } from './user-labels';
import { OwnText } from '../../ui/own-text';

/** SPEC §2 'User Management': search, server pages, and a role selector that asks before it changes anything. */
export function UserManagement() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const { data: me } = useCurrentUser();
  const { search, onSearch, page, setPage } = useSearchPaging();
  const debouncedSearch = useDebouncedValue(search.trim());
  const users = useAdminUsers(debouncedSearch, page);
  const changeRole = useChangeRole();
  const [pending, setPending] = useState<{ user: AdminUser; role: Role } | null>(null);
  const [resetFor, setResetFor] = useState<AdminUser | null>(null);
  const sendReset = useSendPasswordReset();
  const confirmReset = () => {
    if (!resetFor) return;
    sendReset.mutate(resetFor.id, {
      onSuccess: ({ email }) => toast({ title: t('toasts.success'), description: t('users.resetSent', { email }) }),
      onError: (error) => toast({ title: t('users.resetFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
      onSettled: () => setResetFor(null),
    });
  };

  const confirmChange = () => {
    if (!pending) return;
    changeRole.mutate(
      { userId: pending.user.id, role: pending.role },
      {
        onSuccess: () => toast({ title: t('toasts.success'), description: t('toasts.roleUpdated') }),
        onError: (error) =>
          toast({
            title: t('toasts.error'),
            description: translateMessage(errorMessage(error, 'Failed to update user role')),
            variant: 'destructive',
          }),
        onSettled: () => setPending(null),
      },
    );
  };

  const pageCount = pageCountOf(users.data);

  return (
    <Card>
      <CardHeader
        title={t('users.title')}
        description={
          users.data
            ? t('users.count', { count: users.data.total, formatted: formatNumber(users.data.total) })
            : t('users.description')
        }
      />
      <CardBody className="space-y-4">
        <SearchField
          value={search}
          onChange={onSearch}
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
        />
        <QueryState
          query={users}
          loading={<PeopleSkeleton label={t('users.loading')} rows={8} action />}
          isEmpty={noItems}
          empty={<EmptyState icon={<Users className="h-10 w-10" aria-hidden />} title={t('users.empty')} />}
        >
          {(found) => (
            <ul className="divide-y divide-slate-100" aria-label={t('users.title')}>
              {found.items.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isMe={me?.id === user.id}
                  onRoleChosen={(role) => role !== user.role && setPending({ user, role })}
                  onSendReset={() => setResetFor(user)}
                />
              ))}
            </ul>
          )}
        </QueryState>
        <Pager page={page} pageCount={pageCount} onPageChange={setPage} numbered />
      </CardBody>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && !changeRole.isPending && setPending(null)}
        title={t('roleDialog.title')}
        description={
          pending
            ? t('roleDialog.description', {
                name: displayName(pending.user),
                from: t(`roles.${pending.user.role}`),
                to: t(`roles.${pending.role}`),
              })
            : ''
        }
        confirmLabel={changeRole.isPending ? t('roleDialog.saving') : t('roleDialog.confirm')}
        // Taking the console from someone who runs the service is the change to think twice about.
        destructive={pending ? !pending.user.customer : false}
        pending={changeRole.isPending}
        onConfirm={confirmChange}
      />
      <ConfirmDialog
        open={resetFor !== null}
        onOpenChange={(open) => !open && !sendReset.isPending && setResetFor(null)}
        title={t('users.resetTitle')}
        description={resetFor ? t('users.resetDescription', { name: displayName(resetFor), email: resetFor.email }) : ''}
        confirmLabel={sendReset.isPending ? t('users.resetSending') : t('users.resetConfirm')}
        destructive={false}
        pending={sendReset.isPending}
        onConfirm={confirmReset}
      />
    </Card>
  );
}

function UserRow({
  user,
  isMe,
  onRoleChosen,
  onSendReset,
}: {
  user: AdminUser;
  isMe: boolean;
  onRoleChosen: (role: Role) => void;
  onSendReset: () => void;
}) {
  const { t } = useTranslation(['admin', 'desk']);
  const name = displayName(user);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" data-testid="admin-user-row">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <OwnText as="p" className="min-w-0 font-semibold text-slate-900">
            {name}
          </OwnText>
          <RoleBadge role={user.role} />
          {isMe && <span className="text-xs text-slate-500">{t('users.you')}</span>}
        </div>
        <OwnText as="p" address className="text-sm text-slate-600">
          {user.email}
        </OwnText>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          {/* A customer's company opens its page; the operators' own workspace is not a customer. */}
          {user.workspaceId && user.customer ? (
            <Link
              to={customerPath(user.workspaceId)}
              className="font-medium text-brand-700 hover:underline"
              title={t('desk:users.openWorkspace', { company: user.companyName, name })}
            >
              <bdi>{user.companyName}</bdi>
            </Link>
          ) : (
            <bdi>{user.companyName}</bdi>
          )}
          <span>{t('users.joined', { date: formatDate(user.createdAt) })}</span>
          <SubscriptionBadge status={user.customer ? user.subscriptionStatus : 'active'} />
        </p>
      </div>
      {user.customer && <TrustedSwitch user={user} name={name} />}
      <Button variant="secondary" size="sm" onClick={onSendReset} aria-label={t('users.sendResetFor', { name })}>
        <KeyRound className="h-4 w-4" aria-hidden />
        {t('users.sendReset')}
      </Button>
      <Select
        value={user.role}
        onChange={(e) => onRoleChosen(e.target.value as Role)}
        aria-label={t('users.roleFor', { name })}
        className="sm:w-40"
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </Select>
    </li>
  );
}

/** Trusted customers send without editorial review. */
function TrustedSwitch({ user, name }: { user: AdminUser; name: string }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const setTrusted = useSetTrusted();
  const change = (trusted: boolean) =>
    setTrusted.mutate(
      { userId: user.id, trusted },
      {
        onSuccess: () => toast({ title: t(trusted ? 'users.trustedOn' : 'users.trustedOff', { name }) }),
        onError: (error) => toast({ title: t('users.trustedFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
      },
    );
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        className="h-4 w-4 accent-brand-700"
        checked={setTrusted.isPending ? Boolean(setTrusted.variables?.trusted) : user.trusted}
        disabled={setTrusted.isPending}
        onChange={(event) => change(event.target.checked)}
        aria-label={t('users.trustedFor', { name })}
      />
      <span>{t('users.trusted')}</span>
    </label>
  );
}
