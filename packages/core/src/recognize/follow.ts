/**
 * Following values and calls beyond the expression at hand: what a name stands for (a const's initializer, the
 * argument a caller passed for a parameter, the value another module exports), and what a call of a function of the
 * program sends (the function's own request, read with its parameters bound to the call's arguments).
 *
 * Every step returns the node together with the context of its file, so that a fact found in another file, or in a
 * caller, is read with that file's scopes and text. The planner never learns where a fact came from.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Bindings, Bound, Receiver, SourceContext } from '../facts/context.js';
import { constInitOf, findVariable, importOf, isExported, isNeverReassigned, unchangedInitOf, type VariableLike } from '../facts/scope.js';
import { enclosingClass, fieldOfClass, hasSubclass, thisField } from './clients/this-member.js';
import { isAsConst, isFunction, someNode, staticKey, unwrapTS } from '../facts/syntax.js';

/** What a name stands for where it is read. */
export type NameValue =
  /** Not declared by the program: a global such as `fetch` or `undefined`. */
  | { readonly kind: 'global' }
  /** A const (or a binding never written again) with its initializer, in the same file. */
  | { readonly kind: 'const'; readonly variable: VariableLike; readonly value: Bound }
  /** A parameter of a followed function: the caller's argument, in the caller's context. */
  | { readonly kind: 'argument'; readonly variable: VariableLike; readonly value: Bound }
  /** A parameter of a followed function for which the caller passed nothing: `undefined`. */
  | { readonly kind: 'absent'; readonly variable: VariableLike }
  /** An import the project resolved to the value its module exports. */
  | { readonly kind: 'imported'; readonly variable: VariableLike; readonly value: Bound }
  /** Anything else: a parameter not followed, a reassigned `let`, an import from a package. */
  | { readonly kind: 'unknown'; readonly variable: VariableLike };

/**
 * What an identifier stands for. `anyKind`: a `let` or `var` that is never written again counts as a const (what a
 * client is); without it only a `const` does (what a value is).
 */
export function valueOfName(id: TSESTree.Identifier, ctx: SourceContext, anyKind = false): NameValue {
  const variable = findVariable(ctx.getScope(id), id.name);
  if (variable === undefined) return { kind: 'global' };
  const bound = ctx.bindings?.get(variable);
  if (bound !== undefined) {
    consulted.get(ctx.bindings!)?.add(variable);
    return bound === 'absent' ? { kind: 'absent', variable } : { kind: 'argument', variable, value: bound };
  }
  const init = anyKind ? unchangedInitOf(variable) : constInitOf(variable);
  if (init !== undefined) return { kind: 'const', variable, value: { node: init, ctx } };
  const imported = ctx.project === undefined ? undefined : importOf(variable);
  if (imported !== undefined && ctx.project !== undefined && imported.imported !== '*') {
    const value = ctx.project.resolveImport(imported.source, imported.imported, ctx);
    if (value !== undefined) return { kind: 'imported', variable, value };
  }
  return { kind: 'unknown', variable };
}

/** What a member of an object or an enum the program declares stands for (`APPS.crm`, `APPS['crm']`, `AppCode.Crm`). */
export type MemberValue =
  /** The member's value as written in a map or enum that cannot change, with the context of its file. */
  | { readonly kind: 'value'; readonly value: Bound }
  /**
   * The program declares the object, but the member is not a fixed value: the object can change (a `let`, a map
   * mutated, passed around or exported without `as const`, a getter, a spread, a computed key), the enum is
   * `declare`d or merged, or the member is missing, numeric or computed.
   */
  | { readonly kind: 'refused' }
  /** Not a map or enum of the program (a parameter, an object from a call, a package's export): nothing is known. */
  | { readonly kind: 'unknown' };

/** What a member expression stands for, when its object is a name for a map or an enum that the program declares. */
export function valueOfMember(member: TSESTree.MemberExpression, ctx: SourceContext): MemberValue {
  const object = unwrapTS(member.object);
  const name = staticMemberName(member) ?? elementIndex(member);
  if (object.type !== 'Identifier' || name === undefined) return { kind: 'unknown' };
  const variable = findVariable(ctx.getScope(object), object.name);
  if (variable === undefined || ctx.bindings?.has(variable) === true) return { kind: 'unknown' };
  const def = variable.defs[0];
  if (def?.type === 'TSEnumName') {
    return variable.defs.length === 1 ? enumMember(def.node as TSESTree.Node, name, ctx) : { kind: 'refused' };
  }
  if (def?.type === 'Variable') {
    const declarator = def.node as TSESTree.Node;
    const declaration = def.parent as TSESTree.Node | null | undefined;
    const literal = declarator.type === 'VariableDeclarator' && declarator.init !== null ? unwrapTS(declarator.init).type : undefined;
    if (literal !== 'ObjectExpression' && literal !== 'ArrayExpression') return { kind: 'unknown' };
    // A `let` or `var` map can be replaced by another object at any time.
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const' || variable.defs.length !== 1) return { kind: 'refused' };
    return mapMember((declarator as TSESTree.VariableDeclarator).init!, variable, name, ctx);
  }
  const imported = ctx.project === undefined ? undefined : importOf(variable);
  if (imported === undefined || imported.imported === '*' || ctx.project === undefined) return { kind: 'unknown' };
  const value = ctx.project.resolveImport(imported.source, imported.imported, ctx);
  if (value === undefined) return { kind: 'unknown' };
  if (value.node.type === 'TSEnumDeclaration') {
    const declared = declaredVariable(value.node, value.node.id.name, value.ctx);
    return declared?.defs.length === 1 ? enumMember(value.node, name, value.ctx) : { kind: 'refused' };
  }
  const declarator = value.node.parent;
  const literal = unwrapTS(value.node).type;
  if (literal !== 'ObjectExpression' && literal !== 'ArrayExpression') return { kind: 'unknown' };
  if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier') return { kind: 'refused' };
  const declared = declaredVariable(declarator, declarator.id.name, value.ctx);
  return declared === undefined ? { kind: 'refused' } : mapMember(value.node, declared, name, value.ctx);
}

