import { useState } from 'react';
import { ScrollRegion } from '../../ui/scroll-region';
import { useTranslation } from 'react-i18next';
import { Trash2, Users } from 'lucide-react';
import type { WorkspaceMember } from '../../../shared/workspaces';
import { isBrandLimited, type WorkspaceRole } from '../../../shared/workspace-roles';
import { errorMessage } from '../../lib/api';
import { formatDate, isolate, translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/dialog';
import { Badge, EmptyState, RowsSkeleton } from '../../ui/feedback';
import { QueryState, noEntries } from '../../ui/query-state';
import { Select } from '../../ui/field';
import { OwnText } from '../../ui/own-text';
import { TableHead } from '../../ui/table';
import { useToast } from '../../ui/toast';
import { useWideScreen } from '../../ui/use-wide-screen';
import { ClientBrandNames } from './client-brand-names';
import { ClientBrandsDialog } from './client-brands-dialog';
import { RoleOptions } from './role-options';
import { useChangeRole, useMembers, useRemoveMember } from './workspaces-api';

export const memberName = (member: Pick<WorkspaceMember, 'firstName' | 'lastName' | 'email'>) =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;

/** Owners stand out in the members table; every other role reads alike. */
const ROLE_TONES: Partial<Record<WorkspaceRole, 'gold'>> = { owner: 'gold' };

/** The members table: everyone sees who is in the team; owners and managers change roles and remove people. */
export function MembersCard({ currentUserId, roles }: { currentUserId: string; roles: WorkspaceRole[] }) {
  const { t } = useTranslation('workspaces');
  const members = useMembers();
  return (
    <section aria-labelledby="members-heading">
      <Card>
        <CardHeader
          title={<span id="members-heading">{t('members.title')}</span>}
          description={
            <>
              {t('members.description')} <span data-testid="seats-unlimited">{t('members.seats')}</span>
            </>
          }
        />
        <CardBody>
          <QueryState
            query={members}
            loading={<RowsSkeleton rows={2} />}
            isEmpty={noEntries}
            empty={<EmptyState icon={<Users className="h-10 w-10" aria-hidden />} title={t('members.empty')} />}
          >
            {(list) => <MemberList members={list} currentUserId={currentUserId} roles={roles} />}
          </QueryState>
        </CardBody>
      </Card>
    </section>
  );
}

type MemberProps = { member: WorkspaceMember; self: boolean; roles: WorkspaceRole[] };

/** A table on a wide screen; on a phone one card per member, so no address is cut and every control stays in reach. */
function MemberList({ members, currentUserId, roles }: { members: WorkspaceMember[]; currentUserId: string; roles: WorkspaceRole[] }) {
  const { t } = useTranslation('workspaces');
  const wide = useWideScreen();
  if (!wide) {
    return (
      <ul className="divide-y divide-slate-100" aria-label={t('members.table')} data-testid="members-cards">
        {members.map((member) => (
          <MemberCard key={member.userId} member={member} self={member.userId === currentUserId} roles={roles} />
        ))}
      </ul>
    );
  }
  return (
    <ScrollRegion label={t('members.table')}>
      <table className="w-full text-sm" data-testid="members-table">
        <TableHead
          labels={[t('members.name'), t('members.email'), t('members.role'), t('members.joined'), <span key="actions" className="sr-only">{t('members.actions')}</span>]}
        />
        <tbody>
          {members.map((member) => (
            <MemberRow key={member.userId} member={member} self={member.userId === currentUserId} roles={roles} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function MemberRow({ member, self, roles }: MemberProps) {
  return (
    <tr className="border-b border-slate-100 last:border-0" data-testid="member-row">
      <td className="py-3 pe-4 font-medium text-slate-900">
        <MemberName member={member} self={self} />
      </td>
      <td className="max-w-[16rem] py-3 pe-4 text-slate-600">
        <OwnText address>{member.email}</OwnText>
      </td>
      <td className="py-3 pe-4">
        <MemberRole member={member} roles={roles} />
      </td>
      <td className="py-3 pe-4 text-slate-600">{formatDate(member.joinedAt)}</td>
      <td className="py-3 text-end">
        <RemoveMember member={member} />
      </td>
    </tr>
  );
}

/** The same member on a phone: name, the whole address (wrapped, left to right), role and removal, one under the other. */
function MemberCard({ member, self, roles }: MemberProps) {
  const { t } = useTranslation('workspaces');
  return (
    <li className="space-y-2 py-3 text-sm" data-testid="member-row">
      <p className="font-medium text-slate-900">
        <MemberName member={member} self={self} />
      </p>
      {/* The whole address, wrapped where it must, from the card's own start edge. */}
      <p className="break-words text-slate-600">
        <bdi dir="ltr">{member.email}</bdi>
      </p>
      <MemberRole member={member} roles={roles} fullWidth />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-slate-500">{t('members.joinedOn', { date: formatDate(member.joinedAt) })}</span>
        <RemoveMember member={member} />
      </div>
    </li>
  );
}

function MemberName({ member, self }: { member: WorkspaceMember; self: boolean }) {
  const { t } = useTranslation('workspaces');
  return (
    <>
      <bdi>{memberName(member)}</bdi>
      {self && (
        <Badge tone="blue" className="ms-2">
          {t('members.you')}
        </Badge>
      )}
    </>
  );
}

/** The member's role: a choice for whoever the server says may change it, else a badge; a client's brands under it. */
function MemberRole({ member, roles, fullWidth = false }: { member: WorkspaceMember; roles: WorkspaceRole[]; fullWidth?: boolean }) {
  const { t } = useTranslation('workspaces');
  const toast = useToast();
  const changeRole = useChangeRole();
  // A client's brands are chosen before the change goes: when becoming a client, or to change them.
  const [choosingBrands, setChoosingBrands] = useState(false);
  const name = memberName(member);
  // The server says whom the reader may change (an owner only by an owner; never oneself, who leaves instead).
  const editable = member.changeable;

  const change = (role: WorkspaceRole, brandIds?: string[]) =>
    changeRole.mutate(
      { userId: member.userId, role, brandIds },
      {
        onSuccess: () => {
          setChoosingBrands(false);
          toast({
            title: brandIds && member.role === role ? t('members.brandsChanged', { name: isolate(name) }) : t('members.roleChanged', { name: isolate(name), role: t(`roles.${role}`) }),
          });
        },
        onError: (error) => toast({ title: t('members.roleChangeFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' }),
      },
    );
  const onRole = (role: WorkspaceRole) => (isBrandLimited(role) ? setChoosingBrands(true) : change(role));

  return (
    <>
      {editable ? (
        <Select
          aria-label={t('members.roleOf', { name: isolate(name) })}
          className={fullWidth ? 'h-9 w-full' : 'h-9 w-40'}
          value={member.role}
          disabled={changeRole.isPending}
          onChange={(e) => onRole(e.target.value as WorkspaceRole)}
        >
          <RoleOptions roles={roles} />
        </Select>
      ) : (
        <Badge tone={ROLE_TONES[member.role] ?? 'slate'}>{t(`roles.${member.role}`)}</Badge>
      )}
      {isBrandLimited(member.role) && (
        <div className="mt-1 flex max-w-[12rem] flex-wrap items-center gap-x-2">
          <ClientBrandNames brandIds={member.brandIds} />
          {editable && (
            <Button size="sm" variant="link" className="h-auto text-xs" onClick={() => setChoosingBrands(true)} aria-label={t('members.changeBrandsOf', { name: isolate(name) })}>
              {t('members.changeBrands')}
            </Button>
          )}
        </div>
      )}
      {choosingBrands && (
        <ClientBrandsDialog
          name={isolate(name)}
          initial={member.brandIds ?? []}
          pending={changeRole.isPending}
          onCancel={() => setChoosingBrands(false)}
          onSave={(brandIds) => change('client', brandIds)}
        />
      )}
    </>
  );
}

/** Removing a member, asked first; offered only where the server says the reader may change them. */
function RemoveMember({ member }: { member: WorkspaceMember }) {
  const { t } = useTranslation('workspaces');
  const toast = useToast();
  const remove = useRemoveMember();
  const [asking, setAsking] = useState(false);
  const name = memberName(member);
  if (!member.changeable) return null;
  const onRemove = async () => {
    try {
      await remove.mutateAsync(member.userId);
      toast({ title: t('members.removed', { name: isolate(name) }) });
    } catch (error) {
      toast({ title: t('members.removeFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="ghost" className="text-red-600" onClick={() => setAsking(true)} aria-label={t('members.removeNamed', { name: isolate(name) })}>
        <Trash2 className="h-4 w-4" aria-hidden />
        {t('members.remove')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('members.removeTitle')}
        description={t('members.removeText', { name: isolate(name) })}
        confirmLabel={t('members.remove')}
        pending={remove.isPending}
        onConfirm={() => void onRemove()}
      />
    </>
  );
}
