/**
 * Prints the import graph of src/server (or the folder given) folded to its feature folders, and its cycles.
 * `tsx scripts/folder-cycles.ts [root]`.
 */
import { folderGraph, mutualPairs } from '../src/dev/import-graph';

const root = process.argv[2] ?? 'src/server';
const graph = folderGraph(root);
const crossPairs = [...graph.edges.values()].reduce((n, tos) => n + tos.size, 0);
console.log(`${root}: ${graph.edges.size} folders, ${graph.cycles.length} cycle(s), ${crossPairs} folder-to-folder import pair(s)`);
for (const c of graph.cycles) console.log(`  knot of ${c.length}: ${c.join(', ')}`);
const pairs = mutualPairs(graph);
console.log(`  folders importing each other directly: ${pairs.length ? pairs.join('; ') : 'none'}`);
