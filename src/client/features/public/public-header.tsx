import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LayoutDashboard, Menu, X } from 'lucide-react';
import { useCurrentUser } from '../../lib/session';
import { LanguageSwitch } from '../../ui/language-switch';
import { cn } from '../../ui/cn';

const SECTIONS = ['features', 'pricing', 'faq', 'contact'] as const;

const buttonBase =
  'inline-flex h-10 items-center justify-center gap-2 rounded-md px-4 text-sm font-semibold transition-colors';
export const primaryLink = cn(buttonBase, 'bg-gold-500 text-brand-900 hover:bg-gold-400');
export const outlineLink = cn(buttonBase, 'border border-brand-200 text-brand-800 hover:bg-brand-50');

export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className={cn('flex items-center gap-2 font-bold', inverted ? 'text-white' : 'text-brand-800')}
      aria-label={t('brand.home')}
    >
      <img src="/favicon.svg" alt="" className="h-8 w-8" />
      <span className="text-xl">{t('brand.name')}</span>
    </Link>
  );
}

/** A link to a landing section: a plain anchor on the landing page itself, a route to /#section elsewhere. */
function SectionLink({
  id,
  onLanding,
  className,
  onClick,
}: {
  id: string;
  onLanding: boolean;
  className: string;
  onClick?: () => void;
}) {
  const { t } = useTranslation('public');
  if (onLanding) {
    return (
      <a href={`#${id}`} className={className} onClick={onClick}>
        {t(`header.${id}`)}
      </a>
    );
  }
  return (
    <Link to={{ pathname: '/', hash: `#${id}` }} className={className} onClick={onClick}>
      {t(`header.${id}`)}
    </Link>
  );
}

/**
 * The public top bar of the landing, legal and contact pages: section links, sign-in and sign-up, and the
 * language switch. A signed-in visitor gets a Dashboard button instead of Sign In and Get Started.
 */
export function PublicHeader({ onLanding = false }: { onLanding?: boolean }) {
  const { t } = useTranslation('public');
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  const accountActions = user ? (
    <Link to="/dashboard" className={primaryLink} onClick={close}>
      <LayoutDashboard className="h-4 w-4" aria-hidden />
      {t('header.dashboard')}
    </Link>
  ) : (
    <>
      <Link to="/auth" className={outlineLink} onClick={close}>
        {t('header.signIn')}
      </Link>
      <Link to="/auth?mode=signup" className={primaryLink} onClick={close}>
        {t('header.getStarted')}
      </Link>
    </>
  );

  return (
    <header
      className="no-print sticky top-0 z-30 border-b border-slate-200/80 bg-white/95 backdrop-blur"
      data-testid="public-header"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <BrandMark />
        <nav
          aria-label={t('header.label')}
          className="hidden flex-1 items-center justify-center gap-1 lg:flex"
        >
          {SECTIONS.map((id) => (
            <SectionLink
              key={id}
              id={id}
              onLanding={onLanding}
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-brand-800"
            />
          ))}
        </nav>
        <span className="flex-1 lg:hidden" />
        <LanguageSwitch className="text-slate-700" />
        <div className="hidden items-center gap-2 md:flex">{accountActions}</div>
        {/* The static copy of the page opens and closes this menu with islands.ts (data-menu-toggle). */}
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
          data-open-label={t('header.openMenu')}
          data-close-label={t('header.closeMenu')}
          aria-expanded={open}
          aria-controls="public-mobile-menu"
          data-menu-toggle
          onClick={() => setOpen((o) => !o)}
        >
          <span data-menu-icon="close" hidden={!open}>
            <X className="h-5 w-5" aria-hidden />
          </span>
          <span data-menu-icon="open" hidden={open}>
            <Menu className="h-5 w-5" aria-hidden />
          </span>
        </button>
      </div>
      <div id="public-mobile-menu" hidden={!open} className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 lg:hidden">
        <nav aria-label={t('header.label')} className="grid grid-cols-2 gap-2">
          {SECTIONS.map((id) => (
            <SectionLink
              key={id}
              id={id}
              onLanding={onLanding}
              onClick={close}
              className="rounded-md bg-slate-50 px-3 py-2 text-sm font-medium text-slate-700"
            />
          ))}
        </nav>
        <div className="mt-3 grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 md:hidden">
          {accountActions}
        </div>
      </div>
    </header>
  );
}
