import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../shared/admin';
import type { Role } from '../../../shared/auth';
import { Badge } from '../../ui/feedback';

export const displayName = (user: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

export const initials = (user: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>) =>
  ((user.firstName.charAt(0) + user.lastName.charAt(0)).trim() || user.email.charAt(0)).toUpperCase();

const roleTones: Record<Role, 'slate' | 'blue' | 'gold'> = {
  user: 'slate',
  admin: 'blue',
  super_admin: 'gold',
};

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation('admin');
  return <Badge tone={roleTones[role] ?? 'slate'}>{t(`roles.${role}`, { defaultValue: role })}</Badge>;
}

export function SubscriptionBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <Badge tone={status === 'active' ? 'green' : 'amber'}>
      {t(`subscription.${status}`, { defaultValue: status })}
    </Badge>
  );
}
