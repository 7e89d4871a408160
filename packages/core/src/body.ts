/**
 * Reads the body of a call: the object literal that holds the deprecated keys, through `JSON.stringify` and
 * `const` bindings, and what each value is as far as it can be seen. Whatever cannot be seen completely is
 * "unreadable" for the planner, never a guess.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from './context.js';
import { valueOfName } from './follow.js';
import type { BodyEntryFacts, BodyFacts, ValueClass } from './plan.js';
import { ReasonCode } from './reasons.js';
import { findVariable, isSingleUse, type VariableLike } from './scope.js';
import { calleePath, isAsConst, isPure, staticKey, unwrapTS } from './syntax.js';

/** How a client serializes the value it is given as the body. */
export interface BodyEncoding {
  /** An object is sent as JSON (axios data, got/ky json, ofetch body). */
  readonly objectIsJson: boolean;
  /** A `JSON.stringify(object)` string is sent as JSON (fetch body, got/ky body). */
  readonly stringifyIsJson: boolean;
}

/** The object literal to rewrite, and how it was reached. */
export interface BodyObject {
  readonly object: TSESTree.ObjectExpression;
  /** The consts that lead from the call to the object (empty when the literal is written at the call). */
  readonly via: readonly VariableLike[];
  /** A type annotation or assertion (other than `as const`) describes the deprecated body. */
  readonly typed: boolean;
  /** The file the object is written in (a caller's, when the body was passed to a followed function). */
  readonly ctx: SourceContext;
}

export type BodyRead =
  | { readonly kind: 'object'; readonly body: BodyObject; readonly facts: BodyFacts }
  | { readonly kind: 'none'; readonly facts: BodyFacts }
  | { readonly kind: 'unreadable'; readonly facts: BodyFacts }
  | { readonly kind: 'unknown'; readonly facts: BodyFacts };

export const unreadable = (reason: Extract<BodyFacts, { kind: 'unreadable' }>['reason']): BodyRead => ({
  kind: 'unreadable',
  facts: { kind: 'unreadable', reason },
});

const FORM_BUILDERS = new Set(['URLSearchParams', 'FormData']);
const FORM_SERIALIZERS = /^(?:qs|querystring|queryString)\.(?:stringify|encode)$/;
const MAX_DEPTH = 6;

/** Reads a body value as a client receives it. `undefined` means the call sends no body. */
export function readBody(
  node: TSESTree.Node | undefined,
  ctx: SourceContext,
  encoding: BodyEncoding,
  via: readonly VariableLike[] = [],
  typed = false,
  depth = 0,
): BodyRead {
  if (node === undefined) return { kind: 'none', facts: { kind: 'none' } };
  if (depth > MAX_DEPTH) return unreadable(ReasonCode.bodyDynamic);
  const isTyped = typed || (node !== unwrapTS(node) && !isAsConst(node));
  const expr = unwrapTS(node);
  switch (expr.type) {
    case 'ObjectExpression':
      if (!encoding.objectIsJson) return unreadable(ReasonCode.bodyDynamic);
      return readObject({ object: expr, via, typed: isTyped, ctx }, ctx);
    case 'Identifier': {
      const name = valueOfName(expr, ctx);
      if (name.kind === 'global') return expr.name === 'undefined' ? { kind: 'none', facts: { kind: 'none' } } : unreadable(ReasonCode.bodyDynamic);
      if (name.kind === 'absent') return { kind: 'none', facts: { kind: 'none' } };
      if (name.kind !== 'const' && name.kind !== 'argument') return unreadable(ReasonCode.bodyDynamic);
      // Used anywhere else (a later `body.x = ...`, a log line, another module), it cannot be read or rewritten alone.
      if (!isSingleUse(name.variable)) return unreadable(ReasonCode.bodyMutated);
      // A caller's argument is written at the caller: what leads to it starts there.
      const path = name.kind === 'argument' ? [] : [...via, name.variable];
      const typedHere = isTyped || declaredWithType(name.variable) || (name.kind === 'argument' && parameterTypeIsNarrow(name.variable, ctx));
      return readBody(name.value.node, name.value.ctx, encoding, path, typedHere, depth + 1);
    }
    case 'CallExpression': {
      const path = calleePath(expr.callee);
      if (path === 'JSON.stringify' && findVariable(ctx.getScope(expr), 'JSON') === undefined) {
        if (!encoding.stringifyIsJson || expr.arguments.length !== 1) return unreadable(ReasonCode.bodyDynamic);
        return readBody(expr.arguments[0], ctx, { objectIsJson: true, stringifyIsJson: false }, via, isTyped, depth + 1);
      }
      if (path !== undefined && FORM_SERIALIZERS.test(path)) return unreadable(ReasonCode.bodyFormEncoded);
      return unreadable(ReasonCode.bodyDynamic);
    }
    case 'NewExpression':
      if (expr.callee.type === 'Identifier' && FORM_BUILDERS.has(expr.callee.name)) {
        return unreadable(ReasonCode.bodyFormEncoded);
      }
      return unreadable(ReasonCode.bodyDynamic);
    case 'Literal':
    case 'TemplateLiteral':
      return unreadable(ReasonCode.bodyFormEncoded);
    default:
      return unreadable(ReasonCode.bodyDynamic);
  }
}

