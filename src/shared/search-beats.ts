import { foldText } from './text-fold.js';
import { TOPICS } from './contacts.js';

type Topic = (typeof TOPICS)[number];

/**
 * The beats people type for each topic of the topic list (TOPICS), in English and Arabic (issue 26),
 * kept as reviewed data beside the name groups. A beat word in a query ranks contacts tagged with its
 * topics first; the topic filter's own search finds a topic by any of these words ("econ" → Business,
 * Finance, Banking). A word may name several topics (economy). Arabic words are written without the
 * article; the query's article and clitics are taken off before lookup (server/contacts/arabic-forms.ts).
 */
export const TOPIC_BEATS: Readonly<Record<Topic, readonly string[]>> = {
  Business: ['business', 'economy', 'economic', 'economics', 'markets', 'trade', 'corporate', 'اقتصاد', 'اقتصادي', 'أعمال', 'أسواق', 'تجارة'],
  Technology: ['technology', 'tech', 'digital', 'cybersecurity', 'تقنية', 'تكنولوجيا', 'تقني', 'رقمي'],
  Finance: ['finance', 'financial', 'economy', 'economic', 'markets', 'investment', 'stocks', 'fintech', 'اقتصاد', 'مالية', 'مالي', 'استثمار', 'بورصة', 'أسواق'],
  Banking: ['banking', 'banks', 'bank', 'economy', 'اقتصاد', 'بنوك', 'مصارف', 'مصرفي', 'مصرف', 'بنك'],
  Energy: ['energy', 'oil', 'gas', 'renewables', 'طاقة', 'نفط', 'غاز'],
  'Real Estate': ['real estate', 'property', 'realty', 'construction', 'عقارات', 'عقاري', 'عقار'],
  Health: ['health', 'healthcare', 'medical', 'medicine', 'صحة', 'صحي', 'طب'],
  Travel: ['travel', 'tourism', 'hospitality', 'سفر', 'سياحة', 'سياحي'],
  Lifestyle: ['lifestyle', 'luxury', 'أسلوب حياة', 'نمط حياة', 'منوعات'],
  Sports: ['sports', 'sport', 'football', 'رياضة', 'رياضي', 'كرة القدم'],
  Automotive: ['automotive', 'cars', 'motoring', 'auto', 'سيارات'],
  Politics: ['politics', 'political', 'policy', 'government', 'سياسة', 'سياسي'],
  Entertainment: ['entertainment', 'film', 'music', 'celebrity', 'ترفيه', 'فنون', 'سينما'],
  Fashion: ['fashion', 'style', 'beauty', 'أزياء', 'موضة', 'جمال'],
  Food: ['food', 'dining', 'restaurants', 'cuisine', 'طعام', 'مطاعم', 'طبخ'],
  Education: ['education', 'universities', 'schools', 'تعليم', 'جامعات'],
  Environment: ['environment', 'sustainability', 'climate', 'بيئة', 'استدامة', 'مناخ'],
  Telecom: ['telecom', 'telecoms', 'telecommunications', 'اتصالات'],
  Retail: ['retail', 'shopping', 'consumer', 'تجزئة', 'تسوق'],
  Startups: ['startups', 'startup', 'entrepreneurship', 'venture capital', 'ريادة', 'ناشئة'],
  Aviation: ['aviation', 'airlines', 'aerospace', 'طيران'],
  Culture: ['culture', 'arts', 'books', 'heritage', 'ثقافة', 'ثقافي', 'تراث'],
};

/** Folded beat word (or the topic's own name) → the topics it names. */
export const BEAT_TOPICS: ReadonlyMap<string, readonly Topic[]> = (() => {
  const map = new Map<string, Topic[]>();
  for (const topic of TOPICS) {
    for (const word of [topic, ...TOPIC_BEATS[topic]]) {
      const folded = foldText(word);
      const topics = map.get(folded) ?? [];
      if (!topics.includes(topic)) topics.push(topic);
      map.set(folded, topics);
    }
  }
  return map;
})();

/**
 * The topics a topic picker's text finds through their beats: every topic with a beat word that starts
 * with the folded text ("econ" → Business, Finance, Banking). Two letters at least: one names too many.
 */
export function topicsByBeat(text: string): Set<string> {
  const folded = foldText(text);
  const found = new Set<string>();
  if ([...folded].length < 2) return found;
  for (const [word, topics] of BEAT_TOPICS) {
    if (word.startsWith(folded) || word.split(' ').some((part) => part.startsWith(folded))) topics.forEach((t) => found.add(t));
  }
  return found;
}
