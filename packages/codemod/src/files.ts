/**
 * Which files a run reads: the source extensions, under the given paths, minus what `.gitignore` files (of each
 * folder and of its parents up to the repository root) exclude, minus `node_modules` and `.git`; and the slice of
 * them a `--shard i/n` run takes.
 */
import { type Dirent, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** The files a run reads: JavaScript and TypeScript modules, and the script blocks of Vue, Svelte and Astro components. */
export const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx|vue|svelte|astro)$/i;
const ALWAYS_SKIPPED = new Set(['node_modules', '.git']);

interface IgnoreRules {
  readonly dir: string;
  readonly file: string;
  readonly text: string;
  readonly rules: Ignore;
}

/** The .gitignore line that kept files out of a run, and how many source files it kept out. */
export interface IgnoredBy {
  /** The .gitignore file and the line of the pattern, as `path:line`, relative to the working folder. */
  readonly source: string;
  readonly pattern: string;
  readonly files: number;
}

/** What `.gitignore` kept out of a run, and the paths named on the command line that yielded no file at all. */
export interface Collected {
  readonly files: string[];
  /** The other files under the paths (not ignored): not read as code, but looked at for the route's text. */
  readonly others: string[];
  readonly ignored: { readonly files: number; readonly by: readonly IgnoredBy[] };
  /** Folders named explicitly in which every source file is ignored (or that hold none). */
  readonly empty: readonly { readonly path: string; readonly ignored: number }[];
  /** Folders that could not be listed (no permission): absolute paths, with the system's message. Their files are not read. */
  readonly unreadable: readonly { readonly path: string; readonly message: string }[];
}

function rulesOf(dir: string): IgnoreRules | undefined {
  const file = join(dir, '.gitignore');
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  return { dir, file, text, rules: ignore().add(text) };
}

/** The rule that ignores a path, with the .gitignore it comes from; undefined when none does. */
function ignoredBy(path: string, isDir: boolean, stack: readonly IgnoreRules[]): { rules: IgnoreRules; pattern: string } | undefined {
  for (const rules of stack) {
    const rel = relative(rules.dir, path);
    if (rel === '' || rel.startsWith('..')) continue;
    const posix = rel.split(sep).join('/');
    const result = rules.rules.test(isDir ? `${posix}/` : posix);
    if (result.ignored) return { rules, pattern: result.rule?.pattern ?? posix };
  }
  return undefined;
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
  return collect(paths, cwd).files;
}

/**
 * The files under the paths, and what `.gitignore` kept out: how many source files, by which line. With
 * `noIgnore`, `.gitignore` files are not read (`node_modules` and `.git` are still skipped).
 */
export function collect(paths: readonly string[], cwd: string, options: { readonly noIgnore?: boolean } = {}): Collected {
  const out = new Set<string>();
  const tally = new Map<string, { rules: IgnoreRules; pattern: string; files: number }>();
  const empty: { path: string; ignored: number }[] = [];
  const walker: Walker = { out, tally, noIgnore: options.noIgnore === true, unreadable: [], others: new Set() };
  for (const path of paths) {
    const absolute = resolve(cwd, path);
    const stat = statSync(absolute); // throws ENOENT: the CLI turns it into a usage error
    if (stat.isFile()) {
      out.add(absolute);
      continue;
    }
    const before = out.size;
    const ignoredBefore = [...tally.values()].reduce((n, t) => n + t.files, 0);
    walk(absolute, walker.noIgnore ? [] : ancestorRules(absolute), walker);
    if (out.size === before) {
      empty.push({ path, ignored: [...tally.values()].reduce((n, t) => n + t.files, 0) - ignoredBefore });
    }
  }
  const by = [...tally.values()]
    .map(({ rules, pattern, files }) => ({ source: `${display(cwd, rules.file)}:${lineOf(rules.text, pattern)}`, pattern, files }))
    .sort((a, b) => b.files - a.files || a.source.localeCompare(b.source));
  return { files: [...out].sort(), others: [...walker.others].sort(), ignored: { files: by.reduce((n, b) => n + b.files, 0), by }, empty, unreadable: walker.unreadable };
}

interface Walker {
  readonly out: Set<string>;
  readonly tally: Map<string, { rules: IgnoreRules; pattern: string; files: number }>;
  readonly noIgnore: boolean;
  readonly unreadable: { path: string; message: string }[];
  readonly others: Set<string>;
}

/** A folder's entries; undefined, with the folder noted, when it cannot be listed: the run goes on without it. */
function entriesOf(dir: string, walker: Walker): Dirent[] | undefined {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
    walker.unreadable.push({ path: dir, message: (error as Error).message });
    return undefined;
  }
}

function walk(dir: string, inherited: readonly IgnoreRules[], walker: Walker): void {
  const own = walker.noIgnore ? undefined : rulesOf(dir);
  const stack = own === undefined ? inherited : [...inherited, own];
  for (const entry of entriesOf(dir, walker) ?? []) {
    if (ALWAYS_SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const by = ignoredBy(path, true, stack);
      if (by === undefined) walk(path, stack, walker);
      else count(walker, by, countSources(path));
    } else if (entry.isFile() && SOURCE_FILE.test(entry.name)) {
      const by = ignoredBy(path, false, stack);
      if (by === undefined) walker.out.add(path);
      else count(walker, by, 1);
    } else if (entry.isFile() && ignoredBy(path, false, stack) === undefined) {
      walker.others.add(path);
    }
  }
}

function count(walker: Walker, by: { rules: IgnoreRules; pattern: string }, files: number): void {
  if (files === 0) return;
  const key = `${by.rules.file}\0${by.pattern}`;
  const entry = walker.tally.get(key) ?? { ...by, files: 0 };
  entry.files += files;
  walker.tally.set(key, entry);
}

/** How many source files an ignored folder holds: what the run would have read without `.gitignore`. */
function countSources(dir: string): number {
  let n = 0;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0; // an ignored folder that cannot be listed: nothing to count
  }
  for (const entry of entries) {
    if (ALWAYS_SKIPPED.has(entry.name)) continue;
    if (entry.isDirectory()) n += countSources(join(dir, entry.name));
    else if (entry.isFile() && SOURCE_FILE.test(entry.name)) n++;
  }
  return n;
}

function lineOf(text: string, pattern: string): number {
  const index = text.split(/\r?\n/).findIndex((line) => line.trim() === pattern);
  return index + 1;
}

function display(cwd: string, file: string): string {
  return relative(cwd, file).split(sep).join('/') || file;
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
  return files.filter((file) => shardIndexOf(relative(root, file).split(sep).join('/'), shard.count) === shard.index);
}

/** The shard (1-based, of `count`) a path relative to the root falls to. */
export function shardIndexOf(path: string, count: number): number {
  return (fnv1a(path) % count) + 1;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
