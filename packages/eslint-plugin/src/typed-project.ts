/**
 * Facts from other files for the rules that follow imports under typed linting: an import of the program's own
 * modules is followed through the type checker (aliases and re-exports resolved by it) to the declaration it names,
 * and that declaration's file is read with core's parser, so that core reads an imported instance, const, URL builder
 * or wrapper as it reads one of the file itself. One cache per TypeScript program: a lint run parses each such file once.
 */
import { createRequire } from 'node:module';
import { relative, resolve, sep } from 'node:path';
import { type AnalysisOptions, type Bound, mayContainAssignCall, mayContainReportQuery, type ProjectFacts, type SourceContext } from '@app-assignment/core';
import { parseSource } from '@app-assignment/core/parse';
import type { TSESTree } from '@typescript-eslint/utils';
import type * as TS from 'typescript';

interface ParsedFile {
  readonly program: TSESTree.Program;
  readonly context: SourceContext;
}

interface ProgramState {
  readonly parsed: Map<string, ParsedFile | null>;
  readonly reaches: Map<string, boolean>;
  readonly matches: Map<string, boolean>;
}

/**
 * By program, then by the analysis options the files are read with: a module parsed for one rule keeps that rule's
 * options (its routes and clients), so two rules with other options never share a parse.
 */
const states = new WeakMap<TS.Program, Map<string, ProgramState>>();

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

  const parsed = (fileName: string): ParsedFile | undefined => {
    const known = state.parsed.get(fileName);
    if (known !== undefined) return known ?? undefined;
    const source = ownSource(fileName);
    let result: ParsedFile | null = null;
    if (source !== undefined) {
      try {
        const { program: tree, context } = parseSource(source.text, fileName, options);
        result = { program: tree, context: { ...context, file: idOf(fileName), project: facts } };
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
    const at = name === undefined ? declaration.getStart(source) : name.getStart(source);
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
      if (record.type === 'ExportDefaultDeclaration' && ts.isExportAssignment(declaration) && record.range[0] === declaration.getStart(source)) {
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

  const facts: ProjectFacts = {
    anyFileMatches(pattern) {
      const key = `${pattern.source}/${pattern.flags}`;
      let found = state.matches.get(key);
      if (found === undefined) {
        found = program.getSourceFiles().some((file) => ownSource(file.fileName) !== undefined && pattern.test(file.text));
        state.matches.set(key, found);
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
        let symbol = checker.getSymbolAtLocation(name);
        if (symbol !== undefined && (symbol.flags & ts.SymbolFlags.Alias) !== 0) symbol = checker.getAliasedSymbol(symbol);
        const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
        return declaration === undefined ? undefined : valueOf(declaration);
      }
      return undefined;
    },
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
      result = spells[route](source.text);
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

  return { facts, idOf, mayReach: (fileName, route = 'assign') => reaches(fileName, REACH_DEPTH, route) };
}
