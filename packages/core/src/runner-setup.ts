/** The setup files a test runner's config lists: modules it loads before every test (and so their mocks). */
import { join, resolve } from 'node:path';

/** The files a test runner's config may be written in, in a folder of the project. */
const RUNNER_CONFIGS = ['mts', 'ts', 'mjs', 'js', 'cjs', 'cts'].flatMap((ext) => [`vitest.config.${ext}`, `vite.config.${ext}`, `vitest.workspace.${ext}`, `jest.config.${ext}`]).concat('package.json');
const SETUP_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * The files a test runner's config in a folder (`vitest.config.*`, `vite.config.*`, `jest.config.*`, package.json's
 * `jest`) lists in `setupFiles` or `setupFilesAfterEnv`, each as written and with the extensions a runner tries: they
 * run before every test of that config.
 */
export function runnerSetupFilesIn(dir: string, readText: (file: string) => string | undefined): Set<string> {
  const found = new Set<string>();
  for (const name of RUNNER_CONFIGS) {
    const text = readText(join(dir, name));
    if (text === undefined) continue;
    for (const list of text.matchAll(/\bsetupFiles(?:AfterEnv)?["']?\s*:\s*(\[[^\]]*\]|(['"`])[^'"`]*\2)/g)) {
      for (const entry of list[1]!.matchAll(/(['"`])([^'"`]+)\1/g)) {
        const file = resolve(dir, entry[2]!.replace(/^<rootDir>\/?/, ''));
        for (const candidate of [file, ...SETUP_EXTENSIONS.map((ext) => file + ext)]) found.add(candidate);
      }
    }
  }
  return found;
}

