import { describe, expect, it } from 'vitest';
import { foldText, isWordTerm, searchTerms, searchWordsOf } from './text-fold.js';
import { canonicalCountry, canonicalLanguage, maskEmail, maskPhone, splitTopics } from './contacts.js';

describe('foldText', () => {
  it('folds the alef variants, teh marbuta and alef maksura', () => {
    expect(foldText('أحمد')).toBe('احمد');
    expect(foldText('إحمد')).toBe('احمد');
    expect(foldText('آمنة')).toBe('امنه');
    expect(foldText('ٱلقاهرة')).toBe('القاهره');
    expect(foldText('مصطفى')).toBe('مصطفي');
  });

  it('removes harakat and tatweel, lower-cases and collapses whitespace', () => {
    expect(foldText('مُحَمَّد')).toBe('محمد');
    expect(foldText('احـــمد')).toBe('احمد');
    expect(foldText('  Sara \t  KHALID \n')).toBe('sara khalid');
  });

  it('splits a query into unique folded words', () => {
    expect(searchTerms(' أحمد  احمد Gulf ')).toEqual(['احمد', 'gulf']);
    expect(searchTerms('   ')).toEqual([]);
  });
});

describe('contact vocabulary', () => {
  it('masks an email to its first letter and top-level domain', () => {
    expect(maskEmail('ahmed.mansour@gulfnews.test')).toBe('a•••••@•••••.test');
    expect(maskEmail('broken')).toBe('•••••');
  });

  it('masks every phone digit after the country code', () => {
    expect(maskPhone('+971 50 123 4567')).toBe('+971 •• ••• ••••');
    expect(maskPhone('')).toBe('');
  });

  it('reads countries, languages and topics leniently', () => {
    expect(canonicalCountry(' united arab emirates ')).toBe('UAE');
    expect(canonicalCountry('saudi arabia')).toBe('Saudi Arabia');
    expect(canonicalCountry('Atlantis')).toBe('Atlantis');
    expect(canonicalLanguage('ARABIC')).toBe('Arabic');
    expect(canonicalLanguage('العربية')).toBe('Arabic');
    expect(canonicalLanguage('')).toBe('English');
    expect(splitTopics(' Business, Finance ,،Business، طاقة ')).toEqual(['Business', 'Finance', 'طاقة']);
  });
});

describe('searchWordsOf', () => {
  it('splits on spaces and punctuation, keeps letters, marks and digits of any script, once each', () => {
    expect(searchWordsOf(foldText('Ahmed Ali ahmed.ali.42@gulf-news.ae Editor-in-chief'))).toEqual([
      'ahmed', 'ali', '42', 'gulf', 'news', 'ae', 'editor', 'in', 'chief',
    ]);
    expect(searchWordsOf(foldText('محمد العلي، رئيس التحرير ٣'))).toEqual(['محمد', 'العلي', 'رئيس', 'التحرير', '٣']);
    expect(searchWordsOf('')).toEqual([]);
  });

  it('a term of letters and digits is inside the text exactly when it is inside one of its words', () => {
    const texts = ['sara.khalid.7@gulf-news.ae editor', 'احمد المحرر (politics)', 'x_y z%w 12-34'];
    const terms = ['sara', 'a.k', 'ews', 'news.ae', 'محرر', 'politics)', '12', '2-3', 'z%w', 'tor e', 'y'];
    for (const text of texts) {
      for (const term of terms.filter(isWordTerm)) {
        expect(searchWordsOf(text).some((w) => w.includes(term)), `${term} in ${text}`).toBe(text.includes(term));
      }
    }
    expect(terms.filter(isWordTerm)).toEqual(['sara', 'ews', 'محرر', '12', 'y']);
  });
});
