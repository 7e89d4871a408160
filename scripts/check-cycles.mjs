#!/usr/bin/env node
/**
 * `pnpm lint` runs this: no two modules of a package's sources import each other, directly or around a circle (type
 * imports included, since a type shared both ways says the two modules are one room or need a third). Prints each
 * circle and exits 1 when there is one.
 *
 *   node scripts/check-cycles.mjs [folder...]    (default: packages/<each>/src)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const folders = process.argv.length > 2
  ? process.argv.slice(2).map((folder) => resolve(folder))
  : readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name, 'src')).filter(existsSync);

const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (/\.[cm]?tsx?$/.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) files.push(path);
  }
};
folders.forEach(walk);

// Static imports and re-exports with a relative specifier, and `import('./x')`.
const SPECIFIER = /(?:^|[\n;])\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.[^'"]+)['"]|(?:^|[\n;])\s*import\s*['"](\.[^'"]+)['"]|\bimport\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const graph = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const targets = new Set();
  for (const match of text.matchAll(SPECIFIER)) {
    const spelled = resolve(dirname(file), match[1] ?? match[2] ?? match[3]).replace(/\.[cm]?js$/, '');
    const target = [`${spelled}.ts`, `${spelled}.mts`, `${spelled}.cts`, `${spelled}.tsx`, join(spelled, 'index.ts')].find((candidate) => graph.has(candidate) || files.includes(candidate));
    if (target !== undefined) targets.add(target);
  }
  graph.set(file, targets);
}

// Tarjan's strongly connected components: every component of more than one module is a circle.
let index = 0;
const stack = [];
const onStack = new Set();
const indexOf = new Map();
const low = new Map();
const circles = [];
const visit = (node) => {
  indexOf.set(node, index);
  low.set(node, index);
  index++;
  stack.push(node);
  onStack.add(node);
  for (const next of graph.get(node) ?? []) {
    if (!indexOf.has(next)) {
      visit(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
  }
  if (low.get(node) === indexOf.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) circles.push(component);
  }
};
for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);

if (files.length === 0) {
  console.error('check-cycles: no source files found; nothing was checked');
  process.exit(2);
}
if (circles.length === 0) {
  console.log(`check-cycles: ${files.length} modules, no import circle`);
} else {
  for (const circle of circles) console.error(`import circle: ${circle.map((file) => relative(root, file)).sort().join(' <-> ')}`);
  console.error(`check-cycles: ${circles.length} import circle(s) among ${files.length} modules; move what both sides need into a module of its own`);
  process.exit(1);
}
