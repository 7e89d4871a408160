/**
 * Reads the body of a call: the object literal that holds the deprecated keys, through `JSON.stringify` and
 * `const` bindings, and what each value is as far as it can be seen. Whatever cannot be seen completely is
 * "unreadable" for the planner, never a guess.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { FLAG_KEYS, readSteps, spreadEntries, type StepEntry } from './body-steps.js';
import { type Condition, flagChoice } from './conditional.js';
import { DeprecatedKey, FLAG_ENABLED_VALUE } from '../facts/contract.js';
import { valueOfName } from './follow.js';
import { destructuredMayBeAbsent, memberMayBeAbsent, typeMayBeUndefined } from './absent-values.js';
import type { BodyFacts, ValueClass } from '../plan/plan.js';
import { ReasonCode } from '../facts/reasons.js';
import { namespaceModule } from './clients/modules.js';
import { findVariable, importOf, isExported, isSingleUse, usesOf, type VariableLike } from '../facts/scope.js';
import { lineAt } from '../facts/text-facts.js';
import { calleePath, isAsConst, isPure, isRecordOfStringsType, propertyOf, someNode, staticKey, unwrapTS } from '../facts/syntax.js';

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
  /**
   * The object is a caller's argument, typed only by the parameter it is passed to (`assignApp(code, body: AssignBody)`):
   * that parameter's type, which is rewritten with the bodies when it can be (typed-body.ts `retypeParameter`).
   */
  readonly typedBy?: { readonly annotation: TSESTree.TSTypeReference; readonly ctx: SourceContext };
  /** The file the object is written in (a caller's, when the body was passed to a followed function). */
  readonly ctx: SourceContext;
  /**
   * Where a key's value is written when that is not a property of `object` (a spread const's literal, the right side
   * of `body.key = value`): what the new object copies.
   */
  readonly sources?: ReadonlyMap<string, TSESTree.Node>;
  /** The condition that chooses a flag's value, by key: what the new object tests, once. */
  readonly conditions?: ReadonlyMap<string, Condition>;
  /** Statements of the file that build the body in steps: removed once their effect is written into the object. */
  readonly removals?: readonly (readonly [number, number])[];
  /** The object is sent as a form (`new URLSearchParams({...})`, `qs.stringify({...})`): see `FormBody`. */
  readonly form?: FormBody;
}

/**
 * A form body built from an object literal with static keys. It becomes the JSON v3 body only together with the
 * content type of the call: `header` is the edit that makes that JSON, set by the client that reads the call's headers.
 * A form sends every value as a string: `coerce` says how the assignee's value is kept a string in JSON.
 */
export interface FormBody {
  /** The expression that builds the form, replaced by the new body. */
  readonly range: readonly [number, number];
  /** What replaces it: the object (a client that sends an object as JSON) or `JSON.stringify(object)`. */
  readonly write: 'object' | 'stringify';
  /**
   * `String(value)`: what URLSearchParams does to a value, so a value not known to be a string is wrapped in it.
   * 'string-only': a serializer that treats values that are not strings its own way (`qs`): such a value is refused.
   */
  readonly coerce: 'String' | 'string-only';
  /** The assignee is not known to be a string: the new body writes `String(value)`, as the form sent it. */
  readonly stringify?: true;
  /**
   * The edit that makes the call send JSON, once its client has found one: the call's form content type becomes
   * `application/json`, or got's `form` option becomes `json`. Without it the form stays.
   */
  readonly toJson?: { readonly range: readonly [number, number]; readonly text: string; readonly ctx: SourceContext };
}

export type { Condition } from './conditional.js';

export type BodyRead =
  | { readonly kind: 'object'; readonly body: BodyObject; readonly facts: BodyFacts }
  | { readonly kind: 'none'; readonly facts: BodyFacts }
  | { readonly kind: 'unreadable'; readonly facts: BodyFacts }
  | { readonly kind: 'unknown'; readonly facts: BodyFacts };

export const unreadable = (reason: Extract<BodyFacts, { kind: 'unreadable' }>['reason'], builtIn: boolean | 'certain' | 'may' = false, key?: string): BodyRead => ({
  kind: 'unreadable',
  facts: {
    kind: 'unreadable', reason, ...(builtIn === false ? {} : { builtIn: true as const }), ...(builtIn === 'certain' ? { builtInCertain: true as const } : {}),
    ...(key === undefined ? {} : { key }),
  },
});

/** Whether what builds a body sets built_in "true": certainly, maybe, or not. */
export type BuiltIn = 'certain' | 'may' | false;

