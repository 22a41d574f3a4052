import { describe, expect, it } from 'vitest';
import { reportWords } from './report-words.js';

describe('the CSV report in the reader’s language', () => {
  it('names its columns in Arabic, the time columns with the zone, and countries in Arabic', () => {
    const words = reportWords('ar', 'Asia/Riyadh');
    expect(words.columns[0]).toBe('الاسم');
    expect(words.columns[9]).toBe('وقت الإرسال (Asia/Riyadh)');
    expect(words.columns).toHaveLength(reportWords('en', 'UTC').columns.length);
    expect(words.country('Saudi Arabia')).toBe('المملكة العربية السعودية');
    expect(words.country('Atlantis')).toBe('Atlantis');
    expect(words.status.sent).toBe('تم التسليم');
  });

  it('keeps English as it was', () => {
    const words = reportWords('en', 'Asia/Dubai');
    expect(words.columns.slice(9, 11)).toEqual(['Sent At (Asia/Dubai)', 'First Open At (Asia/Dubai)']);
    expect(words.coverageColumns[5]).toBe('Published At (Asia/Dubai)');
    expect(words.country('Saudi Arabia')).toBe('Saudi Arabia');
  });
});
