/**
 * The project analysis: the deprecated calls of many files, read with facts from the other files of the project.
 *
 * 1. The files the text prefilter picks are parsed and analysed; an import of the program's own modules is answered
 *    by the module it resolves to (parsed on demand): an exported instance, const, URL builder or wrapper.
 * 2. A deprecated request sent from inside an exported function makes the files that import that function's module
 *    candidates too (its callers), until no new file comes in.
 * 3. The findings of all files are settled together (core's settleWrappers): a wrapper is migrated with every caller
 *    the project shows, or not at all; a use the analysis did not read (an importer outside the files of the run, a
 *    namespace import, a re-export, a published package's entry) holds it back.
 *
 * Core plans every call; this module only supplies facts from other files and the set of files to read.
 */
import { dirname, join, relative, sep } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import {
  type AnalysisOptions,
  analyzeProgram,
  type Bound,
  type Finding,
  type FunctionUses,
  mayContainAssignCall,
  nameOf,
  type ProjectFacts,
  settleWrappers,
  type SourceContext,
} from '@app-assignment/core';
import type { TSESTree } from '@typescript-eslint/types';

/** What the analysis needs of a parser: the core's shape, `{ program, context }`, or a syntax error thrown. */
export type ParseFile = (text: string, filename: string, options: AnalysisOptions) => {
  readonly program: TSESTree.Program;
  readonly context: SourceContext;
};

export interface ProjectInput {
  /** The folder file ids are relative to (the repository root). */
  readonly root: string;
  /** Resolves an import specifier from a file to a file of the project, as the compiler does. */
  resolveImport(fromFile: string, specifier: string): string | undefined;
  /** The files of the project that import a file. */
  importersOf(file: string): readonly string[];
  /** A file's text; undefined when it cannot be read. */
  readText(file: string): string | undefined;
  readonly parse: ParseFile;
  readonly options: AnalysisOptions;
  /**
   * Files the analysis does not parse but that may call the program's functions (Vue, Svelte, Astro components): a
   * wrapper named in one of them has uses it cannot see.
   */
  readonly foreignFiles?: readonly string[];
}

/** One parsed file of the project. */
export interface ProjectFile {
  readonly path: string;
  readonly id: string;
  readonly text: string;
  readonly program: TSESTree.Program;
  readonly context: SourceContext;
}

export interface ProjectAnalysisResult {
  /** Settled findings by absolute path, for every file that holds a reported call, in source order. */
  readonly findings: ReadonlyMap<string, readonly Finding[]>;
  /** Every file that was parsed, by absolute path. */
  readonly files: ReadonlyMap<string, ProjectFile>;
  /** Files that could not be parsed, with the error. */
  readonly errors: ReadonlyMap<string, unknown>;
}

/** How many rounds of "the importers of a wrapper's module" are read: wrappers of wrappers, across modules. */
const MAX_ROUNDS = 4;

export class ProjectAnalysis {
  readonly #input: ProjectInput;
  readonly #files = new Map<string, ProjectFile | null>();
  readonly #errors = new Map<string, unknown>();
  readonly #facts: ProjectFacts;
  /** The files this run may change: uses of a function outside them are uses it cannot see. */
  #scope: ReadonlySet<string> = new Set();

