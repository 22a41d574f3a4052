import type { CurrentUser } from '../../shared/auth';
import { mayIn } from '../lib/workspace';

export type NavItem = {
  to: string;
  /** i18n key in the `common` namespace. */
  labelKey: string;
  /** Active for every path starting with this prefix. */
  activePrefix?: string;
  /** Active on this exact path only (the admin console, whose review queue has its own entry). */
  exact?: boolean;
  visible?: (user: CurrentUser) => boolean;
};

/** The navigation bar of SPEC §2; an entry appears once its screen exists. */
export const navItems: NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard' },
  { to: '/contacts-new', labelKey: 'nav.contacts', activePrefix: '/contacts' },
  { to: '/my-lists', labelKey: 'nav.lists' },
  { to: '/press-releases', labelKey: 'nav.pressReleases' },
  { to: '/editor', labelKey: 'nav.send', activePrefix: '/editor', visible: (user) => mayIn(user, 'write') },
  { to: '/analytics', labelKey: 'nav.analytics' },
  { to: '/subscription', labelKey: 'nav.subscription', visible: (user) => user.role !== 'super_admin' },
  { to: '/admin/review', labelKey: 'nav.review', visible: (user) => user.role === 'admin' || user.role === 'super_admin' },
  { to: '/admin', labelKey: 'nav.admin', exact: true, visible: (user) => user.role === 'super_admin' },
  // nav items are added above this line, in SPEC §2 order
];