/**
 * A body read as an object that the call's options then send otherwise (a form, a transform): unreadable for
 * `reason`, still naming built_in when the object may set it.
 */
export function unreadableAs(read: BodyRead, reason: Extract<BodyFacts, { kind: 'unreadable' }>['reason']): BodyRead {
  if (read.kind !== 'object') return read.kind === 'unreadable' ? { kind: 'unreadable', facts: { ...read.facts, reason } as BodyFacts } : unreadable(reason);
  const entry = read.facts.kind === 'object' ? read.facts.entries.find((e) => e.key === DeprecatedKey.builtIn) : undefined;
  const value = propertyValue(read.body, DeprecatedKey.builtIn) ?? read.body.object;
  const on = entry !== undefined && (entry.branches !== undefined || mayBeOn(value, read.body.ctx));
  const certain = on && entry.branches === undefined && isEnabled(value, read.body.ctx);
  return unreadable(reason, certain ? 'certain' : on);
}

function propertyValue(body: BodyObject, key: string): TSESTree.Node | undefined {
  return body.sources?.get(key) ?? propertyOf(body.object, key)?.value;
}

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
      if (name.kind !== 'const' && name.kind !== 'argument') return unreadable(ReasonCode.bodyDynamic, builtInIn(expr, ctx));
      // Used anywhere else (a later `body.x = ...`, a log line, another module), it cannot be read or rewritten alone,
      // unless it is a local object changed in known steps before the call.
      if (!isSingleUse(name.variable) && !usedBesidesOnlyInTests(name.variable, expr)) {
        // A const changed in steps is declared with a type that takes new keys (`Record<string, unknown>`) in TypeScript.
        const steps = name.kind === 'const' && encoding.objectIsJson
          ? inSteps(name.variable, name.value.node, ctx, [...via, name.variable], isTyped || (declaredWithType(name.variable) && !declaredOpen(name.variable)))
          : undefined;
        return steps ?? unreadable(ReasonCode.bodyMutated, builtInIn(expr, ctx), name.kind === 'argument' ? otherUseAt(name.variable, expr, ctx) : undefined);
      }
      // A caller's argument is written at the caller: what leads to it starts there.
      const path = name.kind === 'argument' ? [] : [...via, name.variable];
      const typedHere = isTyped || declaredWithType(name.variable) || (name.kind === 'argument' && parameterTypeIsNarrow(name.variable, ctx));
      const read = readBody(name.value.node, name.value.ctx, encoding, path, typedHere, depth + 1);
      // Typed by the parameter alone: the object, read without it, is not typed (no annotation at the caller).
      const parameterType = !isTyped && !declaredWithType(name.variable) && name.kind === 'argument' ? namedParameterType(name.variable) : undefined;
      if (parameterType !== undefined && read.kind === 'object' && read.body.typed) {
        const alone = readBody(name.value.node, name.value.ctx, encoding, path, false, depth + 1);
        if (alone.kind === 'object' && !alone.body.typed) return { ...read, body: { ...read.body, typedBy: { annotation: parameterType, ctx } } };
      }
      return read;
    }
    case 'CallExpression': {
      const path = calleePath(expr.callee);
      if (path === 'JSON.stringify' && findVariable(ctx.getScope(expr), 'JSON') === undefined) {
        if (!encoding.stringifyIsJson || expr.arguments.length !== 1) return unreadable(ReasonCode.bodyDynamic);
        return readBody(expr.arguments[0], ctx, { objectIsJson: true, stringifyIsJson: false }, via, isTyped, depth + 1);
      }
      if ((path !== undefined && FORM_SERIALIZERS.test(path)) || isFormString(expr, ctx) || isQsStringify(expr.callee, ctx)) {
        return formBody(expr, ctx, encoding, via, isTyped) ?? unreadable(ReasonCode.bodyFormEncoded, builtInIn(expr, ctx));
      }
      return unreadable(ReasonCode.bodyDynamic, builtInIn(expr, ctx));
    }
    case 'ConditionalExpression': {
      // `body ? JSON.stringify(body) : undefined`: a test whose outcome is known here chooses the branch sent.
      const truth = truthOf(expr.test, ctx);
      if (truth !== undefined) return readBody(truth ? expr.consequent : expr.alternate, ctx, encoding, via, isTyped, depth + 1);
      return unreadable(ReasonCode.bodyDynamic, builtInIn(expr, ctx));
    }
    case 'NewExpression':
      if (expr.callee.type === 'Identifier' && FORM_BUILDERS.has(expr.callee.name)) {
        return formBody(expr, ctx, encoding, via, isTyped) ?? unreadable(ReasonCode.bodyFormEncoded, builtInIn(expr, ctx));
      }
      return unreadable(ReasonCode.bodyDynamic, builtInIn(expr, ctx));
    case 'Literal':
    case 'TemplateLiteral':
      return unreadable(ReasonCode.bodyFormEncoded);
    default:
      return unreadable(ReasonCode.bodyDynamic, builtInIn(expr, ctx));
  }
}

