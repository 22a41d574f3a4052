import { MEDIA_TYPES, TOPICS, type ContactFields } from '../../shared/contacts.js';

/**
 * A deterministic generator of a fictional MENA media database (PRODUCT.md §4). A fixed seed and our
 * own PRNG make every run produce the same contacts; every address is at a reserved domain
 * (example.com/.net/.org or .test), so nobody real is ever mailed.
 */

export const DEMO_SEED = 20250619;

/** mulberry32: tiny, fast, and the same on every platform (Math.random is neither seeded nor stable). */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const chance = (p: number) => next() < p;
  const weighted = <T>(items: ReadonlyArray<readonly [T, number]>): T => {
    let roll = next() * items.reduce((sum, [, w]) => sum + w, 0);
    for (const [item, weight] of items) if ((roll -= weight) < 0) return item;
    return items[items.length - 1][0];
  };
  const some = <T>(items: readonly T[], min: number, max: number): T[] => {
    const n = min + int(max - min + 1);
    const chosen = new Set<T>();
    while (chosen.size < n) chosen.add(pick(items));
    return [...chosen];
  };
  return { next, int, pick, chance, weighted, some };
}

type Named = readonly [en: string, ar: string];

const MALE: Named[] = [
  ['Ahmed', 'أحمد'], ['Mohammed', 'محمد'], ['Omar', 'عمر'], ['Khalid', 'خالد'], ['Youssef', 'يوسف'], ['Ali', 'علي'],
  ['Hassan', 'حسن'], ['Ibrahim', 'إبراهيم'], ['Mustafa', 'مصطفى'], ['Tariq', 'طارق'], ['Karim', 'كريم'], ['Rami', 'رامي'],
  ['Faisal', 'فيصل'], ['Hamza', 'حمزة'], ['Anas', 'أنس'], ['Ziad', 'زياد'], ['Sami', 'سامي'], ['Walid', 'وليد'],
  ['Nabil', 'نبيل'], ['Majid', 'ماجد'], ['Saeed', 'سعيد'], ['Adel', 'عادل'], ['Bilal', 'بلال'], ['Hisham', 'هشام'],
  ['Amr', 'عمرو'], ['Osama', 'أسامة'], ['Yahya', 'يحيى'], ['Issa', 'عيسى'],
];
const FEMALE: Named[] = [
  ['Fatima', 'فاطمة'], ['Aisha', 'عائشة'], ['Layla', 'ليلى'], ['Sara', 'سارة'], ['Mariam', 'مريم'], ['Noor', 'نور'],
  ['Huda', 'هدى'], ['Amira', 'أميرة'], ['Rania', 'رانيا'], ['Dina', 'دينا'], ['Yasmin', 'ياسمين'], ['Salma', 'سلمى'],
  ['Hala', 'هالة'], ['Reem', 'ريم'], ['Lina', 'لينا'], ['Nadia', 'نادية'], ['Iman', 'إيمان'], ['Amal', 'أمل'],
  ['Zainab', 'زينب'], ['Aya', 'آية'], ['Hind', 'هند'], ['Samira', 'سميرة'], ['Mona', 'منى'], ['Asma', 'أسماء'],
];
const FAMILY: Named[] = [
  ['Al Mansouri', 'المنصوري'], ['Haddad', 'حداد'], ['Khalil', 'خليل'], ['Nasser', 'ناصر'], ['Farouk', 'فاروق'],
  ['Al Amiri', 'العامري'], ['Saleh', 'صالح'], ['Qasim', 'قاسم'], ['Hamdan', 'حمدان'], ['Al Zahrani', 'الزهراني'],
  ['El Sayed', 'السيد'], ['Mahmoud', 'محمود'], ['Abdullah', 'عبدالله'], ['Al Hashimi', 'الهاشمي'], ['Bakr', 'بكر'],
  ['Darwish', 'درويش'], ['Karam', 'كرم'], ['Mansour', 'منصور'], ['Othman', 'عثمان'], ['Rashed', 'راشد'],
  ['Suleiman', 'سليمان'], ['Taha', 'طه'], ['Yassin', 'ياسين'], ['Zaki', 'زكي'], ['Al Otaibi', 'العتيبي'],
  ['Benali', 'بن علي'], ['El Idrissi', 'الإدريسي'], ['Mekki', 'مكي'], ['Al Kuwari', 'الكواري'], ['Al Balushi', 'البلوشي'],
  ['Jaber', 'جابر'], ['Awad', 'عوض'], ['Hijazi', 'حجازي'], ['Shami', 'الشامي'], ['Masri', 'المصري'], ['Tamimi', 'التميمي'],
];

