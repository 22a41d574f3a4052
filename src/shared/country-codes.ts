/** The 15 countries of SPEC.md §1, in the order the marketing copy lists them. Stored as written here. */
export const COUNTRIES = [
  'UAE',
  'Saudi Arabia',
  'Egypt',
  'Lebanon',
  'Jordan',
  'Kuwait',
  'Qatar',
  'Bahrain',
  'Oman',
  'Morocco',
  'Tunisia',
  'Algeria',
  'Iraq',
  'Yemen',
  'Sudan',
] as const;
export type Country = (typeof COUNTRIES)[number];

/** ISO 3166 codes of the stored country names (COUNTRIES) and their common spellings, for Intl. */
export const REGION_CODES: Record<string, string> = {
  UAE: 'AE',
  'United Arab Emirates': 'AE',
  'Saudi Arabia': 'SA',
  KSA: 'SA',
  Egypt: 'EG',
  Lebanon: 'LB',
  Jordan: 'JO',
  Kuwait: 'KW',
  Qatar: 'QA',
  Bahrain: 'BH',
  Oman: 'OM',
  Morocco: 'MA',
  Tunisia: 'TN',
  Algeria: 'DZ',
  Iraq: 'IQ',
  Yemen: 'YE',
  Sudan: 'SD',
};

/** A stored country named in a locale's own words (Intl); one the product does not know stays as written. */
export function countryIn(locale: string, stored: string): string {
  const code = REGION_CODES[stored.trim()];
  if (!code) return stored;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? stored;
  } catch {
    return stored;
  }
}
