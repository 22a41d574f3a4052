import i18n, { currentLocale } from './i18n';

/**
 * Names of places in the reader's language, from the browser's own data (Intl) where it has them:
 * countries as contacts store them (their English names) and IANA time zones.
 */

/** ISO 3166 codes of the stored country names (src/shared/contacts.ts COUNTRIES) and their common spellings. */
const REGION_CODES: Record<string, string> = {
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

/** A stored country in the reader's language; one the product does not know is shown as written. */
export function countryName(stored: string): string {
  const code = REGION_CODES[stored.trim()];
  if (!code || i18n.language !== 'ar') return stored;
  try {
    return new Intl.DisplayNames([currentLocale()], { type: 'region' }).of(code) ?? stored;
  } catch {
    return stored;
  }
}

/**
 * "Asia/Riyadh" as "Riyadh (Saudi Arabia Time)", "الرياض (توقيت المملكة العربية السعودية)": the city from
 * the common texts (the zone's own name when it has none) and the browser's generic name of the zone.
 */
export function timeZoneName(zone: string): string {
  const city = zone.split('/').pop()?.replace(/_/g, ' ') ?? zone;
  const cityName = i18n.t(`timeZoneCities.${city.replace(/ /g, '_')}`, { ns: 'common', defaultValue: city });
  try {
    const generic = new Intl.DateTimeFormat(currentLocale(), { timeZone: zone, timeZoneName: 'shortGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return generic && generic !== zone ? `${cityName} (${generic})` : cityName;
  } catch {
    return zone;
  }
}
