import { z } from 'zod';
import { COUNTRIES } from './contacts.js';

/**
 * Tax invoices, credit notes, the buyer's billing profile and the seller's settings (issue 29, decision 023).
 * Amounts are integer cents of the invoice currency (USD); a rate is a percentage (5 means 5 %).
 */

// ---------------------------------------------------------------- tax registration numbers

/** What a tax number must look like in a country where the format is fixed; elsewhere any plain text. */
const TAX_NUMBER_FORMATS: Record<string, { pattern: RegExp; message: string }> = {
  UAE: { pattern: /^100\d{12}$/, message: 'A UAE TRN is 15 digits starting with 100' },
  'Saudi Arabia': { pattern: /^3\d{13}3$/, message: 'A Saudi VAT number is 15 digits starting and ending with 3' },
};
export const OTHER_TAX_NUMBER_MESSAGE = 'A tax number is 3 to 30 letters, digits, spaces, dots, slashes or dashes';
const OTHER_TAX_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,28}[A-Za-z0-9]$/;

/** Spaces and dashes people type inside an all-digit number (a TRN in groups) are not part of it. */
export function normaliseTaxNumber(value: string): string {
  const trimmed = value.trim();
  const compact = trimmed.replace(/[\s-]+/g, '');
  return /^\d+$/.test(compact) ? compact : trimmed;
}

/** The message saying what the country's number looks like, or null when the number fits. */
export function taxNumberProblem(country: string, taxNumber: string): string | null {
  const format = TAX_NUMBER_FORMATS[country];
  if (format) return format.pattern.test(taxNumber) ? null : format.message;
  return OTHER_TAX_NUMBER.test(taxNumber) ? null : OTHER_TAX_NUMBER_MESSAGE;
}

const countryField = z.enum(COUNTRIES, { message: 'Choose a country' });

/**
 * Invisible controls that reorder the text around them (issue 35): embeddings and overrides (U+202A–U+202E),
 * isolates (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). Typed into a legal name or an address,
 * they make the tax invoice print something other than what was typed.
 */
const DIRECTION_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
export const hasDirectionControls = (value: string): boolean => DIRECTION_CONTROLS.test(value);
const withoutDirectionControls = <T extends z.ZodType<string>>(field: T) =>
  field.refine((value) => !hasDirectionControls(value), {
    message: 'Remove the invisible direction marks: they can reorder the text on an invoice',
  });

/** Text printed on an invoice: required, at most `max` characters, without direction controls. */
const text = (max: number, required: string) =>
  withoutDirectionControls(
    z.string({ message: required }).trim().min(1, { message: required }).max(max, { message: `At most ${max} characters` }),
  );

// ---------------------------------------------------------------- the buyer's billing profile

/** An Arabic name is written in Arabic letters (Latin ones and digits may stand inside it, as in "شركة ABC"). */
const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F]/;
export const ARABIC_NAME_MESSAGE = 'Write the Arabic legal name in Arabic letters';

/**
 * GET/PUT /api/billing/profile. An empty tax number means the buyer is not registered for VAT. The Arabic
 * legal name is the one registered in Arabic (every country of the list registers companies in Arabic, a
 * Saudi commercial registration first of all); empty when the buyer gives none.
 */
export const billingProfileSchema = z
  .object({
    legalName: text(200, 'Legal name is required'),
    legalNameAr: z
      .string({ message: ARABIC_NAME_MESSAGE })
      .trim()
      .max(200, { message: 'At most 200 characters' })
      .refine((name) => !name || ARABIC_LETTER.test(name), { message: ARABIC_NAME_MESSAGE })
      .optional()
      .default(''),
    address: text(500, 'Address is required'),
    country: countryField,
    taxNumber: z
      .string()
      .max(40, { message: 'At most 40 characters' })
      .optional()
      .default('')
      .transform(normaliseTaxNumber),
  })
  .superRefine((profile, ctx) => {
    if (!profile.taxNumber) return;
    const problem = taxNumberProblem(profile.country, profile.taxNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['taxNumber'], message: problem });
  });
export type BillingProfileInput = z.input<typeof billingProfileSchema>;
export type BillingProfile = { legalName: string; legalNameAr: string; address: string; country: string; taxNumber: string };

/** registered business (a tax number given) or not */
export const buyerKinds = ['business', 'consumer'] as const;
export type BuyerKind = (typeof buyerKinds)[number];

/** A purchase order reference the buyer's finance team asks to see on the invoice. */
export const poNumberField = withoutDirectionControls(z.string().trim().max(60, { message: 'At most 60 characters' }))
  .optional()
  .transform((value) => value || null);

/** GET /api/billing/quote?planId=: what the checkout shows before payment. */
export type Quote = {
  planId: string;
  subtotal: number;
  vatRate: number;
  vat: number;
  total: number;
  currency: 'usd';
  reverseCharge: boolean;
  /** The same VAT in the seller's second currency (AED by default). */
  display: DisplayAmounts | null;
};

// ---------------------------------------------------------------- the seller

export const sellerRegistrationSchema = z.object({
  country: countryField,
  taxNumber: z.string().trim().max(40, { message: 'At most 40 characters' }).transform(normaliseTaxNumber),
});

export const vatRateSchema = z.object({
  country: countryField,
  buyerKind: z.enum(buyerKinds, { message: 'Buyer kind is business or consumer' }),
  rate: z.number({ message: 'A rate is a number' }).min(0, { message: 'A rate is between 0 and 100' }).max(100, { message: 'A rate is between 0 and 100' }),
});

