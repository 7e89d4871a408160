/** The guard against overwriting work that is not committed. */
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';

/** The files among `files` that a git work tree reports as modified, added or untracked; empty outside git. */
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
    const result = spawnSync('git', ['status', '--porcelain', '-z', '--untracked-files=all', '--', ...inRoot], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) continue;
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

function gitRoot(dir: string): string | undefined {
  if (!roots.has(dir)) {
    const result = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8' });
    roots.set(dir, result.status === 0 ? result.stdout.trim() : undefined);
  }
  return roots.get(dir);
}
