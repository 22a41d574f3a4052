import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Check, Star } from 'lucide-react';
import { SectionHeading } from './section-heading';
import { PRICES } from './company';
import { cn } from '../../ui/cn';

const PACKAGE_FEATURES = ['database', 'tracking', 'templates', 'analytics'] as const;

function PackageCard({ plan, highlighted }: { plan: 'single' | 'double'; highlighted: boolean }) {
  const { t } = useTranslation('public');
  return (
    <article
      aria-labelledby={`plan-${plan}`}
      className={cn(
        'relative flex flex-col rounded-3xl p-8 shadow-sm',
        highlighted
          ? 'bg-brand-900 text-white shadow-2xl ring-2 ring-gold-500'
          : 'border border-slate-200 bg-white text-slate-900',
      )}
      data-testid={`plan-${plan}`}
    >
      {highlighted && (
        <p className="absolute inset-x-0 -top-4 mx-auto inline-flex w-fit items-center gap-1 rounded-full bg-gold-500 px-4 py-1.5 text-sm font-bold whitespace-nowrap text-brand-900 shadow">
          <Star className="h-4 w-4 fill-current" aria-hidden />
          {t('landing.pricing.mostPopular')}
        </p>
      )}
      <h3
        id={`plan-${plan}`}
        className={cn('text-xl font-bold', highlighted ? 'text-white' : 'text-brand-900')}
      >
        {t(`landing.pricing.${plan}.name`)}
      </h3>
      <p className={cn('mt-1 text-sm', highlighted ? 'text-brand-100' : 'text-slate-500')}>
        {t(`landing.pricing.${plan}.tagline`)}
      </p>
      <p className="mt-6 flex flex-wrap items-baseline gap-x-2">
        <span
          className={cn(
            'text-5xl font-extrabold tracking-tight',
            highlighted ? 'text-gold-400' : 'text-brand-900',
          )}
          dir="ltr"
        >
          {PRICES[plan]}
        </span>
        <span className={cn('text-sm font-medium', highlighted ? 'text-brand-100' : 'text-slate-500')}>
          {t('landing.pricing.oneTime')}
        </span>
      </p>
      <p className={cn('mt-1 text-xs', highlighted ? 'text-brand-100' : 'text-slate-500')} data-testid="price-vat">
        {t('landing.pricing.plusVat')}
      </p>
      <div className="mt-3 flex flex-wrap gap-2 text-xs font-semibold">
        <span
          className={cn(
            'rounded-full px-3 py-1',
            highlighted ? 'bg-white/10 text-white' : 'bg-slate-100 text-slate-700',
          )}
        >
          {t('landing.pricing.noRecurring')}
        </span>
        {highlighted && (
          <>
            <span className="rounded-full bg-gold-500/20 px-3 py-1 text-gold-400">
              {t('landing.pricing.bestValue')}
            </span>
            <span className="rounded-full bg-emerald-400/20 px-3 py-1 text-emerald-300">
              {t('landing.pricing.saves')}
            </span>
          </>
        )}
      </div>
      <ul className="mt-8 flex-1 space-y-3">
        {[`${plan}.releases`, ...PACKAGE_FEATURES.map((f) => `features.${f}`)].map((key, index) => (
          <li key={key} className={cn('flex items-start gap-3', index === 0 && 'font-semibold')}>
            <Check
              className={cn('mt-0.5 h-5 w-5 shrink-0', highlighted ? 'text-gold-400' : 'text-emerald-600')}
              aria-hidden
            />
            {t(`landing.pricing.${key}`)}
          </li>
        ))}
      </ul>
      <Link
        to="/auth?mode=signup"
        className={cn(
          'mt-8 inline-flex h-12 items-center justify-center gap-2 rounded-md text-base font-semibold transition-colors',
          highlighted
            ? 'bg-gold-500 text-brand-900 hover:bg-gold-400'
            : 'bg-brand-800 text-white hover:bg-brand-700',
        )}
      >
        {t('landing.pricing.getStarted')}
        <ArrowRight className="flip-rtl h-5 w-5" aria-hidden />
      </Link>
    </article>
  );
}

export function LandingPricing() {
  const { t } = useTranslation('public');
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          kicker={t('landing.pricing.kicker')}
          title={t('landing.pricing.title')}
          subtitle={t('landing.pricing.subtitle')}
        />
        <div className="mx-auto mt-16 grid max-w-4xl gap-8 md:grid-cols-2">
          <PackageCard plan="single" highlighted={false} />
          <PackageCard plan="double" highlighted />
        </div>
        <div className="mx-auto mt-12 flex max-w-4xl flex-col items-center gap-3 rounded-2xl border border-dashed border-brand-200 bg-white px-6 py-6 text-center sm:flex-row sm:justify-between sm:text-start">
          <p className="text-slate-700">{t('landing.pricing.enterprisePrompt')}</p>
          <Link
            to="/contact"
            className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-900 hover:underline"
          >
            {t('landing.pricing.enterprise')}
            <ArrowRight className="flip-rtl h-4 w-4" aria-hidden />
          </Link>
        </div>
      </div>
    </section>
  );
}
