/**
 * Read file by file, a test whose mock of the request stands for calls in the modules it imports cannot settle that
 * mock against them: its file shows only its own calls, so the mock says `mock-calls-unseen`. Its calls must not move
 * to v3 without it (a call and its mocks are one group). Before the files are migrated, this step finds the tests of
 * the run whose mocks cannot see their calls, follows their imports on disk (relative paths, as Node and bundlers
 * resolve them), and names, for each file of the run that a test reaches, the mocks that stand for its calls: each
 * call such a mock may stand for stays on the deprecated route, with a TODO that names the mock (`call-mock-held`).
 * An import this step cannot follow (a path alias, a package that is not installed) may lead anywhere: the mock then
 * stands for the calls of every file of the run.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, parse as parsePath, resolve } from 'node:path';
import {
  type AnalysisOptions,
  analyzeMocks,
  callRecordOf,
  callsStoodFor,
  type Finding,
  holdBack,
  isLibraryModule,
  mayContainMock,
  type MockFacts,
  mockFactsOf,
  mockKind,
  type Reason,
  ReasonCode,
  runnerSetupFilesIn,
  showsAllItsCalls,
  bodyReaderBeforeTests,
  v3MockBeforeTests,
} from '@app-assignment/core';
import { parseFile } from './parse.js';

/**
 * A mock of another file of the run that stands for calls of this one, as plain data (it crosses to a worker); or what
 * the runner's setup files install before this file's tests (`SetupBefore`).
 */
export type MockElsewhere = MockOfAnotherFile | SetupBefore;

export interface MockOfAnotherFile {
  readonly facts: MockFacts;
  /** How a call's TODO names it: `handler in test/a.test.ts, in the test "…", which …`. */
  readonly key: string;
}

/**
 * A mock of the v3 route that a module the runner loads before this file's tests installs (its config's `setupFiles`),
 * or setup files that cannot be read (they may install one): a mock of this file rewritten onto v3 would answer after
 * it, or never.
 */
export type SetupBefore =
  | { readonly v3Route: string }
  /**
   * An override the runner's setup files install that may read the body and fall through (`bodyReaderBeforeTests`), or
   * setup files that cannot be read: a body read added to a handler of this file would fail after it.
   */
  | { readonly bodyReader: string };

