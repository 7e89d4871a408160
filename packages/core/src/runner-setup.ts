/** The setup files a test runner's config lists: modules it loads before every test (and so their mocks). */
import { dirname, join, resolve } from 'node:path';

/** The files a test runner's config may be written in, in a folder of the project. */
const RUNNER_CONFIGS = ['mts', 'ts', 'mjs', 'js', 'cjs', 'cts'].flatMap((ext) => [`vitest.config.${ext}`, `vite.config.${ext}`, `vitest.workspace.${ext}`, `jest.config.${ext}`]).concat('package.json');
const SETUP_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * The files a test runner's config in a folder (`vitest.config.*`, `vite.config.*`, `jest.config.*`, package.json's
 * `jest`) lists in `setupFiles` or `setupFilesAfterEnv`, each as written and with the extensions a runner tries: they
 * run before every test of that config. The list may be written in place, held in a variable of the config
 * (`const setupFiles = [...]`; `{ setupFiles }`), or come from a config module it imports (`mergeConfig(shared, …)`
 * with `import shared from './vitest.shared'`), read the same way.
 */
export function runnerSetupFilesIn(dir: string, readText: (file: string) => string | undefined): Set<string> {
  const found = new Set<string>();
  const read = new Set<string>();
  const readConfig = (file: string, depth: number) => {
    if (read.has(file)) return;
    read.add(file);
    const text = readText(file);
    if (text === undefined) return;
    for (const list of setupListsIn(text)) {
      for (const entry of list.matchAll(/(['"`])([^'"`]+)\1/g)) {
        const setup = resolve(dir, entry[2]!.replace(/^<rootDir>\/?/, ''));
        for (const candidate of [setup, ...SETUP_EXTENSIONS.map((ext) => setup + ext)]) found.add(candidate);
      }
    }
    // A config module it imports (a shared config merged into this one) lists setup files for it too.
    if (depth >= 2) return;
    for (const imported of text.matchAll(/\bfrom\s*(['"])(\.{1,2}\/[^'"]+)\1/g)) {
      const target = resolve(dirname(file), imported[2]!);
      const bare = target.replace(/\.[cm]?js$/, '');
      for (const candidate of [target, ...SETUP_EXTENSIONS.map((ext) => bare + ext)]) readConfig(candidate, depth + 1);
    }
  };
  for (const name of RUNNER_CONFIGS) readConfig(join(dir, name), 0);
  return found;
}

/**
 * The setup lists a config's text holds: `setupFiles: [...]` or `'…'` in place, or a name (`setupFiles: files`,
 * the shorthand `{ setupFiles }`) whose declaration in the same text gives the list.
 */
function setupListsIn(text: string): string[] {
  const lists: string[] = [];
  for (const match of text.matchAll(/\bsetupFiles(?:AfterEnv)?["']?\s*(?::\s*(\[[^\]]*\]|(['"`])[^'"`]*\2|[A-Za-z_$][\w$]*)|(?=\s*[,}]))/g)) {
    const value = match[1];
    if (value !== undefined && !/^[A-Za-z_$]/.test(value)) {
      lists.push(value);
      continue;
    }
    const name = value ?? /setupFiles(?:AfterEnv)?/.exec(match[0])![0];
    const declared = new RegExp(`\\b(?:const|let|var)\\s+${name.replace(/\$/g, '\\$')}\\s*(?::[^=]+)?=\\s*(\\[[^\\]]*\\]|(['"\`])[^'"\`]*\\2)`).exec(text);
    if (declared !== null) lists.push(declared[1]!);
  }
  return lists;
}
