import { describe, expect, it } from 'vitest';
import { NAME_GROUPS, PLACE_GROUPS, TOPIC_SYNONYMS } from '../../shared/search-vocabulary.js';
import { foldText } from '../../shared/text-fold.js';
import { editDistance, expandQuery } from './query-expansion.js';

const variants = (query: string) => expandQuery(query).map((u) => u.variants.map((v) => v.join(' ')).sort());

describe('query expansion', () => {
  it('keeps at least 60 name groups, each with an Arabic spelling, and the 15 countries in both scripts', () => {
    expect(NAME_GROUPS.length).toBeGreaterThanOrEqual(60);
    for (const group of NAME_GROUPS) expect(group.some((m) => /[\u0600-\u06ff]/.test(m)), group[0]).toBe(true);
    for (const country of ['uae', 'saudi', 'egypt', 'lebanon', 'jordan', 'kuwait', 'qatar', 'bahrain', 'oman', 'morocco', 'tunisia', 'algeria', 'iraq', 'yemen', 'sudan']) {
      const group = PLACE_GROUPS.find((g) => g.includes(country));
      expect(group?.some((m) => /[\u0600-\u06ff]/.test(m)), country).toBe(true);
    }
  });

  it('finds the spellings of a name in Latin letters and in Arabic, whichever is typed', () => {
    expect(variants('Mohamed')[0]).toEqual(expect.arrayContaining(['mohammed', 'muhammad', 'mohammad', 'mohamad', foldText('محمد')]));
    expect(variants('محمد')[0]).toEqual(expect.arrayContaining(['mohamed', 'muhammad']));
    expect(variants('Youssef')[0]).toEqual(expect.arrayContaining(['yousef', 'yusuf']));
    expect(variants('أحمد')[0]).toEqual(expect.arrayContaining(['ahmed', 'ahmad']));
  });

  it('treats the article joined or apart alike: Almansouri, Al-Mansouri and Al Mansouri', () => {
    expect(variants('Almansouri')[0]).toEqual(expect.arrayContaining(['mansouri', foldText('المنصوري')]));
    expect(variants('Al-Mansouri')[0]).toEqual(expect.arrayContaining(['al mansouri', 'almansouri', 'mansouri', foldText('المنصوري')]));
    expect(variants('Al Mansouri')[1]).toEqual(expect.arrayContaining(['mansoori', foldText('المنصوري')]));
  });

  it('reads a place written joined or apart as one thing', () => {
    expect(expandQuery('abu dhabi media').map((u) => u.text)).toEqual(['abu dhabi', 'media']);
    expect(variants('abu dhabi')[0]).toEqual(expect.arrayContaining(['abudhabi', foldText('أبوظبي')]));
    expect(variants('abudhabi')[0]).toEqual(expect.arrayContaining(['abu dhabi']));
    expect(variants('الرياض')[0]).toEqual(expect.arrayContaining(['riyadh', 'riyad']));
  });

  it('reads roles and topics in both languages', () => {
    expect(variants('journalist')[0]).toEqual(expect.arrayContaining(['reporter', 'correspondent', foldText('صحفي')]));
    expect(variants('صحفي')[0]).toEqual(expect.arrayContaining(['journalist', 'reporter']));
    expect(variants('economy')[0]).toEqual(expect.arrayContaining(['business', 'finance', foldText('اقتصاد')]));
    expect(TOPIC_SYNONYMS.length).toBeGreaterThan(20);
  });

  it('leaves words it does not know as they are', () => {
    expect(expandQuery('newsroom')).toEqual([{ text: 'newsroom', typed: ['newsroom'], variants: [] }]);
  });

  it('measures a slip of one letter, a swap and a missing letter as one edit', () => {
    expect(editDistance('economy', 'econmy')).toBe(1);
    expect(editDistance('economy', 'ecnoomy')).toBe(1);
    expect(editDistance('economy', 'economi')).toBe(1);
    expect(editDistance('economy', 'ekonomi')).toBe(2);
  });
});
