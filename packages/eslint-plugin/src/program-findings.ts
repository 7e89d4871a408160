/**
 * The deprecated calls of a whole TypeScript program, settled together as the codemod's project mode settles the
 * files of its run (`packages/project/src/analysis.ts`): the files that spell the route are analysed, the importers of
 * a module that carries the request join a few imports deep, and core's `settleWrappers` decides every wrapper group
 * over all their findings, with the uses of each function counted across the modules of the program.
 *
 * ESLint lints one file at a time; typed linting runs this once per program, so that a wrapper and its callers in other
 * files get the outcome, the reasons and the edits that `app-assignment migrate` gives them.
 */
import {
  type AnalysisOptions,
  type DeclarationUses,
  type Finding,
  endpointUses,
  type FunctionUses,
  findingsInRounds,
  importedUses,
  inPublishedPackage,
  mayContainAssignCall,
  mayUseNames,
  nameOf,
  namePattern,
  ownUses,
  PAGE_FILE,
  placeOfUseIn,
  settleTypedBodies,
  settleWrappers,
  type SourceContext,
  type UnreadUse,
  unreadNaming,
} from '@app-assignment/core';
import type { TSESTree } from '@typescript-eslint/utils';

/** Pages, documents and server templates that may run the program's code but are not read as code (see `filesOutside`). */
export const DOCUMENT = PAGE_FILE;

/** One file of the program, parsed with core's parser. */
export interface ProgramFile {
  readonly path: string;
  readonly text: string;
  readonly program: TSESTree.Program;
  readonly context: SourceContext;
}

/** What the settling needs of the program: its own files, their text and syntax, and the imports between them. */
export interface ProgramInput {
  /** Every file of the program that is its own (not a declaration file, not an installed package). */
  readonly files: readonly string[];
  /**
   * Whether the program's config includes a file (a root file), so that the file is linted with this program. Another
   * file of the program (a referenced package's source, reached through an import) is linted with another program,
   * which may not see the same callers: a function there, or an importer there, is a use this program cannot answer for.
   */
  isRoot(path: string): boolean;
  /**
   * Whether an importer may join the analysis: the text prefilter of typed linting (it spells the route, or imports a
   * few modules deep a module that does). A file it leaves out is one ESLint does not report on either; a use in it is
   * a use no finding accounts for.
   */
  mayJoin(path: string): boolean;
  /**
   * The source files on disk that the program does not hold (tests outside the config's `include`, components, HTML
   * pages and MDX documents): one that names a wrapper may call it, and no program here reads it.
   */
  filesOutside(): readonly string[];
  /** How a report names a file (relative to the working directory): a page that names a wrapper is named by it. */
  idOf(path: string): string;
  readOutside(path: string): string | undefined;
  textOf(path: string): string | undefined;
  /** The file parsed, with a context that answers imports; undefined when it cannot be parsed. */
  file(path: string): ProgramFile | undefined;
  /** The files of the program that import, export from, or require a file. */
  importersOf(path: string): readonly string[];
  /** The file an import specifier spelled in a file resolves to. */
  resolve(from: string, specifier: string): string | undefined;
  /** The file of a context (core names files by id). */
  pathOf(ctx: SourceContext): string | undefined;
  readonly options: AnalysisOptions;
}

/** The settled findings of the program, by file, each list in source order. */
export function settleProgram(input: ProgramInput): Map<string, Finding[]> {
  const scope = new Set(input.files);
  const raw = findingsInRounds({
    candidates: input.files.filter((file) => {
      const text = input.textOf(file);
      return text !== undefined && mayContainAssignCall(text, input.options);
    }),
    file: (path) => input.file(path),
    importersOf: (path) => input.importersOf(path),
    mayJoin: (path) => input.mayJoin(path),
    pathOf: (ctx) => input.pathOf(ctx),
    readText: (path) => input.textOf(path),
    resolveImport: (from, specifier) => input.resolve(from, specifier),
  });

  // A body typed by another module's old body type goes with every other use of that type; wrappers as always. A type
  // rewritten in a module that holds no call of the group is only reported: its edit has no file to be fixed with.
  const uses = usesAcross(input, scope);
  const typeUses: DeclarationUses = (declaration, ctx) => {
    const found = uses.of(declaration, declaration.id, ctx);
    return found === 'unknown' || Array.isArray(found) ? found as readonly TSESTree.Node[] | 'unknown' : 'unknown';
  };
  // Where a use of a type is: the file whose tree holds it, named as the findings name their files.
  const placeOfUse = placeOfUseIn(() => input.files.flatMap((path) => {
    const file = input.file(path);
    return file === undefined ? [] : [{ program: file.program, text: file.text, id: file.context.file ?? input.idOf(path) }];
  }));
  const settled = settleTypedBodies([...raw.values()].flat(), typeUses, (findings) => settleWrappers(findings, uses.functions), placeOfUse);
  const byFile = new Map<string, Finding[]>();
  for (const finding of settled) {
    const path = input.pathOf(finding.call.ctx);
    if (path === undefined) continue;
    const list = byFile.get(path) ?? [];
    list.push(finding);
    byFile.set(path, list);
  }
  for (const list of byFile.values()) list.sort((a, b) => a.call.node.range[0] - b.call.node.range[0]);
  return byFile;
}