/** A city with how many of its country's journalists work there (a relative weight). */
type City = readonly [en: string, ar: string, weight: number];
type CountryProfile = { name: string; dial: string; weight: number; arabicShare: number; cities: City[] };

// The cities are those of the search's place data (shared/search-places.ts), weighted roughly as the
// region's newsrooms are spread: most in the capital or the media hub, fewer elsewhere.
const COUNTRY_PROFILES: CountryProfile[] = [
  { name: 'UAE', dial: '+971', weight: 16, arabicShare: 0.35, cities: [['Dubai', 'دبي', 50], ['Abu Dhabi', 'أبوظبي', 30], ['Sharjah', 'الشارقة', 12], ['Ajman', 'عجمان', 4], ['Ras Al Khaimah', 'رأس الخيمة', 4]] },
  { name: 'Saudi Arabia', dial: '+966', weight: 16, arabicShare: 0.55, cities: [['Riyadh', 'الرياض', 45], ['Jeddah', 'جدة', 30], ['Dammam', 'الدمام', 13], ['Mecca', 'مكة', 6], ['Medina', 'المدينة المنورة', 6]] },
  { name: 'Egypt', dial: '+20', weight: 13, arabicShare: 0.6, cities: [['Cairo', 'القاهرة', 70], ['Alexandria', 'الإسكندرية', 20], ['Giza', 'الجيزة', 10]] },
  { name: 'Lebanon', dial: '+961', weight: 6, arabicShare: 0.45, cities: [['Beirut', 'بيروت', 85], ['Tripoli', 'طرابلس', 15]] },
  { name: 'Jordan', dial: '+962', weight: 6, arabicShare: 0.5, cities: [['Amman', 'عمّان', 85], ['Irbid', 'إربد', 15]] },
  { name: 'Kuwait', dial: '+965', weight: 6, arabicShare: 0.5, cities: [['Kuwait City', 'مدينة الكويت', 80], ['Hawalli', 'حولي', 20]] },
  { name: 'Qatar', dial: '+974', weight: 6, arabicShare: 0.45, cities: [['Doha', 'الدوحة', 85], ['Lusail', 'لوسيل', 15]] },
  { name: 'Bahrain', dial: '+973', weight: 4, arabicShare: 0.45, cities: [['Manama', 'المنامة', 80], ['Muharraq', 'المحرق', 20]] },
  { name: 'Oman', dial: '+968', weight: 4, arabicShare: 0.5, cities: [['Muscat', 'مسقط', 85], ['Salalah', 'صلالة', 15]] },
  { name: 'Morocco', dial: '+212', weight: 6, arabicShare: 0.5, cities: [['Casablanca', 'الدار البيضاء', 50], ['Rabat', 'الرباط', 35], ['Marrakesh', 'مراكش', 15]] },
  { name: 'Tunisia', dial: '+216', weight: 4, arabicShare: 0.55, cities: [['Tunis', 'تونس', 80], ['Sfax', 'صفاقس', 20]] },
  { name: 'Algeria', dial: '+213', weight: 4, arabicShare: 0.6, cities: [['Algiers', 'الجزائر', 75], ['Oran', 'وهران', 25]] },
  { name: 'Iraq', dial: '+964', weight: 4, arabicShare: 0.7, cities: [['Baghdad', 'بغداد', 60], ['Erbil', 'أربيل', 25], ['Basra', 'البصرة', 15]] },
  { name: 'Yemen', dial: '+967', weight: 2, arabicShare: 0.75, cities: [['Sanaa', 'صنعاء', 65], ['Aden', 'عدن', 35]] },
  { name: 'Sudan', dial: '+249', weight: 3, arabicShare: 0.75, cities: [['Khartoum', 'الخرطوم', 70], ['Omdurman', 'أم درمان', 30]] },
];
/** About one contact in eight has no city recorded, as in a real media list. */
const CITY_UNKNOWN_SHARE = 0.12;

