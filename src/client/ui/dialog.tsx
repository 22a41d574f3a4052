import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
};

/**
 * The last control focused outside any dialog. A dialog's first field may take focus (autoFocus) before
 * the dialog itself mounts, so the opener is remembered as focus moves rather than read when it opens.
 */
let lastFocusOutsideDialogs: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement && !target.closest('[role="dialog"], [role="alertdialog"]')) lastFocusOutsideDialogs = target;
  });
}

// The dialog's frame (Radix: focus trap, scroll lock, layers) is fetched the first time a dialog opens, so
// the many pages that hold a closed dialog do not download it with their first screen.
const DialogFrame = lazy(() => import('./dialog-frame'));

export function Dialog(props: DialogProps) {
  // Radix returns focus only to a Dialog.Trigger; our dialogs open from state, so remember the control
  // that had focus when one opened and give focus back to it on close (if it is still on the page).
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (props.open) opener.current = lastFocusOutsideDialogs;
  }, [props.open]);
  // Once opened, the frame stays mounted (closed), so Radix can hand focus back as it closes.
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={props.open ? <div className="fixed inset-0 z-40 bg-slate-900/50" /> : null}>
      <DialogFrame {...props} opener={opener} />
    </Suspense>
  );
}

/** Every destructive action asks first. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  destructive = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  pending?: boolean;
  destructive?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">{description}</p>
    </Dialog>
  );
}
