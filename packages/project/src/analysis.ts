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
import {
  type AnalysisOptions,
  type Bound,
  type DeclarationUses,
  type Finding,
  type ContextOf,
  endpointUses,
  type FunctionUses,
  declared,
  declaresOwnOnly,
  findingsInRounds,
  topLevelDeclarations,
  importedUses,
  inPublishedPackage,
  mayContainAssignCall,
  mayUseNames,
  moduleSpellsAll,
  nameOf,
  namePattern,
  PAGE_FILE,
  ownUses,
  nameOfModuleName,
  type ModuleFound,
  type ProjectFacts,
  placeOfUseIn,
  settleTypedBodies,
  settleWrappers,
  type SourceContext,
  specifierFor,
  type UnreadUse,
  unreadNaming,
  type RunnerSetup,
  runnerSetupIn,
  type UnreadSetup,
} from '@app-assignment/core';
import { markupNames } from '@app-assignment/core/components';
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
   * Files the analysis does not parse but that may call the program's functions (Vue, Svelte, Astro components; HTML
   * pages and MDX documents, whose module scripts and imports run the program's code): a wrapper named in one of them
   * has uses it cannot see, and a page or document that names it is named in the reason.
   */
  readonly foreignFiles?: readonly string[];
  /** The config whose program holds a file (undefined: none does): a module of another program cannot be imported alone. */
  configOf?(file: string): string | undefined;
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

