import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Check, Sparkles } from 'lucide-react';
import { STATS } from './company';
import { primaryLink } from './public-header';
import { cn } from '../../ui/cn';

/** Decorative dot grid drawn inline (no external image: the CSP allows only our own assets). */
export function DotPattern({ className }: { className?: string }) {
  const id = 'nashr-dots';
  return (
    <svg aria-hidden className={cn('pointer-events-none absolute inset-0 h-full w-full', className)}>
      <defs>
        <pattern id={id} width="28" height="28" patternUnits="userSpaceOnUse">
          <circle cx="2" cy="2" r="1.4" fill="currentColor" />
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill={`url(#${id})`} />
    </svg>
  );
}

function ReleasePreview() {
  const { t } = useTranslation('public');
  const metrics = [
    { label: t('landing.preview.delivered'), value: 99.9, tone: 'bg-emerald-500' },
    { label: t('landing.preview.opened'), value: 46, tone: 'bg-gold-500' },
    { label: t('landing.preview.clicked'), value: 18, tone: 'bg-brand-500' },
  ];
  return (
    <div role="img" aria-label={t('landing.preview.label')} className="relative mx-auto w-full max-w-md">
      <div aria-hidden className="absolute -inset-4 rounded-3xl bg-gold-500/20 blur-2xl" />
      <div
        aria-hidden
        className="relative rounded-2xl bg-white p-6 text-slate-900 shadow-2xl ring-1 ring-white/20"
      >
        <div className="flex items-center justify-between">
          <span className="rounded bg-brand-900 px-2 py-1 text-[11px] font-bold tracking-wider text-gold-400">
            {t('landing.preview.tag')}
          </span>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700">
            <span className="h-2 w-2 animate-pulse rounded-full bg-emerald-500" />
            {t('landing.preview.live')}
          </span>
        </div>
        <p className="mt-4 text-xs font-semibold text-slate-500">{t('landing.preview.dateline')}</p>
        <p className="mt-1 text-lg leading-snug font-bold text-brand-900">{t('landing.preview.title')}</p>
        <div className="mt-3 space-y-2">
          <div className="h-2 rounded bg-slate-100" />
          <div className="h-2 w-11/12 rounded bg-slate-100" />
          <div className="h-2 w-4/5 rounded bg-slate-100" />
        </div>
        <div className="mt-6 space-y-3 border-t border-slate-100 pt-4">
          {metrics.map((m) => (
            <div key={m.label}>
              <div className="flex items-center justify-between text-xs">
                <span className="font-medium text-slate-600">{m.label}</span>
                <span className="font-semibold text-brand-900" dir="ltr">
                  {m.value}%
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-100">
                <div className={cn('h-2 rounded-full', m.tone)} style={{ width: `${m.value}%` }} />
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

export function LandingHero() {
  const { t } = useTranslation('public');
  const stats = [
    { value: STATS.contacts, label: t('landing.stats.contacts') },
    { value: STATS.countries, label: t('landing.stats.countries') },
    { value: STATS.delivery, label: t('landing.stats.delivery') },
  ];
  const points = [
    t('landing.hero.points.oneTime'),
    t('landing.hero.points.noRecurring'),
    t('landing.hero.points.bilingual'),
  ];

  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-brand-900 text-white">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(circle_at_top,var(--color-brand-700),transparent_65%)]"
      />
      <DotPattern className="text-white/10" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-2xl border border-gold-500/40 sm:rounded-full bg-gold-500/10 px-3 py-1 text-xs font-semibold text-gold-400 sm:text-sm">
            <Sparkles className="h-4 w-4 shrink-0" aria-hidden />
            {t('landing.hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl lg:text-6xl"
          >
            {t('landing.hero.headlineStart')}{' '}
            <span className="text-gold-400">{t('landing.hero.headlineHighlight')}</span>{' '}
            {t('landing.hero.headlineEnd')}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-brand-100">{t('landing.hero.lead')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Link
              to="/auth?mode=signup"
              className={cn(primaryLink, 'h-12 px-6 text-base shadow-lg shadow-gold-500/20')}
            >
              {t('landing.hero.cta')}
              <ArrowRight className="flip-rtl h-5 w-5" aria-hidden />
            </Link>
            <a
              href="#pricing"
              className="inline-flex h-12 items-center justify-center rounded-md border border-white/25 px-6 text-base font-semibold text-white hover:bg-white/10"
            >
              {t('landing.hero.secondary')}
            </a>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-brand-100">
            {points.map((point) => (
              <li key={point} className="inline-flex items-center gap-1.5">
                <Check className="h-4 w-4 text-gold-400" aria-hidden />
                {point}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-brand-200">{t('landing.hero.trust')}</p>
        </div>
        <ReleasePreview />
      </div>
      <div className="relative border-t border-white/10 bg-brand-900/60">
        <dl
          aria-label={t('landing.stats.label')}
          className="mx-auto grid max-w-7xl grid-cols-3 divide-x divide-white/10 px-2 sm:px-6"
        >
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse items-center gap-1 px-1 py-5 text-center sm:py-6"
              data-testid="hero-stat"
            >
              <dt className="text-xs text-brand-100 sm:text-sm">{stat.label}</dt>
              <dd className="text-2xl font-extrabold text-gold-400 sm:text-4xl" dir="ltr">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
