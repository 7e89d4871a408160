/**
 * Facts from other files for the rules that follow imports under typed linting: an import of the program's own modules is followed
 * through the type checker (aliases and re-exports resolved by it) to the declaration it names, and that declaration's
 * file is read with core's parser, so that core reads an imported instance, const, URL builder or wrapper as it reads
 * one of the file itself. One cache per TypeScript program: a lint run parses each such file once.
 *
 * The findings of the whole program are settled together once per program (`program-findings.ts`), as the codemod's
 * project mode settles its run: a wrapper is decided with every caller the program shows, in whatever file each is,
 * and the file being linted gets its sites with the outcome, reasons and edits that decision gives them.
 */
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import {
  type AnalysisOptions,
  analyzeMocks,
  bodyReaderBeforeTests,
  type AssignmentMode,
  type Bound,
  callersGoingWith,
  type Finding,
  inPublishedPackage,
  MAX_NESTING_DEPTH,
  mayContainAssignCall,
  mayContainMock,
  mayMentionRequest,
  mayContainReportQuery,
  moduleSpellsAll,
  nestingDepth,
  type ModuleFound,
  PAGE_FILE,
  type ProjectFacts,
  type SourceContext,
  specifierFor,
  type TextEdit,
  holdBack,
  keepCallsForMocks,
  type Reason,
  v3MockBeforeTests,
  writeGroups,
} from '@app-assignment/core';
import { type ParsedSource, parseSource } from '@app-assignment/core/parse';
import type { TSESTree } from '@typescript-eslint/utils';
import type * as TS from 'typescript';
import { DOCUMENT, type ProgramFile, settleProgram } from './program-findings.js';
import { type Applied, type Group, groupsOf, matchApplied, partKey, type Shift } from './planned-edits.js';

interface ProgramState {
  readonly parsed: Map<string, ProgramFile | null>;
  readonly reaches: Map<string, boolean>;
  readonly matches: Map<string, boolean>;
  /** Files read as they were before this run's own fixes reached them (see `planned-edits.ts`). */
  substitutions?: Map<string, Applied>;
  importers?: Map<string, string[]>;
  outside?: { readonly files: readonly string[]; readonly texts: Map<string, string | undefined> };
  sites?: Map<string, TypedSite[]>;
}

/**
 * By program, then by the analysis options the files are read with: a module parsed for one rule keeps that rule's
 * options (its routes and clients), so two rules with other options never share a parse.
 */
const states = new WeakMap<TS.Program, Map<string, ProgramState>>();

/**
 * The last parse of each file, by path: a fix makes a new program, whose other files are the same texts as before.
 * Only the syntax tree and scopes are kept; each program gives them its own context.
 */
const parses = new Map<string, { readonly text: string; readonly parsed: ParsedSource }>();

/**
 * What a program's analysis planned for each file: its text then, and the edits of each group that has a part in it.
 * A later program in which some of those parts were applied (by `eslint --fix`, file by file, or by a suggestion) is
 * read as the text they were planned on, so that the files not yet fixed get their part of the same decision.
 */
const planned = new Map<string, { readonly original: string; readonly parts: readonly (readonly TextEdit[])[] }>();

/** One deprecated call of the linted file, as the program's settled analysis reports it. */
export interface TypedSite {
  readonly finding: Finding;
  /** The call, in the linted text. */
  readonly range: readonly [number, number];
  /**
   * fix and review: this file's part of the rewrite of the call's group (every file of the group gets its own part
   * when it is linted); absent when no rewrite can be offered here.
   */
  readonly edits?: readonly TextEdit[];
  /** choose: the edits of each choice. */
  readonly choices?: readonly { readonly id: AssignmentMode; readonly edits: readonly TextEdit[] }[];
  /**
   * On the first site of the file whose group is exact: every edit of the file's exact groups, as one fix, so that
   * `eslint --fix` takes the file to its migrated text in one pass.
   */
  readonly fix?: readonly TextEdit[];
  /**
   * The files (ids) the call's group changes, when they are more than one: no fix and no suggestion is offered, since
   * ESLint would apply them one file at a time; `app-assignment migrate` over those files migrates the group whole.
   */
  readonly spans?: readonly string[];
  /** A wrapper's own request: how many calls of the wrapper go with it (core's `callersGoingWith`). */
  readonly withCallers?: number;
}