/**
 * Whether a test is certainly true or false where it is read: a name bound to an object or array literal is truthy, one
 * for which nothing was passed (or `undefined`) is falsy; also compared with `undefined` or `null` (`!== undefined`,
 * `== null`).
 */
function truthOf(test: TSESTree.Node, ctx: SourceContext): boolean | undefined {
  const expr = unwrapTS(test);
  if (expr.type === 'BinaryExpression' && ['!==', '!=', '===', '=='].includes(expr.operator)) {
    const loose = expr.operator === '!=' || expr.operator === '==';
    const nothing = (node: TSESTree.Node) => (node.type === 'Identifier' && node.name === 'undefined' && valueOfName(node, ctx).kind === 'global') ||
      (loose && node.type === 'Literal' && node.value === null && node.raw === 'null');
    const other = nothing(expr.right) ? expr.left : nothing(expr.left) ? expr.right : undefined;
    const truth = other === undefined ? undefined : truthOf(other, ctx);
    // `body == null`, `body === undefined`: the opposite of the value's truth (an object is neither).
    return truth === undefined || expr.operator === '!==' || expr.operator === '!=' ? truth : !truth;
  }
  if (expr.type !== 'Identifier') return undefined;
  const name = valueOfName(expr, ctx);
  if (name.kind === 'absent' || (name.kind === 'global' && expr.name === 'undefined')) return false;
  if (name.kind !== 'const' && name.kind !== 'argument') return undefined;
  const value = unwrapTS(name.value.node);
  return value.type === 'ObjectExpression' || value.type === 'ArrayExpression' ? true : undefined;
}

/**
 * A name used besides `use` only as the test of a conditional that picks what is sent (`body ? JSON.stringify(body) :
 * undefined`, `body !== undefined ? ...`): a test reads the value and changes nothing, so the name is still one use.
 */
function usedBesidesOnlyInTests(variable: VariableLike, use: TSESTree.Identifier): boolean {
  if (isExported(variable)) return false;
  const others = usesOf(variable).filter((ref) => ref.identifier !== use);
  return others.length > 0 && others.every((ref) => {
    let node = ref.identifier as TSESTree.Node;
    const parent = node.parent;
    if (parent?.type === 'BinaryExpression' && ['!==', '!=', '===', '=='].includes(parent.operator)) node = parent;
    if (node.parent?.type === 'ConditionalExpression' && node.parent.test === node && contains(node.parent, use)) return true;
    // Elsewhere, only compared with undefined or null as the test of a `?:` (a Content-Type set when there is a body):
    // a read that neither changes the body nor lets it out.
    return node !== ref.identifier && isNullish((node as TSESTree.BinaryExpression).right === ref.identifier ? (node as TSESTree.BinaryExpression).left : (node as TSESTree.BinaryExpression).right) &&
      node.parent?.type === 'ConditionalExpression' && node.parent.test === node;
  });
}

function isNullish(node: TSESTree.Node): boolean {
  const expr = unwrapTS(node);
  return (expr.type === 'Identifier' && expr.name === 'undefined') || (expr.type === 'Literal' && expr.value === null && !('regex' in expr));
}

function contains(outer: TSESTree.Node, inner: TSESTree.Node): boolean {
  return inner.range[0] >= outer.range[0] && inner.range[1] <= outer.range[1];
}

/** `new URLSearchParams({...}).toString()`: the same form, as a string. */
function isFormString(expr: TSESTree.CallExpression, ctx: SourceContext): boolean {
  return expr.arguments.length === 0 && expr.callee.type === 'MemberExpression' && staticKey(expr.callee) === 'toString' &&
    isSearchParams(unwrapTS(expr.callee.object), ctx);
}

function isSearchParams(node: TSESTree.Node, ctx: SourceContext): node is TSESTree.NewExpression {
  return node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'URLSearchParams' &&
    findVariable(ctx.getScope(node), 'URLSearchParams') === undefined;
}

/** The modules whose `stringify` makes a form of an object, and the names they are imported by. */
const QS_MODULES: ReadonlySet<string> = new Set(['qs', 'querystring', 'node:querystring']);

