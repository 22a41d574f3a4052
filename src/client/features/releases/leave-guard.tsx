import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/dialog';

/**
 * Asks before unsaved work is left behind: a link or Back inside the app opens a dialog; a reload, a
 * closed tab or another site gets the browser's own question. `allowNext()` lets the editor's own
 * navigation (after a send) through without asking.
 */
export function useLeaveGuard(unsaved: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && !allowed.current && currentLocation.pathname.split('/')[1] !== nextLocation.pathname.split('/')[1],
  );

  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to show their dialog.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  return {
    blocker,
    allowNext: () => {
      allowed.current = true;
    },
  };
}

export function LeaveDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const { t } = useTranslation('releases');
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title={t('leave.title')}
      description={t('leave.text')}
      confirmLabel={t('leave.confirm')}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
