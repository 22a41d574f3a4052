import { countryIn } from '../../shared/country-codes';
import i18n, { currentLocale } from './i18n';

/**
 * Names of places in the reader's language, from the browser's own data (Intl) where it has them:
 * countries as contacts store them (their English names) and IANA time zones.
 */

/** A stored country in the reader's language; one the product does not know is shown as written. */
export function countryName(stored: string): string {
  return i18n.language === 'ar' ? countryIn(currentLocale(), stored) : stored;
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
