// Workspace packages of a monorepo: the folders that npm/yarn (`workspaces`), pnpm (`pnpm-workspace.yaml`) or lerna
// (`lerna.json`) declare, each with its package.json read once.
import fs from 'node:fs';
import path from 'node:path';

export interface WorkspacePackage {
  readonly name: string | undefined;
  readonly dir: string;
  readonly manifest: Record<string, unknown>;
}

/** Folders never entered when looking for packages or configs. */
export const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', 'out', 'bower_components', 'jspm_packages']);

export function isSkippedDir(name: string): boolean {
  return SKIPPED_DIRS.has(name) || name.startsWith('.');
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The `packages:` list of a pnpm-workspace.yaml, read without a YAML parser (it is a flat list of globs). */
function pnpmGlobs(text: string): string[] {
  const globs: string[] = [];
  let inPackages = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '');
    if (/^\S/.test(line)) {
      inPackages = /^packages\s*:/.test(line);
      const inline = /^packages\s*:\s*\[(.*)\]/.exec(line);
      if (inline?.[1] !== undefined) {
        for (const item of inline[1].split(',')) globs.push(item.trim().replace(/^['"]|['"]$/g, ''));
        inPackages = false;
      }
      continue;
    }
    const item = inPackages ? /^\s+-\s*(.+?)\s*$/.exec(line) : null;
    if (item?.[1] !== undefined) globs.push(item[1].replace(/^['"]|['"]$/g, ''));
  }
  return globs.filter((g) => g.length > 0);
}

export function workspaceGlobs(root: string): string[] {
  const globs: string[] = [];
  const manifest = readJson(path.join(root, 'package.json'));
  const ws = manifest?.['workspaces'];
  globs.push(...strings(ws));
  if (ws !== null && typeof ws === 'object' && !Array.isArray(ws)) globs.push(...strings((ws as Record<string, unknown>)['packages']));
  try {
    globs.push(...pnpmGlobs(fs.readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8')));
  } catch {
    // no pnpm workspace
  }
  globs.push(...strings(readJson(path.join(root, 'lerna.json'))?.['packages']));
  return [...new Set(globs)];
}

function subdirs(dir: string, ignore: (p: string) => boolean): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !isSkippedDir(e.name))
      .map((e) => path.join(dir, e.name))
      .filter((p) => !ignore(p));
  } catch {
    return [];
  }
}

function expand(root: string, glob: string, ignore: (p: string) => boolean): string[] {
  let current = [root];
  for (const segment of glob.replace(/^\.\//, '').replace(/\/+$/, '').split('/')) {
    if (segment === '' || segment === '.') continue;
    const next: string[] = [];
    for (const dir of current) {
      if (segment === '**') {
        const stack = [dir];
        while (stack.length > 0) {
          const d = stack.pop() as string;
          next.push(d);
          stack.push(...subdirs(d, ignore));
        }
      } else if (segment.includes('*')) {
        const re = new RegExp(`^${segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
        next.push(...subdirs(dir, ignore).filter((d) => re.test(path.basename(d))));
      } else {
        next.push(path.join(dir, segment));
      }
    }
    current = next;
  }
  return current;
}

/** The workspace packages declared under root (each folder holding a package.json), in a stable order. */
export function findWorkspacePackages(root: string, ignore: (p: string) => boolean): WorkspacePackage[] {
  const globs = workspaceGlobs(root);
  const excluded = new Set<string>();
  const dirs = new Set<string>();
  for (const glob of globs) {
    if (glob.startsWith('!')) {
      for (const d of expand(root, glob.slice(1), ignore)) excluded.add(d);
    } else {
      for (const d of expand(root, glob, ignore)) dirs.add(d);
    }
  }
  const packages: WorkspacePackage[] = [];
  for (const dir of [...dirs].sort()) {
    if (excluded.has(dir) || dir === root || ignore(dir)) continue;
    const manifest = readJson(path.join(dir, 'package.json'));
    if (manifest === undefined) continue;
    const name = typeof manifest['name'] === 'string' ? manifest['name'] : undefined;
    packages.push({ name, dir, manifest });
  }
  return packages;
}

/** Folders below root holding a tsconfig.json or jsconfig.json (used when root itself has none). */
export function findNestedConfigs(root: string, ignore: (p: string) => boolean, maxDepth = 4): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (depth > maxDepth) return;
    for (const sub of subdirs(dir, ignore)) {
      const config = configIn(sub);
      if (config !== undefined) found.push(config);
      walk(sub, depth + 1);
    }
  };
  walk(root, 1);
  return found.sort();
}

/** The tsconfig.json (preferred) or jsconfig.json directly in dir. */
export function configIn(dir: string): string | undefined {
  for (const name of ['tsconfig.json', 'jsconfig.json']) {
    const file = path.join(dir, name);
    try {
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not there
    }
  }
  return undefined;
}
