import type { RefObject } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import type { DialogProps } from './dialog';

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' };

/** The dialog itself (ui/dialog.tsx loads it when a dialog first opens). */
export default function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  opener,
}: DialogProps & { opener: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          className={cn(
            'fixed start-1/2 top-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2',
            widths[size],
          )}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 py-4">
            <div>
              {/* Titles often are user text (a list's or a contact's name): laid out in their own direction. */}
              <RadixDialog.Title className="text-lg font-semibold text-slate-900" dir="auto">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-slate-500">{description}</RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close asChild>
              <button type="button" aria-label={t('actions.close')} className="rounded p-1 text-slate-500 hover:bg-slate-100">
                <X className="h-5 w-5" aria-hidden />
              </button>
            </RadixDialog.Close>
          </div>
          <div className="overflow-y-auto px-6 py-4">{children}</div>
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 px-6 py-4">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
