import { describe, expect, it } from 'vitest';
import { fileNamePart } from './file-name';

describe('a name as part of a file name', () => {
  it('keeps the letters of any script and drops what file systems refuse', () => {
    expect(fileNamePart('Al Noor Capital', 'brand')).toBe('Al-Noor-Capital');
    expect(fileNamePart('النور كابيتال', 'brand')).toBe('النور-كابيتال');
    expect(fileNamePart('A/B: "Co" <ltd>?*|\\', 'brand')).toBe('A-B-Co-ltd');
    expect(fileNamePart('\u202Egnp.exe', 'brand')).toBe('gnp-exe');
    expect(fileNamePart('...', 'brand')).toBe('brand');
    expect([...fileNamePart('ن'.repeat(100), 'brand')]).toHaveLength(60);
  });
});
