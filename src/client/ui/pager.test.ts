import { describe, expect, it } from 'vitest';
import { pageCountOf, pageWindow } from './pager';

describe('pageCountOf', () => {
  it('is one while the answer loads and when it holds nothing', () => {
    expect(pageCountOf(undefined)).toBe(1);
    expect(pageCountOf({ total: 0, pageSize: 20 })).toBe(1);
  });

  it('counts a part-filled last page', () => {
    expect(pageCountOf({ total: 20, pageSize: 20 })).toBe(1);
    expect(pageCountOf({ total: 21, pageSize: 20 })).toBe(2);
  });
});

describe('pageWindow', () => {
  it('keeps the current page in the middle and the window inside the pages', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});