/** A call of a function that loads a module past the imports (see core's LOADERS). */
const LOADER_CALL = /\b((?:vi\.|jest\.)?(?:importActual|requireActual|importMock|requireMock)|createRequire)\s*[(<]/;

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
      filesMatching: (pattern) => this.#filesMatching(pattern),
      textsMatching: (pattern) => this.#textsMatching(pattern),
      modulesWith: (words, from) => this.#modulesWith(words, from),
      installable: (file) => inPublishedPackage(join(this.#input.root, ...file.split('/'))),
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
    this.#matching.clear();
    this.#texts.clear();
    const scope = this.#scope;
    const raw = findingsInRounds({
      candidates: files.filter((file) => {
        const text = this.#input.readText(file);
        return text !== undefined && mayContainAssignCall(text, this.#input.options);
      }),
      file: (path) => this.file(path),
      importersOf: (path) => this.#input.importersOf(path),
      mayJoin: (path) => scope.has(path),
      pathOf: (ctx) => this.#pathOfContext(ctx),
      readText: (path) => this.#input.readText(path),
      resolveImport: (from, specifier) => this.#input.resolveImport(from, specifier),
      // A tree too deep for the analysis's recursive walks is that file's error; the other files go on.
      onStackOverflow: (path, error) => this.#errors.set(path, error),
    });

    const all = [...raw.values()].flat();
    // A body typed by another module's old body type goes with every other use of that type; wrappers as always.
    const settled = settleTypedBodies(all, this.#typeUses, (findings) => settleWrappers(findings, this.#uses), this.#placeOfUse);
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
    const importing = isTestFile(path) ? { tests: [path], loadedByRunner: false, servesApp: false } : this.#testsImporting(path);
    // Handlers the app's own worker serves too (`setupWorker(...handlers)` of msw/browser, started in development):
    // they stand for every call of the app, whichever test reaches it.
    if (importing.servesApp) return new Set(this.#scope);
    // A module the runner loads (a setup file, or one it imports) shows its mocks to every test of the run.
    let tests = importing.tests;
    if (tests.length === 0 || importing.loadedByRunner) tests = [...new Set([...tests, ...[...this.#scope].filter(isTestFile)])];
    if (tests.length === 0) return 'unknown';
    const reached = new Set<string>();
    for (const from of new Set([path, ...tests])) {
      const files = this.#reachable(from);
      if (files === 'unknown') return 'unknown';
      for (const file of files) reached.add(file);
    }
    return reached;
  }

  readonly #reach = new Map<string, { readonly files: ReadonlySet<string>; readonly complete: boolean; readonly loader?: string }>();

  /** The file and every module of the program it imports, transitively; 'unknown' when some cannot be read. */
  #reachable(start: string): ReadonlySet<string> | 'unknown' {
    const reach = this.#walk(start);
    return reach.complete ? reach.files : 'unknown';
  }

  /**
   * The modules of the run a file imports, transitively, as far as they can be read: `complete` when nothing on the
   * way is outside the run or loaded past its imports (`loader` names the first file that does that).
   */
  #walk(start: string): { readonly files: ReadonlySet<string>; readonly complete: boolean; readonly loader?: string } {
    const known = this.#reach.get(start);
    if (known !== undefined) return known;
    const seen = new Set<string>([start]);
    let complete = true;
    let loader: string | undefined;
    for (const queue = [start]; queue.length > 0;) {
      const file = this.file(queue.pop()!);
      if (file === undefined) {
        complete = false;
        continue;
      }
      // A module loaded past its imports (`vi.importActual(...)`) brings calls the import graph does not show.
      const loads = LOADER_CALL.exec(file.text);
      if (loads !== null) {
        complete = false;
        loader ??= `${loads[1]} in ${file.id}`;
      }
      for (const specifier of importSpecifiers(file)) {
        const target = this.#input.resolveImport(file.path, specifier);
        // A package's module, a declaration file or data: no call of the program.
        if (target === undefined || target.split(sep).includes('node_modules') || !/\.[cm]?[jt]sx?$/.test(target) || /\.d\.[cm]?ts$/.test(target)) continue;
        if (!this.#scope.has(target)) {
          complete = false;
          continue;
        }
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
    const result = { files: seen, complete, ...(loader === undefined ? {} : { loader }) };
    this.#reach.set(start, result);
    return result;
  }

  /**
   * Where `mockReach` is 'unknown': the files a mock's tests certainly reach (their calls are stood for, whatever the
   * rest adds), and the loader that hides the rest when one does (`vi.importActual in test/a.test.ts`; absent when a
   * module on the way is outside the run). Undefined when the reach is known, or nothing of it is.
   */
  mockReachKnown(path: string): { readonly files: ReadonlySet<string>; readonly loader?: string } | undefined {
    if (this.mockReach(path) !== 'unknown') return undefined;
    const importing = isTestFile(path) ? { tests: [path], loadedByRunner: false, servesApp: false } : this.#testsImporting(path);
    let tests = importing.tests;
    if (tests.length === 0 || importing.loadedByRunner) tests = [...new Set([...tests, ...[...this.#scope].filter(isTestFile)])];
    if (tests.length === 0) return undefined;
    const files = new Set<string>();
    let loader: string | undefined;
    let outside = false;
    for (const from of new Set([path, ...tests])) {
      const reach = this.#walk(from);
      for (const file of reach.files) files.add(file);
      if (!reach.complete && reach.loader === undefined) outside = true;
      loader ??= reach.loader;
    }
    return { files, ...(loader === undefined || outside ? {} : { loader }) };
  }

  /**
   * The test files that import `path`, directly or through other modules of the run; whether a module on the way
   * that is no test is imported by nothing of the run (a setup file the test runner loads for every test); and whether
   * `path` or a module on the way starts msw's browser worker (its handlers then serve the app itself).
   */
  #testsImporting(path: string): { tests: string[]; loadedByRunner: boolean; servesApp: boolean } {
    const tests: string[] = [];
    const seen = new Set<string>([path]);
    let loadedByRunner = false;
    let servesApp = false;
    for (const queue = [path]; queue.length > 0;) {
      const module = queue.pop()!;
      if (BROWSER_WORKER.test(this.#input.readText(module) ?? '')) servesApp = true;
      // A module the runner's config loads before every test (`setupFiles`), whoever else imports it.
      if (this.#isRunnerSetup(module)) loadedByRunner = true;
      const importers = this.#input.importersOf(module).filter((importer) => this.#scope.has(importer));
      if (module !== path && importers.length === 0) loadedByRunner = true;
      for (const importer of importers) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        if (isTestFile(importer)) tests.push(importer);
        else queue.push(importer);
      }
    }
    return { tests, loadedByRunner, servesApp };
  }

  /**
   * The modules of the run that a test runner's config above `path` loads before its tests (`setupFiles`,
   * `setupFilesAfterEnv`), and every module of the run they import: the mocks they install answer before a test's own.
   */
  runnerSetupReach(path: string): ReadonlySet<string> {
    const found = new Set<string>();
    for (let dir = dirname(path); ; dir = dirname(dir)) {
      for (const setup of this.#setupFilesIn(dir)) {
        if (this.#scope.has(setup)) for (const file of this.#walk(setup).files) found.add(file);
      }
      if (dir === this.#input.root || dirname(dir) === dir || !dir.startsWith(this.#input.root)) return found;
    }
  }

  /**
   * A `setupFiles` value of a test runner's config above `path` that cannot be read (`setupFiles: makeList()`): the
   * modules it loads before the tests are then unknown, and may install any mock. Undefined when every list is read.
   */
  runnerSetupUnread(path: string): UnreadSetup | undefined {
    for (let dir = dirname(path); ; dir = dirname(dir)) {
      const unread = this.#setupIn(dir).unread;
      if (unread !== undefined) return unread;
      if (dir === this.#input.root || dirname(dir) === dir || !dir.startsWith(this.#input.root)) return undefined;
    }
  }

  readonly #setupFiles = new Map<string, RunnerSetup>();

  /**
   * Whether a test runner's config in a folder above the file (`vitest.config.*`, `vite.config.*`, `jest.config.*`,
   * package.json's `jest`) lists it in `setupFiles` or `setupFilesAfterEnv`: it runs before every test of that config.
   */
  #isRunnerSetup(path: string): boolean {
    for (let dir = dirname(path); ; dir = dirname(dir)) {
      if (this.#setupFilesIn(dir).has(path)) return true;
      if (dir === this.#input.root || dirname(dir) === dir || !dir.startsWith(this.#input.root)) return false;
    }
  }

  #setupFilesIn(dir: string): ReadonlySet<string> {
    return this.#setupIn(dir).files;
  }

  #setupIn(dir: string): RunnerSetup {
    const known = this.#setupFiles.get(dir);
    if (known !== undefined) return known;
    const found = runnerSetupIn(dir, (file) => this.#input.readText(file));
    this.#setupFiles.set(dir, found);
    return found;
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

  readonly #texts = new Map<string, readonly string[]>();

  /** The texts of the run's files that match, not parsed; searched once per pattern and run. */
  #textsMatching(pattern: RegExp): readonly string[] {
    const key = `${pattern.source}/${pattern.flags}`;
    let found = this.#texts.get(key);
    if (found === undefined) {
      found = [...this.#scope].flatMap((file) => {
        const text = this.#input.readText(file);
        return text !== undefined && pattern.test(text) ? [text] : [];
      });
      this.#texts.set(key, found);
    }
    return found;
  }

  readonly #matching = new Map<string, readonly { program: TSESTree.Program; ctx: SourceContext }[]>();

  /** The files of the run whose text matches, parsed (client setup is read in them once per run). */
  #filesMatching(pattern: RegExp): readonly { program: TSESTree.Program; ctx: SourceContext }[] {
    const key = `${pattern.source}/${pattern.flags}`;
    let found = this.#matching.get(key);
    if (found === undefined) {
      found = [...this.#scope].sort().flatMap((path) => {
        if (!pattern.test(this.#input.readText(path) ?? '')) return [];
        const file = this.file(path);
        return file === undefined ? [] : [{ program: file.program, ctx: file.context }];
      });
      this.#matching.set(key, found);
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
    // An RTK Query endpoint's query function: its uses are the triggers of the endpoint, read through the api.
    const endpoint = endpointUses(fn, ctx, (declaration, id, at) => this.#usesOf(declaration, id, at), this.#contextOf);
    if (endpoint !== undefined) return endpoint;
    const id = nameOf(fn);
    return id === undefined ? 'unknown' : this.#usesOf(fn, id, ctx);
  };

  /**
   * Every use of a type declared at the top of a module, across the files of the run (see #usesOf); 'unknown' when its
   * module is not among them, since the run could not rewrite it.
   */
  readonly #typeUses: DeclarationUses = (declaration, ctx) => {
    const path = this.#pathOfContext(ctx);
    if (path === undefined || !this.#scope.has(path)) return 'unknown';
    const found = this.#usesOf(declaration, declaration.id, ctx);
    return found === 'unknown' || Array.isArray(found) ? found as readonly TSESTree.Node[] | 'unknown' : 'unknown';
  };

  /** The context of the parsed file whose tree holds a node. */
  readonly #contextOf: ContextOf = (node) => {
    let root: TSESTree.Node = node;
    while (root.parent != null) root = root.parent;
    for (const file of this.#files.values()) if (file !== null && file.program === root) return file.context;
    return undefined;
  };

  /** Where a node of a parsed file is, as a TODO names it: the file's id and the line. */
  readonly #placeOfUse = placeOfUseIn(() => [...this.#files.values()].flatMap((file) => (file === null ? [] : [file])));

  /** The uses of a module's top-level binding `id` (a function's or a type's), here and in the modules that import it. */
  #usesOf(declaration: TSESTree.Node, id: TSESTree.Identifier, ctx: SourceContext): readonly TSESTree.Node[] | 'unknown' | UnreadUse {
    const path = this.#pathOfContext(ctx);
    const file = path === undefined ? undefined : this.file(path);
    if (path === undefined || file === undefined) return 'unknown';
    const own = ownUses(declaration, id, ctx, file.program);
    if (own === 'unknown') return 'unknown';
    const { uses, names } = own;
    // A component's markup calls its script's functions where no tree shows it.
    if (markupNames(file.text, path, [id.name, ...names])) return 'unknown';
    if (names.length === 0) return uses;
    // A default export is imported under any name: its uses cannot be told by a name.
    if (names.includes('default')) return 'unknown';
    const examined = new Set<string>([path]);
    const reexported = new Set<string>();
    const imported = this.#importedUses(path, names, new Set(), examined, reexported);
    if (imported === 'unknown') return 'unknown';
    // A file the import search did not confirm (outside every tsconfig, an import the search's text tokens miss, a
    // component file, a page) that names the function, by its own names or one an index re-exports it as, may call it:
    // its uses cannot all be seen.
    const all = [...new Set([...names, ...reexported])];
    const named = namePattern(all.filter((name) => name !== 'default'));
    const naming = [...this.#scope].filter((other) => !examined.has(other) && named.test(this.#input.readText(other) ?? '') && !this.#namesOwnOnly(other, all, path));
    const pages = (this.#input.foreignFiles ?? []).flatMap((other) => {
      const at = examined.has(other) ? undefined : unreadNaming(other, this.#input.readText(other) ?? '', all);
      return at === undefined ? [] : [{ other, at }];
    });
    // A page or document (an HTML page's module script, an MDX page, a server template) is named with its place: a
    // TODO can say where.
    const page = pages.find(({ other }) => PAGE_FILE.test(other));
    if (naming.length === 0 && page !== undefined && pages.every(({ other }) => PAGE_FILE.test(other))) {
      const text = this.#input.readText(page.other) ?? '';
      const line = text.slice(0, page.at).split('\n').length;
      return { unreadAt: `${relative(this.#input.root, page.other).split(sep).join('/')}:${line}` };
    }
    if (naming.length > 0 || pages.length > 0) return 'unknown';
    return [...uses, ...imported];
  }

  /**
   * Whether a module that spells `names` (exports of `declaring`) only names declarations of its own or of other
   * modules (`declaresOwnOnly`): each package of a monorepo with its own `AssignBody` and `assignApp`. A component
   * file's markup may name anything: never.
   */
  #namesOwnOnly(path: string, names: readonly string[], declaring: string): boolean {
    if (COMPONENT_FILE.test(path)) return false;
    const file = this.file(path);
    // An import of the name from a module of the run that declares it itself binds that module's.
    const importsOwn = (source: string, name: string) => {
      const target = this.#input.resolveImport(path, source);
      if (target === undefined || target === declaring || !this.#scope.has(target) || COMPONENT_FILE.test(target)) return false;
      const module = this.file(target);
      return module !== undefined && topLevelDeclarations(module.program).has(name);
    };
    return file !== undefined && declaresOwnOnly(file.program, file.text, names, importsOwn);
  }

  /**
   * The modules of the run that spell every word, each with the specifier the file of `from` would import it by: the
   * path relative to that file, written as the file writes its other relative imports (with `.js`, `.ts`, or no
   * extension), and only if the compiler resolves it back to the module.
   */
  #modulesWith(words: readonly string[], from: SourceContext): ModuleFound[] {
    const fromPath = this.#pathOfContext(from);
    const fromFile = fromPath === undefined ? undefined : this.file(fromPath);
    if (fromPath === undefined || fromFile === undefined) return [];
    const written = fromFile.program.body.flatMap((statement) => (statement.type === 'ImportDeclaration' ? [statement.source.value] : []));
    const found: ModuleFound[] = [];
    for (const path of [...this.#scope].sort()) {
      if (path === fromPath || !moduleSpellsAll(this.#input.readText(path) ?? '', words, path)) continue;
      // Only a module of the same program: another one may sit outside its rootDir or include.
      if (this.#input.configOf !== undefined && (this.#input.configOf(path) === undefined || this.#input.configOf(path) !== this.#input.configOf(fromPath))) continue;
      const file = this.file(path);
      const specifier = specifierFor(fromPath, path, written, (candidate) => this.#input.resolveImport(fromPath, candidate));
      if (file !== undefined && specifier !== undefined) found.push({ specifier, program: file.program, ctx: file.context });
    }
    return found;
  }

  /** The uses, in the modules that import `path` (and those that import a module re-exporting it), of its `names`. */
  #importedUses(path: string, names: readonly string[], seen: Set<string>, examined: Set<string>, reexported: Set<string>): TSESTree.Node[] | 'unknown' {
    if (seen.has(path) || seen.size > 32) return seen.has(path) ? [] : 'unknown';
    seen.add(path);
    if (inPublishedPackage(path)) return 'unknown';
    const uses: TSESTree.Node[] = [];
    for (const importer of this.#input.importersOf(path)) {
      if (!this.#scope.has(importer)) return 'unknown';
      examined.add(importer);
      // An importer that spells none of the names and imports nothing as a whole takes other names: no parse.
      if (!mayUseNames(this.#input.readText(importer) ?? '', names)) continue;
      const other = this.file(importer);
      if (other === undefined || markupNames(other.text, importer, names) || jsdocNames(other.text, names)) return 'unknown';
      const found = importedUses(other, path, names, (specifier) => this.#input.resolveImport(importer, specifier));
      if (found === 'unknown') return 'unknown';
      uses.push(...found.uses);
      // `export { assignApp } from './assign.js'` in a package's index: the index's importers use it too.
      if (found.reexported.length > 0) {
        for (const name of found.reexported) reexported.add(name);
        const further = this.#importedUses(importer, found.reexported, seen, examined, reexported);
        if (further === 'unknown') return 'unknown';
        uses.push(...further);
      }
    }
    return uses;
  }
}

/** A component file (Vue, Svelte, Astro): its markup names what no syntax tree of its script shows. */
const COMPONENT_FILE = /\.(?:vue|svelte|astro)$/;

/** A test file by the names test runners look for: `*.test.ts`, `*.spec.js`, anything under `__tests__/`. */
/** A module that starts msw's browser worker: its handlers answer the app itself. */
const BROWSER_WORKER = /\bfrom\s*['"]msw\/browser['"][\s\S]*\bsetupWorker\s*\(|\bsetupWorker\s*\([\s\S]*\bfrom\s*['"]msw\/browser['"]/;


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


/**
 * Whether a JSDoc comment of a file names one of `names` as a type (`@import { AssignBody } from './assign'`,
 * `@param {AssignBody} body`, `import('./assign').AssignBody`): a checked JavaScript file uses a type there, where no
 * import statement shows it, so a rewrite of the type must count that use.
 */
function jsdocNames(text: string, names: readonly string[]): boolean {
  if (!text.includes('/**')) return false;
  const word = new RegExp(`(?<![\\w$])(?:${names.map((name) => name.replace(/[$]/g, '\\$&')).join('|')})(?![\\w$])`);
  for (const comment of text.match(/\/\*\*[\s\S]*?\*\//g) ?? []) {
    // `{@link assignApp}` mentions a name; it uses nothing.
    for (const braces of comment.match(/\{[^{}]*\}/g) ?? []) if (!/^\{\s*@link/.test(braces) && word.test(braces)) return true;
  }
  return false;
}
