import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { CheckCircle2, AlertCircle, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds; SPEC §9 default 5 s. */
  duration?: number;
  /**
   * A link to what the toast is about (the list something was added to). `onNavigate` lets the page
   * go there without a reload; the address stays a real link (new tab, copy).
   */
  link?: { label: string; href: string; onNavigate?: () => void };
};

type ToastState = ToastInput & { id: number };

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

/** One toast at a time (a new one replaces the current one), 5 s by default, announced to screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const counter = useRef(0);
  const show = useCallback((toast: ToastInput) => setCurrent({ ...toast, id: ++counter.current }), []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), current.duration ?? 5000);
    return () => clearTimeout(timer);
  }, [current]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed bottom-4 end-4 z-[100] flex w-[calc(100vw-2rem)] max-w-[420px] flex-col">
        {current && <ToastView key={current.id} toast={current} onClose={() => setCurrent(null)} />}
      </div>
    </ToastContext.Provider>
  );
}

function ToastView({ toast, onClose }: { toast: ToastState; onClose: () => void }) {
  const { t } = useTranslation();
  const destructive = toast.variant === 'destructive';
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      data-testid="toast"
      className={cn(
        'pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg',
        destructive ? 'border-red-300 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900',
      )}
    >
      {destructive ? <AlertCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden /> : <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden />}
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className={cn('mt-1 text-sm', destructive ? 'text-red-50' : 'text-slate-600')}>{toast.description}</p>}
        {toast.link && (
          <a
            href={toast.link.href}
            className={cn('mt-2 inline-block text-sm font-semibold underline', destructive ? 'text-white' : 'text-brand-700')}
            onClick={(event) => {
              const navigate = toast.link?.onNavigate;
              if (!navigate || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              navigate();
              onClose();
            }}
          >
            {toast.link.label}
          </a>
        )}
      </div>
      <button type="button" onClick={onClose} aria-label={t('actions.close')} className="rounded p-0.5 opacity-70 hover:opacity-100">
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
