/**
 * The import graph of src/server (or the folder given) folded to its feature folders, and its cycles: the
 * strongly connected components of more than one folder. `tsx scripts/folder-cycles.ts [root]`.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = process.argv[2] ?? 'src/server';
const files = fs
  .readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith('test/'));
const folderOf = (file: string) => (file.includes(path.sep) ? file.split(path.sep)[0] : '.');

const edges = new Map<string, Set<string>>();
for (const file of files) {
  const from = folderOf(file);
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  for (const [, spec] of text.matchAll(/(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)) {
    const target = path.relative(root, path.resolve(root, path.dirname(file), spec));
    if (target.startsWith('..')) continue;
    const to = folderOf(target);
    if (to !== from && to !== '.' && from !== '.') (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
  }
}

// Tarjan's strongly connected components.
let index = 0;
const order = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const components: string[][] = [];
function visit(v: string) {
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
  if (low.get(v) === order.get(v)) {
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const v of edges.keys()) if (!order.has(v)) visit(v);

const pairs = [...edges].flatMap(([a, tos]) => [...tos].filter((b) => edges.get(b)?.has(a) && a < b).map((b) => `${a} ⇄ ${b}`));
console.log(`${root}: ${edges.size} folders, ${components.length} cycle(s)`);
for (const c of components) console.log(`  knot of ${c.length}: ${c.join(', ')}`);
console.log(`  folders importing each other directly: ${pairs.length ? pairs.join('; ') : 'none'}`);
