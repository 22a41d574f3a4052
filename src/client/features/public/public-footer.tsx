import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Mail, MapPin } from 'lucide-react';
import { BrandMark } from './public-header';
import { CONTACT_EMAIL } from './company';

/** Footer of every public page: what Nashr is, the legal and contact links, and the copyright. */
export function PublicFooter() {
  const { t } = useTranslation('public');
  const { t: tc } = useTranslation();
  const linkClass = 'text-sm text-brand-100 hover:text-gold-400 hover:underline';
  return (
    <footer className="no-print bg-brand-900 text-brand-100" data-testid="public-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="space-y-3">
          <BrandMark inverted />
          <p className="text-sm font-medium text-gold-400">{tc('brand.tagline')}</p>
          <p className="max-w-md text-sm leading-relaxed text-brand-200">{t('footer.about')}</p>
        </div>
        <nav aria-label={t('footer.links')}>
          <h2 className="mb-3 text-sm font-semibold text-white">{t('footer.links')}</h2>
          <ul className="space-y-2">
            <li>
              <Link to="/contact" className={linkClass}>
                {t('footer.contact')}
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className={linkClass}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                {t('footer.privacy')}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="space-y-3 text-sm">
          <a href={`mailto:${CONTACT_EMAIL}`} className="flex items-center gap-2 hover:text-gold-400">
            <Mail className="h-4 w-4 shrink-0" aria-hidden />
            <span dir="ltr">{CONTACT_EMAIL}</span>
          </a>
          <p className="flex items-start gap-2">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {t('company.addressShort')}
          </p>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-brand-200 sm:px-6">
          {t('footer.rights', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
