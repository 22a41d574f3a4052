import { describe, expect, it } from 'vitest';
import { illFormedTextPath } from './well-formed-text.js';

describe('illFormedTextPath', () => {
  it('finds a lone surrogate in any value or key, however deep, and passes whole pairs and plain text', () => {
    expect(illFormedTextPath({ title: 'Gulf 🚀 news', tags: ['مرحبا', 'ok'] })).toBeNull();
    expect(illFormedTextPath({ a: { b: ['fine', 'x\ud800y'] } })).toBe('a.b.1');
    expect(illFormedTextPath({ a: '\udc00' })).toBe('a');
    expect(illFormedTextPath({ a: { ['key\ud83d']: 1 } })).toBe('a');
    let deep: unknown = '\ud800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(illFormedTextPath(deep)).toBe(Array(100_000).fill('0').join('.'));
    expect(illFormedTextPath(undefined)).toBeNull();
  });
});