/** How many imports deep a file may reach the route to be read: a caller of a wrapper of a wrapper. */
const REACH_DEPTH = 3;

export interface TypedProject {
  readonly facts: ProjectFacts;
  /** The id core gives a file (relative to the working directory). */
  idOf(fileName: string): string;
  /**
   * Whether a file spells the route (the deprecated one, or the report query's), or imports (a few modules deep) a
   * module of the program that does.
   */
  mayReach(fileName: string, route?: 'assign' | 'report'): boolean;
  /**
   * The sites of a file, settled with the whole program; undefined when the program does not hold this text of the
   * file (the caller then analyses the file alone).
   */
  sitesOf(fileName: string, text: string): readonly TypedSite[] | undefined;
  /** Whether another file of the program imports, re-exports or requires this one. */
  isImported(fileName: string): boolean;
}

export function typedProject(program: TS.Program, cwd: string, options: AnalysisOptions): TypedProject {
  // The TypeScript that made the program: typed linting has it installed beside typescript-eslint.
  const ts = createRequire(import.meta.url)('typescript') as typeof TS;
  const checker = program.getTypeChecker();
  const byOptions = states.get(program) ?? new Map<string, ProgramState>();
  states.set(program, byOptions);
  const optionsKey = JSON.stringify(options);
  const state: ProgramState = byOptions.get(optionsKey) ?? { parsed: new Map(), reaches: new Map(), matches: new Map() };
  byOptions.set(optionsKey, state);
  const idOf = (fileName: string) => relative(cwd, fileName).split(sep).join('/');
  const pathOf = (id: string) => resolve(cwd, id);

  const ownSource = (fileName: string): TS.SourceFile | undefined => {
    const file = program.getSourceFile(fileName);
    return file === undefined || file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file) ? undefined : file;
  };

  const ownFiles = (): string[] => program.getSourceFiles().filter((file) => ownSource(file.fileName) !== undefined).map((file) => file.fileName);

  /** Files whose planned edits this program already holds, read as they were planned on. */
  const substitutions = (): Map<string, Applied> => {
    if (state.substitutions !== undefined) return state.substitutions;
    const found = new Map<string, Applied>();
    for (const [fileName, plan] of planned) {
      const source = ownSource(fileName);
      if (source === undefined || source.text === plan.original) continue;
      const applied = matchApplied(plan.original, plan.parts, source.text);
      if (applied !== undefined) found.set(fileName, applied);
    }
    state.substitutions = found;
    return found;
  };

  /** The text the analysis reads: the program's, or the text before this run's own edits reached it. */
  const textOf = (fileName: string): string | undefined => {
    const source = ownSource(fileName);
    if (source === undefined) return undefined;
    const applied = substitutions().get(fileName);
    return applied === undefined ? source.text : applied.original;
  };

  const parsed = (fileName: string): ProgramFile | undefined => {
    const known = state.parsed.get(fileName);
    if (known !== undefined) return known ?? undefined;
    const text = textOf(fileName);
    let result: ProgramFile | null = null;
    // A module nested deeper than the codemod parses is not read here either (the recursive walks are not given it).
    if (text !== undefined && nestingDepth(text, MAX_NESTING_DEPTH) <= MAX_NESTING_DEPTH) {
      try {
        const last = parses.get(fileName);
        const source = last !== undefined && last.text === text ? last.parsed : parseSource(text, fileName, options);
        parses.set(fileName, { text, parsed: source });
        result = { path: fileName, text, program: source.program, context: { ...source.context, options, file: idOf(fileName), project: facts } };
      } catch {
        result = null;
      }
    }
    state.parsed.set(fileName, result);
    return result ?? undefined;
  };

  /** The ESTree value of a declaration the checker found: a const's initializer, a function, a class, an enum. */
  const valueOf = (declaration: TS.Declaration): Bound | undefined => {
    const source = declaration.getSourceFile();
    const file = parsed(source.fileName);
    if (file === undefined) return undefined;
    const name = (declaration as { name?: TS.Node }).name;
    // A position in the program's text; the file may be read as it was before this run's edits.
    const shift = substitutions().get(source.fileName)?.shift;
    const at = original(shift, name === undefined ? declaration.getStart(source) : name.getStart(source));
    const exportAt = original(shift, declaration.getStart(source));
    if (at === undefined) return undefined;
    let found: TSESTree.Node | undefined;
    const visit = (node: unknown): void => {
      if (found !== undefined || node === null || typeof node !== 'object') return;
      if (Array.isArray(node)) {
        for (const item of node) visit(item);
        return;
      }
      const record = node as Record<string, unknown> & TSESTree.Node;
      if (typeof record.type !== 'string') return;
      if (record.type === 'VariableDeclarator' && record.id.range[0] === at && record.init !== null) {
        const declaration = record.parent;
        if (declaration?.type === 'VariableDeclaration' && declaration.kind === 'const') found = record.init;
        return;
      }
      if ((record.type === 'FunctionDeclaration' || record.type === 'ClassDeclaration' || record.type === 'TSInterfaceDeclaration' ||
        record.type === 'TSTypeAliasDeclaration' || record.type === 'TSEnumDeclaration') && record.id?.range[0] === at) {
        found = record;
        return;
      }
      // `const { useAssignMutation } = api`: the binding in the pattern, which names the member it takes (as project mode's
      // `declared` gives it).
      if (ts.isBindingElement(declaration) && record.type === 'Property' && record.value.type === 'Identifier' && record.value.range[0] === at &&
        record.parent?.type === 'ObjectPattern' && record.parent.parent?.type === 'VariableDeclarator' &&
        record.parent.parent.parent?.type === 'VariableDeclaration' && record.parent.parent.parent.kind === 'const') {
        found = record.value;
        return;
      }
      if (record.type === 'ExportDefaultDeclaration' && ts.isExportAssignment(declaration) && record.range[0] === exportAt) {
        found = record.declaration;
        return;
      }
      for (const key of Object.keys(record)) {
        if (key === 'parent' || key === 'loc' || key === 'range' || key === 'tokens' || key === 'comments') continue;
        visit(record[key]);
      }
    };
    visit(file.program.body);
    return found === undefined ? undefined : { node: found, ctx: file.context };
  };

  const matching = new Map<string, ReturnType<NonNullable<ProjectFacts['filesMatching']>>>();
  const texts = new Map<string, readonly string[]>();
  const facts: ProjectFacts = {
    installable: (file) => inPublishedPackage(join(cwd, ...file.split('/'))),
    anyFileMatches(pattern) {
      const key = `${pattern.source}/${pattern.flags}`;
      let found = state.matches.get(key);
      if (found === undefined) {
        found = ownFiles().some((file) => pattern.test(textOf(file) ?? ''));
        state.matches.set(key, found);
      }
      return found;
    },
    filesMatching(pattern) {
      const key = `${pattern.source}/${pattern.flags}`;
      let found = matching.get(key);
      if (found === undefined) {
        found = ownFiles().sort().flatMap((fileName) => {
          if (!pattern.test(textOf(fileName) ?? '')) return [];
          const file = parsed(fileName);
          return file === undefined ? [] : [{ program: file.program, ctx: file.context }];
        });
        matching.set(key, found);
      }
      return found;
    },
    textsMatching(pattern) {
      const key = `${pattern.source}/${pattern.flags}`;
      let found = texts.get(key);
      if (found === undefined) {
        found = ownFiles().flatMap((fileName) => {
          const text = textOf(fileName);
          return text !== undefined && pattern.test(text) ? [text] : [];
        });
        texts.set(key, found);
      }
      return found;
    },
    resolveImport(source, imported, from) {
      if (from.file === undefined) return undefined;
      const file = ownSource(pathOf(from.file));
      if (file === undefined) return undefined;
      for (const statement of file.statements) {
        if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== source) continue;
        const clause = statement.importClause;
        if (clause === undefined) continue;
        let name: TS.Identifier | undefined;
        if (imported === 'default') name = clause.name;
        else if (clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings)) {
          name = clause.namedBindings.elements.find((element) => (element.propertyName ?? element.name).text === imported)?.name;
        }
        if (name === undefined) continue;
        let symbol: TS.Symbol | undefined;
        try {
          symbol = checker.getSymbolAtLocation(name);
          if (symbol !== undefined && (symbol.flags & ts.SymbolFlags.Alias) !== 0) symbol = checker.getAliasedSymbol(symbol);
        } catch {
          // A checker whose program no longer matches the files (typescript-eslint's single-run mode in CI keeps one
          // program while `--fix` changes files) can fail inside TypeScript: the import is then not known here.
          return undefined;
        }
        const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
        return declaration === undefined ? undefined : valueOf(declaration);
      }
      // A name the file does not import yet (a v3 body type it may import): the module's export of that name.
      return exportOf(resolveFrom(pathOf(from.file), source), imported);
    },
    modulesWith(words, from) {
      const fromPath = from.file === undefined ? undefined : pathOf(from.file);
      const source = fromPath === undefined ? undefined : ownSource(fromPath);
      if (fromPath === undefined || source === undefined) return [];
      const written = source.statements.flatMap((statement) =>
        ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) ? [statement.moduleSpecifier.text] : []);
      const found: ModuleFound[] = [];
      for (const fileName of ownFiles().sort()) {
        if (fileName === fromPath || !moduleSpellsAll(textOf(fileName) ?? '', words, fileName)) continue;
        const file = parsed(fileName);
        const specifier = specifierFor(fromPath, fileName, written, (candidate) => resolveFrom(fromPath, candidate));
        if (file !== undefined && specifier !== undefined) found.push({ specifier, program: file.program, ctx: file.context });
      }
      return found;
    },
  };

  /** What a module of the program exports under a name, followed through aliases to its declaration. */
  const exportOf = (fileName: string | undefined, name: string): Bound | undefined => {
    const source = fileName === undefined ? undefined : ownSource(fileName);
    if (source === undefined) return undefined;
    try {
      const module = checker.getSymbolAtLocation(source);
      let symbol = module === undefined ? undefined : checker.getExportsOfModule(module).find((candidate) => candidate.name === name);
      if (symbol !== undefined && (symbol.flags & ts.SymbolFlags.Alias) !== 0) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
      return declaration === undefined ? undefined : valueOf(declaration);
    } catch {
      // A checker whose program no longer matches the files: the export is not known here.
      return undefined;
    }
  };

  const spells = { assign: (text: string) => mayContainAssignCall(text, options), report: mayContainReportQuery };

  const reaches = (fileName: string, depth: number, route: 'assign' | 'report'): boolean => {
    const key = `${route}\u0000${depth}\u0000${fileName}`;
    const known = state.reaches.get(key);
    if (known !== undefined) return known;
    state.reaches.set(key, false);
    const source = ownSource(fileName);
    let result = false;
    if (source !== undefined) {
      result = spells[route](textOf(fileName) ?? source.text);
      for (const statement of source.statements) {
        if (result || depth === 0) break;
        if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
        const specifier = statement.moduleSpecifier;
        if (specifier === undefined || !ts.isStringLiteral(specifier)) continue;
        const module = checker.getSymbolAtLocation(specifier)?.valueDeclaration;
        if (module !== undefined && ts.isSourceFile(module)) result = reaches(module.fileName, depth - 1, route);
      }
    }
    state.reaches.set(key, result);
    return result;
  };

  /** The file a module specifier spelled in a file resolves to: as the program resolved it, else as the compiler would. */
  const resolveFrom = (from: string, specifier: string): string | undefined => {
    const source = program.getSourceFile(from);
    if (source === undefined) return undefined;
    for (const statement of source.statements) {
      const literal = specifierOf(ts, statement);
      if (literal?.text !== specifier) continue;
      const module = checker.getSymbolAtLocation(literal)?.valueDeclaration;
      if (module !== undefined && ts.isSourceFile(module)) return module.fileName;
    }
    return ts.resolveModuleName(specifier, from, program.getCompilerOptions(), ts.sys).resolvedModule?.resolvedFileName;
  };

  /** Which files of the program import each file: static imports and re-exports, `require` and `import()`. */
  const importersOf = (fileName: string): readonly string[] => {
    if (state.importers === undefined) {
      const graph = new Map<string, string[]>();
      const add = (target: string | undefined, importer: string) => {
        if (target === undefined || target === importer || ownSource(target) === undefined) return;
        const list = graph.get(target) ?? [];
        if (!list.includes(importer)) list.push(importer);
        graph.set(target, list);
      };
      for (const importer of ownFiles()) {
        const source = program.getSourceFile(importer)!;
        for (const statement of source.statements) {
          const literal = specifierOf(ts, statement);
          const module = literal === undefined ? undefined : checker.getSymbolAtLocation(literal)?.valueDeclaration;
          add(module !== undefined && ts.isSourceFile(module) ? module.fileName : undefined, importer);
        }
        if (!/\b(?:import|require)\s*\(/.test(source.text)) continue;
        for (const match of source.text.matchAll(/\b(?:import|require)\s*\(\s*(['"`])([^'"`]+)\1/g)) add(resolveFrom(importer, match[2]!), importer);
      }
      state.importers = graph;
    }
    return state.importers.get(fileName) ?? [];
  };

  /** The source files under the working directory that the program does not hold; listed when a wrapper asks. */
  const outside = () => {
    state.outside ??= { files: sourceFilesUnder(cwd).filter((file) => program.getSourceFile(file) === undefined), texts: new Map() };
    return state.outside;
  };

  const readOutside = (path: string): string | undefined => {
    const { texts } = outside();
    if (!texts.has(path)) {
      let text: string | undefined;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        text = undefined;
      }
      texts.set(path, text);
    }
    return texts.get(path);
  };

  const fileOfContext = (ctx: SourceContext): string | undefined => (ctx.file === undefined ? undefined : pathOf(ctx.file));

  /**
   * Every file's sites, from the findings of the whole program settled together; undefined when the program was read
   * with planned parts taken back and the decision made on that text plans other parts (then it is read as it is).
   */
  const build = (): Map<string, TypedSite[]> | undefined => {
    const roots = new Set(program.getRootFileNames());
    const findings = keptForMocks(settleProgram({
      files: ownFiles(),
      isRoot: (path) => roots.has(path),
      mayJoin: (path) => reaches(path, REACH_DEPTH, 'assign'),
      filesOutside: () => outside().files,
      idOf,
      readOutside,
      textOf,
      file: parsed,
      importersOf,
      resolve: resolveFrom,
      pathOf: fileOfContext,
      options,
    }));
    const everything = [...findings.values()].flat();
    const groups = groupsOf(everything);
    // A group whose rewrite changes more than one file is never fixed or offered here: ESLint fixes a file at a time,
    // and `eslint --fix` on one file, a suggestion or a fix on save would leave the others half migrated.
    const spanning = new Map<Finding, readonly string[]>();
    // The tests' mocks that follow a call (rewritten with it by `migrate`) change with it too: a call whose file a
    // module with mocks of the request imports, directly or through others, goes with that module.
    const mocks = mockModules();
    for (const group of writeGroups([...findings.values()].flat())) {
      const withMocks = new Set(group.files);
      for (const id of group.files) for (const mock of mocks.standingFor(pathOf(id))) withMocks.add(idOf(mock));
      const files = [...withMocks].sort();
      if (files.length > 1) for (const member of group.members) spanning.set(member, files);
    }
    const groupOf = new Map<Finding, Group>();
    /** Each group's edits by file (planned-on offsets, without the file), when every such file holds a member. */
    const partsOf = new Map<Group, Map<string, TextEdit[]>>();
    for (const group of groups) {
      for (const member of group.members) groupOf.set(member, group);
      const byFile = new Map<string, TextEdit[]>();
      for (const edit of group.edits) {
        const path = edit.file === undefined ? undefined : pathOf(edit.file);
        if (path === undefined) continue;
        const { file: _file, ...local } = edit;
        byFile.set(path, [...(byFile.get(path) ?? []), local]);
      }
      // A file whose part no call of it carries could not be fixed when it is linted: the group is only reported.
      const memberFiles = new Set(group.members.map((member) => fileOfContext(member.call.ctx)));
      if ([...byFile.keys()].every((path) => memberFiles.has(path))) partsOf.set(group, byFile);
    }

    const substituted = substitutions();
    const partsByFile = new Map<string, TextEdit[][]>();
    for (const byFile of partsOf.values()) for (const [path, part] of byFile) partsByFile.set(path, [...(partsByFile.get(path) ?? []), part]);
    for (const [path, applied] of substituted) {
      const now = new Set((partsByFile.get(path) ?? []).map(partKey));
      if ([...applied.parts].some((key) => !now.has(key))) return undefined;
    }
    /** A group's part of a file that the file already holds, or a group all of whose parts are held. */
    const appliedIn = (group: Group, path: string): boolean => {
      const byFile = partsOf.get(group);
      if (byFile === undefined || byFile.size === 0) return false;
      const held = (file: string, part: readonly TextEdit[]) => substituted.get(file)?.parts.has(partKey(part)) === true;
      const own = byFile.get(path);
      return own !== undefined ? held(path, own) : [...byFile].every(([file, part]) => held(file, part));
    };

    const sites = new Map<string, TypedSite[]>();
    for (const [path, list] of findings) {
      const shift = substituted.get(path)?.shift;
      const current = (edits: readonly TextEdit[]): TextEdit[] | undefined => {
        const moved: TextEdit[] = [];
        for (const edit of edits) {
          const start = shift === undefined ? edit.range[0] : shift.toCurrent(edit.range[0]);
          const end = shift === undefined ? edit.range[1] : shift.toCurrent(edit.range[1]);
          if (start === undefined || end === undefined) return undefined;
          moved.push({ range: [start, end], text: edit.text });
        }
        return moved;
      };
      const out: TypedSite[] = [];
      let fix: TextEdit[] | undefined;
      let fixAt: number | undefined;
      for (const finding of list) {
        const group = groupOf.get(finding)!;
        if (appliedIn(group, path)) continue;
        const range = current([{ range: finding.call.node.range, text: '' }])?.[0]?.range;
        if (range === undefined) continue;
        const part = partsOf.get(group);
        const site: { -readonly [K in keyof TypedSite]: TypedSite[K] } = { finding, range };
        const spans = group.members.map((member) => spanning.get(member)).find((files) => files !== undefined);
        if (finding.call.caller !== true) {
          const count = callersGoingWith(finding, everything);
          if (count > 0) site.withCallers = count;
        }
        if (spans !== undefined && (finding.outcome === 'fix' || finding.outcome === 'review')) {
          site.spans = spans;
        } else if (finding.outcome === 'fix' || finding.outcome === 'review') {
          const edits = part === undefined ? undefined : current(part.get(path) ?? []);
          if (edits !== undefined) site.edits = edits;
          // A part that would overlap another in the one fix is left to its suggestion (ESLint refuses such a fix).
          const added = (edits ?? []).filter((edit) => !(fix ?? []).some((other) => other.range[0] === edit.range[0] && other.range[1] === edit.range[1] && other.text === edit.text));
          const clashes = added.some((edit) => (fix ?? []).some((other) => edit.range[0] < other.range[1] && other.range[0] < edit.range[1]));
          if (group.exact && edits !== undefined && edits.length > 0 && !clashes) {
            fix = [...(fix ?? []), ...added];
            fixAt ??= out.length;
          }
        } else if (finding.outcome === 'choose') {
          const choices = (finding.choices ?? []).map((choice) => ({
            id: choice.id,
            edits: choice.edits.every((edit) => edit.file === undefined || pathOf(edit.file) === path) ? current(choice.edits) : undefined,
          }));
          if (choices.every((choice) => choice.edits !== undefined)) site.choices = choices as TypedSite['choices'];
        }
        out.push(site);
      }
      if (fix !== undefined && fixAt !== undefined) out[fixAt] = { ...out[fixAt]!, fix };
      sites.set(path, out);
    }

    // What this decision plans for each file, for the programs that follow a fix.
    for (const [path, parts] of partsByFile) {
      const text = textOf(path);
      if (text !== undefined) planned.set(path, { original: text, parts });
    }
    for (const path of [...planned.keys()]) {
      if (!partsByFile.has(path) && !substituted.has(path) && ownSource(path) !== undefined) planned.delete(path);
    }
    return sites;
  };

  /**
   * The settled findings with every call that a mock of its own file cannot follow held back, as `migrate` holds it:
   * core's `keepCallsForMocks`, given the mock of the v3 route, and the override that reads the body, that the test
   * runner's setup files install before the file's tests, read by the functions the codemod's file mode and the rule's
   * file-by-file path use (`v3MockBeforeTests`, `bodyReaderBeforeTests`). A call held so holds every call of the
   * program that shares code with it. In a file that does not show every call its mocks stand for, only a mock held for
   * reasons of its own keeps the calls of the file (`'held-mocks'`), as project mode keeps them; the mocks of other
   * files join a call's group (`mockModules`), which is then never fixed one file at a time.
   */
  const keptForMocks = (settled: Map<string, Finding[]>): Map<string, Finding[]> => {
    if (options.tests === 'ignore') return settled;
    const setupCache = new Map<string, string | null>();
    const readerCache = new Map<string, string | null>();
    const read = (fileName: string) => textOf(fileName) ?? readOutside(fileName) ?? readIfAny(fileName);
    const kept = new Map<Finding, Reason>();
    for (const [path, list] of settled) {
      const file = parsed(path);
      if (file === undefined || !mayContainMock(file.text)) continue;
      const held = keepCallsForMocks(file.program, file.context, list, v3MockBeforeTests(path, read, idOf, setupCache), bodyReaderBeforeTests(path, read, idOf, readerCache), 'held-mocks');
      held.forEach((finding, index) => {
        const before = list[index]!;
        if (finding !== before && finding.outcome === 'manual' && before.outcome !== 'manual') kept.set(before, finding.reasons[0]!);
      });
    }
    if (kept.size === 0) return settled;
    const everything = [...settled.values()].flat();
    const after = holdBack(everything, kept);
    const replaced = new Map(everything.map((finding, index) => [finding, after[index]!]));
    return new Map([...settled].map(([path, list]) => [path, list.map((finding) => replaced.get(finding) ?? finding)]));
  };

  /**
   * The modules of the program (and test files beside it) that hold mocks or assertions of the deprecated request, and
   * which of them may stand for the calls of a file: those that import it, directly or through other modules, and
   * those that import no module of the program (shared handlers a test runner loads for every test).
   */
  const mockModules = (): { standingFor(file: string): readonly string[] } => {
    // As the codemod's project run: an assertion may name a part of the route only.
    const mentions = (text: string | undefined) => text !== undefined && mayContainMock(text) && (mayContainAssignCall(text, options) || mayMentionRequest(text));
    const holders = ownFiles().filter((fileName) => {
      if (!mentions(textOf(fileName))) return false;
      const file = parsed(fileName);
      return file !== undefined && analyzeMocks(file.program, file.context).length > 0;
    });
    // A test file the program does not hold (outside the config's include) may mock any call: it is not read here.
    const unread = outside().files.filter((fileName) => !DOCUMENT.test(fileName) && mentions(readOutside(fileName)));
    if (holders.length === 0 && unread.length === 0) return { standingFor: () => [] };
    const importsProgram = (fileName: string) => ownFiles().some((other) => importersOf(other).includes(fileName));
    const everywhere = [...holders.filter((holder) => !importsProgram(holder)), ...unread];
    return {
      standingFor(file) {
        const reached = new Set<string>();
        for (const queue = [file]; queue.length > 0;) {
          for (const importer of importersOf(queue.pop()!)) {
            if (reached.has(importer)) continue;
            reached.add(importer);
            queue.push(importer);
          }
        }
        return [...new Set([...holders.filter((holder) => reached.has(holder)), ...everywhere])];
      },
    };
  };

  const view = (): Map<string, TypedSite[]> => {
    if (state.sites !== undefined) return state.sites;
    let sites = build();
    if (sites === undefined) {
      // The planned parts this program holds are not what the program plans now: it is read as it is.
      state.substitutions = new Map();
      state.parsed.clear();
      state.reaches.clear();
      state.matches.clear();
      sites = build()!;
    }
    state.sites = sites;
    return sites;
  };

  return {
    facts,
    idOf,
    mayReach: (fileName, route = 'assign') => reaches(fileName, REACH_DEPTH, route),
    isImported: (fileName) => importersOf(program.getSourceFile(fileName)?.fileName ?? fileName).length > 0,
    sitesOf(fileName, text) {
      const source = ownSource(fileName);
      if (source === undefined || source.text !== text) return undefined;
      return view().get(source.fileName) ?? [];
    },
  };
}

function readIfAny(fileName: string): string | undefined {
  try {
    return readFileSync(fileName, 'utf8');
  } catch {
    return undefined;
  }
}

/** Folders that hold no source of the project's own: installed packages, build output, tool caches. */
const NOT_SOURCE = new Set(['node_modules', 'dist', 'build', 'coverage', 'out', 'bower_components', 'jspm_packages', 'vendor']);

/**
 * The source files under a folder (components, HTML pages, server templates, MDX pages, and Markdown pages with a
 * script or an import included), without installed, built or hidden ones.
 */
function sourceFilesUnder(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (depth > 24 || found.length > 20_000) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || NOT_SOURCE.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, depth + 1);
      else if (/\.(?:[cm]?[jt]sx?|vue|svelte|astro)$/.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) found.push(path);
      else if (PAGE_FILE.test(entry.name) && (!/\.md$/i.test(entry.name) || runsCode(path))) found.push(path);
    }
  };
  walk(root, 0);
  return found;
}

/** A Markdown page that holds a script block or an import line: some site generators run it as a module. */
function runsCode(path: string): boolean {
  try {
    return statSync(path).size <= 1_000_000 && /<script\b|^import\s/m.test(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
}

/** The module specifier of an import, a re-export or an `import x = require()`. */
function specifierOf(ts: typeof TS, statement: TS.Statement): TS.StringLiteral | undefined {
  let specifier: TS.Expression | undefined;
  if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) specifier = statement.moduleSpecifier;
  else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) specifier = statement.moduleReference.expression;
  return specifier !== undefined && ts.isStringLiteral(specifier) ? specifier : undefined;
}

/** An offset of the program's text in the text the analysis read. */
function original(shift: Shift | undefined, offset: number): number | undefined {
  return shift === undefined ? offset : shift.toOriginal(offset);
}
