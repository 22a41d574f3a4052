import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../lib/session';

const NavBar = lazy(() => import('./nav-bar'));

/** Navigation bar of SPEC §2 (hidden on / and /auth) above the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  // Visitors never see the app's navigation: public pages draw their own top bar.
  const hideNav = pathname === '/' || pathname.startsWith('/auth') || !user;
  return (
    <div className="flex min-h-screen flex-col">
      {/* The first stop for keyboard users: past the navigation, straight to the page. */}
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('skipToContent')}
      </a>
      {!hideNav && (
        <Suspense fallback={<div className="h-16 border-b border-slate-200 bg-white" />}>
          <NavBar />
        </Suspense>
      )}
      <div id="content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </div>
    </div>
  );
}
