import type { ReactNode } from 'react';
import { useCurrentUser } from '../../lib/session';
import { PublicHeader } from './public-header';
import { PublicFooter } from './public-footer';

/**
 * Frame of the legal and contact pages: a signed-in user keeps the app's navigation bar (drawn by the
 * layout), a visitor gets the public top bar instead.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  return (
    <div className="flex min-h-screen flex-col">
      {!user && <PublicHeader />}
      <main className="flex-1">{children}</main>
      <PublicFooter />
    </div>
  );
}
