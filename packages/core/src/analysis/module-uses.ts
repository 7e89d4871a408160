/**
 * What a module's syntax says about its functions' uses by other modules: which of its top-level names it exports and
 * under which names, which identifiers of an importer use what it imports, and whether a file belongs to a package
 * others install. The project analysis and typed ESLint ask the same questions of their files, so they share these.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { TSESTree } from '@typescript-eslint/types';
import { analyzeProgram, type Finding } from './analyze.js';
import type { SourceContext } from '../facts/context.js';
import { findVariable, importOf, isScriptGlobal } from '../facts/scope.js';
import { someNode, unwrapTS } from '../facts/syntax.js';

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
export const MAX_IMPORTER_ROUNDS = 6;

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
   * A file's text and the file an import specifier spelled in a file resolves to. With both, the importers of a module
   * that holds no call and only passes names on (a package index, a module built on a client) are read only when their
   * text can use one of the names it carries; without them, every importer is read.
   */
  readonly readText?: (path: string) => string | undefined;
  readonly resolveImport?: (from: string, specifier: string) => string | undefined;
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
  // The names by which each module read may hand the request on to its importers ('all': any use of the module).
  const carried = new Map<string, readonly string[] | 'all'>();
  // Modules whose importers were chosen by name: a carrier read later may add names to pass on.
  const byName = new Map<string, { file: ModuleFile; names: ReadonlySet<string>; spellsRoute: boolean }>();
  const { readText, resolveImport } = input;
  const join = (paths: readonly string[], next: Set<string>, names: readonly string[] | 'all' = 'all') => {
    for (const importer of paths) {
      if (raw.has(importer) || !input.mayJoin(importer)) continue;
      if (names !== 'all' && readText !== undefined && !mayUseNames(readText(importer) ?? '', names)) continue;
      next.add(importer);
    }
  };
  // A module read earlier that passes names on, once a module it imports turns out to carry the request.
  const revisit = (paths: readonly string[], next: Set<string>) => {
    for (const importer of paths) {
      const known = byName.get(importer);
      if (known === undefined || resolveImport === undefined) continue;
      const names = carriedThrough(known.file, importer, carried, resolveImport, known.spellsRoute);
      const added = names === 'all' ? 'all' : names.filter((name) => !known.names.has(name));
      if (added !== 'all' && added.length === 0) continue;
      carried.set(importer, names);
      if (names === 'all') byName.delete(importer);
      else byName.set(importer, { ...known, names: new Set(names) });
      join(input.importersOf(importer), next, added);
      revisit(input.importersOf(importer), next);
    }
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
      if (found.length === 0 && exportsAnything(file.program) && resolveImport !== undefined && readText !== undefined) {
        // A module that holds no call (an index re-exporting a wrapper, a route const, a module built on a client):
        // only what it exports can carry the request further; of what it re-exports, only what the modules it
        // re-exports from carry.
        const names = carriedThrough(file, path, carried, resolveImport, round === 0);
        carried.set(path, names);
        if (names !== 'all') byName.set(path, { file, names: new Set(names), spellsRoute: round === 0 });
        join(input.importersOf(path), next, names);
      } else {
        carried.set(path, moduleExportNames(file.program));
        join(input.importersOf(path), next);
      }
      revisit(input.importersOf(path), next);
      for (const { fn, ctx } of found.flatMap(sendingFunctions)) {
        const owner = exportedFromModule({ fn }) ? input.pathOf(ctx) : undefined;
        if (owner === undefined || owner === path) continue;
        if (!carried.has(owner)) carried.set(owner, 'all');
        join(input.importersOf(owner), next);
      }
    }
    queue = [...next];
  }
  return raw;
}

/** Top-level statements that only declare: a module made of them does nothing when imported for no name. */
const DECLARATIONS: ReadonlySet<string> = new Set([
  'ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ExportDefaultDeclaration', 'VariableDeclaration',
  'FunctionDeclaration', 'ClassDeclaration', 'TSInterfaceDeclaration', 'TSTypeAliasDeclaration', 'TSEnumDeclaration',
  'TSModuleDeclaration', 'TSDeclareFunction', 'TSImportEqualsDeclaration', 'EmptyStatement',
]);

