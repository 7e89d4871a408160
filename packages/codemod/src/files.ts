/**
 * Which files a run reads: the source extensions, under the given paths, minus what `.gitignore` files (of each
 * folder and of its parents up to the repository root) exclude, minus `node_modules` and `.git`; and the slice of
 * them a `--shard i/n` run takes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

export const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/i;
const ALWAYS_SKIPPED = new Set(['node_modules', '.git']);

interface IgnoreRules {
  readonly dir: string;
  readonly rules: Ignore;
}

function rulesOf(dir: string): IgnoreRules | undefined {
  const file = join(dir, '.gitignore');
  if (!existsSync(file)) return undefined;
  return { dir, rules: ignore().add(readFileSync(file, 'utf8')) };
}

function isIgnored(path: string, isDir: boolean, stack: readonly IgnoreRules[]): boolean {
  for (const { dir, rules } of stack) {
    const rel = relative(dir, path);
    if (rel === '' || rel.startsWith('..')) continue;
    const posix = rel.split(sep).join('/');
    if (rules.ignores(isDir ? `${posix}/` : posix)) return true;
  }
  return false;
}

/** The .gitignore rules of a folder's parents, up to the folder that holds `.git`. */
function ancestorRules(dir: string): IgnoreRules[] {
  const found: IgnoreRules[] = [];
  for (let current = dirname(dir); ; current = dirname(current)) {
    const rules = rulesOf(current);
    if (rules !== undefined) found.unshift(rules);
    if (existsSync(join(current, '.git')) || dirname(current) === current) break;
  }
  return existsSync(join(dir, '.git')) ? [] : found;
}

/** Every source file under the paths, absolute and sorted. A file named explicitly is always taken. */
export function collectFiles(paths: readonly string[], cwd: string): string[] {
  const out = new Set<string>();
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    const stat = statSync(absolute); // throws ENOENT: the CLI turns it into a usage error
    if (stat.isFile()) {
      out.add(absolute);
      continue;
    }
    walk(absolute, ancestorRules(absolute), out);
  }
  return [...out].sort();
}

function walk(dir: string, inherited: readonly IgnoreRules[], out: Set<string>): void {
  const own = rulesOf(dir);
  const stack = own === undefined ? inherited : [...inherited, own];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (ALWAYS_SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!isIgnored(path, true, stack)) walk(path, stack, out);
    } else if (entry.isFile() && SOURCE_FILE.test(entry.name) && !isIgnored(path, false, stack)) {
      out.add(path);
    }
  }
}

/** `--shard i/n`: 1 <= i <= n. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/**
 * The files of one shard. A file's shard depends on its path alone (a hash), so every machine of a CI matrix
 * agrees without talking to the others, and adding a file does not move the others.
 */
export function shardOf(files: readonly string[], shard: Shard, root: string): string[] {
  return files.filter((file) => fnv1a(relative(root, file).split(sep).join('/')) % shard.count === shard.index - 1);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
