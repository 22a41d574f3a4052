/** The company's public contact details, shown on the landing, contact and legal pages. */
export const CONTACT_EMAIL = 'hello@nashr.ae';
export const PRESS_EMAIL = 'press@nashr.ae';

/** The 15 countries of the marketing copy (SPEC §1), as keys of `public:countries`. */
export const MENA_COUNTRIES = [
  'ae',
  'sa',
  'eg',
  'lb',
  'jo',
  'kw',
  'qa',
  'bh',
  'om',
  'ma',
  'tn',
  'dz',
  'iq',
  'ye',
  'sd',
] as const;

/** Display-only landing figures and prices (SPEC §1, §9); real plan prices come from the server. */
export const STATS = { contacts: '7,000+', countries: '15+', delivery: '99.9%' } as const;
export const PRICES = { single: '$299', double: '$499' } as const;

export const LEGAL_LAST_UPDATED = new Date(2025, 5, 19);
