import type { CurrentUser } from '../../shared/auth';
import { limitedToBrands, mayIn, mayOnPlatform, roleLacks } from '../lib/workspace';

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
  // The media database and lists are the workspace's own things ('browse'): a client seat has neither.
  { to: '/contacts-new', labelKey: 'nav.contacts', activePrefix: '/contacts', visible: (user) => !roleLacks(user, 'browse') },
  { to: '/my-lists', labelKey: 'nav.lists', visible: (user) => !roleLacks(user, 'browse') },
  { to: '/press-releases', labelKey: 'nav.pressReleases' },
  { to: '/editor', labelKey: 'nav.send', activePrefix: '/editor', visible: (user) => mayIn(user, 'write') },
  { to: '/analytics', labelKey: 'nav.analytics' },
  { to: '/subscription', labelKey: 'nav.subscription', visible: (user) => !mayOnPlatform(user, 'unmetered') && !roleLacks(user, 'browse') },
  // Those who manage brands, and a client seat, whose brands are what it works on (others find them in Settings).
  {
    to: '/settings/brands',
    labelKey: 'nav.brands',
    // A brand's report (/brands/{id}/report) is under this entry too.
    activePrefix: '/brands',
    visible: (user) => !!user.workspace && (mayIn(user, 'manage') || limitedToBrands(user)),
  },
  { to: '/admin/review', labelKey: 'nav.review', visible: (user) => mayOnPlatform(user, 'review') },
  { to: '/admin', labelKey: 'nav.admin', exact: true, visible: (user) => mayOnPlatform(user, 'console') },
  // nav items are added above this line, in SPEC §2 order
];
