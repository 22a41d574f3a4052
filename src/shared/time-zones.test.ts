import { describe, expect, it } from 'vitest';
import { instantOf, wallClockOf, zoneName } from './time-zones.js';

describe('instantOf: a wall-clock time entered in a zone, stored as an instant', () => {
  it('reads a zone without daylight saving at a fixed offset (Riyadh is UTC+3 all year)', () => {
    expect(instantOf('2026-12-01', '09:00', 'Asia/Riyadh')!.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(instantOf('2026-07-01', '09:00', 'Asia/Riyadh')!.toISOString()).toBe('2026-07-01T06:00:00.000Z');
    expect(instantOf('2026-12-01', '09:00', 'Asia/Dubai')!.toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it('follows daylight saving: London is UTC in winter and UTC+1 in summer', () => {
    expect(instantOf('2026-12-01', '09:00', 'Europe/London')!.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(instantOf('2026-07-01', '09:00', 'Europe/London')!.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(instantOf('2026-07-01', '09:00', 'America/New_York')!.toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(instantOf('2026-12-01', '09:00', 'America/New_York')!.toISOString()).toBe('2026-12-01T14:00:00.000Z');
  });

  it('moves a time that never happens (clocks go forward) on by the gap', () => {
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT; 02:30 does not exist.
    expect(instantOf('2026-03-08', '02:30', 'America/New_York')!.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(wallClockOf('2026-03-08T07:30:00Z', 'America/New_York').time).toBe('03:30');
    // London, 29 March 2026: 01:00 GMT becomes 02:00 BST.
    expect(instantOf('2026-03-29', '01:30', 'Europe/London')!.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wallClockOf('2026-03-29T01:30:00Z', 'Europe/London').time).toBe('02:30');
  });

  it('takes the first of a time that happens twice (clocks go back)', () => {
    // New York, 1 November 2026: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(instantOf('2026-11-01', '01:30', 'America/New_York')!.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // London, 25 October 2026: 01:30 BST (00:30Z), then 01:30 GMT (01:30Z).
    expect(instantOf('2026-10-25', '01:30', 'Europe/London')!.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('reads the times either side of a change exactly', () => {
    expect(instantOf('2026-03-08', '01:59', 'America/New_York')!.toISOString()).toBe('2026-03-08T06:59:00.000Z');
    expect(instantOf('2026-03-08', '03:00', 'America/New_York')!.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(instantOf('2026-11-01', '02:00', 'America/New_York')!.toISOString()).toBe('2026-11-01T07:00:00.000Z');
  });

  it('round-trips every quarter hour of a day with a change through wallClockOf', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const instant = instantOf('2026-10-25', time, 'Europe/London')!;
      expect(wallClockOf(instant, 'Europe/London')).toMatchObject({ date: '2026-10-25', time });
    }
  });

  it('refuses what is not a date, a time or a zone', () => {
    expect(instantOf('2026-02-30', '09:00', 'Asia/Riyadh')).toBeNull();
    expect(instantOf('1 Dec 2026', '09:00', 'Asia/Riyadh')).toBeNull();
    expect(instantOf('2026-12-01', '24:00', 'Asia/Riyadh')).toBeNull();
    expect(instantOf('2026-12-01', '9am', 'Asia/Riyadh')).toBeNull();
    expect(instantOf('2026-12-01', '09:00', 'Mars/Olympus')).toBeNull();
  });
});

describe('wallClockOf', () => {
  it('gives the date, time and weekday on the wall of the zone', () => {
    // 2026-12-03T22:30Z is Thursday night in London but already Friday in Riyadh.
    expect(wallClockOf('2026-12-03T22:30:00Z', 'Asia/Riyadh')).toEqual({ date: '2026-12-04', time: '01:30', weekday: 5, hour: 1, minute: 30 });
    expect(wallClockOf('2026-12-03T22:30:00Z', 'Europe/London')).toMatchObject({ date: '2026-12-03', weekday: 4 });
    expect(wallClockOf('2026-12-06T00:00:00Z', 'UTC')).toMatchObject({ time: '00:00', hour: 0, weekday: 0 });
  });
});

describe('zoneName', () => {
  it('names a capital in both languages and any other zone by its city', () => {
    expect(zoneName('Asia/Riyadh', 'en')).toBe('Riyadh');
    expect(zoneName('Asia/Riyadh', 'ar')).toBe('الرياض');
    expect(zoneName('America/New_York', 'en')).toBe('New York');
  });
});
