import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';

export type FaqItem = { id: string; question: string; answer: ReactNode };

/**
 * The questions as native disclosure widgets (<details>/<summary>): they open and close without any script,
 * so the static copy of a public page works before (or without) JavaScript, the browser's find-in-page
 * opens the answer it finds, and keyboards and screen readers get the platform's own behaviour. Several
 * answers may be open at once.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => (
        <details key={item.id} className="group" data-testid="faq-item">
          <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 px-5 py-5 text-start text-base font-semibold text-brand-900 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500 sm:px-6 [&::-webkit-details-marker]:hidden">
            <h3>{item.question}</h3>
            <ChevronDown className="h-5 w-5 shrink-0 text-gold-600 transition-transform group-open:rotate-180" aria-hidden />
          </summary>
          <div className="px-5 pb-5 leading-relaxed text-slate-600 sm:px-6">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
