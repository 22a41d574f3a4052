import { describe, expect, it } from 'vitest';
import { contactFilterSchema } from '../../../shared/contacts';
import { bulkAddSchema } from '../../../shared/lists';
import {
  bulkAddBody,
  isSelected,
  noSelection,
  selectionSize,
  toggleContact,
  type Selection,
} from './selection';

const egypt = contactFilterSchema.parse({ country: 'Egypt', search: 'أحمد' });

describe('contact selection', () => {
  it('adds and removes single contacts by id', () => {
    let selection = toggleContact(noSelection, 7, [7, 8]);
    selection = toggleContact(selection, 9, [9]);
    expect(selectionSize(selection)).toBe(2);
    expect(isSelected(selection, 7) && isSelected(selection, 9)).toBe(true);
    selection = toggleContact(selection, 7, [7, 8]);
    expect(isSelected(selection, 7)).toBe(false);
    expect(bulkAddBody(selection)).toEqual({ globalContactIds: [9] });
  });

  it('"select all" counts every match and sends the filter, never ids, in a body the server accepts', () => {
    const all: Selection = { mode: 'filter', filter: egypt, total: 1234 };
    expect(selectionSize(all)).toBe(1234);
    expect(isSelected(all, 42)).toBe(true);
    const body = bulkAddBody(all);
    expect(body).toEqual({ filter: egypt });
    expect(bulkAddSchema.safeParse(body).success).toBe(true);
  });

  it('unticking one card under "select all" keeps the rest of the visible page', () => {
    const all: Selection = { mode: 'filter', filter: egypt, total: 50 };
    const after = toggleContact(all, 2, [1, 2, 3]);
    expect(after).toEqual({ mode: 'ids', ids: new Set([1, 3]) });
  });

  it('never mutates the previous selection', () => {
    const before = toggleContact(noSelection, 1, [1]);
    toggleContact(before, 2, [2]);
    expect(selectionSize(before)).toBe(1);
  });
});
