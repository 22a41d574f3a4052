import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './contacts.js';
import { BEAT_TOPICS, TOPIC_BEATS, topicsByBeat } from './search-beats.js';
import { PLACES } from './search-places.js';
import { foldText } from './text-fold.js';

const ARABIC = /[\u0600-\u06ff]/;
const LATIN = /^[a-z ]+$/;

describe('place data', () => {
  it('has every country once, each with English and Arabic names', () => {
    expect(PLACES.map((p) => p.country).sort()).toEqual([...COUNTRIES].sort());
    for (const place of PLACES) {
      expect(place.names.some((n) => LATIN.test(n)), place.country).toBe(true);
      expect(place.names.some((n) => ARABIC.test(n)), place.country).toBe(true);
      expect(place.cities.length, place.country).toBeGreaterThan(0);
    }
  });

  it('gives each city a Latin name, and an Arabic one unless the country has it (تونس, الجزائر, الكويت)', () => {
    for (const { country, cities } of PLACES) {
      for (const { city, names } of cities) {
        expect(names.some((n) => LATIN.test(n)), city).toBe(true);
        if (!['Tunis', 'Algiers'].includes(city)) expect(names.some((n) => ARABIC.test(n)), `${city}, ${country}`).toBe(true);
      }
    }
  });

  it('writes Latin names folded, and names one place per folded form but عمان (Oman, and Amman)', () => {
    const named = new Map<string, string[]>();
    for (const { country, names, cities } of PLACES) {
      for (const name of names) named.set(foldText(name), [...(named.get(foldText(name)) ?? []), country]);
      for (const { city, names: cityNames } of cities) for (const name of cityNames) named.set(foldText(name), [...(named.get(foldText(name)) ?? []), city]);
      for (const name of [...names, ...cities.flatMap((c) => c.names)]) if (!ARABIC.test(name)) expect(name).toBe(foldText(name));
    }
    const shared = [...named].filter(([, places]) => places.length > 1);
    expect(shared).toEqual([['عمان', ['Amman', 'Oman']]]);
  });
});

describe('beat data', () => {
  it('gives every topic of the list beats in English and Arabic', () => {
    for (const [topic, beats] of Object.entries(TOPIC_BEATS)) {
      expect(beats.some((b) => LATIN.test(b)), topic).toBe(true);
      expect(beats.some((b) => ARABIC.test(b)), topic).toBe(true);
    }
  });

  it('never uses a place word as a beat', () => {
    const places = new Set(PLACES.flatMap((p) => [...p.names, ...p.cities.flatMap((c) => c.names)]).map(foldText));
    expect([...BEAT_TOPICS.keys()].filter((word) => places.has(word))).toEqual([]);
  });

  it('finds topics by a beat prefix in either language', () => {
    expect([...topicsByBeat('econ')].sort()).toEqual(['Banking', 'Business', 'Finance']);
    expect([...topicsByBeat('اقتصاد')].sort()).toEqual(['Banking', 'Business', 'Finance']);
    expect([...topicsByBeat('Tech')]).toContain('Technology');
    expect(topicsByBeat('e').size).toBe(0);
  });
});
