// A module resolution host whose file-system questions are answered once: resolving the imports of many files asks
// the same fileExists / directoryExists / realpath questions again and again.
import fs from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';

export interface CachedHost extends ts.ModuleResolutionHost {
  readonly fileExists: (fileName: string) => boolean;
  readonly directoryExists: (directoryName: string) => boolean;
  readonly realpath: (p: string) => string;
  readonly readFile: (fileName: string) => string | undefined;
  readonly getDirectories: (p: string) => string[];
  readonly getCurrentDirectory: () => string;
}

export function createCachedHost(currentDirectory: string): CachedHost {
  const stats = new Map<string, 'file' | 'dir' | 'none'>();
  const texts = new Map<string, string | undefined>();
  const reals = new Map<string, string>();
  const dirs = new Map<string, string[]>();

  const kind = (p: string): 'file' | 'dir' | 'none' => {
    let k = stats.get(p);
    if (k === undefined) {
      try {
        const st = fs.statSync(p);
        k = st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'none';
      } catch {
        k = 'none';
      }
      stats.set(p, k);
    }
    return k;
  };

  return {
    fileExists: (f) => kind(f) === 'file',
    directoryExists: (d) => kind(d) === 'dir',
    readFile: (f) => {
      if (texts.has(f)) return texts.get(f);
      let text: string | undefined;
      try {
        text = fs.readFileSync(f, 'utf8');
      } catch {
        text = undefined;
      }
      texts.set(f, text);
      return text;
    },
    realpath: (p) => {
      let r = reals.get(p);
      if (r === undefined) {
        try {
          r = fs.realpathSync(p);
        } catch {
          r = p;
        }
        reals.set(p, r);
      }
      return r;
    },
    getDirectories: (p) => {
      let list = dirs.get(p);
      if (list === undefined) {
        try {
          list = fs
            .readdirSync(p, { withFileTypes: true })
            .filter((e) => e.isDirectory() || (e.isSymbolicLink() && kind(path.join(p, e.name)) === 'dir'))
            .map((e) => e.name);
        } catch {
          list = [];
        }
        dirs.set(p, list);
      }
      return list;
    },
    getCurrentDirectory: () => currentDirectory,
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
  };
}
