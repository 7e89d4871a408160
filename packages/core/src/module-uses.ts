/**
 * What a module's syntax says about its functions' uses by other modules: which of its top-level names it exports and
 * under which names, which identifiers of an importer use what it imports, and whether a file belongs to a package
 * others install. The project analysis and typed ESLint ask the same questions of their files, so they share these.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { analyzeProgram, type Finding } from './analyze.js';
import type { SourceContext } from './context.js';
import { isScriptGlobal } from './scope.js';

/** A parsed module: its text, its syntax tree, and the context that reads it. */
export interface ModuleFile {
  readonly text: string;
  readonly program: TSESTree.Program;
  readonly context: SourceContext;
}

/** The functions a finding's request is sent from: the followed ones, and the one that holds the call itself. */
export function sendingFunctions(finding: Finding): { fn: TSESTree.FunctionLike; ctx: SourceContext }[] {
  const found = finding.call.via.map((step) => ({ fn: step.fn, ctx: step.ctx }));
  for (let node: TSESTree.Node | undefined = finding.call.node.parent; node != null; node = node.parent) {
    if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') {
      found.push({ fn: node, ctx: finding.call.ctx });
    }
  }
  return found;
}

/** How many rounds of "the importers of a module that carries the request" are read. */
export const MAX_IMPORTER_ROUNDS = 4;

/** The files of a program as the importer rounds read them: the project analysis's, or typed ESLint's. */
export interface ImporterRounds {
  /** The files whose text may hold a call: the first round. */
  readonly candidates: readonly string[];
  /** The file parsed; undefined when it cannot be. */
  file(path: string): ModuleFile | undefined;
  /** The files that import, export from, or require a file. */
  importersOf(path: string): readonly string[];
  /** Whether a file may be read in a later round (it is among the files of the run). */
  mayJoin(path: string): boolean;
  /** The file of a context. */
  pathOf(ctx: SourceContext): string | undefined;
  /**
   * Told of a file whose analysis ran out of stack (a tree nested too deeply for the recursive walks): the file is
   * left out, and the others go on. Without it, the error is thrown.
   */
  onStackOverflow?(path: string, error: RangeError): void;
}

/**
 * The unsettled findings of every file read, by file. The candidates are read first; then, a few rounds deep, the
 * importers of a module that may carry the request into them (a wrapper, a URL builder or a route const, an
 * instance, anything built from such a module) and of the module of an exported function a finding was sent from, so
 * that calls which never spell the route are found.
 */
export function findingsInRounds(input: ImporterRounds): Map<string, Finding[]> {
  const raw = new Map<string, Finding[]>();
  const join = (paths: readonly string[], next: Set<string>) => {
    for (const importer of paths) if (!raw.has(importer) && input.mayJoin(importer)) next.add(importer);
  };
  let queue = input.candidates;
  for (let round = 0; queue.length > 0 && round <= MAX_IMPORTER_ROUNDS; round++) {
    const next = new Set<string>();
    for (const path of queue) {
      if (raw.has(path)) continue;
      const file = input.file(path);
      if (file === undefined) continue;
      let found: Finding[];
      try {
        found = analyzeProgram(file.program, file.context, { settle: false });
      } catch (error) {
        if (input.onStackOverflow === undefined || !isStackOverflow(error)) throw error;
        input.onStackOverflow(path, error);
        continue;
      }
      raw.set(path, found);
      if (round > 0 && found.length === 0 && !exportsAnything(file.program)) continue;
      join(input.importersOf(path), next);
      for (const { fn, ctx } of found.flatMap(sendingFunctions)) {
        const owner = exportedFromModule({ fn }) ? input.pathOf(ctx) : undefined;
        if (owner !== undefined && owner !== path) join(input.importersOf(owner), next);
      }
    }
    queue = [...next];
  }
  return raw;
}

/** V8's error when the stack runs out: `RangeError: Maximum call stack size exceeded`. */
export function isStackOverflow(error: unknown): error is RangeError {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

export function exportsAnything(program: TSESTree.Program): boolean {
  return program.body.some((statement) => statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ||
    statement.type === 'ExportAllDeclaration');
}

/** Whether other modules can reach a function: it sits in an exported top-level declaration (a function, a class, a const). */
export function exportedFromModule({ fn }: { fn: TSESTree.FunctionLike }): boolean {
  let top: TSESTree.Node = fn;
  while (top.parent != null && top.parent.type !== 'Program') top = top.parent;
  if (top.type === 'ExportNamedDeclaration' || top.type === 'ExportDefaultDeclaration') return true;
  const program = top.parent;
  if (program?.type !== 'Program') return false;
  const names = declaredNames(top);
  return program.body.some((statement) => statement.type === 'ExportNamedDeclaration' && statement.source == null &&
    statement.specifiers.some((spec) => names.includes(nameOfModuleName(spec.local))));
}

export function declaredNames(node: TSESTree.Node): string[] {
  if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id !== null) return [node.id.name];
  if (node.type === 'TSInterfaceDeclaration' || node.type === 'TSTypeAliasDeclaration' || node.type === 'TSEnumDeclaration') return [node.id.name];
  if (node.type === 'VariableDeclaration') {
    return node.declarations.flatMap((d) => (d.id.type === 'Identifier' ? [d.id.name] : []));
  }
  return [];
}

