import type { Country } from './country-codes.js';
import { foldText } from './text-fold.js';

/**
 * Place words a query is read by (issue 26), kept as reviewed data beside the name groups
 * (search-vocabulary.ts): each of the 15 countries with its English and Arabic names, short forms and
 * demonyms, and its main cities in both scripts. A place word in a query becomes a country filter
 * (a city: its country, with contacts whose outlet or position names the city ranked first).
 *
 * Arabic forms are written as people write them alone, with the article where it belongs (الرياض);
 * the query's clitics (و ب ل لل ال) and the feminine ending are taken off before they are looked up
 * (server/contacts/arabic-forms.ts), so بالسعودية, السعودية and سعودية all reach سعودي. One folded form may name two
 * places only where the languages really share it (عمان: Oman, and Amman written without its shadda).
 */
export type CityPlace = { city: string; names: readonly string[] };
export type CountryPlace = { country: Country; names: readonly string[]; cities: readonly CityPlace[] };

export const PLACES: readonly CountryPlace[] = [
  {
    country: 'UAE',
    names: ['uae', 'emirates', 'united arab emirates', 'emirati', 'emiratis', 'الإمارات', 'الإمارات العربية المتحدة', 'إماراتي'],
    cities: [
      { city: 'Dubai', names: ['dubai', 'دبي'] },
      { city: 'Abu Dhabi', names: ['abu dhabi', 'abudhabi', 'أبوظبي', 'أبو ظبي'] },
      { city: 'Sharjah', names: ['sharjah', 'sharja', 'الشارقة'] },
      { city: 'Ajman', names: ['ajman', 'عجمان'] },
      { city: 'Ras Al Khaimah', names: ['ras al khaimah', 'rasalkhaimah', 'رأس الخيمة'] },
    ],
  },
  {
    country: 'Saudi Arabia',
    names: ['saudi', 'saudi arabia', 'ksa', 'kingdom of saudi arabia', 'saudis', 'السعودية', 'المملكة العربية السعودية', 'سعودي'],
    cities: [
      { city: 'Riyadh', names: ['riyadh', 'riyad', 'الرياض'] },
      { city: 'Jeddah', names: ['jeddah', 'jedda', 'jiddah', 'جدة'] },
      { city: 'Dammam', names: ['dammam', 'الدمام'] },
      { city: 'Mecca', names: ['mecca', 'makkah', 'مكة'] },
      { city: 'Medina', names: ['medina', 'madinah', 'المدينة المنورة'] },
    ],
  },
  {
    country: 'Egypt',
    names: ['egypt', 'egyptian', 'egyptians', 'misr', 'مصر', 'مصري'],
    cities: [
      { city: 'Cairo', names: ['cairo', 'القاهرة'] },
      { city: 'Alexandria', names: ['alexandria', 'الإسكندرية'] },
      { city: 'Giza', names: ['giza', 'الجيزة'] },
    ],
  },
  {
    country: 'Lebanon',
    names: ['lebanon', 'lebanese', 'لبنان', 'لبناني'],
    cities: [
      { city: 'Beirut', names: ['beirut', 'beyrouth', 'بيروت'] },
      { city: 'Tripoli', names: ['tripoli', 'طرابلس'] },
    ],
  },
  {
    country: 'Jordan',
    names: ['jordan', 'jordanian', 'الأردن', 'أردني'],
    cities: [
      { city: 'Amman', names: ['amman', 'عمّان'] },
      { city: 'Irbid', names: ['irbid', 'إربد'] },
    ],
  },
  {
    country: 'Kuwait',
    names: ['kuwait', 'kuwaiti', 'الكويت', 'كويتي'],
    cities: [
      { city: 'Kuwait City', names: ['kuwait city', 'مدينة الكويت'] },
      { city: 'Hawalli', names: ['hawalli', 'حولي'] },
    ],
  },
  {
    country: 'Qatar',
    names: ['qatar', 'qatari', 'قطر', 'قطري'],
    cities: [
      { city: 'Doha', names: ['doha', 'الدوحة'] },
      { city: 'Lusail', names: ['lusail', 'لوسيل'] },
    ],
  },
  {
    country: 'Bahrain',
    names: ['bahrain', 'bahraini', 'البحرين', 'بحريني'],
    cities: [
      { city: 'Manama', names: ['manama', 'المنامة'] },
      { city: 'Muharraq', names: ['muharraq', 'المحرق'] },
    ],
  },
  {
    country: 'Oman',
    names: ['oman', 'omani', 'sultanate of oman', 'عمان', 'سلطنة عمان', 'عماني'],
    cities: [
      { city: 'Muscat', names: ['muscat', 'masqat', 'مسقط'] },
      { city: 'Salalah', names: ['salalah', 'صلالة'] },
    ],
  },
  {
    country: 'Morocco',
    names: ['morocco', 'moroccan', 'maroc', 'المغرب', 'مغربي'],
    cities: [
      { city: 'Casablanca', names: ['casablanca', 'الدار البيضاء'] },
      { city: 'Rabat', names: ['rabat', 'الرباط'] },
      { city: 'Marrakesh', names: ['marrakesh', 'marrakech', 'مراكش'] },
    ],
  },
  {
    country: 'Tunisia',
    names: ['tunisia', 'tunisian', 'tunisie', 'تونس', 'تونسي'],
    cities: [
      { city: 'Tunis', names: ['tunis'] },
      { city: 'Sfax', names: ['sfax', 'صفاقس'] },
    ],
  },
  {
    country: 'Algeria',
    names: ['algeria', 'algerian', 'algerie', 'الجزائر', 'جزائري'],
    cities: [
      { city: 'Algiers', names: ['algiers', 'alger'] },
      { city: 'Oran', names: ['oran', 'وهران'] },
    ],
  },
  {
    country: 'Iraq',
    names: ['iraq', 'iraqi', 'العراق', 'عراقي'],
    cities: [
      { city: 'Baghdad', names: ['baghdad', 'بغداد'] },
      { city: 'Erbil', names: ['erbil', 'arbil', 'أربيل'] },
      { city: 'Basra', names: ['basra', 'basrah', 'البصرة'] },
    ],
  },
  {
    country: 'Yemen',
    names: ['yemen', 'yemeni', 'اليمن', 'يمني'],
    cities: [
      { city: 'Sanaa', names: ['sanaa', 'صنعاء'] },
      { city: 'Aden', names: ['aden', 'عدن'] },
    ],
  },
  {
    country: 'Sudan',
    names: ['sudan', 'sudanese', 'السودان', 'سوداني'],
    cities: [
      { city: 'Khartoum', names: ['khartoum', 'khartum', 'الخرطوم'] },
      { city: 'Omdurman', names: ['omdurman', 'أم درمان'] },
    ],
  },
];

/** Folded city name → the city and its country (first one wins: the data names each city once). */
const CITY_FORMS = new Map<string, { city: string; country: Country }>();
for (const { country, cities } of PLACES) {
  for (const { city, names } of cities) {
    for (const name of [city, ...names]) {
      const form = foldText(name);
      if (!CITY_FORMS.has(form)) CITY_FORMS.set(form, { city, country });
    }
  }
}

/** The city a value names, in any script or spelling of the data ("الرياض", "riyad" → Riyadh, Saudi Arabia). */
export function knownCity(value: string): { city: string; country: Country } | undefined {
  return value.trim() ? CITY_FORMS.get(foldText(value)) : undefined;
}
