import type { InputHTMLAttributes, ReactNode } from 'react';
import { forwardRef } from 'react';

/** An on/off setting: a checkbox read as a switch, its label and a line saying what it does. */
export const SwitchField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; explanation?: ReactNode }
>(function SwitchField({ label, explanation, id, ...props }, ref) {
  return (
    <label htmlFor={id} className="flex items-start gap-3 text-sm">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        role="switch"
        className="mt-1 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
        aria-describedby={explanation ? `${id}-explanation` : undefined}
        {...props}
      />
      <span>
        <span className="block font-medium text-slate-900">{label}</span>
        {explanation && (
          <span id={`${id}-explanation`} className="block text-slate-500">
            {explanation}
          </span>
        )}
      </span>
    </label>
  );
});