/**
 * A form built from an object literal written in it, with static keys: `new URLSearchParams({...})` (the global one),
 * its `.toString()`, or `stringify({...})` of `qs` or `querystring` with no options. Undefined for any other form (a
 * FormData, a form built with `append`, options that change the encoding): those stay `body-form-encoded`.
 */
function formBody(expr: TSESTree.NewExpression | TSESTree.CallExpression, ctx: SourceContext, encoding: BodyEncoding,
  via: readonly VariableLike[], typed: boolean): BodyRead | undefined {
  // Each client says whether it sends a string as given; JSON must be a name that means JSON where the form is.
  if (!encoding.stringifyIsJson && !encoding.objectIsJson) return undefined;
  if (!encoding.objectIsJson && findVariable(ctx.getScope(expr), 'JSON') !== undefined) return undefined;
  let built: TSESTree.Node;
  let coerce: FormBody['coerce'];
  if (expr.type === 'NewExpression' || isFormString(expr, ctx)) {
    const made = expr.type === 'NewExpression' ? expr : unwrapTS((expr.callee as TSESTree.MemberExpression).object) as TSESTree.NewExpression;
    if (!isSearchParams(made, ctx) || made.arguments.length !== 1) return undefined;
    built = made.arguments[0]!;
    coerce = 'String';
  } else {
    if (expr.arguments.length !== 1 || !isQsStringify(expr.callee, ctx)) return undefined;
    built = expr.arguments[0]!;
    coerce = 'string-only';
  }
  const object = unwrapTS(built);
  if (object.type !== 'ObjectExpression' || object !== built) return undefined;
  return formObject(object, ctx, via, typed, { range: expr.range, write: encoding.objectIsJson ? 'object' : 'stringify', coerce });
}

/**
 * An object literal sent as a form (by a builder, or by a client's own option such as got's `form`), read as its keys
 * and marked with what replaces it. Undefined when a serializer that writes other values its own way gets an assignee
 * not known to be a string.
 */
export function formObject(object: TSESTree.ObjectExpression, ctx: SourceContext, via: readonly VariableLike[], typed: boolean,
  form: Omit<FormBody, 'toJson'>): BodyRead | undefined {
  const { coerce } = form;
  const read = readObject({ object, via, typed, ctx }, ctx);
  if (read.kind !== 'object') return read;
  // qs and querystring write a value that is not a string their own way (undefined, null, numbers, objects); a value
  // URLSearchParams made a string is written `String(value)`, which must mean the global String where it is written.
  const unknownValue = ASSIGNEE_KEYS.some((key) => {
    const value = read.body.sources?.get(key) ?? propertyOf(object, key)?.value;
    return value !== undefined && !isKnownString(value, read.body.ctx);
  });
  if (unknownValue && (coerce === 'string-only' || findVariable(ctx.getScope(object), 'String') !== undefined)) return undefined;
  // URLSearchParams sends an undefined value as "undefined", never dropping its key: the assignee was always named.
  const facts = coerce === 'String' && read.facts.kind === 'object'
    ? { ...read.facts, entries: read.facts.entries.map((entry) => (entry.value.kind === 'dynamic' && entry.value.mayBeAbsent === true
      ? { ...entry, value: { kind: 'dynamic' as const } } : entry)) }
    : read.facts;
  return { ...read, facts, body: { ...read.body, form: unknownValue ? { ...form, stringify: true } : form } };
}

const ASSIGNEE_KEYS = [DeprecatedKey.businessUid, DeprecatedKey.directoryUid];

/**
 * A value that is a string whatever runs, as the source shows it: a string literal, a template, or a const of one. A
 * declared type is not enough (`any` reaches it), and a parameter is not read through a caller's argument: the
 * function's code is shared by every caller, so what is written there must not depend on which one is read.
 */
function isKnownString(node: TSESTree.Node, ctx: SourceContext, depth = 0): boolean {
  const expr = unwrapTS(node);
  if (expr.type === 'TemplateLiteral' || (expr.type === 'Literal' && typeof expr.value === 'string')) return true;
  if (expr.type !== 'Identifier' || depth > MAX_DEPTH) return false;
  const name = valueOfName(expr, ctx);
  return name.kind === 'const' && isKnownString(name.value.node, name.value.ctx, depth + 1);
}

/** `qs.stringify`, `querystring.stringify` (a default or namespace import, or `require`), or an imported `stringify`. */
function isQsStringify(callee: TSESTree.Node, ctx: SourceContext): boolean {
  if (callee.type === 'MemberExpression') {
    return staticKey(callee) === 'stringify' && QS_MODULES.has(namespaceModule(callee.object, ctx) ?? '');
  }
  if (callee.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(callee), callee.name);
  const imported = variable === undefined ? undefined : importOf(variable);
  return imported !== undefined && imported.imported === 'stringify' && QS_MODULES.has(imported.source);
}

