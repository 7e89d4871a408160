/** The setup files a test runner's config lists: modules it loads before every test (and so their mocks). */
import { dirname, join, resolve } from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { parseSource } from '../facts/parse.js';
import { bodyReadingOverrideIn } from '../mocks/msw.js';
import { v3HandlerIn } from '../mocks/v3-handlers.js';
import { constInitOf, findVariable, importOf } from '../facts/scope.js';
import { someNode, staticKey, unwrapTS } from '../facts/syntax.js';

/** The files a test runner's config may be written in, in a folder of the project. */
const RUNNER_CONFIGS = ['mts', 'ts', 'mjs', 'js', 'cjs', 'cts'].flatMap((ext) => [`vitest.config.${ext}`, `vite.config.${ext}`, `vitest.workspace.${ext}`, `jest.config.${ext}`]).concat('package.json');
const SETUP_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const SETUP_KEY = /^setupFiles(?:AfterEnv)?$/;
/** How far names and imports are followed from a config to the list they hold. */
const MAX_DEPTH = 6;

/** A `setupFiles` value this reading cannot resolve to paths: where it is written, and how. */
export interface UnreadSetup {
  /** The config file (absolute), and the 1-based line of the value. */
  readonly file: string;
  readonly line: number;
  /** The value as written, shortened. */
  readonly text: string;
}

/** The setup files a config lists, and the first list it holds that cannot be read (they may be any files). */
export interface RunnerSetup {
  readonly files: Set<string>;
  readonly unread?: UnreadSetup;
}

/**
 * The files a test runner's config in a folder (`vitest.config.*`, `vite.config.*`, `jest.config.*`, package.json's
 * `jest`) lists in `setupFiles` or `setupFilesAfterEnv`, each as written and with the extensions a runner tries: they
 * run before every test of that config.
 */
export function runnerSetupFilesIn(dir: string, readText: (file: string) => string | undefined): Set<string> {
  return runnerSetupIn(dir, readText).files;
}

/**
 * The setup files of the configs in a folder, read as the runner evaluates the value: a list written in place, a string,
 * a spread, a name held by a const of the config or imported from a module of the project (`{ setupFiles }`,
 * `[...common]`), both branches of a condition (`process.env.CI ? [a, b] : [a]`), `[].concat(…)`, a path built by a
 * call from a string (`fileURLToPath(new URL('./setup.ts', import.meta.url))`); and the lists of a config module it
 * imports (`mergeConfig(shared, …)` with `import shared from './vitest.shared'`), read the same way. A value it
 * cannot resolve (a function's result, a `let`, a template with a name in it) is `unread`: the setup files are then
 * unknown, never taken as none.
 */
