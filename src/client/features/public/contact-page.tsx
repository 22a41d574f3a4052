import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Clock, Mail, MapPin, Newspaper, type LucideIcon } from 'lucide-react';
import { useDocumentTitle, useSiteOrigin } from '../../lib/document-title';
import { PublicShell } from './public-shell';
import { PageHero } from './page-hero';
import { primaryLink } from './public-header';
import { useFaqItems, type FaqId } from './faq-items';
import { CONTACT_EMAIL, PRESS_EMAIL } from './company';
import { useStructuredData } from './use-structured-data';
import { cn } from '../../ui/cn';

const CONTACT_FAQ: FaqId[] = ['speed', 'countries', 'arabic', 'tracking'];

/** schema.org ContactPage describing the company, so search engines can show its contact details. */
function contactStructuredData(origin: string, name: string, description: string, language: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ContactPage',
    name,
    description,
    url: `${origin}/contact`,
    inLanguage: language,
    mainEntity: {
      '@type': 'Organization',
      name: 'Nashr',
      alternateName: 'نشر',
      url: `${origin}/`,
      logo: `${origin}/favicon.svg`,
      email: CONTACT_EMAIL,
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Office 1204, Building 5, Dubai Media City',
        addressLocality: 'Dubai',
        addressCountry: 'AE',
      },
      contactPoint: [
        {
          '@type': 'ContactPoint',
          contactType: 'customer support',
          email: CONTACT_EMAIL,
          availableLanguage: ['English', 'Arabic'],
          hoursAvailable: {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'],
            opens: '09:00',
            closes: '18:00',
          },
        },
        {
          '@type': 'ContactPoint',
          contactType: 'press',
          email: PRESS_EMAIL,
          availableLanguage: ['English', 'Arabic'],
        },
      ],
    },
  };
}

function InfoCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-800 text-gold-400">
        <Icon className="h-6 w-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-bold text-brand-900">{title}</h2>
      <div className="mt-2 flex-1 text-slate-600">{children}</div>
    </li>
  );
}

function BusinessHours() {
  const { t } = useTranslation('public');
  return (
    <>
      <dl className="space-y-3">
        <div>
          <dt className="font-medium text-slate-800">{t('contactPage.hoursWeekdays')}</dt>
          <dd>{t('contactPage.hoursWeekdaysTime')}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-800">{t('contactPage.hoursWeekend')}</dt>
          <dd>{t('contactPage.hoursClosed')}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-500">{t('contactPage.hoursNote')}</p>
    </>
  );
}

export default function ContactPage() {
  const { t, i18n } = useTranslation('public');
  const title = t('contactPage.title');
  const description = t('contactPage.metaDescription');
  const origin = useSiteOrigin();
  useDocumentTitle(title, description);
  useStructuredData(
    'contact-structured-data',
    contactStructuredData(origin, title, description, i18n.language),
  );
  const faq = useFaqItems(CONTACT_FAQ);

  return (
    <PublicShell>
      <PageHero title={title}>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">{t('contactPage.lead')}</p>
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <ul className="relative z-10 -mt-20 grid gap-6 md:grid-cols-3">
          <InfoCard icon={Mail} title={t('contactPage.emailTitle')}>
            <p>{t('contactPage.emailBody')}</p>
            <a
              href={`mailto:${CONTACT_EMAIL}`}
              className="mt-3 inline-block font-semibold text-brand-700 hover:underline"
              dir="ltr"
            >
              {CONTACT_EMAIL}
            </a>
            <p className="mt-4 flex items-center gap-2 text-sm">
              <Newspaper className="h-4 w-4 text-gold-600" aria-hidden />
              {t('contactPage.pressTitle')}:{' '}
              <a
                href={`mailto:${PRESS_EMAIL}`}
                className="font-medium text-brand-700 hover:underline"
                dir="ltr"
              >
                {PRESS_EMAIL}
              </a>
            </p>
          </InfoCard>
          <InfoCard icon={MapPin} title={t('contactPage.officeTitle')}>
            <address className="not-italic">{t('company.address')}</address>
          </InfoCard>
          <InfoCard icon={Clock} title={t('contactPage.hoursTitle')}>
            <BusinessHours />
          </InfoCard>
        </ul>

        <section aria-labelledby="contact-faq-title" className="mt-16">
          <h2 id="contact-faq-title" className="text-2xl font-bold text-brand-900 sm:text-3xl">
            {t('contactPage.faqTitle')}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-2">
            {faq.map((item) => (
              <li
                key={item.id}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                data-testid="contact-faq-card"
              >
                <h3 className="font-bold text-brand-900">{item.question}</h3>
                <div className="mt-2 leading-relaxed text-slate-600">{item.answer}</div>
              </li>
            ))}
          </ul>
        </section>

        <section className="mt-16 flex flex-col items-center gap-4 rounded-2xl bg-brand-800 px-6 py-10 text-center text-white sm:flex-row sm:justify-between sm:text-start">
          <h2 className="text-2xl font-bold">{t('contactPage.ctaTitle')}</h2>
          <Link to="/auth?mode=signup" className={cn(primaryLink, 'h-12 px-6 text-base')}>
            {t('contactPage.ctaButton')}
            <ArrowRight className="flip-rtl h-5 w-5" aria-hidden />
          </Link>
        </section>
      </div>
    </PublicShell>
  );
}