/** The variable a declaration at module level declares, found from the declaration itself. */
function declaredVariable(node: TSESTree.Node, name: string, ctx: SourceContext): VariableLike | undefined {
  let scope = ctx.getScope(node);
  // An enum has a scope of its own, which holds its members.
  if (node.type === 'TSEnumDeclaration' && scope.upper !== null) scope = scope.upper;
  return findVariable(scope, name);
}

/** A string member of an enum declared once, not `declare`d: `Crm = 'crm-sync'`. Numeric and computed ones are refused. */
function enumMember(node: TSESTree.Node, name: string, ctx: SourceContext): MemberValue {
  if (node.type !== 'TSEnumDeclaration' || node.declare === true) return { kind: 'refused' };
  const members = ('body' in node && node.body !== undefined ? node.body.members : (node as { members?: TSESTree.TSEnumMember[] }).members) ?? [];
  const found = members.filter((m) => (m.id.type === 'Identifier' ? m.id.name : m.id.type === 'Literal' ? m.id.value : undefined) === name);
  const init = found.length === 1 ? found[0]!.initializer : undefined;
  if (init === undefined) return { kind: 'refused' };
  const value = unwrapTS(init);
  const isString = (value.type === 'Literal' && typeof value.value === 'string') ||
    (value.type === 'TemplateLiteral' && value.expressions.length === 0);
  return isString ? { kind: 'value', value: { node: value, ctx } } : { kind: 'refused' };
}

/**
 * A member of a const object literal that cannot change: every key static and written once, no spread, getter or
 * method; exported only when `as const`; and every use of the name in its module reads a member (never writes one),
 * or reads the whole through `Object.keys/values/entries` or a type query.
 */
function mapMember(init: TSESTree.Node, variable: VariableLike, name: string, ctx: SourceContext): MemberValue {
  const array = unwrapTS(init).type === 'ArrayExpression';
  const value = array ? elementWritten(init, name) : memberWrittenOnce(init, name, false);
  if (value === undefined) return { kind: 'refused' };
  const readonly = isReadonly(init);
  if (!readonly && isExported(variable)) return { kind: 'refused' };
  for (const ref of variable.references) {
    if (ref.init === true) continue;
    if (ref.isWrite()) return { kind: 'refused' };
    const id = ref.identifier as TSESTree.Node;
    const parent = id.parent;
    const read = parent?.type === 'MemberExpression' ? parent.object === id && !isWriteTarget(parent) && !(array && mutatesArray(parent)) : readsWhole(id, readonly);
    if (!read) return { kind: 'refused' };
  }
  if (isExported(variable) && !unchangedInProgram(variable.name, ctx, array)) return { kind: 'refused' };
  return { kind: 'value', value: { node: value, ctx } };
}

/** `APP_ACTIONS[0]`: an element read by a whole number written out. */
function elementIndex(member: TSESTree.MemberExpression): string | undefined {
  const property = unwrapTS(member.property);
  return member.computed && property.type === 'Literal' && typeof property.value === 'number' && Number.isInteger(property.value) && property.value >= 0
    ? String(property.value) : undefined;
}

/** The element at `index` of an array literal written out in full (no hole, no spread before it). */
function elementWritten(init: TSESTree.Node, index: string): TSESTree.Node | undefined {
  const array = unwrapTS(init);
  if (array.type !== 'ArrayExpression' || !/^\d+$/.test(index)) return undefined;
  const at = Number(index);
  const before = array.elements.slice(0, at + 1);
  if (before.length <= at || before.some((element) => element === null || element.type === 'SpreadElement')) return undefined;
  return array.elements[at] ?? undefined;
}

/** The methods that change an array in place: `as const` is erased at run time, so `ACTIONS.sort()` still reorders it. */
const MUTATING_METHODS: ReadonlySet<string> = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

/** `ACTIONS.sort()`, `ACTIONS.length = 0`, `ACTIONS[i] = …` (a write target is refused before): a member that changes the array. */
function mutatesArray(member: TSESTree.MemberExpression): boolean {
  const name = staticMemberName(member);
  if (name === 'length') return isWriteTarget(member);
  return name !== undefined && MUTATING_METHODS.has(name);
}

/**
 * Whether no module of the program can change the exported map `name`: `as const` is a type, erased at run time, so
 * `Object.assign(APPS, { crm: encodeURIComponent(APPS.crm) })` in a module that imports it still changes a member. In
 * every file that spells the name (project mode), each use reads a member, reads it whole (`Object.keys`), or imports,
 * exports or declares it under that name; read file by file, the other modules cannot be seen, and it may change.
 */