type MediaType = (typeof MEDIA_TYPES)[number];
const MEDIA_WEIGHTS: ReadonlyArray<readonly [MediaType, number]> = [
  ['Newspaper', 24], ['Magazine', 14], ['Online', 24], ['TV', 10], ['Radio', 7], ['News Agency', 5], ['Blog', 6], ['Podcast', 4], ['Influencer', 6],
];
const FREELANCE = new Set<MediaType>(['Blog', 'Podcast', 'Influencer']);

const OUTLET_WORDS: Record<MediaType, Named[]> = {
  Newspaper: [['Daily', 'اليومية'], ['Herald', 'البشير'], ['Tribune', 'المنبر'], ['Gazette', 'الجريدة'], ['Evening Post', 'المساء'], ['Chronicle', 'الأخبار']],
  Magazine: [['Business Review', 'الاقتصادية'], ['Life', 'الحياة'], ['Style', 'أناقة'], ['Tech Monthly', 'التقنية'], ['Motoring', 'المحرك'], ['Travel & Leisure', 'سفر']],
  Online: [['Insider', 'إنسايدر'], ['Now', 'الآن'], ['Pulse', 'نبض'], ['Wire', 'الخبر'], ['Hub', 'المنصة'], ['Today', 'اليوم']],
  TV: [['TV', 'تي في'], ['News Channel', 'الإخبارية'], ['Business TV', 'الاقتصادية تي في'], ['24', '٢٤']],
  Radio: [['FM', 'إف إم'], ['Talk Radio', 'راديو'], ['Radio One', 'الإذاعة الأولى']],
  'News Agency': [['Newswire', 'وكالة الأنباء'], ['Press Service', 'الخدمة الصحفية']],
  Blog: [['Blog', 'مدونة']],
  Podcast: [['Podcast', 'بودكاست']],
  Influencer: [['Media', 'ميديا']],
};

const POSITIONS: Record<'print' | 'broadcast' | 'freelance', Named[]> = {
  print: [
    ['Editor-in-Chief', 'رئيس التحرير'], ['Managing Editor', 'مدير التحرير'], ['Business Editor', 'محرر اقتصادي'],
    ['Technology Editor', 'محرر التقنية'], ['Economy Editor', 'محرر الاقتصاد'], ['Senior Reporter', 'مراسل أول'], ['Reporter', 'صحفي'], ['Correspondent', 'مراسل'],
    ['Columnist', 'كاتب عمود'], ['Features Writer', 'كاتب تحقيقات'], ['News Editor', 'محرر الأخبار'],
  ],
  broadcast: [['Presenter', 'مقدم برامج'], ['Producer', 'منتج'], ['News Anchor', 'مذيع أخبار'], ['Senior Producer', 'منتج أول'], ['Correspondent', 'مراسل']],
  freelance: [['Blogger', 'مدون'], ['Podcast Host', 'مقدم بودكاست'], ['Content Creator', 'صانع محتوى'], ['Influencer', 'مؤثر']],
};

const SPECIALIZATIONS = [
  'Fintech', 'Oil & Gas', 'Renewables', 'Luxury', 'Football', 'Electric vehicles', 'Hospitality', 'Healthcare', 'Venture capital',
  'Property', 'Aviation', 'Consumer tech', 'Cybersecurity', 'Food & beverage', 'Higher education', 'Telecoms', 'Retail', 'Film & music',
];
const FOCUS = ['Regional', 'Local', 'International', 'GCC', 'Levant', 'North Africa'];
const RESERVED_FREELANCE_DOMAINS = ['example.com', 'example.net', 'example.org'];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