  constructor(input: ProjectInput) {
    // The importers of one module are asked for again for every finding sent from it: searched once.
    const importers = new Map<string, readonly string[]>();
    const search = (file: string) => input.importersOf(file);
    this.#input = { ...input, importersOf: (file) => importers.get(file) ?? importers.set(file, search(file)).get(file)! };
    this.#facts = {
      resolveImport: (source, imported, from) => this.#resolveImport(source, imported, from),
      anyFileMatches: (pattern) => this.#anyFileMatches(pattern),
    };
  }

  /** A parsed file, with a context that answers imports from the project; undefined when it cannot be read or parsed. */
  file(path: string): ProjectFile | undefined {
    const known = this.#files.get(path);
    if (known !== undefined) return known ?? undefined;
    const text = this.#input.readText(path);
    let parsed: ProjectFile | null = null;
    if (text !== undefined) {
      try {
        const { program, context } = this.#input.parse(text, path, this.#input.options);
        const id = relative(this.#input.root, path).split(sep).join('/');
        parsed = { path, id, text, program, context: { ...context, file: id, project: this.#facts } };
      } catch (error) {
        this.#errors.set(path, error);
      }
    }
    this.#files.set(path, parsed);
    return parsed ?? undefined;
  }

  /**
   * Analyses `files` (the run's files) with facts from the whole project. Only files among them are candidates; the
   * importers of a wrapper's module join when they are among them too.
   */
  analyze(files: readonly string[]): ProjectAnalysisResult {
    this.#scope = new Set(files);
    const raw = new Map<string, Finding[]>();
    let queue = files.filter((file) => {
      const text = this.#input.readText(file);
      return text !== undefined && mayContainAssignCall(text, this.#input.options);
    });
    for (let round = 0; queue.length > 0 && round <= MAX_ROUNDS; round++) {
      const next = new Set<string>();
      for (const path of queue) {
        if (raw.has(path)) continue;
        const file = this.file(path);
        if (file === undefined) continue;
        const found = analyzeProgram(file.program, file.context, { settle: false });
        raw.set(path, found);
        // What a module exports may carry the request into other modules: a wrapper, a URL builder or a route const
        // (the module spells the route), an instance, or anything built from such a module. Their importers are read
        // too, a few imports deep, so that calls which never spell the route are found.
        const carries = round === 0 || found.length > 0 || exportsAnything(file.program);
        if (!carries) continue;
        for (const importer of this.#input.importersOf(path)) {
          if (this.#scope.has(importer) && !raw.has(importer)) next.add(importer);
        }
        // A request sent from inside an exported function of another module (a followed one).
        for (const finding of found) {
          for (const fn of sendingFunctions(finding)) {
            if (!exportedFromModule(fn)) continue;
            const owner = this.#pathOfContext(fn.ctx);
            if (owner === undefined || owner === path) continue;
            for (const importer of this.#input.importersOf(owner)) {
              if (this.#scope.has(importer) && !raw.has(importer)) next.add(importer);
            }
          }
        }
      }
      queue = [...next];
    }

    const all = [...raw.values()].flat();
    const settled = settleWrappers(all, this.#uses);
    const findings = new Map<string, Finding[]>();
    settled.forEach((finding) => {
      const path = this.#pathOfContext(finding.call.ctx);
      if (path === undefined) return;
      const list = findings.get(path) ?? [];
      list.push(finding);
      findings.set(path, list);
    });
    for (const list of findings.values()) list.sort((a, b) => a.call.node.range[0] - b.call.node.range[0]);
    const parsed = new Map<string, ProjectFile>();
    for (const [path, file] of this.#files) if (file !== null) parsed.set(path, file);
    return { findings, files: parsed, errors: this.#errors };
  }

  /**
   * The files whose calls a mock written in `path` can stand for: in a test file, every module the test imports,
   * directly or through others; in a module of mocks (a shared `handlers.ts`), those of every test that imports it,
   * and of every test of the run when none does (a setup file the test runner loads). 'unknown' when a module on the
   * way is outside the run or cannot be read: its calls cannot be seen.
   */
  mockReach(path: string): ReadonlySet<string> | 'unknown' {
    let tests = isTestFile(path) ? [path] : this.#testsImporting(path);
    if (tests.length === 0) tests = [...this.#scope].filter(isTestFile);
    if (tests.length === 0) return 'unknown';
    const reached = new Set<string>();
    for (const from of new Set([path, ...tests])) {
      const files = this.#reachable(from);
      if (files === 'unknown') return 'unknown';
      for (const file of files) reached.add(file);
    }
    return reached;
  }

  readonly #reach = new Map<string, ReadonlySet<string> | 'unknown'>();

  /** The file and every module of the program it imports, transitively. */
  #reachable(start: string): ReadonlySet<string> | 'unknown' {
    const known = this.#reach.get(start);
    if (known !== undefined) return known;
    const seen = new Set<string>([start]);
    let result: ReadonlySet<string> | 'unknown' = seen;
    for (const queue = [start]; queue.length > 0;) {
      const file = this.file(queue.pop()!);
      if (file === undefined) {
        result = 'unknown';
        break;
      }
      for (const specifier of importSpecifiers(file)) {
        const target = this.#input.resolveImport(file.path, specifier);
        // A package's module, a declaration file or data: no call of the program.
        if (target === undefined || target.split(sep).includes('node_modules') || !/\.[cm]?[jt]sx?$/.test(target) || /\.d\.[cm]?ts$/.test(target)) continue;
        if (!this.#scope.has(target)) {
          result = 'unknown';
          break;
        }
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
      if (result === 'unknown') break;
    }
    this.#reach.set(start, result);
    return result;
  }

  /** The test files that import `path`, directly or through other modules of the run. */
  #testsImporting(path: string): string[] {
    const tests: string[] = [];
    const seen = new Set<string>([path]);
    for (const queue = [path]; queue.length > 0;) {
      for (const importer of this.#input.importersOf(queue.pop()!)) {
        if (seen.has(importer) || !this.#scope.has(importer)) continue;
        seen.add(importer);
        if (isTestFile(importer)) tests.push(importer);
        else queue.push(importer);
      }
    }
    return tests;
  }

  readonly #matches = new Map<string, boolean>();

  /** Whether any file of the run matches (axios defaults or interceptors set in a bootstrap module). */
  #anyFileMatches(pattern: RegExp): boolean {
    const key = `${pattern.source}/${pattern.flags}`;
    let found = this.#matches.get(key);
    if (found === undefined) {
      found = [...this.#scope].some((file) => pattern.test(this.#input.readText(file) ?? ''));
      this.#matches.set(key, found);
    }
    return found;
  }

  #pathOfContext(ctx: SourceContext): string | undefined {
    return ctx.file === undefined ? undefined : join(this.#input.root, ...ctx.file.split('/'));
  }

  /** What `imported` of module `source`, imported from the file of `from`, stands for in that module. */
  #resolveImport(source: string, imported: string, from: SourceContext): Bound | undefined {
    const fromPath = this.#pathOfContext(from);
    if (fromPath === undefined) return undefined;
    const target = this.#input.resolveImport(fromPath, source);
    return target === undefined ? undefined : this.#exported(target, imported, new Set());
  }

  /** The value a module exports under a name: a declaration's, a re-export's, a local binding's. */
  #exported(path: string, name: string, seen: Set<string>): Bound | undefined {
    const key = `${path}\u0000${name}`;
    if (seen.has(key) || seen.size > 16) return undefined;
    seen.add(key);
    const file = this.file(path);
    if (file === undefined) return undefined;
    for (const statement of file.program.body) {
      if (statement.type === 'ExportNamedDeclaration') {
        if (statement.declaration !== null && statement.declaration !== undefined) {
          const value = declared(statement.declaration, name);
          if (value !== undefined) return { node: value, ctx: file.context };
          continue;
        }
        for (const spec of statement.specifiers) {
          if (nameOfModuleName(spec.exported) !== name) continue;
          const local = nameOfModuleName(spec.local);
          if (statement.source !== null && statement.source !== undefined) {
            const target = this.#input.resolveImport(path, statement.source.value);
            return target === undefined ? undefined : this.#exported(target, local, seen);
          }
          return this.#local(file, local, seen);
        }
      }
      if (statement.type === 'ExportDefaultDeclaration' && name === 'default') {
        const declaration = statement.declaration;
        if (declaration.type === 'Identifier') return this.#local(file, declaration.name, seen);
        return { node: declaration, ctx: file.context };
      }
    }
    // `export * from './m'`: the name may come from there.
    for (const statement of file.program.body) {
      if (statement.type !== 'ExportAllDeclaration' || statement.exported !== null || name === 'default') continue;
      const target = this.#input.resolveImport(path, statement.source.value);
      const value = target === undefined ? undefined : this.#exported(target, name, seen);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  /** The value of a top-level binding of a module: a declaration, or an import followed to its module. */
  #local(file: ProjectFile, name: string, seen: Set<string>): Bound | undefined {
    for (const statement of file.program.body) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      if (declaration === null || declaration === undefined) continue;
      const value = declared(declaration, name);
      if (value !== undefined) return { node: value, ctx: file.context };
      if (declaration.type === 'ImportDeclaration') {
        for (const spec of declaration.specifiers) {
          if (spec.local.name !== name || spec.type === 'ImportNamespaceSpecifier') continue;
          const imported = spec.type === 'ImportDefaultSpecifier' ? 'default' : nameOfModuleName(spec.imported);
          const target = this.#input.resolveImport(file.path, declaration.source.value);
          return target === undefined ? undefined : this.#exported(target, imported, seen);
        }
      }
    }
    return undefined;
  }

  /**
   * Every use of a function, across the files of the run: in its own module, and in each module that imports it by
   * name. 'unknown' when a use cannot be seen: the function is not named by a top-level binding, a module imports it
   * as a namespace or re-exports it, an importer is outside the run, or the module is a published package's entry.
   */
  readonly #uses: FunctionUses = (fn, ctx) => {
    const id = nameOf(fn);
    const path = this.#pathOfContext(ctx);
    const file = path === undefined ? undefined : this.file(path);
    if (id === undefined || path === undefined || file === undefined) return 'unknown';
    const variable = findTopLevel(ctx, file.program, id.name);
    if (variable === undefined || variable.defs.length !== 1) return 'unknown';
    const uses: TSESTree.Node[] = [];
    for (const ref of variable.references) {
      const node = ref.identifier as TSESTree.Node;
      if (ref.init === true || node === id) continue;
      if (node.parent?.type === 'ExportSpecifier') continue;
      uses.push(node);
    }
    const names = exportedNames(file.program, id.name, fn);
    if (names.length === 0) return uses;
    // A default export is imported under any name: its uses cannot be told by a name.
    if (names.includes('default')) return 'unknown';
    const examined = new Set<string>([path]);
    const imported = this.#importedUses(path, names, new Set(), examined);
    if (imported === 'unknown') return 'unknown';
    // A file the import search did not confirm (outside every tsconfig, an import the search's text tokens miss, a
    // component file) that names the function may call it: its uses cannot all be seen.
    // A member (`routes.assignApp`) or a key (`assignApp: ...`) of the same name is another thing.
    const named = new RegExp(`(?<![.\\w$])(?:${names.map((name) => name.replace(/[$]/g, '\\$&')).join('|')})\\b(?!\\s*:(?!:))`);
    const others = [...this.#scope, ...(this.#input.foreignFiles ?? [])];
    if (others.some((other) => !examined.has(other) && named.test(this.#input.readText(other) ?? ''))) return 'unknown';
    return [...uses, ...imported];
  };

  /** The uses, in the modules that import `path` (and those that import a module re-exporting it), of its `names`. */
  #importedUses(path: string, names: readonly string[], seen: Set<string>, examined: Set<string>): TSESTree.Node[] | 'unknown' {
    if (seen.has(path) || seen.size > 32) return seen.has(path) ? [] : 'unknown';
    seen.add(path);
    if (inPublishedPackage(path)) return 'unknown';
    const uses: TSESTree.Node[] = [];
    for (const importer of this.#input.importersOf(path)) {
      if (!this.#scope.has(importer)) return 'unknown';
      examined.add(importer);
      const other = this.file(importer);
      if (other === undefined) return 'unknown';
      const found = importedUses(other, path, names, (specifier) => this.#input.resolveImport(importer, specifier));
      if (found === 'unknown') return 'unknown';
      uses.push(...found.uses);
      // `export { assignApp } from './assign.js'` in a package's index: the index's importers use it too.
      if (found.reexported.length > 0) {
        const further = this.#importedUses(importer, found.reexported, seen, examined);
        if (further === 'unknown') return 'unknown';
        uses.push(...further);
      }
    }
    return uses;
  }
}

/** A test file by the names test runners look for: `*.test.ts`, `*.spec.js`, anything under `__tests__/`. */
function isTestFile(path: string): boolean {
  return /\.(?:test|spec)\.[cm]?[jt]sx?$/.test(path) || path.split(sep).includes('__tests__');
}

/** The modules a file imports: static imports and re-exports (not type-only ones), `import()` and `require` of a literal. */
function importSpecifiers(file: ProjectFile): string[] {
  const found: string[] = [];
  for (const statement of file.program.body) {
    if (statement.type === 'ImportDeclaration' && statement.importKind !== 'type') found.push(statement.source.value);
    if ((statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportAllDeclaration') && statement.source != null &&
      statement.exportKind !== 'type') found.push(statement.source.value);
  }
  for (const match of file.text.matchAll(/\b(?:import|require)\s*\(\s*(['"`])([^'"`]+)\1/g)) found.push(match[2]!);
  return found;
}

/** The functions a finding's request is sent from: the followed ones, and the one that holds the call itself. */
function sendingFunctions(finding: Finding): { fn: TSESTree.FunctionLike; ctx: SourceContext }[] {
  const found = finding.call.via.map((step) => ({ fn: step.fn, ctx: step.ctx }));
  for (let node: TSESTree.Node | undefined = finding.call.node.parent; node != null; node = node.parent) {
    if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') {
      found.push({ fn: node, ctx: finding.call.ctx });
    }
  }
  return found;
}

function exportsAnything(program: TSESTree.Program): boolean {
  return program.body.some((statement) => statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ||
    statement.type === 'ExportAllDeclaration');
}

/** Whether other modules can reach a function: it sits in an exported top-level declaration (a function, a class, a const). */
function exportedFromModule({ fn }: { fn: TSESTree.FunctionLike }): boolean {
  let top: TSESTree.Node = fn;
  while (top.parent != null && top.parent.type !== 'Program') top = top.parent;
  if (top.type === 'ExportNamedDeclaration' || top.type === 'ExportDefaultDeclaration') return true;
  const program = top.parent;
  if (program?.type !== 'Program') return false;
  const names = declaredNames(top);
  return program.body.some((statement) => statement.type === 'ExportNamedDeclaration' && statement.source == null &&
    statement.specifiers.some((spec) => names.includes(nameOfModuleName(spec.local))));
}

function declaredNames(node: TSESTree.Node): string[] {
  if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id !== null) return [node.id.name];
  if (node.type === 'VariableDeclaration') {
    return node.declarations.flatMap((d) => (d.id.type === 'Identifier' ? [d.id.name] : []));
  }
  return [];
}

/** The value a top-level declaration gives a name: a function, a class, a const's initializer; or a type or enum. */
function declared(node: TSESTree.Node, name: string): TSESTree.Node | undefined {
  if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id?.name === name) return node;
  if ((node.type === 'TSInterfaceDeclaration' || node.type === 'TSTypeAliasDeclaration' || node.type === 'TSEnumDeclaration') &&
    node.id.name === name) {
    return node;
  }
  if (node.type === 'VariableDeclaration' && node.kind === 'const') {
    for (const declarator of node.declarations) {
      if (declarator.id.type === 'Identifier' && declarator.id.name === name && declarator.init !== null) return declarator.init;
    }
  }
  return undefined;
}

function nameOfModuleName(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

/** The top-level binding of a module that has this name. */
function findTopLevel(ctx: SourceContext, program: TSESTree.Program, name: string) {
  const first = program.body[0];
  if (first === undefined) return undefined;
  for (let scope: ReturnType<SourceContext['getScope']> | null = ctx.getScope(first); scope !== null; scope = scope.upper) {
    const variable = scope.set.get(name);
    if (variable !== undefined && variable.defs.length > 0) return variable;
  }
  return undefined;
}

/** The names under which a module exports its top-level binding `local` (`default` included). */
function exportedNames(program: TSESTree.Program, local: string, fn: TSESTree.FunctionLike): string[] {
  const names: string[] = [];
  for (const statement of program.body) {
    if (statement.type === 'ExportNamedDeclaration') {
      if (statement.declaration != null && declaredNames(statement.declaration).includes(local)) names.push(local);
      if (statement.source == null) {
        for (const spec of statement.specifiers) if (nameOfModuleName(spec.local) === local) names.push(nameOfModuleName(spec.exported));
      }
    }
    if (statement.type === 'ExportDefaultDeclaration') {
      const declaration = statement.declaration;
      if (declaration === fn || (declaration.type === 'Identifier' && declaration.name === local) ||
        ((declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') && declaration.id?.name === local)) {
        names.push('default');
      }
    }
  }
  return names;
}

/** The identifiers of a module that use the names it imports from `target`; 'unknown' for a use that cannot be followed. */
function importedUses(
  file: ProjectFile,
  target: string,
  names: readonly string[],
  resolve: (specifier: string) => string | undefined,
): { uses: TSESTree.Node[]; reexported: string[] } | 'unknown' {
  const uses: TSESTree.Node[] = [];
  const reexported: string[] = [];
  let imports = false;
  // `import('./api.js')`, `require('./api')`, `import api = require('./api')`: a use that no name shows.
  for (const match of file.text.matchAll(/\b(?:import|require)\s*\(\s*(['"`])([^'"`]+)\1/g)) {
    if (resolve(match[2]!) === target) return 'unknown';
  }
  for (const statement of file.program.body) {
    const source = statement.type === 'ImportDeclaration' || statement.type === 'ExportAllDeclaration' ||
      (statement.type === 'ExportNamedDeclaration' && statement.source != null)
      ? statement.source.value
      : undefined;
    if (source === undefined || resolve(source) !== target) continue;
    imports = true;
    if (statement.type === 'ExportAllDeclaration') {
      if (statement.exported !== null) return 'unknown';
      reexported.push(...names.filter((name) => name !== 'default'));
      continue;
    }
    if (statement.type === 'ExportNamedDeclaration') {
      for (const spec of statement.specifiers) {
        if (names.includes(nameOfModuleName(spec.local))) reexported.push(nameOfModuleName(spec.exported));
      }
      continue;
    }
    if (statement.type !== 'ImportDeclaration') continue;
    for (const spec of statement.specifiers) {
      if (spec.type === 'ImportNamespaceSpecifier') return 'unknown';
      const imported = spec.type === 'ImportDefaultSpecifier' ? 'default' : nameOfModuleName(spec.imported);
      if (!names.includes(imported)) continue;
      const variable = findTopLevel(file.context, file.program, spec.local.name);
      if (variable === undefined) return 'unknown';
      for (const ref of variable.references) {
        const node = ref.identifier as TSESTree.Node;
        if (node.parent?.type === 'ExportSpecifier') return 'unknown';
        uses.push(node);
      }
    }
  }
  // A `require`, a dynamic `import()` or a type-only mention: the text named the module, but no import was read.
  return imports ? { uses, reexported } : 'unknown';
}

/** Whether a file belongs to a package that others install (not private, with an entry): its callers are not all here. */
function inPublishedPackage(path: string): boolean {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { private?: boolean; main?: unknown; exports?: unknown; module?: unknown };
        return pkg.private !== true && (pkg.main !== undefined || pkg.exports !== undefined || pkg.module !== undefined);
      } catch {
        return true;
      }
    }
    if (dirname(dir) === dir) return false;
  }
}