/** A use of a module that no name shows: a namespace import or re-export, `require`, `import()`, an escaped name. */
const WIDE_USE = /\*\s*(?:\/\*[^]*?\*\/\s*|\/\/[^\n]*\n\s*)*as\b|\bexport\s*\*|\brequire\s*\(|\bimport\s*\(|\\u/;
/**
 * An import that may be a default one (`import api from`, `import api, { x } from`, a name in any script, a comment
 * before it): anything after `import` but a brace, a star or a quote. It names the import as it likes.
 */
const DEFAULT_IMPORT = /\bimport\b\s*(?:type\b\s*)?[^\s{*'"`(]/;

/** A pattern that matches `name` as it is written. */
const escaped = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One of `names` as a whole word of the text (not a part of a longer identifier). */
function wordOf(names: Iterable<string>): RegExp {
  return new RegExp(`(?<![\\p{ID_Continue}$\\u200c\\u200d])(?:${[...names].map(escaped).join('|')})(?![\\p{ID_Continue}$\\u200c\\u200d])`, 'u');
}

/**
 * Whether a module's text can use one of `names` imported from another module: it spells one of them as a word, or
 * imports in a way that names nothing (a namespace, `require`, `import()`; a default import for `default`). A module
 * that cannot is no importer of those names, and need not be parsed to know it.
 */
export function mayUseNames(text: string, names: readonly string[] | 'all'): boolean {
  if (names === 'all' || WIDE_USE.test(text)) return true;
  if (names.length === 0) return false;
  if (names.includes('default') && DEFAULT_IMPORT.test(text)) return true;
  return wordOf(names).test(text);
}

/** The names a module exports, or 'all' where its exports cannot be listed (`export *`, `export =`, CommonJS). */
export function moduleExportNames(program: TSESTree.Program): string[] | 'all' {
  const names: string[] = [];
  for (const statement of program.body) {
    if (statement.type === 'ExportAllDeclaration' || statement.type === 'TSExportAssignment' || statement.type === 'TSNamespaceExportDeclaration') return 'all';
    if (statement.type === 'ExportDefaultDeclaration') names.push('default');
    if (statement.type !== 'ExportNamedDeclaration') continue;
    if (statement.declaration != null) {
      const declaration = statement.declaration;
      if (declaration.type === 'VariableDeclaration' && declaration.declarations.some((d) => d.id.type !== 'Identifier')) return 'all';
      const declaredHere = exportedBindings(declaration);
      if (declaredHere.length === 0) return 'all';
      names.push(...declaredHere);
    }
    for (const spec of statement.specifiers) names.push(nameOfModuleName(spec.exported));
  }
  return names;
}

/**
 * Text a module that carries part of the route spells (the prefilter's own test): `'/assign'`, `'assign'`, not a
 * longer word (`assignRelation`, `/assignments`).
 */
const ROUTE_TEXT = /\/assign\b|['"`]assign\b/;

/** Packages whose functions make validation schemas: a string given to one is a schema's literal, not a URL's piece. */
const SCHEMA_PACKAGES = /^(?:zod|yup|valibot|superstruct|io-ts|joi|@sinclair\/typebox)(?:\/|$)/;

/**
 * The module's text with the route-text literals that cannot become part of a URL blanked out: a literal compared
 * (`op === 'assign'`, `case 'assign':`), a literal type, or one given to a schema package's function, itself or in an
 * array (`z.enum(['assign', 'concat'])`). An operator of a form's logic that happens to be called `assign` then makes
 * its schemas carry nothing to their importers.
 */
function withoutInertRouteLiterals(file: ModuleFile): string {
  let text = file.text;
  someNode(file.program, (node) => {
    if (node.type !== 'Literal' || typeof node.value !== 'string' || !ROUTE_TEXT.test(node.raw) || !isInertLiteral(node, file.context)) return false;
    text = text.slice(0, node.range[0]) + ' '.repeat(node.range[1] - node.range[0]) + text.slice(node.range[1]);
    return false;
  });
  return text;
}

function isInertLiteral(node: TSESTree.Literal, ctx: SourceContext): boolean {
  const parent = node.parent;
  if (parent?.type === 'SwitchCase' && parent.test === node) return true;
  if (parent?.type === 'BinaryExpression' && ['===', '!==', '==', '!='].includes(parent.operator)) return true;
  if (parent?.type === 'TSLiteralType') return true;
  let value: TSESTree.Node = node;
  while (value.parent !== undefined && (value.parent.type === 'ArrayExpression' || unwrapTS(value.parent) !== value.parent)) {
    value = value.parent;
  }
  const call = value.parent;
  if (call?.type !== 'CallExpression' || !call.arguments.includes(value as TSESTree.CallExpressionArgument)) return false;
  // `z.enum(...)`, `z.string().refine(...)`, `v.picklist(...)`: the chain's root is the schema package's import.
  let root: TSESTree.Node = call.callee;
  while (root.type === 'MemberExpression' || root.type === 'CallExpression') root = root.type === 'MemberExpression' ? root.object : root.callee;
  if (root.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(root), root.name);
  const imported = variable === undefined ? undefined : importOf(variable);
  return imported !== undefined && SCHEMA_PACKAGES.test(imported.source);
}

/**
 * The names a module that holds no call passes on to its importers: what it re-exports of modules that carry the
 * request, and what it exports that is built from them, or (`spellsRoute`: the module spells the route's text) from its
 * own declarations that spell it. A declaration is built from a name when its text names it, through the module's
 * other declarations; a type carries nothing at run time. 'all' where that cannot be told by names: CommonJS, a
 * statement run for its effect, a side-effect import of a carrier, a route the prefilter let in by another word.
 */
export function carriedThrough(
  file: ModuleFile,
  path: string,
  carried: ReadonlyMap<string, readonly string[] | 'all'>,
  resolve: (from: string, specifier: string) => string | undefined,
  spellsRoute = false,
): string[] | 'all' {
  // CommonJS, `import x = require()`, `import()`: uses the statements do not list.
  if (/\b(?:module\.exports|exports\.[\w$]+\s*=|require\s*\(|import\s*\()/.test(file.text)) return 'all';
  // A statement run for its effect (`axios.defaults.baseURL = …`) reaches modules that import no name of this one.
  if (file.program.body.some((statement) => !DECLARATIONS.has(statement.type) && !(statement.type === 'ExpressionStatement' && statement.directive != null))) {
    return 'all';
  }
  // A candidate for a client or route of the options, not for the route's text: its exports cannot be told apart.
  if (spellsRoute && !ROUTE_TEXT.test(file.text)) return 'all';
  const names = new Set<string>();
  const tainted = new Set<string>();
  const carriedFrom = (specifier: string) => {
    const target = resolve(path, specifier);
    return target === undefined ? undefined : carried.get(target);
  };
  // Top-level declarations: the local names each binds, its text, and the names it is exported by.
  const declarations: { locals: string[]; text: string; range: TSESTree.Range; exported: string[] }[] = [];
  const localExports: { local: string; exported: string }[] = [];
  for (const statement of file.program.body) {
    if (statement.type === 'ImportDeclaration') {
      const from = carriedFrom(statement.source.value);
      if (from === undefined || statement.importKind === 'type') continue;
      // `import './setup'` of a module that carries the request: a side effect the names do not show.
      if (statement.specifiers.length === 0) return 'all';
      for (const spec of statement.specifiers) {
        const imported = spec.type === 'ImportNamespaceSpecifier' ? undefined : spec.type === 'ImportDefaultSpecifier' ? 'default' : nameOfModuleName(spec.imported);
        if (spec.type === 'ImportSpecifier' && spec.importKind === 'type') continue;
        if (from === 'all' || imported === undefined || from.includes(imported)) tainted.add(spec.local.name);
      }
    } else if (statement.type === 'ExportAllDeclaration') {
      const from = carriedFrom(statement.source.value);
      if (from === undefined || statement.exportKind === 'type') continue;
      if (from === 'all' || statement.exported !== null) return 'all';
      for (const name of from) if (name !== 'default') names.add(name);
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source != null) {
      const from = carriedFrom(statement.source.value);
      if (from === undefined || statement.exportKind === 'type') continue;
      for (const spec of statement.specifiers) {
        if (from === 'all' || from.includes(nameOfModuleName(spec.local))) names.add(nameOfModuleName(spec.exported));
      }
    } else if (statement.type === 'ExportNamedDeclaration') {
      for (const spec of statement.specifiers) localExports.push({ local: nameOfModuleName(spec.local), exported: nameOfModuleName(spec.exported) });
      const declaration = statement.declaration;
      if (declaration == null || TYPE_ONLY.has(declaration.type)) continue;
      if (declaration.type === 'VariableDeclaration' && declaration.declarations.some((d) => d.id.type !== 'Identifier')) return 'all';
      const locals = exportedBindings(declaration);
      if (locals.length === 0) return 'all';
      declarations.push({ locals, text: file.text.slice(...declaration.range), range: declaration.range, exported: locals });
    } else if (statement.type === 'ExportDefaultDeclaration') {
      const declaration = statement.declaration;
      if (TYPE_ONLY.has(declaration.type)) continue;
      if (declaration.type === 'Identifier') localExports.push({ local: declaration.name, exported: 'default' });
      else declarations.push({ locals: declaredNames(declaration), text: file.text.slice(...declaration.range), range: declaration.range, exported: ['default'] });
    } else if (!TYPE_ONLY.has(statement.type) && statement.type !== 'EmptyStatement' && statement.type !== 'ExpressionStatement') {
      const locals = statement.type === 'VariableDeclaration'
        ? statement.declarations.flatMap((d) => (d.id.type === 'Identifier' ? [d.id.name] : identifiersIn(file.text.slice(...d.id.range))))
        : declaredNames(statement);
      declarations.push({ locals, text: file.text.slice(...statement.range), range: statement.range, exported: [] });
    }
  }
  const built = new Set<(typeof declarations)[number]>();
  if (spellsRoute) {
    const text = withoutInertRouteLiterals(file);
    for (const declaration of declarations) if (ROUTE_TEXT.test(text.slice(...declaration.range))) built.add(declaration);
  }
  for (const declaration of built) for (const local of declaration.locals) tainted.add(local);
  // Through the module's own declarations: a const built from a carried import, a function that uses that const.
  for (let grew = true; grew && tainted.size > 0;) {
    grew = false;
    const named = wordOf(tainted);
    for (const declaration of declarations) {
      if (built.has(declaration) || !named.test(declaration.text)) continue;
      built.add(declaration);
      for (const local of declaration.locals) tainted.add(local);
      grew = true;
    }
  }
  for (const declaration of built) for (const name of declaration.exported) names.add(name);
  for (const { local, exported } of localExports) if (tainted.has(local)) names.add(exported);
  return [...names];
}

/** The names an exported declaration binds (a namespace, `export import x =` and an overload too); empty when unknown. */
function exportedBindings(declaration: TSESTree.NamedExportDeclarations): string[] {
  if (declaration.type === 'TSModuleDeclaration' || declaration.type === 'TSImportEqualsDeclaration' || declaration.type === 'TSDeclareFunction') {
    return declaration.id?.type === 'Identifier' ? [declaration.id.name] : [];
  }
  return declaredNames(declaration);
}

/** Declarations that exist only for the type checker: nothing of them is left at run time. */
const TYPE_ONLY: ReadonlySet<string> = new Set(['TSInterfaceDeclaration', 'TSTypeAliasDeclaration', 'TSDeclareFunction']);

/** The identifiers a destructuring pattern's text binds (and a few it only names: more is safe here). */
function identifiersIn(text: string): string[] {
  return text.match(/[A-Za-z_$][\w$]*/g) ?? [];
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
  if (node.type === 'VariableDeclaration') return node.declarations.flatMap((d) => boundNames(d.id));
  return [];
}

/** The names a binding pattern binds: `x`, `{ a, b: c, ...rest }`, `[d, e = 1]`. */
function boundNames(pattern: TSESTree.Node | null): string[] {
  switch (pattern?.type) {
    case 'Identifier':
      return [pattern.name];
    case 'ObjectPattern':
      return pattern.properties.flatMap((property) => boundNames(property.type === 'Property' ? property.value : property));
    case 'ArrayPattern':
      return pattern.elements.flatMap((element) => boundNames(element));
    case 'RestElement':
      return boundNames(pattern.argument);
    case 'AssignmentPattern':
      return boundNames(pattern.left);
    default:
      return [];
  }
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
      // `const { useAssignMutation } = api`: the binding in the pattern, which names the member it takes.
      if (declarator.id.type === 'ObjectPattern' && declarator.init !== null) {
        for (const property of declarator.id.properties) {
          if (property.type === 'Property' && !property.computed && property.value.type === 'Identifier' && property.value.name === name) return property.value;
        }
      }
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
 * Whether a module that spells some of `names` (another module's exports) only names bindings that are not that
 * module's: each name it spells is declared at its own top level, or imported by name from a module that declares its
 * own (`importsOwn(source, name)`: the front end resolves the import), and it never reaches another module's exports by
 * a path a name does not show (a namespace member `ns.AssignBody`, a qualified type, an `import('…')` type, a
 * destructured `import()` or `require`, a default import, a re-export, `export *`). Such a module spells the name
 * without using the other module's declaration: the packages of a monorepo that each have their own `AssignBody` and
 * `assignApp`.
 */
export function declaresOwnOnly(program: TSESTree.Program, text: string, names: readonly string[], importsOwn: (source: string, name: string) => boolean = () => false): boolean {
  const spelled = new Set(names.filter((name) => name !== 'default' && wordOf([name]).test(text)));
  if (spelled.size === 0) return true;
  // A JSDoc type of a checked JavaScript file, `import('../p0/platform.js').AssignBody`, is in no syntax tree.
  if ([...spelled].some((name) => new RegExp(`import\\(\\s*['"][^'"]*['"]\\s*\\)\\s*\\.\\s*${escaped(name)}(?![\\w$])`).test(text))) return false;
  const bound = topLevelDeclarations(program);
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    for (const specifier of statement.specifiers) {
      if (!spelled.has(specifier.local.name)) continue;
      const imported = specifier.type === 'ImportSpecifier' && specifier.imported.type === 'Identifier' ? specifier.imported.name : undefined;
      if (imported === undefined || !importsOwn(statement.source.value, imported)) return false;
      bound.add(specifier.local.name);
    }
  }
  if ([...spelled].some((name) => !bound.has(name))) return false;
  const named = (node: TSESTree.Node | null | undefined) => node != null && node.type === 'Identifier' && spelled.has(node.name);
  return !someNode(program, (node) => {
    switch (node.type) {
      case 'ExportAllDeclaration':
      case 'TSImportType':
        return true;
      case 'ExportNamedDeclaration':
        return node.source != null && node.specifiers.some((specifier) => named(specifier.local) || named(specifier.exported));
      case 'MemberExpression':
        return !node.computed && named(node.property);
      case 'TSQualifiedName':
        return named(node.right);
      // `const { assignApp } = await import('../p0/platform.js')` in a function: a binding of the other module's.
      case 'Property':
        return !node.computed && named(node.key) && node.parent?.type === 'ObjectPattern';
      default:
        return false;
    }
  });
}

/** The names a module declares at its top level itself (not those it imports or re-exports). */
export function topLevelDeclarations(program: TSESTree.Program): Set<string> {
  const own = new Set<string>();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' && statement.source == null ? statement.declaration
      : statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
    if (declaration != null) for (const name of declaredNames(declaration)) own.add(name);
  }
  return own;
}

/**
 * A text that names one of `names` as a value: a file that does so may call the function. A member
 * (`routes.assignApp`) or a key (`assignApp: ...`) of the same name is another thing.
 */
export function namePattern(names: readonly string[]): RegExp {
  return new RegExp(`(?<![.\\w$])(?:${names.map(escaped).join('|')})(?![\\w$])(?!\\s*:(?!:))`);
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
