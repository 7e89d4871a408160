/**
 * The little the recognizer needs from scope analysis, as structural types. ESLint's scopes (eslint-scope for
 * espree, @typescript-eslint/scope-manager for TS) and a scope manager the codemod runs itself both satisfy them,
 * so core depends on neither.
 */
import type { TSESTree } from '@typescript-eslint/types';

export interface ReferenceLike {
  readonly identifier: { readonly type: string; readonly range: readonly [number, number] };
  isWrite(): boolean;
  readonly init?: boolean | null;
}

export interface DefinitionLike {
  /** 'Variable', 'ImportBinding', 'Parameter', 'FunctionName', 'ClassName', ... */
  readonly type: string;
  readonly node: TSESTree.Node | { readonly type: string };
  /** For 'Variable': the VariableDeclaration (its `kind`); for 'ImportBinding': the ImportDeclaration. */
  readonly parent?: TSESTree.Node | { readonly type: string } | null;
  readonly name: { readonly range: readonly [number, number] };
}

export interface VariableLike {
  readonly name: string;
  readonly defs: readonly DefinitionLike[];
  readonly references: readonly ReferenceLike[];
  readonly scope?: ScopeLike;
}

export interface ScopeLike {
  readonly set: ReadonlyMap<string, VariableLike>;
  readonly upper: ScopeLike | null;
  readonly block?: { readonly range?: readonly [number, number] };
}

/** Finds the variable an identifier names, from the innermost scope outwards; undefined for a global. */
export function findVariable(scope: ScopeLike | null, name: string): VariableLike | undefined {
  for (let s = scope; s !== null; s = s.upper) {
    const variable = s.set.get(name);
    // ESLint's global scope holds configured globals (`fetch` in a browser config) with no definition: those are
    // still the platform's globals, not the program's own bindings.
    if (variable !== undefined && variable.defs.length > 0) return variable;
  }
  return undefined;
}

/** What a variable's references say, read once per variable. */
interface ReferenceFacts {
  /** Read references other than the declaration itself. */
  readonly uses: readonly ReferenceLike[];
  /** Some reference other than the declaration writes it. */
  readonly written: boolean;
  /** Every write is the declaration's own (`init === true`). */
  readonly neverReassigned: boolean;
  /** Some reference is an `export { x }` specifier. */
  readonly exportedByName: boolean;
}

const factsByReferences = new WeakMap<readonly ReferenceLike[], ReferenceFacts>();

/**
 * Every call that reads a shared const (a base URL used by thousands of calls of one file) asks these of the same
 * variable: they are read once from its references, not once per call, which would cost the square of the calls.
 */
function referenceFacts(variable: VariableLike): ReferenceFacts {
  let facts = factsByReferences.get(variable.references);
  if (facts === undefined) {
    const uses: ReferenceLike[] = [];
    let written = false;
    let neverReassigned = true;
    let exportedByName = false;
    for (const ref of variable.references) {
      if (!ref.init) uses.push(ref);
      const write = ref.isWrite();
      if (write && !ref.init) written = true;
      if (write && ref.init !== true) neverReassigned = false;
      if ((ref.identifier as TSESTree.Node).parent?.type === 'ExportSpecifier') exportedByName = true;
    }
    facts = { uses, written, neverReassigned, exportedByName };
    factsByReferences.set(variable.references, facts);
  }
  return facts;
}

/** Read references other than the declaration itself. */
export function usesOf(variable: VariableLike): readonly ReferenceLike[] {
  return referenceFacts(variable).uses;
}

/** The `const x = <init>` of a variable, when it is exactly that and is never written again. */
export function constInitOf(variable: VariableLike): TSESTree.Expression | undefined {
  return initOf(variable, false);
}

/**
 * The `<init>` of a `const`, or of a `let` or `var` that is never written again: what a value is, where a `let` that
 * keeps its first value says as much as a `const` (which client an `api` is).
 */
export function unchangedInitOf(variable: VariableLike): TSESTree.Expression | undefined {
  return initOf(variable, true);
}

