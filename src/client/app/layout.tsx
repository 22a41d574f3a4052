import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/session';
import { PageFrame } from '../ui/page-frame';

const NavBar = lazy(() => import('./nav-bar'));

/** Navigation bar of SPEC §2 (hidden on / and /auth) above the page. */
export function AppLayout() {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  // Visitors never see the app's navigation: public pages draw their own top bar.
  const hideNav = pathname === '/' || pathname.startsWith('/auth') || !user;
  const nav = hideNav ? null : (
    <Suspense fallback={<div className="h-16 border-b border-slate-200 bg-white" />}>
      <NavBar />
    </Suspense>
  );
  return (
    <PageFrame nav={nav}>
      <Outlet />
    </PageFrame>
  );
}
