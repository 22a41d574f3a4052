import { describe, expect, it } from 'vitest';
import { fileGraph, folderGraph, moduleGraph } from '../dev/import-graph';

/**
 * The server's floors (docs/ARCHITECTURE.md): a folder imports only folders below it, so none imports back.
 * What two features share lives on a lower floor, never in one of them. Without this guard the feature
 * folders grew into a knot of fifteen that imported each other (audit took a CSV cell from analytics, mail a
 * mailbox from delivery, the newsroom the web version's language from tracking).
 */

/** The lower floors and all that each may import: the foundation every feature stands on. */
const FOUNDATION: Record<string, readonly string[]> = {
  db: [],
  http: ['db'],
  operations: ['db', 'http'],
  common: ['db', 'http'],
  content: ['db', 'http'],
  mail: ['db'],
  suppressions: ['db'],
  access: ['db', 'http'],
  audit: ['db', 'common'],
};

/** "from → to (files…)" for each edge among `nodes`, the files that make it named. */
function edgesAmong(nodes: string[], witnesses: Map<string, Map<string, string[]>>): string[] {
  return nodes.flatMap((from) =>
    [...(witnesses.get(from) ?? [])].filter(([to]) => nodes.includes(to)).map(([to, files]) => `${from} → ${to} (${[...new Set(files)].join(', ')})`),
  );
}

describe('the server folder graph', () => {
  it('has no cycle among the folders', () => {
    const { cycles, witnesses } = folderGraph('src/server');
    expect(cycles.map((cycle) => edgesAmong(cycle, witnesses).join('; '))).toEqual([]);
  });

  it('has no cycle through the top-level modules either (bootstrap.ts, deps.ts, config.ts)', () => {
    const { cycles, witnesses } = moduleGraph('src/server');
    expect(cycles.map((cycle) => edgesAmong(cycle, witnesses).join('; '))).toEqual([]);
  });

  it('keeps the foundation below the features: each lower floor imports only what its row allows', () => {
    const { witnesses } = folderGraph('src/server');
    const upward = Object.entries(FOUNDATION).flatMap(([from, allowed]) =>
      [...(witnesses.get(from) ?? [])].filter(([to]) => !allowed.includes(to)).map(([to, files]) => `${from} → ${to} (${[...new Set(files)].join(', ')})`),
    );
    expect(upward).toEqual([]);
  });
});

describe('the shared files', () => {
  it('import each other without a cycle', () => {
    const { cycles, edges } = fileGraph('src/shared');
    const described = cycles.map((cycle) =>
      cycle.flatMap((from) => [...(edges.get(from) ?? [])].filter((to) => cycle.includes(to)).map((to) => `${from} → ${to}`)).join('; '),
    );
    expect(described).toEqual([]);
  });
});