function declaredWithType(variable: VariableLike): boolean {
  const declarator = variable.defs[0]?.node as TSESTree.Node | undefined;
  return declarator?.type === 'VariableDeclarator' && declarator.id.type === 'Identifier' &&
    declarator.id.typeAnnotation !== undefined;
}

function functionTypedElsewhere(fn: TSESTree.Node | undefined, ctx: SourceContext): boolean {
  if (fn === undefined) return false;
  let statement: TSESTree.Node = fn;
  while (statement.parent != null && ['VariableDeclarator', 'VariableDeclaration', 'ExportNamedDeclaration', 'ExportDefaultDeclaration',
    'TSAsExpression', 'TSSatisfiesExpression'].includes(statement.parent.type)) {
    if (statement.parent.type === 'VariableDeclarator' && statement.parent.id.typeAnnotation !== undefined) return true;
    statement = statement.parent;
  }
  if (fn.type === 'FunctionDeclaration' && fn.id !== null) {
    const id = fn.id;
    const siblings = statement.parent != null && 'body' in statement.parent && Array.isArray(statement.parent.body) ? statement.parent.body as TSESTree.Node[] : [];
    const overloaded = siblings.some((other) => {
      const declared = other.type === 'ExportNamedDeclaration' ? other.declaration : other;
      return declared?.type === 'TSDeclareFunction' && declared.id?.name === id.name;
    });
    if (overloaded) return true;
  }
  const before = ctx.text.slice(0, statement.range[0]);
  const jsdoc = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*$/.exec(before);
  return jsdoc !== null && /@(?:param|type|typedef|callback)\b/.test(jsdoc[1] ?? '');
}

/**
 * A parameter whose declared type would not take the v3 body (any type but `unknown`, `any`, `object` and records of
 * `unknown` or `any`): the caller's object cannot be rewritten without the type.
 */
function parameterTypeIsNarrow(variable: VariableLike, ctx: SourceContext): boolean {
  const name = variable.defs[0]?.name as TSESTree.Node | undefined;
  if (name?.type !== 'Identifier') return false;
  // The function's type may be written elsewhere: on the const that holds it, in a JSDoc comment, or in overloads.
  if (name.typeAnnotation === undefined) return functionTypedElsewhere(variable.defs[0]?.node as TSESTree.Node | undefined, ctx);
  const type = name.typeAnnotation.typeAnnotation;
  if (type.type === 'TSUnknownKeyword' || type.type === 'TSAnyKeyword' || type.type === 'TSObjectKeyword') return false;
  if (type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && type.typeName.name === 'Record') {
    const value = type.typeArguments?.params[1];
    return !(value?.type === 'TSUnknownKeyword' || value?.type === 'TSAnyKeyword');
  }
  return true;
}

function readObject(body: BodyObject, ctx: SourceContext): BodyRead {
  const entries: BodyEntryFacts[] = [];
  for (const property of body.object.properties) {
    if (property.type === 'SpreadElement') return unreadable(ReasonCode.bodySpread);
    const key = staticKey(property);
    if (key === undefined) return unreadable(ReasonCode.bodyComputedKey);
    // A getter or a method is not a value a rewrite can move.
    if (property.kind !== 'init' || property.method) return unreadable(ReasonCode.bodyDynamic);
    // JSON keeps the last of two equal keys; which one the author meant is for a person to say.
    if (entries.some((entry) => entry.key === key)) return unreadable(ReasonCode.bodyDuplicateKey);
    entries.push({ key, value: classifyValue(property.value, ctx), pure: isPure(property.value) });
  }
  return { kind: 'object', body, facts: { kind: 'object', entries } };
}

/** What a body value is, as far as the source shows it. Constants are followed only when written as literals. */
export function classifyValue(node: TSESTree.Node, ctx?: SourceContext): ValueClass {
  const expr = unwrapTS(node);
  switch (expr.type) {
    case 'Literal':
      if (typeof expr.value === 'string') return { kind: 'string', value: expr.value };
      if (typeof expr.value === 'boolean') return { kind: 'boolean', value: expr.value };
      // `null` is sent as null (JSON drops only undefined): not a documented value, so not read as "absent".
      return { kind: 'other-literal' };
    case 'TemplateLiteral':
      if (expr.expressions.length === 0 && expr.quasis[0]?.value.cooked != null) {
        return { kind: 'string', value: expr.quasis[0].value.cooked };
      }
      return { kind: 'dynamic' };
    case 'Identifier': {
      if (ctx === undefined) return { kind: 'dynamic' };
      const name = valueOfName(expr, ctx);
      if (name.kind === 'global') return expr.name === 'undefined' ? { kind: 'nullish' } : { kind: 'dynamic' };
      if (name.kind === 'absent') return { kind: 'nullish' };
      if (name.kind === 'const') {
        const init = name.value.node;
        return init.type === 'Literal' || init.type === 'TemplateLiteral' ? classifyValue(init) : { kind: 'dynamic' };
      }
      // A caller's argument is what the parameter holds, whatever it is written as there.
      if (name.kind === 'argument') return classifyValue(name.value.node, name.value.ctx);
      return { kind: 'dynamic' };
    }
    default:
      return { kind: 'dynamic' };
  }
}