function initOf(variable: VariableLike, anyKind: boolean): TSESTree.Expression | undefined {
  if (variable.defs.length !== 1) return undefined;
  const def = variable.defs[0];
  if (def?.type !== 'Variable') return undefined;
  const declarator = def.node as TSESTree.Node;
  const declaration = def.parent as TSESTree.Node | null | undefined;
  if (declarator.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier') return undefined;
  if (declaration?.type !== 'VariableDeclaration' || (!anyKind && declaration.kind !== 'const')) return undefined;
  if (referenceFacts(variable).written) return undefined;
  return declarator.init ?? undefined;
}

/** Where an imported binding comes from: the module and the imported name ('default', '*', or a named export). */
export function importOf(variable: VariableLike): { source: string; imported: string } | undefined {
  if (variable.defs.length !== 1) return undefined;
  const def = variable.defs[0];
  if (def?.type !== 'ImportBinding') return undefined;
  const spec = def.node as TSESTree.Node;
  const decl = def.parent as TSESTree.Node | null | undefined;
  if (decl?.type !== 'ImportDeclaration') return undefined;
  const source = decl.source.value;
  switch (spec.type) {
    case 'ImportDefaultSpecifier':
      return { source, imported: 'default' };
    case 'ImportNamespaceSpecifier':
      return { source, imported: '*' };
    case 'ImportSpecifier':
      return {
        source,
        imported: spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value),
      };
    default:
      return undefined;
  }
}

/** True for a binding that other modules can see (`export const x`, `export { x }`): never edit it for one call. */
export function isExported(variable: VariableLike): boolean {
  const def = variable.defs[0];
  const declaration = def?.parent as TSESTree.Node | null | undefined;
  return declaration?.parent?.type === 'ExportNamedDeclaration' || referenceFacts(variable).exportedByName;
}

/** A const, or a binding that nothing writes after its declaration. */
export function isNeverReassigned(variable: VariableLike): boolean {
  return referenceFacts(variable).neverReassigned;
}

/** Used exactly once, and not visible to other modules: safe to edit for that one use. */
export function isSingleUse(variable: VariableLike): boolean {
  return usesOf(variable).length === 1 && !isExported(variable);
}

const MODULE_STATEMENTS = new Set<string>([
  'ImportDeclaration', 'ExportNamedDeclaration', 'ExportDefaultDeclaration', 'ExportAllDeclaration', 'TSExportAssignment',
  'TSImportEqualsDeclaration',
]);

/**
 * A declaration at the top of a classic script: a file with no import or export that is not CommonJS (no `require`,
 * `module.exports` or `exports.`) and not named as a module (`.mjs`, `.cjs`, `.mts`, `.cts`). Its bindings are global:
 * another script of the page (or, to TypeScript, another file of the program) may call them, unseen.
 */
export function isScriptGlobal(declaration: TSESTree.Node, text: string, file?: string): boolean {
  let top: TSESTree.Node = declaration;
  while (top.parent !== undefined && top.parent.type !== 'Program') top = top.parent;
  const program = top.parent;
  if (program?.type !== 'Program') return false;
  // Only a declaration of the top level: `function f`, `const f = ...` (through its declarator), `class C`.
  const direct = top === declaration || (top.type === 'VariableDeclaration' && declaration.parent?.parent === top) ||
    (top.type === 'VariableDeclaration' && declaration.parent?.type === 'VariableDeclarator' && declaration.parent.parent === top);
  if (!direct) return false;
  // `.mjs`, `.cts`: modules by name; a component's script blocks (Vue, Svelte, Astro) are compiled into a module.
  if (file !== undefined && /\.(?:[cm][jt]s|vue|svelte|astro)$/.test(file)) return false;
  if (program.body.some((statement) => MODULE_STATEMENTS.has(statement.type))) return false;
  return !/\brequire\s*\(|\bmodule\.exports\b|\bexports\.[\w$]/.test(text);
}
