import type { ReleaseId } from '../../shared/ids.js';
import { describe, expect, it } from 'vitest';
import { createMatcher, matchingWords, type ReleaseForMatching } from './matching.js';

const HOUR = 60 * 60 * 1000;
const sentAt = new Date('2026-11-01T08:00:00Z');
const later = (hours: number) => new Date(sentAt.getTime() + hours * HOUR);

const robotics: ReleaseForMatching = {
  id: 'robotics' as ReleaseId,
  names: ['Gulf Robotics LLC'],
  sentAt,
  versions: [
    {
      title: 'Gulf Robotics opens a plant in Dubai Industrial City',
      subtitle: 'Three hundred jobs and a training centre',
      text: [
        'Gulf Robotics today announced a new manufacturing plant in Dubai Industrial City, creating 300 jobs.',
        'The plant will build welding robots for car makers across the Gulf region.',
        'Production starts in the second quarter of 2027 with an annual capacity of 5,000 robots.',
        'Chief executive Layla Haddad said the plant marks a new chapter for regional manufacturing.',
      ].join(' '),
    },
    {
      title: 'روبوتات الخليج تفتتح مصنعًا في مدينة دبي الصناعية',
      subtitle: 'ثلاثمئة وظيفة ومركز للتدريب',
      text: [
        'أعلنت شركة روبوتات الخليج اليوم عن افتتاح مصنع جديد في مدينة دبي الصناعية يوفر 300 وظيفة.',
        'سيصنع المصنع روبوتات اللحام لشركات السيارات في منطقة الخليج العربي كلها.',
        'يبدأ الإنتاج في الربع الثاني من عام 2027 بطاقة سنوية تبلغ خمسة آلاف روبوت.',
      ].join(' '),
    },
  ],
};

const dates: ReleaseForMatching = {
  id: 'dates' as ReleaseId,
  names: ['Oasis Dates'],
  sentAt,
  versions: [
    {
      title: 'Oasis Dates ships its first harvest to Japan',
      subtitle: '',
      text: 'Oasis Dates shipped forty tonnes of Khalas dates from Al Ain to Tokyo this week. The shipment opens a new market for farmers of the oasis.',
    },
  ],
};

describe('coverage matching', () => {
  const matcher = createMatcher([robotics, dates]);

  it('reads an article that carries most sentences of a version as verbatim, in either language', () => {
    const english = matcher.match({
      title: 'Gulf Robotics opens plant',
      text: `DUBAI — ${robotics.versions[0].text} The company did not give further details.`,
      publishedAt: later(2),
    });
    expect(english).toEqual([{ releaseId: 'robotics', kind: 'verbatim', excerpt: expect.stringContaining('manufacturing plant in Dubai Industrial City') }]);

    // Two of three Arabic sentences, with the article's own punctuation and harakat.
    const arabic = matcher.match({
      title: 'مصنع جديد',
      text: 'دبي: أَعلنت شركة روبوتات الخليج اليوم عن افتتاح مصنع جديد في مدينة دبي الصناعية يوفر 300 وظيفة. يبدأ الإنتاج في الربع الثاني من عام 2027 بطاقة سنوية تبلغ خمسة آلاف روبوت.',
      publishedAt: later(30),
    });
    expect(arabic.map((m) => [m.releaseId, m.kind])).toEqual([['robotics', 'verbatim']]);
  });

  it('reads an article written anew that names the company as earned, with the sentence that names it', () => {
    const found = matcher.match({
      title: 'Why robot makers are moving to Dubai',
      text: 'Manufacturers keep arriving in the emirate. Among them, Gulf Robotics is hiring engineers for its welding lines. Analysts expect more to follow.',
      publishedAt: later(48),
    });
    expect(found).toEqual([{ releaseId: 'robotics', kind: 'earned', excerpt: 'Among them, Gulf Robotics is hiring engineers for its welding lines.' }]);
  });

  it('reads an article naming the brand by its Arabic name as earned, as it does its English name', () => {
    const foods = { ...dates, id: 'foods' as ReleaseId, names: ['Riyadh Foods', 'أغذية الرياض'] };
    const brandMatcher = createMatcher([robotics, foods]);
    const arabic = brandMatcher.match({ title: 'أسواق', text: 'توسعت أغذية الرياض في أسواق الخليج هذا العام. ويتوقع المحللون المزيد.', publishedAt: later(2) });
    expect(arabic).toEqual([{ releaseId: 'foods', kind: 'earned', excerpt: 'توسعت أغذية الرياض في أسواق الخليج هذا العام.' }]);
    const english = brandMatcher.match({ title: 'Markets', text: 'Riyadh Foods grew in Gulf markets this year.', publishedAt: later(2) });
    expect(english.map((m) => [m.releaseId, m.kind])).toEqual([['foods', 'earned']]);
  });

  it('reads an Arabic rewrite sharing the release’s distinctive phrases as earned, prefixes and folding aside', () => {
    const found = matcher.match({
      title: 'الصناعة في الإمارات',
      text: 'قالت شركة روبوتات الخليج إن مصنعها في مدينة دبي الصناعية سيخدم المنطقة. وسيُنتج روبوتات اللحام لشركات السيارات اعتبارا من العام المقبل.',
      publishedAt: later(5),
    });
    expect(found.map((m) => [m.releaseId, m.kind])).toEqual([['robotics', 'earned']]);
    expect(found[0].excerpt).toContain('روبوتات الخليج');
  });

  it('finds nothing in an unrelated article, nor in one published before the send or more than 30 days after', () => {
    expect(matcher.match({ title: 'Al Hilal win in Riyadh', text: 'The home side scored twice in the second half before a full stadium.', publishedAt: later(3) })).toEqual([]);
    const copy = { title: 'Copy', text: robotics.versions[0].text };
    expect(matcher.match({ ...copy, publishedAt: later(-1) })).toEqual([]);
    expect(matcher.match({ ...copy, publishedAt: later(24 * 31) })).toEqual([]);
    expect(matcher.match({ ...copy, publishedAt: later(24 * 29) })).toHaveLength(1);
  });

  it('does not count phrases every release says as anyone’s', () => {
    const shared = 'For more information about the company please visit the official website today.';
    const releases = Array.from({ length: 6 }, (_, i) => ({
      id: `r${i}` as ReleaseId,
      names: [`Company Number${i}`],
      sentAt,
      versions: [{ title: `Release ${i}`, subtitle: '', text: `Unique words of release number ${i} are here. ${shared}` }],
    }));
    expect(createMatcher(releases).match({ title: 'A story', text: `Something else entirely happened. ${shared}`, publishedAt: later(1) })).toEqual([]);
  });

  it('does not look for a company name too short or too common to be its own', () => {
    const short = { ...dates, id: 'short' as ReleaseId, names: ['ABC'] };
    expect(createMatcher([short]).match({ title: 'ABC news', text: 'The ABC reported on the weather in Abu Dhabi.', publishedAt: later(1) })).toEqual([]);
  });

  it('folds Arabic prefixes and letter forms the same way on both sides', () => {
    expect(matchingWords('والشركة بالمدينة الإمارات')).toEqual(matchingWords('شركه مدينه امارات'));
  });
});
