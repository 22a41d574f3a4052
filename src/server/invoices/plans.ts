import type { Plan, PlanId } from '../../shared/billing.js';

/**
 * The one price table (PRODUCT.md §2). Amounts are charged from here; a client never sends a price.
 * `arabicName` is the package's name in an Arabic receipt (the site's own comes from its translations).
 */
type ServerPlan = Plan & { amountCents: number; arabicName: string };

const features = ['Premium media database', 'Advanced email tracking', 'Professional templates', 'Real-time analytics'];

export const PLANS: readonly ServerPlan[] = [
  {
    id: 'package_1',
    name: 'Single Release',
    arabicName: 'بيان واحد',
    price: 299,
    amountCents: 29_900,
    currency: 'usd',
    pressReleaseLimit: 1,
    features,
    tagline: 'Perfect for single campaigns',
    mostPopular: false,
    savings: 0,
  },
  {
    id: 'package_2',
    name: 'Double Release',
    arabicName: 'بيانان',
    price: 499,
    amountCents: 49_900,
    currency: 'usd',
    pressReleaseLimit: 2,
    features,
    tagline: 'Best value for multiple releases',
    mostPopular: true,
    savings: 99,
  },
];

export function findPlan(id: string): ServerPlan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

export function publicPlans(): Plan[] {
  return PLANS.map(({ amountCents: _amountCents, arabicName: _arabicName, ...plan }) => plan);
}

export type { ServerPlan, PlanId };