/** GET/PUT /api/admin/seller. */
export const sellerSettingsSchema = z
  .object({
    legalName: text(200, 'Legal name is required'),
    legalNameAr: text(200, 'Arabic legal name is required'),
    address: text(500, 'Address is required'),
    addressAr: text(500, 'Arabic address is required'),
    registrations: z.array(sellerRegistrationSchema).max(COUNTRIES.length),
    invoicePrefix: z
      .string({ message: 'Invoice prefix is required' })
      .trim()
      .regex(/^[A-Z0-9][A-Z0-9-]{0,11}$/, { message: 'An invoice prefix is 1 to 12 capital letters, digits or dashes' }),
    vatRates: z.array(vatRateSchema).max(COUNTRIES.length * 2),
    displayCurrency: z.string().trim().regex(/^[A-Z]{3}$/, { message: 'A currency is three capital letters' }).default('AED'),
    /** Units of the display currency for one US dollar, as a decimal string ("3.6725"). */
    exchangeRate: z
      .string()
      .trim()
      .regex(/^\d{1,6}(\.\d{1,6})?$/, { message: 'An exchange rate is a positive number' })
      .refine((v) => Number(v) > 0, { message: 'An exchange rate is a positive number' })
      .default('3.6725'),
    /** The day the exchange rate was taken (YYYY-MM-DD). */
    rateDate: z.iso.date({ message: 'A date is YYYY-MM-DD' }),
  })
  .superRefine((seller, ctx) => {
    const seen = new Set<string>();
    seller.registrations.forEach((registration, index) => {
      const problem = taxNumberProblem(registration.country, registration.taxNumber);
      if (problem) ctx.addIssue({ code: 'custom', path: ['registrations', index, 'taxNumber'], message: problem });
      if (seen.has(registration.country))
        ctx.addIssue({ code: 'custom', path: ['registrations', index, 'country'], message: 'One registration per country' });
      seen.add(registration.country);
    });
    const rates = new Set<string>();
    seller.vatRates.forEach((rate, index) => {
      const key = `${rate.country}\u0000${rate.buyerKind}`;
      if (rates.has(key))
        ctx.addIssue({ code: 'custom', path: ['vatRates', index, 'country'], message: 'One rate per country and buyer kind' });
      rates.add(key);
    });
  });
export type SellerSettingsInput = z.input<typeof sellerSettingsSchema>;
export type SellerSettings = z.output<typeof sellerSettingsSchema>;

// ---------------------------------------------------------------- documents

export const documentKinds = ['invoice', 'credit_note'] as const;
export type DocumentKind = (typeof documentKinds)[number];

export type DisplayAmounts = {
  currency: string;
  /** Units of `currency` per US dollar, as configured ("3.6725"), or the riyal's fixed "3.75". */
  rate: string;
  /** The day the configured rate was taken; for a fixed rate, the day it was applied. */
  rateDate: string;
  /** A rate fixed by the currency's central bank (the Saudi riyal's peg): printed as fixed, without a date. */
  fixed?: boolean;
  /** Cents of `currency`. */
  vat: number;
  total: number;
};

export type DocumentLine = {
  description: string;
  descriptionAr: string;
  quantity: number;
  /** Cents, before VAT. */
  unitPrice: number;
  vatRate: number;
  vatAmount: number;
  /** quantity × unitPrice, before VAT. */
  net: number;
};

/**
 * GET /api/billing/invoices/{id}: everything a tax invoice or credit note prints, fixed when it is issued
 * (the row never changes afterwards; the seller's and buyer's details are copies of that moment).
 */
export type InvoiceDocument = {
  id: string;
  number: string;
  kind: DocumentKind;
  issuedAt: string;
  /** Date of supply (YYYY-MM-DD): the day the payment was taken, or the refund made. */
  supplyDate: string;
  /** A credit note's invoice. */
  refersTo: { id: string; number: string } | null;
  /** Why a credit note was issued, as the refund gave it (absent on invoices and older credit notes). */
  reason?: string | null;
  paymentId: string;
  seller: { legalName: string; legalNameAr: string; address: string; addressAr: string; country: string; taxNumber: string | null };
  /** `legalNameAr`: the buyer's Arabic legal name when given (absent on documents issued before it was asked). */
  buyer: { legalName: string; legalNameAr?: string | null; address: string; country: string; taxNumber: string | null; kind: BuyerKind };
  poNumber: string | null;
  lines: DocumentLine[];
  currency: 'usd';
  subtotal: number;
  vatRate: number;
  vat: number;
  total: number;
  reverseCharge: boolean;
  display: DisplayAmounts | null;
  /** The ZATCA QR payload (Base64 TLV) when the seller is registered in Saudi Arabia and the buyer is there. */
  qr: string | null;
};

/** GET /api/billing/invoices: one row per document, newest first. */
export type InvoiceSummary = {
  id: string;
  number: string;
  kind: DocumentKind;
  issuedAt: string;
  total: number;
  vat: number;
  currency: 'usd';
  /** A credit note's invoice id. */
  refersTo: string | null;
  refersToNumber: string | null;
};

export const REVERSE_CHARGE_TEXT = {
  en: 'VAT to be accounted for by the recipient under the reverse charge mechanism',
  ar: 'يتم احتساب ضريبة القيمة المضافة من قبل المستلم وفقاً لآلية الاحتساب العكسي',
} as const;

export const DOCUMENT_TITLES = {
  invoice: { en: 'Tax Invoice', ar: 'فاتورة ضريبية' },
  credit_note: { en: 'Tax Credit Note', ar: 'إشعار دائن ضريبي' },
} as const;

/** "12.34" from 1234 cents: how amounts are printed and how ZATCA's QR states them. */
export const centsToDecimal = (cents: number) => (cents / 100).toFixed(2);
