import { describe, expect, it } from 'vitest';
import { foldText } from '../../shared/text-fold.js';
import { arabicForms } from './arabic-forms.js';

const forms = (word: string) => arabicForms(foldText(word));

describe('Arabic forms for the place and beat data', () => {
  it('takes off the conjunction, prepositions, لل and the article', () => {
    expect(forms('والاقتصاد')).toContain(foldText('اقتصاد'));
    expect(forms('بالسعودية')).toContain(foldText('السعودية'));
    expect(forms('للاقتصاد')).toContain(foldText('الاقتصاد'));
    expect(forms('بمصر')).toContain('مصر');
  });

  it('takes off the feminine ending last, so a word that is itself known wins', () => {
    const sport = forms('الرياضة');
    expect(sport.indexOf(foldText('رياضة'))).toBeLessThan(sport.indexOf(foldText('الرياض')));
    expect(forms('سعودية')).toEqual([foldText('سعودية'), 'سعودي']);
  });

  it('keeps the word itself first and leaves Latin words alone', () => {
    expect(forms('لبنان')[0]).toBe('لبنان');
    expect(forms('بيروت')[0]).toBe('بيروت');
    expect(arabicForms('economy')).toEqual(['economy']);
  });
});
