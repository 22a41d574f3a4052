/**
 * How the contacts index lays out its columns (contacts-index.ts, which loads and reads it;
 * contacts-index-snapshot.ts, which keeps it in the database).
 */
import type { ContactFacets } from '../../shared/contacts.js';

/** One dimension's distinct values; a contact stores a value's code. */
export class Codes {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();
  /** The codes of values listed in code order (as `values` lists them). */
  static of(values: readonly string[]): Codes {
    const codes = new Codes();
    for (const value of values) codes.codeOf(value);
    return codes;
  }
  codeOf(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.push(value) - 1;
      this.codes.set(value, code);
    }
    return code;
  }
  /** A lookup table by code: 1 for the chosen values. */
  allowing(chosen: readonly string[]): Uint8Array {
    const allowed = new Uint8Array(this.values.length);
    for (const value of chosen) {
      const code = this.codes.get(value);
      if (code !== undefined) allowed[code] = 1;
    }
    return allowed;
  }
}

export type ContactsIndex = {
  version: string;
  /** One more than the largest id: the length of the per-id arrays. */
  size: number;
  total: number;
  alive: Uint8Array;
  country: Uint32Array;
  /** The city column's code ('' has one too: no city recorded). */
  city: Uint32Array;
  mediaType: Uint32Array;
  language: Uint32Array;
  /** The topics of contact `id` are topicCodes[topicStart[id] .. topicStart[id + 1]). */
  topicStart: Uint32Array;
  topicCodes: Uint32Array;
  codes: { country: Codes; city: Codes; mediaType: Codes; language: Codes; topic: Codes };
  /** Totals and facets of filters without a query, computed once for this version (it never changes). */
  remembered: Map<string, number | ContactFacets>;
};