function categoryOf(position: string): string {
  if (/Editor/.test(position)) return 'Editor';
  if (/Producer/.test(position)) return 'Producer';
  if (/Presenter|Anchor|Host/.test(position)) return 'Broadcaster';
  if (/Blogger|Creator|Influencer/.test(position)) return 'Influencer';
  return 'Journalist';
}

/** The demo contacts, one at a time: a million never sit in memory together. */
export function* generateContacts(count: number, seed = DEMO_SEED): Generator<ContactFields> {
  const r = createRandom(seed);
  const countryWeights = COUNTRY_PROFILES.map((p) => [p, p.weight] as const);
  for (let i = 0; i < count; i++) {
    // The first contacts cover every country, so even a small sample shows all fifteen.
    const country = i < COUNTRY_PROFILES.length ? COUNTRY_PROFILES[i] : r.weighted(countryWeights);
    const language = r.chance(country.arabicShare) ? 'Arabic' : 'English';
    const female = r.chance(0.45);
    const first = r.pick(female ? FEMALE : MALE);
    const family = r.pick(FAMILY);
    const arabicScript = language === 'Arabic' && r.chance(0.7);
    const city = r.weighted(country.cities.map((c) => [c, c[2]] as const));
    const cityKnown = !r.chance(CITY_UNKNOWN_SHARE);
    const mediaType = i < MEDIA_WEIGHTS.length ? MEDIA_WEIGHTS[i][0] : r.weighted(MEDIA_WEIGHTS);
    const freelance = FREELANCE.has(mediaType);
    const word = r.pick(OUTLET_WORDS[mediaType]);
    const outletEn = freelance ? `${first[0]} ${family[0]} ${word[0]}` : `${city[0]} ${word[0]}`;
    const outletAr = freelance ? `${word[1]} ${first[1]}` : `${word[1]} ${city[1]}`;
    const position = r.pick(POSITIONS[freelance ? 'freelance' : mediaType === 'TV' || mediaType === 'Radio' ? 'broadcast' : 'print']);
    const topics = r.some(TOPICS, 1, 3);
    // Every topic appears early on, so facet menus of the smallest sample list them all.
    if (i < TOPICS.length) topics[0] = TOPICS[i];
    const domain = freelance ? r.pick(RESERVED_FREELANCE_DOMAINS) : `${slug(outletEn)}.test`;
    yield {
      email: `${slug(first[0])}.${slug(family[0])}.${i + 1}@${domain}`,
      firstName: arabicScript ? first[1] : first[0],
      lastName: arabicScript ? family[1] : family[0],
      phone: `${country.dial} ${10 + r.int(90)} ${100 + r.int(900)} ${1000 + r.int(9000)}`,
      organization: arabicScript && r.chance(0.6) ? outletAr : outletEn,
      position: arabicScript && r.chance(0.5) ? position[1] : position[0],
      category: categoryOf(position[0]),
      country: country.name,
      city: cityKnown ? city[0] : '',
      specialization: r.pick(SPECIALIZATIONS),
      focus: r.pick(FOCUS),
      contactTopics: [...new Set(topics)].join(', '),
      outletTopics: r.some(TOPICS, 1, 3).join(', '),
      mediaType,
      language,
    };
  }
}

/** Consecutive arrays of `size` contacts (the unit of a bulk insert). */
export function* inBatches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** Words a person would search the demo database for (names, places, outlets, positions), both scripts. */
export function searchVocabulary(): string[] {
  const cities = COUNTRY_PROFILES.flatMap((c) => c.cities.map(([en, ar]): Named => [en, ar]));
  const pairs = [...MALE, ...FEMALE, ...FAMILY, ...cities, ...Object.values(OUTLET_WORDS).flat(), ...Object.values(POSITIONS).flat()];
  return [...new Set(pairs.flatMap(([en, ar]) => [en.toLowerCase(), ar]))].filter((w) => w.length >= 3);
}

export const RESERVED_ADDRESS = /@(([a-z0-9-]+\.)*example\.(com|net|org)|([a-z0-9-]+\.)+test)$/;
