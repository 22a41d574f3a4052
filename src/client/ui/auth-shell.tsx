import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Globe2, ShieldCheck, Zap } from 'lucide-react';
import { Logo } from './logo';
import { LanguageSwitch } from './language-switch';

/**
 * The frame of the account screens (auth's pages, and the invitation page for someone signed out): their own
 * small top bar (the navigation bar is hidden on /auth) and the product's promise beside the form.
 */
export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-slate-50">
      <header className="border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Logo to="/" />
          <LanguageSwitch />
        </div>
      </header>
      <main className="mx-auto grid w-full max-w-6xl flex-1 items-start gap-10 px-4 py-8 sm:py-12 lg:grid-cols-2 lg:items-center">
        <aside className="hidden lg:block">
          <p className="text-sm font-semibold uppercase tracking-wide text-gold-700">{t('side.kicker')}</p>
          <h2 className="mt-3 text-4xl font-bold leading-tight text-brand-900">{t('side.title')}</h2>
          <p className="mt-4 text-lg text-slate-600">{t('side.body')}</p>
          <ul className="mt-8 space-y-4">
            <SidePoint icon={<Globe2 className="h-5 w-5" aria-hidden />} text={t('side.coverage')} />
            <SidePoint icon={<Zap className="h-5 w-5" aria-hidden />} text={t('side.speed')} />
            <SidePoint icon={<ShieldCheck className="h-5 w-5" aria-hidden />} text={t('side.tracking')} />
          </ul>
        </aside>
        <div className="mx-auto w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}

function SidePoint({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <li className="flex items-center gap-3 text-slate-700">
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">{icon}</span>
      {text}
    </li>
  );
}

/** Title and subtitle of an account form card. */
export function FormHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="mb-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
    </div>
  );
}
