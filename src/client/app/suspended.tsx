import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PauseCircle } from 'lucide-react';
import { useLogout } from '../lib/session';
import { Button } from '../ui/button';

/**
 * Shown instead of a workspace's pages while a super admin has suspended it: why, whom to write to, and
 * that nothing is lost. The menu above still switches to another workspace of the member's, or signs out.
 */
export function SuspendedPage({ reason, contact }: { reason: string; contact: string }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <PauseCircle className="h-12 w-12 text-amber-500" aria-hidden />
      <h1 className="text-xl font-semibold">{t('suspended.title')}</h1>
      <p className="text-slate-700">{t('suspended.reason')}</p>
      <p dir="auto" className="font-medium text-slate-900">
        {reason}
      </p>
      {contact && (
        <p className="text-slate-700">
          {t('suspended.contact')}{' '}
          <a href={`mailto:${contact}`} dir="ltr" className="font-medium text-brand-600 hover:underline">
            {contact}
          </a>
        </p>
      )}
      <p className="text-sm text-slate-500">{t('suspended.held')}</p>
      <p className="text-sm text-slate-500">{t('suspended.switch')}</p>
      <Button variant="secondary" onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/auth') })}>
        {t('nav.signOut')}
      </Button>
    </main>
  );
}