/** A const object changed in known steps before the call (body-steps.ts), read as it is sent. */
function inSteps(variable: VariableLike, init: TSESTree.Node, ctx: SourceContext, via: readonly VariableLike[], typed: boolean): BodyRead | undefined {
  const object = unwrapTS(init);
  if (object.type !== 'ObjectExpression') return undefined;
  const initial = objectEntries(object, ctx);
  if (!Array.isArray(initial)) return undefined;
  const steps = readSteps(variable, object, initial, ctx, classifyValue);
  if (steps === undefined) return undefined;
  return withEntries({ object, via, typed: typed || init !== object && !isAsConst(init), ctx }, steps.entries, steps.removals);
}

function declaredWithType(variable: VariableLike): boolean {
  const declarator = variable.defs[0]?.node as TSESTree.Node | undefined;
  return declarator?.type === 'VariableDeclarator' && declarator.id.type === 'Identifier' &&
    declarator.id.typeAnnotation !== undefined;
}

/** A const declared as `Record<string, unknown>` (or `any`): the v3 body fits the type as well as the old one. */
function declaredOpen(variable: VariableLike): boolean {
  const declarator = variable.defs[0]?.node as TSESTree.Node | undefined;
  if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier') return false;
  const type = declarator.id.typeAnnotation?.typeAnnotation;
  return type !== undefined && isOpenType(type);
}

