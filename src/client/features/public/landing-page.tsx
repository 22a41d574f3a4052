import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Clock, Mail, MapPin } from 'lucide-react';
import { useDocumentTitle } from '../../lib/document-title';
import { PublicHeader, primaryLink } from './public-header';
import { PublicFooter } from './public-footer';
import { LandingHero, DotPattern } from './landing-hero';
import { LandingFeatures } from './landing-features';
import { LandingPricing } from './landing-pricing';
import { SectionHeading } from './section-heading';
import { FaqAccordion } from './faq-accordion';
import { useFaqItems, type FaqId } from './faq-items';
import { PRESS_EMAIL } from './company';
import { cn } from '../../ui/cn';

const LANDING_FAQ: FaqId[] = ['speed', 'countries', 'tracking', 'arabic', 'mediaTypes'];

/** Arriving from another page at /#section: the router does not scroll to the anchor, so do it once mounted. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

function LandingFaq() {
  const { t } = useTranslation('public');
  const items = useFaqItems(LANDING_FAQ);
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-16 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading
          id="faq-title"
          kicker={t('landing.faq.kicker')}
          title={t('landing.faq.title')}
          subtitle={t('landing.faq.subtitle')}
        />
        <div className="mt-12">
          <FaqAccordion items={items} />
        </div>
      </div>
    </section>
  );
}

function FinalCallToAction() {
  const { t } = useTranslation('public');
  return (
    <section
      aria-labelledby="final-cta-title"
      className="relative overflow-hidden bg-brand-800 py-20 text-white"
    >
      <DotPattern className="text-white/10" />
      <div className="relative mx-auto max-w-3xl px-4 text-center sm:px-6">
        <h2 id="final-cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('landing.finalCta.title')}
        </h2>
        <p className="mt-4 text-lg text-brand-100">{t('landing.finalCta.body')}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/auth?mode=signup" className={cn(primaryLink, 'h-12 px-6 text-base')}>
            {t('landing.finalCta.button')}
            <ArrowRight className="flip-rtl h-5 w-5" aria-hidden />
          </Link>
          <Link
            to="/contact"
            className="inline-flex h-12 items-center justify-center rounded-md border border-white/25 px-6 text-base font-semibold hover:bg-white/10"
          >
            {t('landing.finalCta.secondary')}
          </Link>
        </div>
      </div>
    </section>
  );
}

function LandingContact() {
  const { t } = useTranslation('public');
  const items = [
    {
      icon: Mail,
      title: t('landing.contact.pressTitle'),
      body: (
        <a href={`mailto:${PRESS_EMAIL}`} className="font-medium text-brand-700 hover:underline" dir="ltr">
          {PRESS_EMAIL}
        </a>
      ),
    },
    { icon: Clock, title: t('landing.contact.supportTitle'), body: t('landing.contact.supportValue') },
    { icon: MapPin, title: t('landing.contact.officeTitle'), body: t('company.address') },
  ];
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="contact-title"
          kicker={t('landing.contact.kicker')}
          title={t('landing.contact.title')}
          subtitle={t('landing.contact.subtitle')}
        />
        <ul className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-3">
          {items.map(({ icon: Icon, title, body }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
            >
              <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-gold-500/15 text-gold-600">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold text-brand-900">{title}</h3>
              <div className="mt-2 text-slate-600">{body}</div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The public landing page of SPEC §2: the product's shop window. */
export default function LandingPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('landing.title'), t('landing.description'));
  useScrollToHash();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <PublicHeader onLanding />
      <main className="flex-1">
        <LandingHero />
        <LandingFeatures />
        <LandingPricing />
        <LandingFaq />
        <FinalCallToAction />
        <LandingContact />
      </main>
      <PublicFooter />
    </div>
  );
}
