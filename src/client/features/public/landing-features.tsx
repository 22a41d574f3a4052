import { useTranslation } from 'react-i18next';
import { ChartColumn, Globe, Headphones, ShieldCheck, Users, Zap, type LucideIcon } from 'lucide-react';
import { SectionHeading } from './section-heading';
import { CountryList } from './faq-items';

const FEATURES: { id: string; icon: LucideIcon }[] = [
  { id: 'coverage', icon: Globe },
  { id: 'contacts', icon: Users },
  { id: 'instant', icon: Zap },
  { id: 'analytics', icon: ChartColumn },
  { id: 'delivery', icon: ShieldCheck },
  { id: 'support', icon: Headphones },
];

export function LandingFeatures() {
  const { t } = useTranslation('public');
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          kicker={t('landing.features.kicker')}
          title={t('landing.features.title')}
          subtitle={t('landing.features.subtitle')}
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ id, icon: Icon }) => (
            <li
              key={id}
              className="group rounded-2xl border border-slate-200 bg-slate-50/60 p-6 transition hover:-translate-y-0.5 hover:border-gold-400 hover:bg-white hover:shadow-lg"
              data-testid="feature-card"
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-800 text-gold-400 shadow-sm">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-bold text-brand-900">{t(`landing.features.${id}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{t(`landing.features.${id}.body`)}</p>
            </li>
          ))}
        </ul>
        <CountryList className="mx-auto mt-14 max-w-4xl justify-center" />
      </div>
    </section>
  );
}
