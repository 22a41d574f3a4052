import { describe, expect, it } from 'vitest';
import { folderGraph } from '../dev/import-graph';

/**
 * The client's floors (docs/ARCHITECTURE.md): app/ (the shell, the routes, and pages/ that compose a feature's
 * page with the sections other features draw for it) above features/, features above ui/ and lib/, ui above
 * lib. A feature imports another only on the list below (at most two pairs, issue 39); a page that shows
 * another feature's section takes it as a prop from app/pages/, and anything two features share otherwise
 * lives on the lower floor. Without this guard the folders grew into a knot of seven that imported each other.
 */
const ALLOWED: ReadonlyArray<readonly [from: string, to: string, why: string]> = [
  [
    'lists',
    'contacts',
    'a list shows its contacts as the media database does: its rows, unsubscribed badge and the contact details dialog',
  ],
  ['contacts', 'preferences', "a contact's details show a super admin the journalist's own choices and accreditation"],
];

/** What a lower floor must never import: the floors above it. */
const FLOORS_ABOVE: Record<string, readonly string[]> = {
  features: ['app'],
  ui: ['app', 'features'],
  lib: ['app', 'features', 'ui'],
};

const allowed = new Set(ALLOWED.map(([from, to]) => `${from} → ${to}`));

/** "from → to (files…)" for each edge of the graph that `keep` picks. */
function edgesWhere(root: string, keep: (from: string, to: string) => boolean): string[] {
  const { witnesses } = folderGraph(root);
  return [...witnesses].flatMap(([from, targets]) =>
    [...targets].filter(([to]) => keep(from, to)).map(([to, files]) => `${from} → ${to} (${[...new Set(files)].join(', ')})`),
  );
}

describe('the client folder graph', () => {
  it('has no cycle among the features', () => {
    const { cycles, witnesses } = folderGraph('src/client/features');
    const described = cycles.map((cycle) =>
      cycle
        .flatMap((from) =>
          [...(witnesses.get(from) ?? [])].filter(([to]) => cycle.includes(to)).map(([to, files]) => `${from} → ${to} (${[...new Set(files)].join(', ')})`),
        )
        .join('; '),
    );
    expect(described).toEqual([]);
  });

  it('lets a feature import another only on the allowed list', () => {
    expect(edgesWhere('src/client/features', (from, to) => !allowed.has(`${from} → ${to}`))).toEqual([]);
  });

  it('keeps every allowed import in use, so the list says what the code does', () => {
    const used = new Set(edgesWhere('src/client/features', () => true).map((edge) => edge.split(' (')[0]));
    expect([...allowed].filter((edge) => !used.has(edge))).toEqual([]);
  });

  it('never imports a floor above from a floor below (features → app, ui → features, lib → ui)', () => {
    expect(edgesWhere('src/client', (from, to) => FLOORS_ABOVE[from]?.includes(to) ?? false)).toEqual([]);
  });
});
