import { describe, expect, it } from 'vitest';
import { instantOf } from '../../shared/time-zones.js';
import { calendarWarnings, workingDayProblem } from './working-day.js';

/** The recipients' working day, read in each country's capital. */

const at = (date: string, time: string, zone = 'Asia/Riyadh') => instantOf(date, time, zone)!;
const only = (country: string) => [{ country, count: 12 }];
const codes = (instant: Date, countries: string[]) => calendarWarnings(instant, countries.map((country) => ({ country, count: 1 }))).map((w) => w.code);

describe('the weekend, by country', () => {
  // Friday 4 and Sunday 6 December 2026, 10:00 in Riyadh (11:00 in Dubai): ordinary working hours.
  const friday = at('2026-12-04', '10:00');
  const sunday = at('2026-12-06', '10:00');

  it('warns a Saudi list on a Friday and not a UAE list', () => {
    expect(calendarWarnings(friday, only('Saudi Arabia'))).toEqual([
      { code: 'weekend', message: 'It will arrive on the weekend in Saudi Arabia', params: { countries: 'Saudi Arabia' } },
    ]);
    expect(calendarWarnings(friday, only('UAE'))).toEqual([]);
  });

  it('warns a UAE list on a Sunday and not a Saudi list', () => {
    expect(calendarWarnings(sunday, only('UAE'))).toEqual([
      { code: 'weekend', message: 'It will arrive on the weekend in UAE', params: { countries: 'UAE' } },
    ]);
    expect(calendarWarnings(sunday, only('Saudi Arabia'))).toEqual([]);
  });

  it('names every country concerned in one warning, in the order of the list', () => {
    const mixed = [{ country: 'Qatar', count: 9 }, { country: 'UAE', count: 5 }, { country: 'Saudi Arabia', count: 2 }];
    expect(calendarWarnings(friday, mixed)).toEqual([
      { code: 'weekend', message: 'It will arrive on the weekend in Qatar, Saudi Arabia', params: { countries: 'Qatar, Saudi Arabia' } },
    ]);
    expect(codes(sunday, ['Morocco', 'Tunisia', 'Lebanon', 'Egypt', 'Jordan'])).toEqual(['weekend']);
    expect(calendarWarnings(sunday, [{ country: 'Morocco', count: 1 }, { country: 'Egypt', count: 1 }])[0].params).toEqual({ countries: 'Morocco' });
  });

  it('reads the day in the country, not on the server: Thursday 23:30 in London is Friday in Riyadh', () => {
    const thursdayNightLondon = at('2026-12-03', '22:30', 'Europe/London');
    expect(workingDayProblem('Saudi Arabia', thursdayNightLondon)).toEqual({ code: 'weekend' });
  });
});

describe('night hours', () => {
  it('warns before 07:00 and from 21:00 local time on a working day', () => {
    // Tuesday 8 December 2026.
    expect(workingDayProblem('Saudi Arabia', at('2026-12-08', '06:59'))).toEqual({ code: 'night' });
    expect(workingDayProblem('Saudi Arabia', at('2026-12-08', '07:00'))).toBeNull();
    expect(workingDayProblem('Saudi Arabia', at('2026-12-08', '20:59'))).toBeNull();
    expect(workingDayProblem('Saudi Arabia', at('2026-12-08', '21:00'))).toEqual({ code: 'night' });
    // 20:30 in Riyadh is 21:30 in Dubai: night there, not in Riyadh.
    expect(codes(at('2026-12-08', '20:30'), ['UAE', 'Saudi Arabia'])).toEqual(['night']);
    expect(calendarWarnings(at('2026-12-08', '20:30'), only('UAE'))[0]).toMatchObject({ params: { countries: 'UAE' }, message: 'It will arrive at night in UAE' });
  });

  it('says weekend, not also night, for a Friday at 02:00 in Riyadh', () => {
    expect(codes(at('2026-12-04', '02:00'), ['Saudi Arabia'])).toEqual(['weekend']);
  });
});

describe('public holidays', () => {
  it('warns on the UAE National Day, named in both languages, and not a Saudi list', () => {
    const nationalDay = at('2026-12-02', '10:00', 'Asia/Dubai');
    expect(calendarWarnings(nationalDay, [{ country: 'UAE', count: 3 }, { country: 'Saudi Arabia', count: 3 }])).toEqual([
      {
        code: 'holiday',
        message: 'It will arrive on a public holiday (National Day) in UAE',
        params: { countries: 'UAE', holiday: 'National Day', holidayAr: 'عيد الاتحاد' },
      },
    ]);
  });

  it('groups countries that share a holiday and keeps different holidays apart', () => {
    // Eid al-Adha 2026 (expected 27 May): the Gulf and Egypt; a Wednesday.
    const eid = at('2026-05-27', '10:00');
    const warnings = calendarWarnings(eid, ['Saudi Arabia', 'Egypt', 'Kuwait'].map((country) => ({ country, count: 1 })));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'holiday', params: { countries: 'Saudi Arabia, Egypt, Kuwait', holiday: 'Arafat Day and Eid al-Adha' } });
    // Saudi National Day, 23 September 2026 (a Wednesday): a holiday in Riyadh, a working day in Dubai.
    expect(codes(at('2026-09-23', '10:00'), ['Saudi Arabia', 'UAE'])).toEqual(['holiday']);
    expect(codes(at('2026-09-24', '10:00'), ['Saudi Arabia', 'UAE'])).toEqual([]);
  });

  it('holds data for 2026 and 2027 for every country of the region', () => {
    // The second day of Eid al-Fitr everywhere (Morocco's Eid usually begins a day after the Gulf's).
    for (const country of ['UAE', 'Saudi Arabia', 'Egypt', 'Lebanon', 'Jordan', 'Kuwait', 'Qatar', 'Bahrain', 'Oman', 'Morocco', 'Tunisia', 'Algeria', 'Iraq', 'Yemen', 'Sudan']) {
      expect(workingDayProblem(country, at('2026-03-21', '12:00', 'UTC'))).toMatchObject({ code: 'holiday' });
      expect(workingDayProblem(country, at('2027-03-11', '12:00', 'UTC'))).toMatchObject({ code: 'holiday' });
    }
  });
});

describe('Ramadan', () => {
  // Tuesday 16 February 2027, in Ramadan 1448 (expected 8 February – 9 March).
  it('warns outside the shortened hours that are ordinary hours the rest of the year', () => {
    expect(workingDayProblem('Saudi Arabia', at('2027-02-16', '16:00'))).toEqual({ code: 'ramadan_hours' });
    expect(workingDayProblem('Saudi Arabia', at('2027-02-16', '08:00'))).toEqual({ code: 'ramadan_hours' });
    expect(workingDayProblem('Saudi Arabia', at('2027-02-16', '11:00'))).toBeNull();
    // The same Tuesday hour a month later, after Eid: a working hour.
    expect(workingDayProblem('Saudi Arabia', at('2027-04-13', '16:00'))).toBeNull();
    expect(calendarWarnings(at('2027-02-16', '16:00'), only('Egypt'))).toEqual([
      { code: 'ramadan_hours', message: 'It will arrive outside Ramadan working hours in Egypt', params: { countries: 'Egypt' } },
    ]);
  });
});

describe('countries outside the region', () => {
  it('gives no warning for a country without a known zone, or none at all', () => {
    expect(calendarWarnings(at('2026-12-05', '03:00'), [{ country: 'France', count: 4 }, { country: '', count: 2 }])).toEqual([]);
  });
});
