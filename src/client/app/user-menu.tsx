import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Languages, LogOut, Settings, ShieldCheck, User } from 'lucide-react';
import { useCurrentUser, useLogout } from '../lib/session';
import { setLanguage } from '../lib/i18n';
import { mayOnPlatform } from '../lib/workspace';
import { useToast } from '../ui/toast';
import { cn } from '../ui/cn';
import { OwnText } from '../ui/own-text';
import { CurrentWorkspaceLabel, useWorkspaceSwitch, WorkspaceMenuItems } from '../features/workspaces/workspace-switcher';
import { UserMenuButton } from './user-menu-button';

/**
 * The signed-in user's menu: profile, settings, workspaces, language, sign out. Its own chunk (with Radix's
 * dropdown), fetched by the navigation bar when the menu is about to be used.
 */
export default function UserMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
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
    <DropdownMenu.Root dir={i18n.dir()} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <UserMenuButton email={user.email} />
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
