import type { ReactNode } from 'react';
import { DotPattern } from './landing-hero';

/** The navy title band at the top of the legal and contact pages. */
export function PageHero({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-brand-900 text-white">
      <DotPattern className="text-white/10" />
      <div className="relative mx-auto max-w-5xl px-4 py-14 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {children}
      </div>
    </section>
  );
}
