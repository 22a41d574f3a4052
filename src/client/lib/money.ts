/**
 * Prices are written the way customers across the region read them on invoices ("$499"), in both
 * languages; an Arabic-locale currency string ("US$ 499") reorders badly inside right-to-left text.
 */
const LOCALE = 'en-US';

/** Whole dollars, as plan prices are shown ("$499"). */
export function formatDollars(dollars: number): string {
  return new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(dollars);
}

/** An amount in cents in its currency ("$499.00"). */
export function formatCents(cents: number, currency: string): string {
  return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}