function unchangedInProgram(name: string, ctx: SourceContext, array = false): boolean {
  const files = ctx.project?.filesMatching?.(new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`));
  if (files === undefined) return false;
  return files.every((file) => !someNode(file.program, (node) =>
    (node.type === 'Identifier' && node.name === name && !harmlessUse(node) && !readsWhole(node, true)) ||
    // `ACTIONS.sort()`: an array changed in place through a member read.
    (array && node.type === 'Identifier' && node.name === name && node.parent?.type === 'MemberExpression' && node.parent.object === node && mutatesArray(node.parent)) ||
    (node.type === 'Literal' && node.value === name && node.parent?.type === 'MemberExpression' && node.parent.property === node)));
}

/**
 * The value of the member `name` of an object literal whose every key is static and written once, with no spread or
 * accessor (methods too when `methods`); undefined when the object is not such a literal or has no such member.
 */
function memberWrittenOnce(init: TSESTree.Node, name: string, methods: boolean): TSESTree.Node | undefined {
  const object = unwrapTS(init);
  if (object.type !== 'ObjectExpression') return undefined;
  const keys = new Set<string>();
  let value: TSESTree.Node | undefined;
  for (const property of object.properties) {
    if (property.type !== 'Property' || property.computed || property.kind !== 'init' || (property.method && !methods)) return undefined;
    const key = staticKey(property);
    if (key === undefined || keys.has(key)) return undefined;
    keys.add(key);
    if (key === name) value = property.value;
  }
  return value;
}

/**
 * A use of a map's name that cannot change it: a type query (`keyof typeof APPS`), `Object.keys/values/entries(APPS)`;
 * and for an `as const` map, whose members no module can assign, an export of it.
 */
function readsWhole(id: TSESTree.Node, readonly: boolean): boolean {
  const parent = id.parent;
  if (parent?.type === 'TSTypeQuery') return true;
  if (parent?.type === 'ExportSpecifier') return readonly;
  return parent?.type === 'CallExpression' && parent.arguments.length === 1 && parent.arguments[0] === id &&
    /^Object\.(?:keys|values|entries|freeze|isFrozen)$/.test(calleeText(parent.callee));
}

function calleeText(callee: TSESTree.Node): string {
  return callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'Identifier' && callee.property.type === 'Identifier'
    ? `${callee.object.name}.${callee.property.name}`
    : '';
}

/** `{...} as const`, also under `satisfies`. */
function isReadonly(node: TSESTree.Node): boolean {
  for (let current = node; ; current = (current as TSESTree.TSAsExpression).expression) {
    if (isAsConst(current)) return true;
    if (current.type !== 'TSSatisfiesExpression' && current.type !== 'TSAsExpression') return false;
  }
}

/** `m.x = …`, `m.x++`, `delete m.x`, `for (m.x of …)`, `[m.x] = …`: a member written, not read. */
function isWriteTarget(member: TSESTree.MemberExpression): boolean {
  let node: TSESTree.Node = member;
  while (node.parent?.type === 'TSAsExpression' || node.parent?.type === 'TSNonNullExpression' || node.parent?.type === 'TSSatisfiesExpression') {
    node = node.parent;
  }
  const parent = node.parent;
  if (parent == null) return false;
  if (parent.type === 'AssignmentExpression' && parent.left === node) return true;
  if (parent.type === 'UpdateExpression') return true;
  if (parent.type === 'UnaryExpression' && parent.operator === 'delete') return true;
  if ((parent.type === 'ForInStatement' || parent.type === 'ForOfStatement') && parent.left === node) return true;
  return parent.type === 'ArrayPattern' || parent.type === 'Property' && parent.parent?.type === 'ObjectPattern' || parent.type === 'RestElement';
}

/** A function of the program that a call calls, with the context of the file that declares it. */
export interface CalledFunction {
  readonly fn: TSESTree.FunctionLike;
  readonly ctx: SourceContext;
  /** For a method of an instance made here: the `new` expression that made it. */
  readonly receiver?: Receiver;
  /** For a method a class inherits, followed through `this`: the class the call is made in. */
  readonly self?: SourceContext['self'];
}

/**
 * The function a callee names: a function declaration, a const holding an arrow or function expression, or an import
 * the project resolves to one. Undefined for anything else (a client, a method, a parameter, a package's export).
 */
export function calledFunction(callee: TSESTree.Node, ctx: SourceContext): CalledFunction | undefined {
  const expr = unwrapTS(callee);
  if (expr.type === 'MemberExpression') return memberFunction(expr, ctx);
  if (expr.type !== 'Identifier') return undefined;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  if (variable === undefined || ctx.bindings?.has(variable) === true) return undefined;
  const def = variable.defs[0];
  if (variable.defs.length === 1 && def?.type === 'FunctionName' && isNeverReassigned(variable)) {
    const node = def.node as TSESTree.Node;
    if (node.type === 'FunctionDeclaration') return { fn: node, ctx };
  }
  const value = valueOfName(expr, ctx, true);
  if (value.kind !== 'const' && value.kind !== 'imported') return undefined;
  const node = unwrapTS(value.value.node);
  if (node.type === 'FunctionDeclaration' || isFunction(node)) return { fn: node as TSESTree.FunctionLike, ctx: value.value.ctx };
  return undefined;
}

/**
 * The context in which a followed function's body is read: its file's, with each plain parameter bound to the
 * argument the call passes. A parameter that is destructured, has a default, is a rest parameter or is reassigned in
 * the body is left unbound (unknown), as is every parameter after a spread argument.
 */
export function contextForCall(target: CalledFunction, call: TSESTree.CallExpression, callerCtx: SourceContext): SourceContext {
  const bindings = new Map<VariableLike, Bound | 'absent'>(target.ctx.bindings ?? []);
  const scope = target.ctx.getScope(target.fn.body ?? target.fn);
  const spreadAt = call.arguments.findIndex((arg) => arg.type === 'SpreadElement');
  // A function that reads `arguments` may change what its parameters hold behind their names: none is bound.
  const readsArgumentsObject = target.fn.type !== 'ArrowFunctionExpression' &&
    /\barguments\b/.test(target.ctx.text.slice(target.fn.range[0], target.fn.range[1]));
  // TypeScript's `this` parameter takes no argument.
  const params = readsArgumentsObject ? [] : target.fn.params.filter((param) => !(param.type === 'Identifier' && param.name === 'this'));
  params.forEach((param, index) => {
    if (spreadAt >= 0 && index >= spreadAt) return;
    const arg = call.arguments[index];
    if (param.type === 'ObjectPattern') {
      for (const [name, value] of destructured(param, arg, callerCtx)) {
        const variable = findVariable(scope, name);
        if (variable !== undefined && isNeverReassigned(variable)) bindings.set(variable, value);
      }
      return;
    }
    // A parameter with a default takes the argument when the argument is never undefined (an object, a string).
    if (param.type === 'AssignmentPattern' && param.left.type === 'Identifier' && arg !== undefined && neverUndefined(arg)) {
      const variable = findVariable(scope, param.left.name);
      if (variable !== undefined && isNeverReassigned(variable)) bindings.set(variable, { node: arg, ctx: callerCtx });
      return;
    }
    if (param.type !== 'Identifier') return;
    const variable = findVariable(scope, param.name);
    if (variable === undefined || !isNeverReassigned(variable)) return;
    bindings.set(variable, arg === undefined ? 'absent' : { node: arg, ctx: callerCtx });
  });
  consulted.set(bindings, new Set());
  const { receiver: _outer, self: _self, ...rest } = target.ctx;
  return { ...rest, bindings, ...(target.receiver === undefined ? {} : { receiver: target.receiver }), ...(target.self === undefined ? {} : { self: target.self }) };
}

/** An argument that is never `undefined`, so a parameter's default never replaces it: a literal, an object, a template. */
function neverUndefined(arg: TSESTree.CallExpressionArgument): boolean {
  const expr = unwrapTS(arg);
  return expr.type === 'ObjectExpression' || expr.type === 'ArrayExpression' || expr.type === 'TemplateLiteral' ||
    (expr.type === 'Literal' && expr.value !== null) || isFunction(expr);
}

/**
 * A destructured parameter (`({ appCode, body }) => ...`) given an object literal (`assignApp({ appCode: 'crm', body })`):
 * each name of the pattern bound to the value the literal writes for its key, or 'absent' when the literal has no such
 * key. Only plain names are bound (no default, no nested pattern, no computed key), and only from a literal whose every
 * key is static and written once, without a spread, getter or method, so that the key's value is the one written.
 */
function destructured(pattern: TSESTree.ObjectPattern, arg: TSESTree.CallExpressionArgument | undefined, ctx: SourceContext): [string, Bound | 'absent'][] {
  const object = arg === undefined || arg.type === 'SpreadElement' ? undefined : unwrapTS(arg);
  if (object?.type !== 'ObjectExpression') return [];
  const values = new Map<string, TSESTree.Node>();
  for (const property of object.properties) {
    if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.method) return [];
    const key = staticKey(property);
    if (key === undefined || values.has(key)) return [];
    values.set(key, property.value);
  }
  return pattern.properties.flatMap((property): [string, Bound | 'absent'][] => {
    if (property.type !== 'Property' || property.computed || property.value.type !== 'Identifier') return [];
    const key = staticKey(property);
    if (key === undefined) return [];
    const value = values.get(key);
    return [[property.value.name, value === undefined ? 'absent' : { node: value, ctx }]];
  });
}

/** The parameters whose arguments were read while a followed call was analysed, by the bindings of that call. */
const consulted = new WeakMap<Bindings, Set<VariableLike>>();

/**
 * Whether anything read in a followed function came from the call's arguments. A function that sends the same request
 * whatever it is passed (`offerReviews()`) is not a wrapper: its calls are not sites, its own request is.
 */
export function readsArguments(ctx: SourceContext): boolean {
  return ctx.bindings !== undefined && (consulted.get(ctx.bindings)?.size ?? 0) > 0;
}

/** How deep calls are followed into functions that call other functions: wrappers of wrappers, not recursion. */
export const MAX_FOLLOW_DEPTH = 4;

/** The calls of a function's own body, in source order; calls inside nested functions (callbacks) are not its own. */
export function ownCalls(fn: TSESTree.FunctionLike): TSESTree.CallExpression[] {
  const calls: TSESTree.CallExpression[] = [];
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.type !== 'string') return;
    if (node !== fn.body && (record.type === 'FunctionDeclaration' || record.type === 'FunctionExpression' ||
      record.type === 'ArrowFunctionExpression')) return;
    if (record.type === 'CallExpression') calls.push(node as TSESTree.CallExpression);
    for (const key of Object.keys(record)) {
      if (key === 'parent' || key === 'loc' || key === 'range' || key === 'typeAnnotation' || key === 'returnType') continue;
      const value = record[key];
      if (value !== null && typeof value === 'object') visit(value);
    }
  };
  visit(fn.body);
  return calls.sort((a, b) => a.range[0] - b.range[0]);
}

/** What a function returns when its body is one expression or one `return` statement: a URL builder's URL. */
export function returnedExpression(fn: TSESTree.FunctionLike): TSESTree.Expression | undefined {
  const body = fn.body;
  if (body === undefined || body === null) return undefined;
  if (body.type !== 'BlockStatement') return body;
  const [only] = body.body;
  return body.body.length === 1 && only?.type === 'ReturnStatement' && only.argument !== null ? only.argument : undefined;
}

/**
 * A method the program declares: a function-valued member of a const object literal (`routes.assign(code)`), a static
 * method of a class (`Routes.assign(code)`), or a method of an instance made here (`new Routes(base).assign(code)`,
 * or a const holding one).
 */
function memberFunction(member: TSESTree.MemberExpression, ctx: SourceContext): CalledFunction | undefined {
  const name = staticMemberName(member);
  if (name === undefined) return undefined;
  const owner = ownerOf(member.object, ctx);
  return owner === undefined ? undefined : functionOf(owner, name);
}

/**
 * A method reached through `this` (`this.app(code)`, `this.routes.assign(code)` with `routes` a field set once): what
 * a URL builder returns is read through it. It is never followed as a wrapper: a subclass may override the method, and
 * a URL it builds is never edited for one call anyway.
 */
export function thisMethod(callee: TSESTree.Node, ctx: SourceContext): CalledFunction | undefined {
  const member = unwrapTS(callee);
  if (member.type !== 'MemberExpression') return undefined;
  const name = staticMemberName(member);
  const object = unwrapTS(member.object);
  let owner: Owner | undefined;
  if (object.type === 'ThisExpression') {
    const cls = enclosingClass(object);
    if (cls !== undefined) owner = { kind: 'instance', value: { node: cls, ctx } };
  } else if (object.type === 'MemberExpression' && unwrapTS(object.object).type === 'ThisExpression') {
    const field = thisField(object, ctx);
    if (field?.kind === 'value') owner = ownerOf(field.value.node, field.value.ctx);
  } else if (object.type === 'MemberExpression') {
    const field = typedField(object, ctx);
    if (field?.kind === 'value') owner = ownerOf(field.value.node, field.value.ctx);
  }
  return owner === undefined || name === undefined ? undefined : functionOf(owner, name);
}

/**
 * `client.routes` where `client` is a parameter declared with a class's type (`(client: PlatformClient) =>`): the field
 * of that class, read as `this.routes` is inside it. Only for finding a route: what it leads to is never edited.
 */
function typedField(member: TSESTree.MemberExpression, ctx: SourceContext): ReturnType<typeof thisField> {
  const object = unwrapTS(member.object);
  const name = staticMemberName(member);
  if (object.type !== 'Identifier' || name === undefined) return undefined;
  const variable = findVariable(ctx.getScope(object), object.name);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type !== 'Parameter' || !isNeverReassigned(variable!)) return undefined;
  const annotation = (def.name as TSESTree.Identifier).typeAnnotation?.typeAnnotation;
  if (annotation?.type !== 'TSTypeReference' || annotation.typeName.type !== 'Identifier' || annotation.typeArguments !== undefined) return undefined;
  const owner = ownerOf(annotation.typeName, ctx);
  const cls = owner?.kind === 'class' ? unwrapTS(owner.value.node) : undefined;
  if (cls?.type !== 'ClassDeclaration' && cls?.type !== 'ClassExpression') return undefined;
  return fieldOfClass(cls, name, owner!.value.ctx);
}

/**
 * A request helper a class inherits (`this.request('POST', path, body)` in `class AppsApi extends BaseApi`): the method
 * of that name in the enclosing class or, when it declares none, in the classes it extends (in the file, or imported),
 * never a static one, and only in a class that nothing extends. The caller's arguments are rewritten only where the route and body are its own (recognize.ts
 * `follow`), so the helper itself is never changed.
 */
export function inheritedMethod(callee: TSESTree.Node, ctx: SourceContext): CalledFunction | undefined {
  const member = unwrapTS(callee);
  if (member.type !== 'MemberExpression' || unwrapTS(member.object).type !== 'ThisExpression') return undefined;
  const name = staticMemberName(member);
  let cls: TSESTree.Node | undefined = enclosingClass(member);
  const self = cls === undefined ? undefined : { node: cls, ctx };
  // `this` may be an instance of a subclass that overrides the method (one that form-encodes): read only a class
  // nothing extends.
  if (cls !== undefined && hasSubclass(cls, ctx)) return undefined;
  let at = ctx;
  for (let depth = 0; name !== undefined && cls !== undefined && depth <= MAX_FOLLOW_DEPTH; depth++) {
    if (cls.type !== 'ClassDeclaration' && cls.type !== 'ClassExpression') return undefined;
    const found = cls.body.body.filter((m) => (m.type === 'MethodDefinition' || m.type === 'PropertyDefinition') && !m.computed &&
      m.key.type === 'Identifier' && m.key.name === name);
    if (found.length > 0) {
      const method = found[0]!;
      return found.length === 1 && method.type === 'MethodDefinition' && method.kind === 'method' && !method.static
        ? { fn: method.value, ctx: at, ...(self === undefined || self.node === cls ? {} : { self }) } : undefined;
    }
    const superClass = cls.superClass === null || cls.superClass === undefined ? undefined : unwrapTS(cls.superClass);
    if (superClass?.type !== 'Identifier') return undefined;
    const owner = ownerOf(superClass, at);
    if (owner?.kind !== 'class') return undefined;
    cls = unwrapTS(owner.value.node);
    at = owner.value.ctx;
  }
  return undefined;
}

function functionOf(owner: Owner, name: string): CalledFunction | undefined {
  const node = unwrapTS(owner.value.node);
  if (node.type === 'ObjectExpression' && owner.kind === 'value') {
    const found = node.properties.filter((p): p is TSESTree.Property => p.type === 'Property' && propertyName(p) === name);
    const value = found.length === 1 ? unwrapTS(found[0]!.value) : undefined;
    return value !== undefined && isFunction(value) ? { fn: value as TSESTree.FunctionLike, ctx: owner.value.ctx } : undefined;
  }
  if (node.type === 'ClassDeclaration' || node.type === 'ClassExpression') {
    const found = node.body.body.filter((m): m is TSESTree.MethodDefinition =>
      m.type === 'MethodDefinition' && m.kind === 'method' && m.static === (owner.kind === 'class') && !m.computed &&
      m.key.type === 'Identifier' && m.key.name === name);
    if (found.length !== 1) return undefined;
    const receiver = owner.made === undefined ? undefined : { ...owner.made, cls: node };
    return { fn: found[0]!.value, ctx: owner.value.ctx, ...(receiver === undefined ? {} : { receiver }) };
  }
  return undefined;
}

/** What a member call's object is: a value (an object literal), a class (static methods) or an instance of a class. */
interface Owner {
  readonly kind: 'value' | 'class' | 'instance';
  readonly value: Bound;
  /** For an instance: the `new` expression that made it. */
  readonly made?: { readonly made: TSESTree.NewExpression; readonly ctx: SourceContext };
}

function ownerOf(node: TSESTree.Node, ctx: SourceContext, depth = 0): Owner | undefined {
  const expr = unwrapTS(node);
  if (depth > MAX_FOLLOW_DEPTH) return undefined;
  if (expr.type === 'NewExpression') {
    const cls = ownerOf(expr.callee, ctx, depth + 1);
    return cls?.kind === 'class' ? { kind: 'instance', value: cls.value, made: { made: expr, ctx } } : undefined;
  }
  if (expr.type === 'ClassExpression') return { kind: 'class', value: { node: expr, ctx } };
  // `routes.apps` of `const routes = { apps: { assign: (code) => ... } }`: the object literal one member holds.
  if (expr.type === 'MemberExpression' && !expr.optional) {
    const outer = ownerOf(expr.object, ctx, depth + 1);
    const name = staticMemberName(expr);
    const object = outer?.kind === 'value' ? unwrapTS(outer.value.node) : undefined;
    if (object?.type !== 'ObjectExpression' || name === undefined) return undefined;
    const found = object.properties.filter((p): p is TSESTree.Property => p.type === 'Property' && propertyName(p) === name);
    const inner = found.length === 1 && !object.properties.some((p) => p.type === 'SpreadElement') ? unwrapTS(found[0]!.value) : undefined;
    return inner?.type === 'ObjectExpression' ? { kind: 'value', value: { node: inner, ctx: outer!.value.ctx } } : undefined;
  }
  if (expr.type !== 'Identifier') return expr.type === 'ObjectExpression' ? { kind: 'value', value: { node: expr, ctx } } : undefined;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  const def = variable?.defs[0];
  if (variable !== undefined && variable.defs.length === 1 && def?.type === 'ClassName' && isNeverReassigned(variable)) {
    return { kind: 'class', value: { node: def.node as TSESTree.Node, ctx } };
  }
  const value = valueOfName(expr, ctx, true);
  if (value.kind !== 'const' && value.kind !== 'imported') return undefined;
  const inner = unwrapTS(value.value.node);
  if (inner.type === 'ClassDeclaration' || inner.type === 'ClassExpression') return { kind: 'class', value: { node: inner, ctx: value.value.ctx } };
  if (inner.type === 'ObjectExpression') return { kind: 'value', value: { node: inner, ctx: value.value.ctx } };
  return ownerOf(inner, value.value.ctx, depth + 1);
}

/**
 * `shared.ASSIGN`, `http.send` of `import * as shared from './shared.js'` (a module of the program), in a project: what
 * the module exports under that name, as a named import of it stands for (a module namespace cannot be written).
 */
export function namespaceMember(member: TSESTree.MemberExpression, ctx: SourceContext): Bound | undefined {
  if (ctx.project === undefined || member.computed || member.property.type !== 'Identifier') return undefined;
  const object = unwrapTS(member.object);
  const variable = object.type === 'Identifier' ? findVariable(ctx.getScope(object), object.name) : undefined;
  if (variable === undefined || ctx.bindings?.has(variable) === true) return undefined;
  const imported = importOf(variable);
  if (imported?.imported !== '*' || !/^\.{0,2}\//.test(imported.source)) return undefined;
  return ctx.project.resolveImport(imported.source, member.property.name, ctx);
}

/** A function a namespace member names (`config.appUrl` of `import * as config`), read as a named import's is. */
export function namespaceFunction(callee: TSESTree.Node, ctx: SourceContext): CalledFunction | undefined {
  const member = unwrapTS(callee);
  const exported = member.type === 'MemberExpression' ? namespaceMember(member, ctx) : undefined;
  const node = exported === undefined ? undefined : unwrapTS(exported.node);
  return node !== undefined && (node.type === 'FunctionDeclaration' || isFunction(node)) ? { fn: node as TSESTree.FunctionLike, ctx: exported!.ctx } : undefined;
}

/** `a.b` and `a['b']` give 'b'; a computed member that is not a literal gives undefined. */
export function staticMemberName(member: TSESTree.MemberExpression): string | undefined {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  const property = unwrapTS(member.property);
  if (property.type === 'Literal' && typeof property.value === 'string') return property.value;
  if (property.type === 'TemplateLiteral' && property.expressions.length === 0) return property.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

function propertyName(property: TSESTree.Property): string | undefined {
  if (!property.computed && property.key.type === 'Identifier') return property.key.name;
  return property.key.type === 'Literal' && typeof property.key.value === 'string' ? property.key.value : undefined;
}

/**
 * Request options made by a function of the program that returns an object literal (`axios.post(url, body, auth(ctx))`):
 * that object, read with the function's parameters bound to the call's arguments. Every call of the function shares
 * its code, so the object is marked as shared: its keys are read, never rewritten for one call.
 */
export function returnedOptions(node: TSESTree.Node, ctx: SourceContext): { object: TSESTree.ObjectExpression; via: readonly VariableLike[]; ctx: SourceContext; exported: true } | undefined {
  const call = unwrapTS(node);
  if (call.type !== 'CallExpression') return undefined;
  const target = calledFunction(call.callee, ctx);
  if (target === undefined) return undefined;
  const returned = returnedExpression(target.fn);
  const object = returned === undefined ? undefined : unwrapTS(returned);
  if (object?.type !== 'ObjectExpression') return undefined;
  return { object, via: [], ctx: contextForCall(target, call, ctx), exported: true };
}

/**
 * Whether a URL builder called as a member of an object literal of the program (`routes.assign(code)`, with
 * `const routes = { assign: (code) => …, unassign(code) { … } }`, here or imported) always calls that function: the
 * object is a `const` written once, with static keys, no spread or accessor, and no method of it writes `this`; and no
 * code can put another function in its place. In the module alone that means every use of the name reads a member and
 * nothing exports it; an exported object also needs the program's files (project mode): in every
 * file that spells its name, each use reads a member of it, imports or exports it under that same name, or declares
 * it (`as const` changes nothing of this: it is erased at run time). Any other use (passed to a function, aliased, spread, renamed in an import, a member written, a namespace's member
 * taken by a string) leaves the call as it is.
 */
export function fixedBuilderMember(member: TSESTree.MemberExpression, ctx: SourceContext): boolean {
  const name = staticMemberName(member);
  // `routes.apps.assign(code)`: the builder is a member of an object literal that a member of the const holds; the
  // path from the const's name to that object (`['apps']`).
  const path: string[] = [];
  let object = unwrapTS(member.object);
  while (object.type === 'MemberExpression') {
    const key = staticMemberName(object);
    if (object.optional || key === undefined) return false;
    path.unshift(key);
    object = unwrapTS(object.object);
  }
  if (member.optional || object.type !== 'Identifier' || name === undefined) return false;
  const variable = findVariable(ctx.getScope(object), object.name);
  if (variable === undefined || ctx.bindings?.has(variable) === true) return false;
  const found = literalOf(variable, ctx);
  const holder = found === undefined ? undefined : nestedLiteral(found.init, path);
  if (found === undefined || holder === undefined || !fixedLiteral(holder, name) || (path.length > 0 && writesThis(found.init))) return false;
  const declared = found.variable;
  if (!isExported(declared) && found.ctx === ctx) return declared.references.every((ref) => ref.init === true || readsAlong(ref.identifier as TSESTree.Node, path));
  // `as const` is a type, erased at run time: `Object.assign(routes, …)` or a test's `vi.spyOn(routes, 'assign')` still
  // puts another function in the member, so an exported object is checked in every file whatever its type says.
  const files = ctx.project?.filesMatching?.(new RegExp(`(?<![\\w$])${found.name.replace(/\$/g, '\\$')}(?![\\w$])`));
  if (files === undefined) return false;
  return files.every((file) => !someNode(file.program, (node) =>
    (node.type === 'Identifier' && node.name === found.name && !(harmlessUse(node) && (path.length === 0 || !isMemberObject(node) || readsAlong(node, path)))) ||
    // `ns['routes']`: the object taken from a namespace by a string.
    (node.type === 'Literal' && node.value === found.name && node.parent?.type === 'MemberExpression' && node.parent.property === node)));
}

/** The object literal at `path` inside a const's literal: each step a member written once whose value is an object literal. */
function nestedLiteral(init: TSESTree.Node, path: readonly string[]): TSESTree.Node | undefined {
  let at: TSESTree.Node | undefined = unwrapTS(init);
  for (const key of path) {
    const value = memberWrittenOnce(at, key, false);
    at = value === undefined ? undefined : unwrapTS(value);
    if (at?.type !== 'ObjectExpression') return undefined;
  }
  return at;
}

/** A `this` anywhere in an object literal other than a member read: a method that could replace a member. */
function writesThis(init: TSESTree.Node): boolean {
  return someNode(unwrapTS(init), (node) => node.type === 'ThisExpression' &&
    !(node.parent?.type === 'MemberExpression' && node.parent.object === node && !node.parent.computed && !isWriteTarget(node.parent)));
}

function isMemberObject(id: TSESTree.Node): boolean {
  return id.parent?.type === 'MemberExpression' && id.parent.object === id;
}

/**
 * A use of the const's name that reads along `path` without handing on an object of it: `routes.apps.assign(…)`,
 * `routes.list()`; never `routes.apps` passed, spread or assigned (`Object.assign(routes.apps, …)`).
 */
function readsAlong(id: TSESTree.Node, path: readonly string[]): boolean {
  let node = id;
  for (const key of path) {
    const parent = node.parent;
    if (parent?.type !== 'MemberExpression' || parent.object !== node || isWriteTarget(parent)) return false;
    if (staticMemberName(parent) !== key) return readsMember(node);
    node = parent;
  }
  return readsMember(node);
}

/** The const object literal a name stands for, in this module or (project mode) the module it is imported from. */
function literalOf(variable: VariableLike, ctx: SourceContext): { init: TSESTree.Node; variable: VariableLike; name: string; ctx: SourceContext } | undefined {
  const def = variable.defs[0];
  if (variable.defs.length !== 1 || def === undefined) return undefined;
  if (def.type === 'Variable') {
    const declarator = def.node as TSESTree.Node;
    const declaration = def.parent as TSESTree.Node | null | undefined;
    if (declarator.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier' || declarator.init === null ||
      declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') return undefined;
    return { init: declarator.init, variable, name: declarator.id.name, ctx };
  }
  const imported = ctx.project === undefined ? undefined : importOf(variable);
  if (imported === undefined || imported.imported === '*' || ctx.project === undefined) return undefined;
  const value = ctx.project.resolveImport(imported.source, imported.imported, ctx);
  const declarator = value?.node.parent;
  if (value === undefined || declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier' || declarator.init !== value.node ||
    declarator.parent?.type !== 'VariableDeclaration' || declarator.parent.kind !== 'const') return undefined;
  const declared = declaredVariable(declarator, declarator.id.name, value.ctx);
  return declared === undefined || declared.defs.length !== 1 ? undefined : { init: value.node, variable: declared, name: declarator.id.name, ctx: value.ctx };
}

/**
 * An object literal whose member `name` is a function written once: static keys, no spread or accessor, and nothing in
 * it writes a member of `this` or hands `this` on (a method that could replace another).
 */
function fixedLiteral(init: TSESTree.Node, name: string): boolean {
  const value = memberWrittenOnce(init, name, true);
  if (value === undefined || !isFunction(value)) return false;
  return !someNode(unwrapTS(init), (node) => node.type === 'ThisExpression' &&
    !(node.parent?.type === 'MemberExpression' && node.parent.object === node && !node.parent.computed && !isWriteTarget(node.parent)));
}

/** `routes.assign(…)`, `routes.assign` read: a member of the name read, never written. */
function readsMember(id: TSESTree.Node): boolean {
  const parent = id.parent;
  return parent?.type === 'MemberExpression' && parent.object === id && !isWriteTarget(parent);
}

/**
 * A use of an object's name that cannot put another function in one of its members: a member read (also of a
 * namespace's member, `api.routes.assign(…)`), its declaration, an import or export under the same name, a type query,
 * or a key of an object literal. Everything else may hand the object to code that writes it.
 */
function harmlessUse(id: TSESTree.Identifier): boolean {
  const parent = id.parent;
  if (parent == null) return false;
  switch (parent.type) {
    case 'MemberExpression':
      // `api.routes`: the member of a namespace (or of anything) named like the object; read as the object itself.
      if (parent.property === id) return !parent.computed && readsMember(parent);
      return readsMember(id);
    case 'VariableDeclarator':
      return parent.id === id;
    case 'ImportSpecifier':
      return moduleName(parent.imported) === id.name && parent.local.name === id.name;
    case 'ExportSpecifier':
      return moduleName(parent.local) === id.name && moduleName(parent.exported) === id.name;
    case 'TSTypeQuery':
    case 'TSQualifiedName':
      return true;
    // A type of the same name (`type AppAction = (typeof AppAction)[keyof typeof AppAction]`, `action: AppAction`):
    // erased at run time.
    case 'TSTypeReference':
      return parent.typeName === id;
    case 'TSTypeAliasDeclaration':
    case 'TSInterfaceDeclaration':
      return parent.id === id;
    case 'Property':
      return parent.key === id && !parent.shorthand && !parent.computed && parent.parent?.type === 'ObjectExpression';
    default:
      return false;
  }
}

const moduleName = (node: TSESTree.Identifier | TSESTree.StringLiteral): string => (node.type === 'Identifier' ? node.name : node.value);

/**
 * Where a URL builder a call names is declared: the module, the name it is declared under, whether that module exports
 * it, and for a member builder (`routes.assign`) the member. Undefined when the callee is no such name.
 */
export function builderDeclaration(callee: TSESTree.Node, ctx: SourceContext): { name: string; member?: string; ctx: SourceContext; exported: boolean } | undefined {
  const expr = unwrapTS(callee);
  if (expr.type === 'MemberExpression') {
    const object = unwrapTS(expr.object);
    const member = staticMemberName(expr);
    const variable = object.type === 'Identifier' ? findVariable(ctx.getScope(object), object.name) : undefined;
    const found = variable === undefined || member === undefined ? undefined : literalOf(variable, ctx);
    return found === undefined ? undefined : { name: found.name, member, ctx: found.ctx, exported: found.ctx !== ctx || isExported(found.variable) };
  }
  if (expr.type !== 'Identifier') return undefined;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  if (variable === undefined) return undefined;
  const name = valueOfName(expr, ctx);
  if (name.kind === 'imported') {
    const value = unwrapTS(name.value.node);
    const declared = value.type === 'FunctionDeclaration' ? value.id
      : value.parent?.type === 'VariableDeclarator' && value.parent.id.type === 'Identifier' ? value.parent.id : undefined;
    return declared === undefined || declared === null ? undefined : { name: declared.name, ctx: name.value.ctx, exported: true };
  }
  return { name: expr.name, ctx, exported: isExported(variable) };
}