/**
 * Every use of a function (or of a type) across the program: in its own module, and in each module that imports it by name. 'unknown'
 * when a use cannot be seen: the function is not named by a top-level binding, a module imports it as a namespace or
 * re-exports it under a default name, requires it, the module is a published package's entry, or the function or one
 * of its importers is linted with another program.
 */
function usesAcross(input: ProgramInput, scope: ReadonlySet<string>): {
  functions: FunctionUses;
  of: (declaration: TSESTree.Node, id: TSESTree.Identifier, ctx: SourceContext) => readonly TSESTree.Node[] | 'unknown' | UnreadUse;
} {
  const read = new Map<TSESTree.Node, SourceContext>();
  const importedUsesOf = (path: string, names: readonly string[], seen: Set<string>, examined: Set<string>, reexported: Set<string>): TSESTree.Node[] | 'unknown' => {
    if (seen.has(path) || seen.size > 32) return seen.has(path) ? [] : 'unknown';
    seen.add(path);
    if (inPublishedPackage(path)) return 'unknown';
    const uses: TSESTree.Node[] = [];
    for (const importer of input.importersOf(path)) {
      if (!scope.has(importer) || !input.isRoot(importer)) return 'unknown';
      examined.add(importer);
      // An importer that spells none of the names and imports nothing as a whole takes other names: no parse.
      if (!mayUseNames(input.textOf(importer) ?? '', names)) continue;
      const other = input.file(importer);
      if (other === undefined) return 'unknown';
      read.set(other.program, other.context);
      const found = importedUses(other, path, names, (specifier) => input.resolve(importer, specifier));
      if (found === 'unknown') return 'unknown';
      uses.push(...found.uses);
      // `export { assignApp } from './assign.js'` in a package's index: the index's importers use it too.
      if (found.reexported.length > 0) {
        for (const name of found.reexported) reexported.add(name);
        const further = importedUsesOf(importer, found.reexported, seen, examined, reexported);
        if (further === 'unknown') return 'unknown';
        uses.push(...further);
      }
    }
    return uses;
  };

  const of = (declaration: TSESTree.Node, id: TSESTree.Identifier, ctx: SourceContext): readonly TSESTree.Node[] | 'unknown' | UnreadUse => {
    const path = input.pathOf(ctx);
    const file = path === undefined ? undefined : input.file(path);
    if (path === undefined || file === undefined || !input.isRoot(path)) return 'unknown';
    read.set(file.program, file.context);
    const own = ownUses(declaration, id, ctx, file.program);
    if (own === 'unknown') return 'unknown';
    const { uses, names } = own;
    if (names.length === 0) return uses;
    // A default export is imported under any name: its uses cannot be told by a name.
    if (names.includes('default')) return 'unknown';
    const examined = new Set<string>([path]);
    const reexported = new Set<string>();
    const imported = importedUsesOf(path, names, new Set(), examined, reexported);
    if (imported === 'unknown') return 'unknown';
    // A file of the program that names the function (by its own names or one an index re-exports it as) but was not
    // confirmed as an importer may call it, and so may a file the program does not hold.
    const all = [...new Set([...names, ...reexported])];
    const named = namePattern(all.filter((name) => name !== 'default'));
    if ([...scope].some((other) => !examined.has(other) && named.test(input.textOf(other) ?? ''))) return 'unknown';
    const naming = input.filesOutside().flatMap((other) => {
      const at = unreadNaming(other, input.readOutside(other) ?? '', all);
      return at === undefined ? [] : [{ other, at }];
    });
    // A page or document (an HTML page's module script, an MDX page, a server template) is named with its place, as
    // project mode names it.
    const page = naming.find(({ other }) => DOCUMENT.test(other));
    if (page !== undefined && naming.every(({ other }) => DOCUMENT.test(other))) {
      const text = input.readOutside(page.other) ?? '';
      const line = text.slice(0, page.at).split('\n').length;
      return { unreadAt: `${input.idOf(page.other)}:${line}` } satisfies UnreadUse;
    }
    if (naming.length > 0) return 'unknown';
    return [...uses, ...imported];
  };
  // The context of a node's file, among the files whose uses were read (no other file is parsed for it).
  const contextOf = (node: TSESTree.Node): SourceContext | undefined => {
    let root: TSESTree.Node = node;
    while (root.parent != null) root = root.parent;
    return read.get(root);
  };
  return {
    functions: (fn, ctx) => {
      // An RTK Query endpoint's query function: its uses are the triggers of the endpoint, read through the api.
      const endpoint = endpointUses(fn, ctx, of, contextOf);
      if (endpoint !== undefined) return endpoint;
      const id = nameOf(fn);
      return id === undefined ? 'unknown' : of(fn, id, ctx);
    },
    of,
  };
}