function isOpenType(type: TSESTree.TypeNode): boolean {
  if (type.type === 'TSAnyKeyword') return true;
  if (type.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier' || type.typeName.name !== 'Record') return false;
  const [key, value] = type.typeArguments?.params ?? [];
  return key?.type === 'TSStringKeyword' && (value?.type === 'TSUnknownKeyword' || value?.type === 'TSAnyKeyword');
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
/** The type a parameter is declared with, when it names a type (`body: AssignBody`) with no type arguments. */
function namedParameterType(variable: VariableLike): TSESTree.TSTypeReference | undefined {
  const name = variable.defs[0]?.name as TSESTree.Node | undefined;
  if (variable.defs.length !== 1 || variable.defs[0]?.type !== 'Parameter' || name?.type !== 'Identifier') return undefined;
  // Or a name destructured from the parameter (`({ appCode, body }: { appCode: string; body: AssignPayload })`): the
  // type its key has in the pattern's type literal.
  const type = name.typeAnnotation?.typeAnnotation ?? destructuredMemberType(name);
  if (type?.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier') return undefined;
  // A named type, or `Record<string, string>` (typed-body.ts widens it with the bodies).
  return type.typeArguments === undefined || isRecordOfStringsType(type) ? type : undefined;
}

/** Where a parameter the body was passed as is used besides the request (`src/sdk/apps.ts:62`), as a reason names it. */
function otherUseAt(variable: VariableLike, use: TSESTree.Identifier, ctx: SourceContext): string | undefined {
  const other = usesOf(variable).find((ref) => ref.identifier !== use);
  if (other === undefined) return undefined;
  const line = lineAt(ctx.text, other.identifier.range[0]);
  return ctx.file === undefined ? `line ${line}` : `${ctx.file}:${line}`;
}

/** The type a parameter's object pattern gives a name it destructures, written as a member of a type literal. */
function destructuredMemberType(name: TSESTree.Identifier): TSESTree.TypeNode | undefined {
  const property = name.parent;
  const pattern = property?.type === 'Property' && property.value === name && !property.computed ? property.parent : undefined;
  const literal = pattern?.type === 'ObjectPattern' ? pattern.typeAnnotation?.typeAnnotation : undefined;
  if (literal?.type !== 'TSTypeLiteral') return undefined;
  const key = staticKey(property as TSESTree.Property);
  const member = literal.members.find((m): m is TSESTree.TSPropertySignature => m.type === 'TSPropertySignature' && !m.computed &&
    (m.key.type === 'Identifier' ? m.key.name : m.key.type === 'Literal' ? String(m.key.value) : undefined) === key);
  return member?.optional === true ? undefined : member?.typeAnnotation?.typeAnnotation;
}

function parameterTypeIsNarrow(variable: VariableLike, ctx: SourceContext): boolean {
  const name = variable.defs[0]?.name as TSESTree.Node | undefined;
  if (name?.type !== 'Identifier') return false;
  // A name destructured from a parameter (`({ body }: { body: object })`): the type the pattern's type gives its key.
  const pattern = name.parent?.type === 'Property' && name.parent.value === name ? name.parent.parent : undefined;
  if (pattern?.type === 'ObjectPattern') {
    const literal = pattern.typeAnnotation?.typeAnnotation;
    if (literal === undefined) return functionTypedElsewhere(variable.defs[0]?.node as TSESTree.Node | undefined, ctx);
    const key = staticKey(name.parent as TSESTree.Property);
    const member = literal.type === 'TSTypeLiteral' ? literal.members.find((m): m is TSESTree.TSPropertySignature =>
      m.type === 'TSPropertySignature' && !m.computed && (m.key.type === 'Identifier' ? m.key.name : m.key.type === 'Literal' ? String(m.key.value) : undefined) === key) : undefined;
    const type = member?.typeAnnotation?.typeAnnotation;
    return type === undefined || !isOpenParameterType(type);
  }
  // The function's type may be written elsewhere: on the const that holds it, in a JSDoc comment, or in overloads.
  if (name.typeAnnotation === undefined) return functionTypedElsewhere(variable.defs[0]?.node as TSESTree.Node | undefined, ctx);
  return !isOpenParameterType(name.typeAnnotation.typeAnnotation);
}

/** `unknown`, `any`, `object`, `Record<string, unknown>`: a parameter type any body fits, the v3 one as well. */
function isOpenParameterType(type: TSESTree.TypeNode): boolean {
  if (type.type === 'TSUnknownKeyword' || type.type === 'TSAnyKeyword' || type.type === 'TSObjectKeyword') return true;
  if (type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && type.typeName.name === 'Record') {
    const value = type.typeArguments?.params[1];
    return value?.type === 'TSUnknownKeyword' || value?.type === 'TSAnyKeyword';
  }
  return false;
}

function readObject(body: BodyObject, ctx: SourceContext): BodyRead {
  const read = objectEntries(body.object, ctx);
  if (!Array.isArray(read)) return read;
  return withEntries(body, read);
}

/** The read object with its entries: the facts for the planner, where each value is written for the renderer. */
function withEntries(body: BodyObject, read: readonly StepEntry[], removals?: BodyObject['removals']): BodyRead {
  const sources = new Map<string, TSESTree.Node>();
  const conditions = new Map<string, Condition>();
  for (const entry of read) {
    // Values written in the object itself are found there by the renderer; the others are named here.
    if (!(entry.node.range[0] >= body.object.range[0] && entry.node.range[1] <= body.object.range[1])) sources.set(entry.facts.key, entry.node);
    if (entry.condition !== undefined) conditions.set(entry.facts.key, entry.condition);
  }
  const object: BodyObject = {
    ...body,
    ...(sources.size > 0 ? { sources } : {}),
    ...(conditions.size > 0 ? { conditions } : {}),
    ...(removals === undefined || removals.length === 0 ? {} : { removals }),
  };
  return { kind: 'object', body: object, facts: { kind: 'object', entries: read.map((entry) => entry.facts) } };
}

/** The keys of an object literal in order, a spread of a same-file const read as its keys; a later key wins, as in JS. */
function objectEntries(object: TSESTree.ObjectExpression, ctx: SourceContext): StepEntry[] | BodyRead {
  const entries = new Map<string, StepEntry>();
  const own = new Set<string>();
  const set = (entry: StepEntry): boolean => {
    const previous = entries.get(entry.facts.key);
    // A value the old object evaluated and the new one drops must have no side effects.
    if (previous !== undefined && !previous.facts.pure) return false;
    entries.delete(entry.facts.key);
    entries.set(entry.facts.key, entry);
    return true;
  };
  for (const property of object.properties) {
    if (property.type === 'SpreadElement') {
      const spread = spreadEntries(property, ctx, classifyValue);
      if (spread === undefined) return unreadable(ReasonCode.bodySpread, builtInIn(object, ctx));
      for (const entry of spread) if (!set(entry)) return unreadable(ReasonCode.bodyDynamic);
      continue;
    }
    const key = staticKey(property);
    if (key === undefined) return unreadable(ReasonCode.bodyComputedKey, builtInIn(object, ctx));
    // A getter or a method is not a value a rewrite can move.
    if (property.kind !== 'init' || property.method) return unreadable(ReasonCode.bodyDynamic, builtInIn(object, ctx));
    // JSON keeps the last of two equal keys; which one the author meant is for a person to say.
    if (own.has(key)) return unreadable(ReasonCode.bodyDuplicateKey, builtInIn(object, ctx));
    own.add(key);
    const value = classifyValue(property.value, ctx);
    const choice = value.kind === 'dynamic' && FLAG_KEYS.has(key) ? flagChoice(property.value, object, ctx, classifyValue) : undefined;
    const entry: StepEntry = choice === undefined
      ? { facts: { key, value, pure: isPure(property.value) }, node: property.value }
      : { facts: { key, value, pure: choice.branches.stable, branches: choice.branches }, node: property.value, condition: choice.condition };
    if (!set(entry)) return unreadable(ReasonCode.bodyDynamic);
  }
  return [...entries.values()];
}

/**
 * Whether what builds a body sets built_in "true": 'certain' where the body object itself ends with a literal
 * `built_in: 'true'` that no later spread or computed key can change; 'may' where `mayHoldBuiltIn` says so.
 */
export function builtInIn(node: TSESTree.Node, ctx: SourceContext): BuiltIn {
  const expr = unwrapTS(node);
  if (expr.type === 'ObjectExpression') {
    for (const property of [...expr.properties].reverse()) {
      if (property.type === 'SpreadElement' || (property.computed && staticKey(property) === undefined)) break;
      if (staticKey(property) !== DeprecatedKey.builtIn) continue;
      if (property.kind === 'init' && !property.method && isEnabled(property.value, ctx)) return 'certain';
      break;
    }
  }
  return mayHoldBuiltIn(expr, ctx) ? 'may' : false;
}

function isEnabled(value: TSESTree.Node, ctx: SourceContext): boolean {
  const state = classifyValue(value, ctx);
  return state.kind === 'string' && state.value === FLAG_ENABLED_VALUE;
}

/**
 * Whether what builds a body may set built_in to "true": a `built_in` key or assignment whose value is not certainly
 * another value, in the object, a spread source, a const or a caller's argument it names, or the arguments of a call
 * that builds it. Whenever it may, the reasons say so.
 */
export function mayHoldBuiltIn(node: TSESTree.Node, ctx: SourceContext, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  const expr = unwrapTS(node);
  const next = (child: TSESTree.Node, at = ctx) => mayHoldBuiltIn(child, at, depth + 1);
  switch (expr.type) {
    case 'ObjectExpression':
      // `built_in`, or a name a helper may turn into it (`toSnake({ builtIn })`).
      return expr.properties.some((property) => property.type === 'SpreadElement'
        ? next(property.argument)
        : (namesBuiltIn(staticKey(property)) && mayBeOn(property.value, ctx)) || (property.computed && next(property.value)));
    case 'ArrayExpression':
      // `['is_internal', 'built_in']`, keys a helper may set (`Object.fromEntries(flags.map((f) => [f, 'true']))`).
      return expr.elements.some((element) => element !== null && next(element.type === 'SpreadElement' ? element.argument : element));
    case 'Literal':
      return expr.value === DeprecatedKey.builtIn;
    case 'Identifier': {
      const name = valueOfName(expr, ctx);
      if (name.kind === 'global' || name.kind === 'absent') return false;
      if (setsBuiltIn(name.variable, ctx) || assignedBuiltInElsewhere(name.variable, ctx)) return true;
      return (name.kind === 'const' || name.kind === 'argument' || name.kind === 'imported') && next(name.value.node, name.value.ctx);
    }
    case 'CallExpression':
    case 'NewExpression': {
      // What a call is made on counts as its arguments do (`flags.map(...)`).
      const callee = unwrapTS(expr.callee);
      if (callee.type === 'MemberExpression' && next(callee.object)) return true;
      return expr.arguments.some((arg) => next(arg.type === 'SpreadElement' ? arg.argument : arg));
    }
    case 'ConditionalExpression':
      return next(expr.consequent) || next(expr.alternate);
    case 'LogicalExpression':
      return next(expr.left) || next(expr.right);
    default:
      return false;
  }
}

/** `built_in`, `builtIn`, `BuiltIn`, `'built-in'`: a key that is built_in, or that a helper may make built_in. */
function namesBuiltIn(key: string | undefined): boolean {
  return key !== undefined && key.replace(/[-_]/g, '').toLowerCase() === 'builtin';
}

/**
 * `name.built_in = value` (or `name['built_in']`), or `Object.assign(name, { built_in: value })`, anywhere in the file,
 * with a value that may be "true".
 */
function setsBuiltIn(variable: VariableLike, ctx: SourceContext): boolean {
  return variable.references.some((ref) => writesBuiltIn(ref.identifier as TSESTree.Node, ctx));
}

function writesBuiltIn(id: TSESTree.Node, ctx: SourceContext): boolean {
  const parent = id.parent;
  if (parent?.type === 'CallExpression' && parent.arguments[0] === id && calleePath(parent.callee) === 'Object.assign') {
    return parent.arguments.slice(1).some((arg) => mayHoldBuiltIn(arg.type === 'SpreadElement' ? arg.argument : arg, ctx));
  }
  if (parent?.type !== 'MemberExpression' || parent.object !== id || staticKey(parent) !== DeprecatedKey.builtIn) return false;
  const assignment = parent.parent;
  return assignment?.type === 'AssignmentExpression' && assignment.left === parent && mayBeOn(assignment.right, ctx);
}

/**
 * In a project, an exported object (or one imported from a module of the program) that another module writes
 * built_in into, by the name it is exported under: `Object.assign(DEFAULTS, { built_in: 'true' })`, `DEFAULTS.built_in = …`.
 */
function assignedBuiltInElsewhere(variable: VariableLike, ctx: SourceContext): boolean {
  const imported = importOf(variable);
  if (ctx.project?.filesMatching === undefined || (imported === undefined && !isExported(variable))) return false;
  const name = imported === undefined || imported.imported === '*' || imported.imported === 'default' ? variable.name : imported.imported;
  const word = name.replace(/\$/g, '\\$');
  const files = ctx.project.filesMatching(new RegExp(`(?<![\\w$])${word}\\b[^]*\\bbuilt_?in\\b|\\bbuilt_?in\\b[^]*(?<![\\w$])${word}\\b`, 'i'));
  // The object itself, wherever it is named: what the import resolves to, or the exported declaration's value.
  const project = ctx.project;
  const def = variable.defs.length === 1 ? variable.defs[0]!.node as TSESTree.Node : undefined;
  const target = imported !== undefined ? (imported.imported === '*' ? undefined : project.resolveImport(imported.source, imported.imported, ctx)?.node)
    : def?.type === 'VariableDeclarator' ? def.init ?? undefined : undefined;
  if (target === undefined) return false;
  // A name in another module stands for the same object only when it is that module's import of it, or its declaration.
  const sameObject = (node: TSESTree.Identifier, at: SourceContext): boolean => {
    const there = findVariable(at.getScope(node), node.name);
    if (there === undefined || there.defs.length !== 1) return false;
    const from = importOf(there);
    if (from !== undefined) return from.imported !== '*' && project.resolveImport(from.source, from.imported, at)?.node === target;
    const declarator = there.defs[0]!.node as TSESTree.Node;
    return declarator.type === 'VariableDeclarator' && declarator.init === target;
  };
  return files.some((file) => file.ctx.text !== ctx.text && someNode(file.program, (node) => node.type === 'Identifier' && node.name === name &&
    writesBuiltIn(node, file.ctx) && sameObject(node, file.ctx)));
}

function mayBeOn(value: TSESTree.Node, ctx: SourceContext): boolean {
  const state = classifyValue(value, ctx);
  return !(state.kind === 'nullish' || (state.kind === 'string' && state.value !== FLAG_ENABLED_VALUE) ||
    (state.kind === 'boolean' && !state.value));
}

/**
 * A parameter that may be `undefined`: `uid?: string`, `uid: string | undefined`, a type that may hold it
 * (`uid: Tenant['businessUid']`, an alias of one, a type that cannot be read), or one whose default is `undefined`.
 */
function optionalParameter(variable: VariableLike, ctx: SourceContext): boolean {
  const def = variable.defs.length === 1 ? variable.defs[0] : undefined;
  const name = def?.name as TSESTree.Node | undefined;
  if (def?.type !== 'Parameter' || name?.type !== 'Identifier') return false;
  const id = name;
  const assigned = id.parent?.type === 'AssignmentPattern' && id.parent.left === id ? unwrapTS(id.parent.right) : undefined;
  const type = id.typeAnnotation?.typeAnnotation;
  return id.optional || (type !== undefined && typeMayBeUndefined(type, ctx)) || (assigned?.type === 'Identifier' && assigned.name === 'undefined');
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
      // `uid!` or `uid as string` only quiets the compiler: a caller that leaves it out still sends no assignee.
      return name.kind === 'unknown' && (optionalParameter(name.variable, ctx) || destructuredMayBeAbsent(name.variable))
        ? { kind: 'dynamic', mayBeAbsent: true } : { kind: 'dynamic' };
    }
    case 'MemberExpression':
    case 'ChainExpression':
      // `user.businessUid` with `businessUid?: string`, `user?.biz`, `process.env.X`; also written `user.biz!` or `as string`.
      return ctx !== undefined && memberMayBeAbsent(expr, ctx) ? { kind: 'dynamic', mayBeAbsent: true } : { kind: 'dynamic' };
    default:
      return { kind: 'dynamic' };
  }
}
