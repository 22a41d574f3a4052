import { describe, expect, it } from 'vitest';
import { foldText, searchTerms } from './text-fold.js';
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
