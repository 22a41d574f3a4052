import { describe, expect, it } from 'vitest';
import { directionOf, isolateLtr, visualRuns } from './pdf-text.js';

/** Runs as drawn, left to right: the text handed to the font and whether it reads right to left. */
const drawn = (line: string, base: 'ltr' | 'rtl') => visualRuns(line, base).map(({ text, rtl }) => [text, rtl]);

describe('lines of mixed Arabic and Latin in visual order', () => {
  it('keeps a pure Arabic line as one right-to-left run, in logical order for the font to shape', () => {
    expect(drawn('فاتورة ضريبية', 'rtl')).toEqual([['فاتورة ضريبية', true]]);
  });

  it('puts a number after an Arabic label to its left, and keeps the label whole', () => {
    expect(drawn(`الرقم الضريبي: ${isolateLtr('100234567800003')}`, 'rtl')).toEqual([
      ['100234567800003', false],
      ['الرقم الضريبي: ', true],
    ]);
  });

  it('keeps a date and an exchange rate reading left to right inside an Arabic sentence', () => {
    const line = `سعر الصرف: ${isolateLtr('1 USD = 3.6725 AED')} بتاريخ ${isolateLtr('1997-11-01')}`;
    expect(drawn(line, 'rtl')).toEqual([
      ['1997-11-01', false],
      [' بتاريخ ', true],
      ['1 USD = 3.6725 AED', false],
      ['سعر الصرف: ', true],
    ]);
  });

  it('would turn an unisolated date after an Arabic word around (why the isolates are there)', () => {
    expect(drawn('بتاريخ 1997-11-01', 'rtl').map(([text]) => text)).toEqual(['01', '-', '11', '-', '1997', 'بتاريخ ']);
  });

  it('mirrors brackets in right-to-left runs for drawing, and keeps the logical text for copying', () => {
    const [run] = visualRuns('(شركة)', 'rtl');
    expect(run).toEqual({ text: ')شركة(', logical: '(شركة)', rtl: true });
  });

  it('puts an Arabic country name after an English one in a left-to-right line', () => {
    expect(drawn('UAE / الإمارات العربية المتحدة', 'ltr')).toEqual([
      ['UAE / ', false],
      ['الإمارات العربية المتحدة', true],
    ]);
  });

  it('reads a buyer name in the direction of its first letter', () => {
    expect(directionOf('شركة الأفق (Riyadh)')).toBe('rtl');
    expect(directionOf('Gulf Horizon شركة')).toBe('ltr');
    expect(directionOf('12345')).toBe('ltr');
  });
});
