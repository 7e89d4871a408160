// Writes small repositories into temporary folders for the loader tests.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Tree {
  readonly root: string;
  /** absolute path of a file of the tree */
  readonly at: (rel: string) => string;
  readonly remove: () => void;
}

/** Files as `relative path → text`; a value `{ link: target }` makes a symlink to target (relative to the link). */
export type TreeSpec = Record<string, string | { readonly link: string }>;

export function writeTree(spec: TreeSpec): Tree {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'aa-project-')));
  for (const [rel, content] of Object.entries(spec)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    if (typeof content === 'string') writeFileSync(file, content);
    else symlinkSync(content.link, file, 'dir');
  }
  return {
    root,
    at: (rel) => path.join(root, rel),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

export const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