/** How many files the imports of one test are followed through. */
const MAX_FILES = 2000;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.vue', '.svelte', '.astro'];
/** `from '…'`, `import('…')`, `import '…'`, `require('…')`, `vi.importActual('…')`, `jest.requireActual('…')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\b(?:importActual|requireActual|importMock|requireMock)\s*(?:<[^>()]*>)?\(\s*)(['"])([^'"\n]+)\1/g;

/** `import(x)`, `require(x)` of a name or an expression, and `createRequire(...)`. */
const COMPUTED_LOAD = /\b(?:import|require)\s*\(\s*(?!['"`\s)])|\bcreateRequire\s*\(/;

/**
 * For each file of the run, the mocks of the run's tests that stand for its calls though their files do not show them.
 * `files`: the files the run migrates; `display`: a path as reports show it.
 */
export function mocksElsewhere(
  files: readonly string[],
  textOf: (file: string) => string | undefined,
  analysis: AnalysisOptions,
  display: (file: string) => string,
): Map<string, MockElsewhere[]> {
  const byFile = new Map<string, MockElsewhere[]>();
  if (analysis.tests === 'ignore') return byFile;
  const run = new Set(files);
  const setups = setupReachOf(files, textOf);
  const byDir = new Map<string, string | null>();
  const v3Before = (file: string) => v3MockBeforeTests(file, (read) => textOf(read) ?? readText(read), display, byDir);
  const readersByDir = new Map<string, string | null>();
  const bodyReaderBefore = (file: string) => bodyReaderBeforeTests(file, (read) => textOf(read) ?? readText(read), display, readersByDir);
  for (const test of files) {
    const text = textOf(test);
    if (text === undefined || !mayContainMock(text)) continue;
    let parsed: ReturnType<typeof parseFile>;
    try {
      parsed = parseFile(text, test, analysis);
    } catch {
      continue; // the file's own run reports it
    }
    const before = setups.has(test) ? undefined : v3Before(test);
    if (before !== undefined) byFile.set(test, [...(byFile.get(test) ?? []), { v3Route: before }]);
    // Read as project mode reads it (`projectMocks`' body reader of the runner's setup): an override of a setup file
    // that reads the body before the file's handlers.
    const reader = setups.has(test) ? undefined : bodyReaderBefore(test);
    if (reader !== undefined) byFile.set(test, [...(byFile.get(test) ?? []), { bodyReader: reader }]);
    // A module a test runner loads before every test (its config's `setupFiles`, and what they import) stands for the
    // calls of every test of the run, though it shows none of them.
    const setup = setups.has(test);
    if (!setup && showsAllItsCalls(parsed.program)) continue;
    const mocks = analyzeMocks(parsed.program, parsed.context).filter((mock) => mock.mock.negated !== true);
    if (mocks.length === 0) continue;
    const reach = setup ? { files: new Set(files) } : reachOf(test, textOf);
    const targets = reach.unfollowed === undefined ? [...reach.files].filter((file) => run.has(file)) : files;
    const how = setup
      ? 'which a test runner loads before every test (its config\'s setupFiles), and which this run read file by file, apart from the tests'
      : reach.unfollowed === undefined
        ? 'which this run read file by file, apart from the modules its test imports'
        : `which this run read file by file, and whose test loads ${reach.unfollowed}, which cannot be followed without a tsconfig.json or jsconfig.json`;
    for (const mock of mocks) {
      const facts = mockFactsOf(mock, test, display(test));
      const kind = mockKind(mock.mock.library);
      const entry = { facts, key: `${kind} ${facts.place ?? ''}, ${how}` };
      for (const file of targets) byFile.set(file, [...(byFile.get(file) ?? []), entry]);
    }
  }
  return byFile;
}

/**
 * The findings of one file with every call that a mock of another file stands for held back (and every call that
 * shares code with one), the reason naming that mock.
 */
export function holdForMocksElsewhere(findings: readonly Finding[], elsewhere: readonly MockElsewhere[] | undefined): Finding[] {
  const mocks = (elsewhere ?? []).filter((entry): entry is MockOfAnotherFile => 'facts' in entry);
  if (mocks.length === 0) return [...findings];
  const kept = new Map<Finding, Reason>();
  for (const finding of findings) {
    if (finding.outcome !== 'fix' && finding.outcome !== 'review') continue;
    const call = callRecordOf(finding, true, '');
    const mock = mocks.find((candidate) => {
      const stood = callsStoodFor({ ...candidate.facts, file: '' }, [call], () => new Set(['']));
      return stood !== 'unknown' && stood.length > 0;
    });
    if (mock !== undefined) kept.set(finding, { code: ReasonCode.callMockHeld, key: mock.key });
  }
  return kept.size === 0 ? [...findings] : holdBack(findings, kept);
}

/**
 * The files a test runner's config lists in `setupFiles` (in a folder above a file of the run), and the files they
 * import on disk: each runs before every test of that config.
 */
export function setupReachOf(files: readonly string[], textOf: (file: string) => string | undefined): Set<string> {
  const found = new Set<string>();
  const dirs = new Set<string>();
  for (const file of files) {
    for (let dir = dirname(file); !dirs.has(dir); dir = dirname(dir)) {
      dirs.add(dir);
      for (const setup of runnerSetupFilesIn(dir, readText)) {
        if (!existsSync(setup) || found.has(setup)) continue;
        for (const reached of reachOf(setup, (read) => textOf(read) ?? readText(read)).files) found.add(reached);
      }
      if (dirname(dir) === dir) break;
    }
  }
  return found;
}

/** The mock of the v3 route the runner's setup files install before a file's tests, if any (`SetupBefore`). */
export function v3RouteBefore(elsewhere: readonly MockElsewhere[] | undefined): string | undefined {
  return elsewhere?.find((entry): entry is Extract<SetupBefore, { v3Route: string }> => 'v3Route' in entry)?.v3Route;
}

/** The override that reads the body which the runner's setup files install before a file's tests, if any (`SetupBefore`). */
export function bodyReaderBefore(elsewhere: readonly MockElsewhere[] | undefined): string | undefined {
  return elsewhere?.find((entry): entry is Extract<SetupBefore, { bodyReader: string }> => 'bodyReader' in entry)?.bodyReader;
}

/** The files a test reaches through its imports on disk (itself included), or the first import that cannot be followed. */
function reachOf(test: string, textOf: (file: string) => string | undefined): { files: Set<string>; unfollowed?: string } {
  const files = new Set([test]);
  const queue = [test];
  while (queue.length > 0 && files.size < MAX_FILES) {
    const file = queue.shift()!;
    const text = file === test ? textOf(file) : textOf(file) ?? readText(file);
    if (text === undefined) continue;
    // A module loaded by a name this step cannot read (`import(path)`, `require(name)`, `createRequire`).
    const computed = COMPUTED_LOAD.exec(text);
    if (computed !== null) {
      const loader = computed[0].startsWith('createRequire') ? 'createRequire' : `a computed ${computed[0].startsWith('import') ? 'import' : 'require'}()`;
      return { files, unfollowed: `a module by ${loader}` };
    }
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[2]!;
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        const found = resolveFile(resolve(dirname(file), specifier));
        if (found !== undefined && !files.has(found)) {
          files.add(found);
          queue.push(found);
        }
        continue;
      }
      if (isLibraryModule(specifier) || installed(specifier, file)) continue;
      return { files, unfollowed: `'${specifier}'` };
    }
  }
  return { files };
}

/** The file an import names: as written, with TypeScript's extension for a `.js` one, with an extension, or an index. */
function resolveFile(base: string): string | undefined {
  const { ext } = parsePath(base);
  const swapped = /^\.[cm]?jsx?$/.test(ext) ? ['.ts', '.tsx', '.mts', '.cts'].map((to) => base.slice(0, -ext.length) + to) : [];
  const candidates = [base, ...swapped, ...EXTENSIONS.map((to) => base + to), ...EXTENSIONS.map((to) => join(base, `index${to}`))];
  return candidates.find((candidate) => {
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

/** Whether a package is installed where Node would look for it from a file (a `node_modules` folder above it). */
function installed(specifier: string, from: string): boolean {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  if (builtinModules.includes(name)) return true;
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', name))) return true;
    if (dirname(dir) === dir) return false;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
