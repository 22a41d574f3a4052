import type { ContactFilter } from '../../../shared/contacts';
import type { BulkAddInput } from '../../../shared/lists';

/**
 * What is selected: chosen contacts by id, or — after "Select all" — every contact matching a filter,
 * however many pages that spans (PRODUCT.md §1: selecting by filter, never by downloading every id).
 */
export type Selection =
  { mode: 'ids'; ids: ReadonlySet<number> } | { mode: 'filter'; filter: ContactFilter; total: number };

export const noSelection: Selection = { mode: 'ids', ids: new Set() };

export function selectionSize(selection: Selection): number {
  return selection.mode === 'ids' ? selection.ids.size : selection.total;
}

export function isSelected(selection: Selection, id: number): boolean {
  return selection.mode === 'filter' || selection.ids.has(id);
}

/** Unticking one card while "all" is selected keeps the rest of the visible page. */
export function toggleContact(selection: Selection, id: number, visibleIds: number[]): Selection {
  const ids = new Set(selection.mode === 'ids' ? selection.ids : visibleIds);
  if (selection.mode === 'ids' && !ids.has(id)) ids.add(id);
  else ids.delete(id);
  return { mode: 'ids', ids };
}

export function bulkAddBody(selection: Selection): BulkAddInput {
  return selection.mode === 'filter'
    ? { filter: selection.filter }
    : { globalContactIds: [...selection.ids] };
}
