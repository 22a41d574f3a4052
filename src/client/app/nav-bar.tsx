import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Menu, Settings, ShieldCheck, User, X, Languages } from 'lucide-react';
import { useCurrentUser, useLogout } from '../lib/session';
import { setLanguage } from '../lib/i18n';
import { useToast } from '../ui/toast';
import { cn } from '../ui/cn';
import { navItems } from './nav-items';
import { LanguageSwitch } from '../ui/language-switch';
import { Logo } from '../ui/logo';
import { CurrentWorkspaceLabel, useWorkspaceSwitch, WorkspaceMenuItems } from '../features/workspaces/workspace-switcher';
import { OwnText } from '../ui/own-text';
import { homePath, mayOnPlatform } from '../lib/workspace';

/**
 * The signed-in navigation bar of SPEC §2. Loaded on demand: visitors to the public pages never see it,
 * so they do not download it or its dropdown menu.
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
        {user && <UserMenu />}
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

function UserMenu() {
  const { t, i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const toast = useToast();
  const workspaceSwitch = useWorkspaceSwitch();
  if (!user) return null;
  const itemClass = 'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm outline-none data-[highlighted]:bg-slate-100';

  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        toast({ title: t('nav.loggedOut') });
        navigate('/auth');
      },
    });

  return (
    <DropdownMenu.Root dir={i18n.dir()}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={t('nav.userMenu')}
          data-testid="user-menu"
          className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-semibold uppercase text-white"
        >
          {user.email.charAt(0)}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <div className="px-2 py-2">
            <OwnText as="p" address className="text-sm font-medium">
              {user.email}
            </OwnText>
            {mayOnPlatform(user, 'console') && (
              <p className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-brand-700">
                <ShieldCheck className="h-3.5 w-3.5" aria-hidden />
                {t('nav.superAdmin')}
              </p>
            )}
            <CurrentWorkspaceLabel />
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/profile')}>
            <User className="h-4 w-4" aria-hidden />
            {t('nav.profile')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/settings')}>
            <Settings className="h-4 w-4" aria-hidden />
            {t('nav.settings')}
          </DropdownMenu.Item>
          <WorkspaceMenuItems onSwitch={workspaceSwitch} />
          <DropdownMenu.Item className={itemClass} onSelect={() => setLanguage(i18n.language === 'ar' ? 'en' : 'ar')}>
            <Languages className="h-4 w-4" aria-hidden />
            {i18n.language === 'ar' ? t('language.en') : t('language.ar')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={cn(itemClass, 'text-red-600')} onSelect={signOut}>
            <LogOut className="flip-rtl h-4 w-4" aria-hidden />
            {t('nav.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