/** The value a top-level declaration gives a name: a function, a class, a const's initializer; or a type or enum. */
export function declared(node: TSESTree.Node, name: string): TSESTree.Node | undefined {
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

export function nameOfModuleName(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

/** The top-level binding of a module that has this name. */
export function findTopLevel(ctx: SourceContext, program: TSESTree.Program, name: string) {
  const first = program.body[0];
  if (first === undefined) return undefined;
  for (let scope: ReturnType<SourceContext['getScope']> | null = ctx.getScope(first); scope !== null; scope = scope.upper) {
    const variable = scope.set.get(name);
    if (variable !== undefined && variable.defs.length > 0) return variable;
  }
  return undefined;
}

/** The names under which a module exports its top-level binding `local` (`default` included): a function's, or a type's. */
export function exportedNames(program: TSESTree.Program, local: string, fn: TSESTree.Node): string[] {
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
        ((declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration' || declaration.type === 'TSInterfaceDeclaration') &&
          declaration.id?.name === local)) {
        names.push('default');
      }
    }
  }
  return names;
}

/** The identifiers of a module that use the names it imports from `target`; 'unknown' for a use that cannot be followed. */
export function importedUses(
  file: ModuleFile,
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
export function inPublishedPackage(path: string): boolean {
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

/**
 * The uses of a top-level function (or type) in its own module, and the names under which the module exports it;
 * 'unknown' when it is not one top-level binding.
 */
export function ownUses(fn: TSESTree.Node, id: TSESTree.Identifier, ctx: SourceContext, program: TSESTree.Program):
  { readonly uses: TSESTree.Node[]; readonly names: string[] } | 'unknown' {
  const variable = findTopLevel(ctx, program, id.name);
  if (variable === undefined || variable.defs.length !== 1) return 'unknown';
  // A global of a classic script: another script may use it, by no import.
  if (isScriptGlobal(fn, ctx.text, ctx.file)) return 'unknown';
  const uses: TSESTree.Node[] = [];
  for (const ref of variable.references) {
    const node = ref.identifier as TSESTree.Node;
    if (ref.init === true || node === id) continue;
    if (node.parent?.type === 'ExportSpecifier') continue;
    uses.push(node);
  }
  return { uses, names: exportedNames(program, id.name, fn) };
}

/**
 * A text that names one of `names` as a value: a file that does so may call the function. A member
 * (`routes.assignApp`) or a key (`assignApp: ...`) of the same name is another thing.
 */
export function namePattern(names: readonly string[]): RegExp {
  return new RegExp(`(?<![.\\w$])(?:${names.map((name) => name.replace(/[$]/g, '\\$&')).join('|')})\\b(?!\\s*:(?!:))`);
}

/**
 * The specifier a file would import another module of the program by: the path relative to it, written as the file
 * writes its other relative imports (`written`: with `.js`, with `.ts`, or with no extension), and only one that
 * `resolve` (the compiler's resolution from that file) brings back to the module; undefined when none does.
 */
export function specifierFor(fromPath: string, target: string, written: readonly string[], resolve: (specifier: string) => string | undefined): string | undefined {
  let base = relative(dirname(fromPath), target).split(sep).join('/');
  if (!base.startsWith('.')) base = `./${base}`;
  const bare = base.replace(/\.([cm]?)tsx?$/, '');
  const js = base.replace(/\.([cm]?)tsx?$/, '.$1js');
  const relatives = written.filter((specifier) => specifier.startsWith('.'));
  const styles = relatives.some((s) => /\.[cm]?js$/.test(s)) ? [js, bare, base] : relatives.some((s) => /\.[cm]?tsx?$/.test(s)) ? [base, bare, js] : [bare, js, base];
  return styles.find((candidate) => resolve(candidate) === target);
}

/** A source module of the program (not a declaration file, not a package) whose text holds every word. */
export function moduleSpellsAll(text: string, words: readonly string[], path: string): boolean {
  return /\.[cm]?tsx?$/.test(path) && !/\.d\.[cm]?ts$/.test(path) && !path.split(sep).includes('node_modules') && words.every((word) => text.includes(word));
}
