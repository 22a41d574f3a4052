import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu, X } from 'lucide-react';
import { useCurrentUser } from '../lib/session';
import { cn } from '../ui/cn';
import { navItems } from './nav-items';
import { LanguageSwitch } from '../ui/language-switch';
import { Logo } from '../ui/logo';
import { homePath, mayOnPlatform } from '../lib/workspace';
import { UserMenuButton } from './user-menu-button';

const loadUserMenu = () => import('./user-menu');
const UserMenu = lazy(loadUserMenu);

/**
 * The signed-in navigation bar of SPEC §2. Loaded on demand: visitors to the public pages never see it,
 * so they do not download it. Its user menu (a Radix dropdown, with the workspace switcher) is fetched
 * when the pointer or the focus first reaches the menu's button, and opens once there if it was clicked.
 */
export default function NavBar() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const items = user ? navItems.filter((item) => !item.visible || item.visible(user)) : [];
  const isActive = ({ to, activePrefix, exact }: { to: string; activePrefix?: string; exact?: boolean }) =>
    pathname === to || (!exact && (pathname.startsWith((activePrefix ?? to) + '/') || (!!activePrefix && pathname.startsWith(activePrefix))));
  const isTrial = user && !mayOnPlatform(user, 'unmetered') && user.userType === 'trial';

  return (
    <header className="no-print sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Logo to={homePath(user)} />
        <nav aria-label={t('nav.main')} className="hidden flex-1 items-center gap-1 lg:flex">
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={cn(
                'rounded-md px-3 py-2 text-sm font-medium',
                isActive(item) ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100',
              )}
            >
              {t(item.labelKey)}
            </NavLink>
          ))}
        </nav>
        <span className="flex-1 lg:hidden" />
        {isTrial && (
          <Link to="/subscription" className="hidden rounded-full bg-gold-400/30 px-3 py-1 text-xs font-semibold text-gold-700 sm:inline-block" data-testid="trial-badge">
            {t('nav.freeAccount')}
          </Link>
        )}
        <LanguageSwitch className="hidden sm:inline-flex" />
        {user && <LazyUserMenu />}
        <button
          type="button"
          className="rounded-md p-2 lg:hidden"
          aria-label={mobileOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={mobileOpen}
          onClick={() => setMobileOpen((o) => !o)}
        >
          {mobileOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
        </button>
      </div>
      {mobileOpen && (
        <nav aria-label={t('nav.mobile')} className="grid grid-cols-2 gap-2 border-t border-slate-200 p-4 lg:hidden">
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              onClick={() => setMobileOpen(false)}
              className={cn(
                'rounded-md px-3 py-2 text-sm font-medium',
                isActive(item) ? 'bg-brand-50 text-brand-800' : 'bg-slate-50 text-slate-700',
              )}
            >
              {t(item.labelKey)}
            </NavLink>
          ))}
          {isTrial && (
            <Link to="/subscription" onClick={() => setMobileOpen(false)} className="rounded-md bg-gold-400/30 px-3 py-2 text-sm font-semibold text-gold-700">
              {t('nav.freeAccount')}
            </Link>
          )}
          <LanguageSwitch className="justify-start bg-slate-50" />
        </nav>
      )}
    </header>
  );
}

/** The menu's button, until the menu itself is wanted; then the menu, open if the button was clicked. */
function LazyUserMenu() {
  const { data: user } = useCurrentUser();
  const [clicked, setClicked] = useState(false);
  if (!user) return null;
  const button = (
    <UserMenuButton
      email={user.email}
      onPointerEnter={() => void loadUserMenu()}
      onFocus={() => void loadUserMenu()}
      onClick={() => setClicked(true)}
    />
  );
  if (!clicked) return button;
  return (
    <Suspense fallback={button}>
      <UserMenu defaultOpen />
    </Suspense>
  );
}
