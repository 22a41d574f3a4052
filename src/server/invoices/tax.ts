import type { BillingProfile, BuyerKind, DisplayAmounts, SellerSettings } from '../../shared/invoices.js';

/** What the seller charges a buyer on an amount before VAT: the rule of decision 023. */
export type TaxTreatment = {
  buyerKind: BuyerKind;
  /** Basis points (500 = 5 %). */
  vatRateBp: number;
  vat: number;
  reverseCharge: boolean;
  /** The seller's registration printed on the invoice: the buyer's country's, else the first (home) one. */
  sellerRegistration: { country: string; taxNumber: string } | null;
};

export const buyerKindOf = (buyer: Pick<BillingProfile, 'taxNumber'>): BuyerKind => (buyer.taxNumber ? 'business' : 'consumer');

/**
 * A registered business in a country where the seller is not registered accounts for the VAT itself
 * (reverse charge, 0 % on the invoice). Otherwise the configured rate for the buyer's country and kind
 * applies; a country without one is not taxed (an export of services).
 */
export function taxTreatment(seller: SellerSettings, buyer: BillingProfile, netCents: number): TaxTreatment {
  const buyerKind = buyerKindOf(buyer);
  const local = seller.registrations.find((r) => r.country === buyer.country);
  const sellerRegistration = local ?? seller.registrations[0] ?? null;
  const reverseCharge = buyerKind === 'business' && !local;
  const rate = reverseCharge ? 0 : (seller.vatRates.find((r) => r.country === buyer.country && r.buyerKind === buyerKind)?.rate ?? 0);
  const vatRateBp = Math.round(rate * 100);
  return { buyerKind, vatRateBp, vat: vatOf(netCents, vatRateBp), reverseCharge, sellerRegistration };
}

/** VAT on an amount, rounded half up to the cent. */
export const vatOf = (netCents: number, rateBp: number) => Math.round((netCents * rateBp) / 10_000);

/**
 * The Saudi riyal is pegged to the dollar at 3.75 by the Saudi Central Bank: a fact of the currency, not a
 * setting, so a document under the seller's Saudi registration states its VAT and total in riyals at that
 * fixed rate (and ZATCA's QR carries those riyal amounts).
 */
export const SAUDI_RIYAL = { currency: 'SAR', rate: '3.75' } as const;
export const SAUDI_ARABIA = 'Saudi Arabia';

/** Cents of a dollar amount in riyals at the peg. */
export const inRiyals = (usdCents: number) => Math.round(usdCents * Number(SAUDI_RIYAL.rate));

/**
 * The VAT and total in the currency of the country whose registration the document is printed under: in
 * riyals at the fixed rate under a Saudi registration; otherwise in the seller's second currency at the
 * configured rate and its date, as the UAE asks of an invoice in a foreign currency (none when that is USD).
 */
export function displayAmounts(
  seller: SellerSettings,
  registrationCountry: string | null | undefined,
  vat: number,
  total: number,
  on: Date,
): DisplayAmounts | null {
  if (registrationCountry === SAUDI_ARABIA)
    return { ...SAUDI_RIYAL, rateDate: on.toISOString().slice(0, 10), fixed: true, vat: inRiyals(vat), total: inRiyals(total) };
  if (seller.displayCurrency === 'USD') return null;
  const rate = Number(seller.exchangeRate);
  return {
    currency: seller.displayCurrency,
    rate: seller.exchangeRate,
    rateDate: seller.rateDate,
    vat: Math.round(vat * rate),
    total: Math.round(total * rate),
  };
}
