/**
 * The guard against overwriting work that is not committed. It fails closed: where git cannot say whether a file is
 * committed (a repository owned by another user, "detected dubious ownership"; a broken repository; git missing beside
 * a `.git`), the run stops with git's own words and how to proceed, rather than treat the files as outside git.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { RunRefusal } from './refusal.js';

/**
 * The files among `files` that a git work tree reports as modified, added, untracked or ignored (a file `.gitignore`
 * covers, read with `--no-ignore` or named on the command line, is not committed either); empty outside git.
 */
export function uncommittedFiles(files: readonly string[]): string[] {
  if (files.length === 0) return [];
  const byRoot = new Map<string, string[]>();
  for (const file of files) {
    const root = gitRoot(dirname(file));
    if (root === undefined) continue;
    byRoot.set(root, [...(byRoot.get(root) ?? []), file]);
  }
  const dirty: string[] = [];
  for (const [root, inRoot] of byRoot) {
    const result = spawnSync('git', ['status', '--porcelain', '-z', '--untracked-files=all', '--ignored', '--', ...inRoot], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) throw cannotTell(root, result.stderr || result.error?.message || `git status exited ${result.status}`);
    const changed = new Set(
      result.stdout
        .split('\0')
        .filter((entry) => entry.length > 3)
        .map((entry) => `${root}/${entry.slice(3)}`),
    );
    dirty.push(...inRoot.filter((file) => changed.has(realpathSync(file))));
  }
  return dirty;
}

const roots = new Map<string, string | undefined>();

/** The work tree that holds `dir`; undefined outside git. Throws when git cannot answer for a folder in a repository. */
function gitRoot(dir: string): string | undefined {
  if (!roots.has(dir)) {
    const result = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8' });
    if (result.status === 0) roots.set(dir, result.stdout.trim());
    else if (result.error === undefined && /not a git repository/i.test(result.stderr)) roots.set(dir, undefined);
    // git is not installed: files are outside git unless a repository says otherwise.
    else if (result.error !== undefined && repositoryAbove(dir) === undefined) roots.set(dir, undefined);
    else throw cannotTell(repositoryAbove(dir) ?? dir, result.stderr || result.error?.message || `git exited ${result.status}`);
  }
  return roots.get(dir);
}

function repositoryAbove(dir: string): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    if (existsSync(join(current, '.git'))) return current;
    if (dirname(current) === current) return undefined;
  }
}

function cannotTell(where: string, said: string): RunRefusal {
  const dubious = /dubious ownership/i.test(said);
  return new RunRefusal([
    `cannot tell whether the files to change are committed: git cannot answer for ${where}:`,
    ...said.trim().split('\n').map((line) => `  ${line.trim()}`).filter((line) => line.trim() !== ''),
    'Nothing was written. To proceed, either:',
    ...(dubious ? [`  - trust the repository: git config --global --add safe.directory ${where}`] : ['  - fix what git reports, then run again']),
    '  - or write without the guard: pass --force (uncommitted changes in these files are then overwritten)',
  ].join('\n'));
}

/** The git work tree's root, or the working folder outside git. */
export function repositoryRoot(cwd: string): string {
  const result = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : cwd;
}

export function toPosix(path: string): string {
  return path.split(sep).join('/');
}
