/**
 * The import graph of a source folder folded to its top-level folders (feature folders), with its cycles: the
 * strongly connected components of more than one folder. Read by `scripts/folder-cycles.ts` (which prints it)
 * and by the architecture tests (which fail on a cycle); nothing at runtime imports it.
 */
import fs from 'node:fs';
import path from 'node:path';

export type FolderGraph = {
  /** folder → the folders it imports from */
  edges: Map<string, Set<string>>;
  /** folder → target folder → the files that make the edge (for a message that says where to look) */
  witnesses: Map<string, Map<string, string[]>>;
  cycles: string[][];
};

const isSource = (file: string) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith(`test${path.sep}`);
const folderOf = (file: string) => (file.includes(path.sep) ? file.split(path.sep)[0] : '.');
const IMPORT = /(?:import|export)[^'"]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

export function folderGraph(root: string): FolderGraph {
  const edges = new Map<string, Set<string>>();
  const witnesses = new Map<string, Map<string, string[]>>();
  const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(isSource);
  for (const file of files) {
    const from = folderOf(file);
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      const target = path.relative(root, path.resolve(root, path.dirname(file), spec));
      if (target.startsWith('..')) continue;
      const to = folderOf(target);
      if (to === from || to === '.' || from === '.') continue;
      (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
      const byTarget = witnesses.get(from) ?? witnesses.set(from, new Map()).get(from)!;
      (byTarget.get(to) ?? byTarget.set(to, []).get(to)!).push(file);
    }
  }
  return { edges, witnesses, cycles: stronglyConnected(edges) };
}

/** Tarjan's strongly connected components, keeping those of more than one folder. */
function stronglyConnected(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) !== order.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component.sort());
  };
  for (const v of edges.keys()) if (!order.has(v)) visit(v);
  return components;
}

/** Pairs of folders that import each other directly, "a ⇄ b". */
export const mutualPairs = ({ edges }: FolderGraph): string[] =>
  [...edges].flatMap(([a, tos]) => [...tos].filter((b) => edges.get(b)?.has(a) && a < b).map((b) => `${a} ⇄ ${b}`));

export type FileGraph = {
  /** file → the files it imports (paths relative to the root, as on disk) */
  edges: Map<string, Set<string>>;
  cycles: string[][];
};

/** The file an import names: `./brands.js` is brands.ts (or .tsx, or a folder's index). */
function resolveSource(root: string, file: string, spec: string): string | undefined {
  const base = path.relative(root, path.resolve(root, path.dirname(file), spec)).replace(/\.js$/, '');
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => {
    const full = path.join(root, candidate);
    return fs.existsSync(full) && fs.statSync(full).isFile();
  });
}

/** The import graph of the source files under root, file by file, with its cycles (tests left out). */
export function fileGraph(root: string): FileGraph {
  const edges = new Map<string, Set<string>>();
  const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(isSource);
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveSource(root, file, match[1] ?? match[2]);
      if (!target || target.startsWith('..') || target === file) continue;
      (edges.get(file) ?? edges.set(file, new Set()).get(file)!).add(target);
    }
  }
  return { edges, cycles: stronglyConnected(edges) };
}

/**
 * The file graph folded to folders as folderGraph folds it, but with each top-level file a node of its own
 * (`bootstrap.ts`, `deps.ts`), so a knot that runs through one of them shows too.
 */
export function moduleGraph(root: string): FolderGraph {
  const edges = new Map<string, Set<string>>();
  const witnesses = new Map<string, Map<string, string[]>>();
  const unitOf = (file: string) => (file.includes(path.sep) ? file.split(path.sep)[0] : file);
  for (const [file, targets] of fileGraph(root).edges) {
    for (const target of targets) {
      const [from, to] = [unitOf(file), unitOf(target)];
      if (from === to) continue;
      (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
      const byTarget = witnesses.get(from) ?? witnesses.set(from, new Map()).get(from)!;
      (byTarget.get(to) ?? byTarget.set(to, []).get(to)!).push(file);
    }
  }
  return { edges, witnesses, cycles: stronglyConnected(edges) };
}