export function runnerSetupIn(dir: string, readText: (file: string) => string | undefined): RunnerSetup {
  const found = new Set<string>();
  let unread: UnreadSetup | undefined;
  const read = new Set<string>();
  const readConfig = (file: string, depth: number, root = dir) => {
    if (read.has(file)) return;
    read.add(file);
    const text = readText(file);
    if (text === undefined) return;
    // Paths in a project's own config resolve from that project's root, its config's folder.
    const add = (path: string) => {
      const setup = resolve(root, path.replace(/^<rootDir>\/?/, ''));
      for (const candidate of [setup, ...SETUP_EXTENSIONS.map((ext) => setup + ext)]) found.add(candidate);
    };
    if (file.endsWith('package.json')) {
      unread ??= packageJsonLists(file, text, add);
      return;
    }
    if (/\bsetupFiles/.test(text)) unread ??= readLists(file, text, readText, add);
    // vitest's `test.projects` (or a workspace's list): a project kept in its own config file lists setup files for
    // its tests, read as this one is; a folder's configs likewise; an entry that cannot be read (a glob, a name) may.
    if (/\b(?:projects|defineWorkspace)\b/.test(text) && depth < 3) {
      const entries = projectEntries(file, text);
      unread ??= entries.unread;
      for (const entry of entries.files) {
        const target = resolve(dirname(file), entry);
        if (/\.[cm]?[jt]s$/.test(target)) readConfig(target, depth + 1, dirname(target));
        else for (const name of RUNNER_CONFIGS) readConfig(join(target, name), depth + 1, target);
      }
    }
    // A config module it imports (a shared config merged into this one) lists setup files for it too.
    if (depth >= 2) return;
    for (const imported of text.matchAll(/\bfrom\s*(['"])(\.{1,2}\/[^'"]+)\1/g)) {
      for (const candidate of moduleCandidates(resolve(dirname(file), imported[2]!))) readConfig(candidate, depth + 1, root);
    }
  };
  for (const name of RUNNER_CONFIGS) readConfig(join(dir, name), 0);
  return unread === undefined ? { files: found } : { files: found, unread };
}

/**
 * The entries of `test.projects: [...]` (or `defineWorkspace([...])`) that are paths, a config file or a folder; a
 * project written in place is read with the config's own lists. An entry that is neither (a glob, a name, a call's
 * result) is `unread`: the setup files of its project are unknown.
 */
function projectEntries(file: string, text: string): { files: string[]; unread?: UnreadSetup } {
  let parsed: { program: TSESTree.Program; context: SourceContext };
  try {
    parsed = parseSource(text, file);
  } catch {
    return { files: [], unread: { file, line: 1, text: 'a config that cannot be parsed' } };
  }
  const files: string[] = [];
  let unread: UnreadSetup | undefined;
  someNode(parsed.program, (node) => {
    let list: TSESTree.Node | undefined;
    if (node.type === 'Property' && staticKey(node) === 'projects') list = unwrapTS(node.value);
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'defineWorkspace' && node.arguments[0] !== undefined) list = unwrapTS(node.arguments[0]);
    if (list === undefined) return false;
    const elements = list.type === 'ArrayExpression' ? list.elements : [list];
    for (const element of elements) {
      const value = element === null ? undefined : unwrapTS(element);
      if (value === undefined || value.type === 'ObjectExpression') continue;
      // `defineProject({ … })` written in place: its lists are read with the config's.
      if (value.type === 'CallExpression' && value.callee.type === 'Identifier' && /^define(?:Project|Config)$/.test(value.callee.name)) continue;
      const path = value.type === 'Literal' && typeof value.value === 'string' ? value.value : undefined;
      if (path !== undefined && !/[*?{[!]/.test(path)) files.push(path);
      else unread ??= { file, line: value.loc.start.line, text: parsed.context.text.slice(value.range[0], value.range[1]).replace(/\s+/g, ' ').slice(0, 60) };
    }
    return false;
  });
  return unread === undefined ? { files } : { files, unread };
}

/** Reads the setup lists of a config's text; the first that cannot be read. */
function readLists(file: string, text: string, readText: (file: string) => string | undefined, add: (path: string) => void): UnreadSetup | undefined {
  let parsed: { program: TSESTree.Program; context: SourceContext };
  try {
    parsed = parseSource(text, file);
  } catch {
    // A config that does not parse may list anything.
    return { file, line: 1, text: 'a config that cannot be parsed' };
  }
  const reader = new ListReader(readText, add);
  someNode(parsed.program, (node) => {
    const value = setupValueAt(node);
    if (value !== undefined) reader.read(value, parsed.context, file, 0);
    return false;
  });
  return reader.unread;
}

/** The value of `setupFiles: …` (or `setupFilesAfterEnv`, or the shorthand `{ setupFiles }`), or `x.setupFiles = …`. */
function setupValueAt(node: TSESTree.Node): TSESTree.Node | undefined {
  if (node.type === 'Property' && node.parent?.type === 'ObjectExpression' && SETUP_KEY.test(staticKey(node) ?? '')) return node.value;
  if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression' && SETUP_KEY.test(staticKey(node.left) ?? '')) return node.right;
  return undefined;
}

/** package.json's `jest.setupFiles` / `setupFilesAfterEnv`: lists of strings, or unread. */
function packageJsonLists(file: string, text: string, add: (path: string) => void): UnreadSetup | undefined {
  let jest: unknown;
  try {
    jest = (JSON.parse(text) as { jest?: unknown }).jest;
  } catch {
    return undefined;
  }
  if (typeof jest !== 'object' || jest === null) return undefined;
  for (const key of ['setupFiles', 'setupFilesAfterEnv']) {
    const list = (jest as Record<string, unknown>)[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.some((entry) => typeof entry !== 'string')) {
      const line = text.slice(0, Math.max(0, text.indexOf(`"${key}"`))).split('\n').length;
      return { file, line, text: `"${key}"` };
    }
    for (const entry of list as string[]) add(entry);
  }
  return undefined;
}

/** The files a relative import may name: as written, with TypeScript's extension for a `.js` one, or an extension. */
function moduleCandidates(target: string): string[] {
  const bare = target.replace(/\.[cm]?[jt]s$/, '');
  return [target, ...SETUP_EXTENSIONS.map((ext) => bare + ext)];
}

/** Reads a `setupFiles` value into paths, following names through consts and relative imports. */
class ListReader {
  unread: UnreadSetup | undefined;
  readonly #modules = new Map<string, { program: TSESTree.Program; context: SourceContext } | null>();

  constructor(
    private readonly readText: (file: string) => string | undefined,
    private readonly add: (path: string) => void,
  ) {}

  read(node: TSESTree.Node, ctx: SourceContext, file: string, depth: number): void {
    const expr = unwrapTS(node);
    const unread = () => {
      const text = ctx.text.slice(expr.range[0], expr.range[1]).replace(/\s+/g, ' ');
      this.unread ??= { file, line: expr.loc.start.line, text: text.length > 60 ? `${text.slice(0, 57)}…` : text };
    };
    if (depth > MAX_DEPTH) return unread();
    switch (expr.type) {
      case 'Literal':
        if (typeof expr.value === 'string') this.add(expr.value);
        else if (expr.value !== null) unread();
        return;
      case 'TemplateLiteral':
        if (expr.expressions.length === 0 && expr.quasis[0]?.value.cooked != null) this.add(expr.quasis[0].value.cooked);
        else unread();
        return;
      case 'ArrayExpression':
        for (const element of expr.elements) {
          if (element !== null) this.read(element.type === 'SpreadElement' ? element.argument : element, ctx, file, depth + 1);
        }
        return;
      case 'ConditionalExpression':
        // Either branch may be the one the runner takes.
        this.read(expr.consequent, ctx, file, depth + 1);
        this.read(expr.alternate, ctx, file, depth + 1);
        return;
      case 'LogicalExpression':
        this.read(expr.left, ctx, file, depth + 1);
        this.read(expr.right, ctx, file, depth + 1);
        return;
      case 'Identifier':
        return this.#readName(expr, ctx, file, depth) ? undefined : unread();
      case 'CallExpression': {
        const callee = unwrapTS(expr.callee);
        // `[a].concat(b, [c])`: the list and every argument.
        if (callee.type === 'MemberExpression' && staticKey(callee) === 'concat') {
          this.read(callee.object, ctx, file, depth + 1);
          for (const argument of expr.arguments) this.read(argument.type === 'SpreadElement' ? argument.argument : argument, ctx, file, depth + 1);
          return;
        }
        // A path built from a string (`fileURLToPath(new URL('./setup.ts', import.meta.url))`, `resolve(__dirname, 'setup.ts')`).
        if (!this.#stringsIn(expr)) unread();
        return;
      }
      case 'NewExpression':
        if (!this.#stringsIn(expr)) unread();
        return;
      default:
        unread();
    }
  }

  /** The strings a call that builds a path holds, each read as a path; false when it holds none. */
  #stringsIn(call: TSESTree.Node): boolean {
    let any = false;
    someNode(call, (node) => {
      if (node.type === 'Literal' && typeof node.value === 'string') {
        this.add(node.value);
        any = true;
      }
      return false;
    });
    return any;
  }

  /** A name's value: a const of its file, or the export of a relative module it imports. False when neither is read. */
  #readName(id: TSESTree.Identifier, ctx: SourceContext, file: string, depth: number): boolean {
    const variable = findVariable(ctx.getScope(id), id.name);
    // `cond ? [...] : undefined`: no list.
    if (variable === undefined) return id.name === 'undefined';
    const init = constInitOf(variable);
    if (init !== undefined) {
      this.read(init, ctx, file, depth + 1);
      return true;
    }
    const imported = importOf(variable);
    if (imported === undefined || imported.imported === '*' || !/^\.{1,2}\//.test(imported.source)) return false;
    for (const candidate of moduleCandidates(resolve(dirname(file), imported.source))) {
      const module = this.#module(candidate);
      if (module === undefined) continue;
      const value = exportedValue(module.program, imported.imported);
      if (value === undefined) return false;
      this.read(value, module.context, candidate, depth + 1);
      return true;
    }
    return false;
  }

  #module(file: string): { program: TSESTree.Program; context: SourceContext } | undefined {
    let module = this.#modules.get(file);
    if (module === undefined) {
      const text = this.readText(file);
      try {
        module = text === undefined ? null : parseSource(text, file);
      } catch {
        module = null;
      }
      this.#modules.set(file, module);
    }
    return module ?? undefined;
  }
}

/** What a module exports under a name: `export const name = …`, `export { local as name }` of a const, `export default …`. */
function exportedValue(program: TSESTree.Program, name: string): TSESTree.Node | undefined {
  const constOf = (local: string): TSESTree.Node | undefined => {
    for (const statement of program.body) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
      for (const declarator of declaration.declarations) {
        if (declarator.id.type === 'Identifier' && declarator.id.name === local && declarator.init !== null) return declarator.init;
      }
    }
    return undefined;
  };
  for (const statement of program.body) {
    if (name === 'default' && statement.type === 'ExportDefaultDeclaration') {
      const value = statement.declaration;
      return value.type === 'Identifier' ? constOf(value.name) : value;
    }
    if (statement.type !== 'ExportNamedDeclaration') continue;
    if (statement.declaration?.type === 'VariableDeclaration') {
      const found = statement.declaration.declarations.find((d) => d.id.type === 'Identifier' && d.id.name === name);
      if (found !== undefined) return statement.declaration.kind === 'const' && found.init !== null ? found.init : undefined;
    }
    for (const specifier of statement.specifiers) {
      const exported = specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value;
      if (exported === name && statement.source === null && specifier.local.type === 'Identifier') return constOf(specifier.local.name);
    }
  }
  return undefined;
}

/** A relative import, `import './x'`, `require('./x')`: what a setup file loads of the project. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])(\.{1,2}\/[^'"\n]+)\1/g;
/** How many modules a setup file's imports are followed through. */
const MAX_SETUP_MODULES = 200;

/**
 * The first mock of the v3 route that the setup files of a test runner's config in a folder above `file` install
 * (they and the modules they import by relative paths, read by `readText`), in words (`nock(…).post('/v3/apps/
 * app_assignments') in test/setup.ts`); or, when a config's setup list cannot be read, that list, which may install
 * one (`in the setup files that vitest.config.ts:7 lists (setupList()), which cannot be read`). Undefined when neither.
 * A mock of the file's tests rewritten onto v3 would answer after such a mock, or never. `cache`: per folder, for many
 * files of one run.
 */
export function v3MockBeforeTests(
  file: string,
  readText: (file: string) => string | undefined,
  show: (file: string) => string = (path) => path,
  cache: Map<string, string | null> = new Map(),
): string | undefined {
  return firstInSetup(file, readText, show, cache, v3MockIn);
}

/**
 * The first override that the setup files of a test runner's config in a folder above `file` install (they and the
 * modules they import by relative paths) and that may read the body of POST /v3/apps/app_assignments and fall through
 * (`bodyReadingOverrideIn`), in words (`http.post('*', …) in test/setup.ts`); or, when a config's setup list cannot be
 * read, that list, which may install one. msw runs such an override (installed in a setup file's `beforeEach`) before a
 * handler its tests install earlier: a read of the body added to that handler would fail. Project mode reads the same
 * files (`ProjectAnalysis`); this reads them from disk, for a run file by file and for the ESLint rule.
 */
export function bodyReaderBeforeTests(
  file: string,
  readText: (file: string) => string | undefined,
  show: (file: string) => string = (path) => path,
  cache: Map<string, string | null> = new Map(),
): string | undefined {
  return firstInSetup(file, readText, show, cache, bodyReaderIn);
}

/** The first place `find` names in the setup files of the runner's configs above `file`, or the unread list. */
function firstInSetup(
  file: string,
  readText: (file: string) => string | undefined,
  show: (file: string) => string,
  cache: Map<string, string | null>,
  find: (module: string, text: string, show: (file: string) => string) => string | undefined,
): string | undefined {
  const inDir = (dir: string): string | undefined => {
    let place = cache.get(dir);
    if (place === undefined) {
      const setup = runnerSetupIn(dir, readText);
      place = null;
      const seen = new Set<string>();
      const queue = [...setup.files].filter((candidate) => readText(candidate) !== undefined);
      while (queue.length > 0 && place === null && seen.size < MAX_SETUP_MODULES) {
        const module = queue.shift()!;
        if (seen.has(module)) continue;
        seen.add(module);
        const text = readText(module);
        if (text === undefined) continue;
        place = find(module, text, show) ?? null;
        for (const imported of text.matchAll(RELATIVE_IMPORT)) {
          const target = resolve(dirname(module), imported[2]!);
          const found = [target, ...moduleCandidates(target).slice(1), ...SETUP_EXTENSIONS.map((ext) => join(target, `index${ext}`))].find((candidate) => readText(candidate) !== undefined);
          if (found !== undefined && !seen.has(found)) queue.push(found);
        }
      }
      if (place === null && setup.unread !== undefined) place = unreadSetupPlace(setup.unread, show);
      cache.set(dir, place);
    }
    return place ?? undefined;
  };
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const place = inDir(dir);
    if (place !== undefined || dirname(dir) === dir) return place;
  }
}

/** A setup list that cannot be read, in words a TODO carries. */
export function unreadSetupPlace(unread: UnreadSetup, show: (file: string) => string = (file) => file): string {
  return `in the setup files that ${show(unread.file)}:${unread.line} lists (${unread.text}), which cannot be read`;
}

function bodyReaderIn(file: string, text: string, show: (file: string) => string): string | undefined {
  if (!/\bmsw\b/.test(text) || !/\.use\s*\(/.test(text)) return undefined;
  try {
    const parsed = parseSource(text, file);
    const place = bodyReadingOverrideIn(parsed.program, parsed.context);
    return place === undefined || parsed.context.file !== undefined ? place : `${place} in ${show(file)}`;
  } catch {
    return undefined;
  }
}

function v3MockIn(file: string, text: string, show: (file: string) => string): string | undefined {
  if (!/\b(?:msw|nock|axios-mock-adapter|fetch-mock)\b/.test(text)) return undefined;
  try {
    const parsed = parseSource(text, file);
    // Parsed alone, its context names no file: the place says which.
    const place = v3HandlerIn(parsed.program, parsed.context);
    return place === undefined || parsed.context.file !== undefined ? place : `${place} in ${show(file)}`;
  } catch {
    return undefined;
  }
}
