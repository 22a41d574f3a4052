import { useTranslation } from 'react-i18next';
import { Check, Crown, Sparkles } from 'lucide-react';
import type { Plan } from '../../../shared/billing';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Badge, Skeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { usePlans } from './billing-api';
import { formatDollars } from '../../lib/money';

/**
 * The two packages (PRODUCT.md §2), prices from the server; package_2 is highlighted 'Most Popular'.
 * Choosing one opens the checkout (billing details, quote, card); nothing is asked of the server yet.
 */
export function PlansGrid({ unmetered, onChoose }: { unmetered: boolean; onChoose: (plan: Plan) => void }) {
  const { t } = useTranslation('billing');
  const plans = usePlans();
  return (
    <QueryState
      query={plans}
      loading={
        <div className="grid gap-6 md:grid-cols-2" aria-busy="true">
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </div>
      }
    >
      {(found) => (
        <section aria-label={t('plans.label')} className="grid gap-6 md:grid-cols-2">
          {found.map((plan) => (
            <PlanCard key={plan.id} plan={plan} unmetered={unmetered} onChoose={() => onChoose(plan)} />
          ))}
        </section>
      )}
    </QueryState>
  );
}

function PlanCard({
  plan,
  unmetered,
  onChoose,
}: {
  plan: Plan;
  unmetered: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation('billing');
  const count = plan.pressReleaseLimit;
  return (
    <article
      aria-labelledby={`plan-${plan.id}-name`}
      data-testid={`plan-${plan.id}`}
      className={cn(
        'relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1',
        plan.mostPopular ? 'ring-2 ring-gold-500' : 'ring-slate-200',
      )}
    >
      {plan.mostPopular && (
        <span className="absolute -top-3 start-1/2 inline-flex items-center gap-1 rounded-full bg-gold-500 px-3 py-1 text-xs font-semibold text-brand-900 ltr:-translate-x-1/2 rtl:translate-x-1/2">
          <Sparkles className="h-3.5 w-3.5" aria-hidden />
          {t('plans.mostPopular')}
        </span>
      )}
      <h2 id={`plan-${plan.id}-name`} className="text-xl font-bold text-slate-900">
        {translateMessage(plan.name)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{translateMessage(plan.tagline)}</p>
      <div className="mt-4 flex items-baseline gap-2">
        <span className="text-4xl font-extrabold text-brand-800">{formatDollars(plan.price)}</span>
        <span className="text-sm font-medium text-slate-500">{t('plans.oneTime')}</span>
      </div>
      <p className="text-xs text-slate-500">{t('plans.noRecurring')}</p>
      <p className="text-xs text-slate-500" data-testid="price-vat">
        {t('plans.plusVat')}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Badge tone="blue">{t('plans.badge', { count })}</Badge>
        {plan.savings > 0 && (
          <Badge tone="green">{t('plans.save', { amount: formatDollars(plan.savings) })}</Badge>
        )}
      </div>
      <ul className="mt-5 flex-1 space-y-2">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-sm text-slate-700">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
            {translateMessage(feature)}
          </li>
        ))}
      </ul>
      <div className="mt-6">
        {unmetered ? (
          <p className="flex items-center justify-center gap-2 rounded-md bg-brand-50 px-4 py-3 text-sm font-semibold text-brand-800">
            <Crown className="h-4 w-4" aria-hidden />
            {t('plans.superAdmin')}
          </p>
        ) : (
          <Button
            size="lg"
            variant={plan.mostPopular ? 'gold' : 'primary'}
            className="w-full"
            onClick={onChoose}
          >
            {t('plans.getNow', { count })}
          </Button>
        )}
      </div>
    </article>
  );
}
