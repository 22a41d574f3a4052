import { currentLocale } from '../../lib/i18n';

/** Whole dollars, as plan prices are shown ("$499"). */
export function formatDollars(dollars: number): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(dollars);
}

/** An amount in cents in its currency ("$499.00"). */
export function formatCents(cents: number, currency: string): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
