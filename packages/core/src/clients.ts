/**
 * Which HTTP client a callee is, found by reference (an import, a require, an instance made from one, the global
 * `fetch`), never by its name alone. The client decides where a call keeps its URL, method and body.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Bound, SourceContext } from './context.js';
import { valueOfName } from './follow.js';
import { constInitOf, findVariable, importOf, isSingleUse, type VariableLike } from './scope.js';
import { calleePath, propertyOf, unwrapTS } from './syntax.js';

export type Library = 'fetch' | 'axios' | 'got' | 'ky' | 'superagent' | 'ofetch';

/** A callee value resolved to a client library, or to an instance made from one. */
export interface ClientRef {
  readonly library: Library;
  readonly instance: boolean;
  /** The instance's base URL (axios/ofetch `baseURL`, got/ky `prefixUrl`), when it has one, where it is written. */
  readonly base?: Bound;
  /**
   * The options every instance on the way was made with, outermost first (`axios.create(config)`, then
   * `api.extend(more)`): they may set the method, headers or query parameters of every call. 'unknown' when the
   * options cannot be read here (a parameter, an import, a spread).
   */
  readonly defaults?: readonly (ObjectRef | 'unknown')[];
}

/** Modules whose default export (or named export) is a client. */
const MODULE_EXPORTS: Readonly<Record<string, Readonly<Record<string, Library>>>> = {
  'node-fetch': { default: 'fetch', '*': 'fetch' },
  'cross-fetch': { default: 'fetch', fetch: 'fetch' },
  'isomorphic-fetch': { default: 'fetch' },
  undici: { fetch: 'fetch' },
  axios: { default: 'axios', '*': 'axios' },
  got: { default: 'got', got: 'got' },
  ky: { default: 'ky', '*': 'ky' },
  superagent: { default: 'superagent', '*': 'superagent' },
  ofetch: { ofetch: 'ofetch', $fetch: 'ofetch' },
};

/** Globals that are clients when nothing in the file shadows them. */
const GLOBAL_CLIENTS: Readonly<Record<string, Library>> = { fetch: 'fetch', $fetch: 'ofetch' };
/** Objects whose `fetch` member is the global fetch. */
const GLOBAL_OBJECTS = new Set(['globalThis', 'window', 'self', 'global']);

/** The option that holds an instance's base URL, and the method that makes an instance. */
const INSTANCE_FACTORIES: Readonly<Record<Library, { readonly methods: readonly string[]; readonly base: string } | undefined>> = {
  fetch: undefined,
  axios: { methods: ['create'], base: 'baseURL' },
  got: { methods: ['extend'], base: 'prefixUrl' },
  ky: { methods: ['create', 'extend'], base: 'prefixUrl' },
  superagent: undefined,
  ofetch: { methods: ['create'], base: 'baseURL' },
};

const MAX_DEPTH = 6;

/** Resolves a callee value (not a member call) to a client, or undefined when the file does not say. */
export function resolveClient(node: TSESTree.Node, ctx: SourceContext, depth = 0): ClientRef | undefined {
  const expr = unwrapTS(node);
  if (depth > MAX_DEPTH) return undefined;
  if (expr.type === 'Identifier') {
    const variable = findVariable(ctx.getScope(expr), expr.name);
    if (variable === undefined) {
      const library = GLOBAL_CLIENTS[expr.name];
      return library === undefined ? undefined : { library, instance: false };
    }
    return resolveVariable(variable, expr, ctx, depth);
  }
  if (expr.type === 'MemberExpression' && !expr.computed && expr.property.type === 'Identifier') {
    // globalThis.fetch, window.fetch
    if (expr.object.type === 'Identifier' && GLOBAL_OBJECTS.has(expr.object.name) &&
      findVariable(ctx.getScope(expr.object), expr.object.name) === undefined) {
      const library = GLOBAL_CLIENTS[expr.property.name];
      return library === undefined ? undefined : { library, instance: false };
    }
    // require('undici').fetch, axios.default
    const owner = resolveModuleValue(expr.object, ctx);
    if (owner !== undefined) {
      const library = MODULE_EXPORTS[owner]?.[expr.property.name];
      if (library !== undefined) return { library, instance: false };
    }
    // axios.default
    if (expr.property.name === 'default') return resolveClient(expr.object, ctx, depth + 1);
    return undefined;
  }
  if (expr.type === 'CallExpression') {
    const module = requiredModule(expr);
    if (module !== undefined) {
      const library = MODULE_EXPORTS[module]?.default;
      return library === undefined ? undefined : { library, instance: false };
    }
    return instanceFrom(expr, ctx, depth);
  }
  return undefined;
}

function resolveVariable(variable: VariableLike, id: TSESTree.Identifier, ctx: SourceContext, depth: number): ClientRef | undefined {
  const imported = importOf(variable);
  if (imported !== undefined) {
    const library = MODULE_EXPORTS[imported.source]?.[imported.imported];
    if (library !== undefined) return { library, instance: false };
  }
  // A const in this file, or (with facts from other files) the instance another module of the program exports.
  const value = valueOfName(id, ctx, true);
  if (value.kind !== 'const' && value.kind !== 'imported') return undefined;
  return resolveClient(value.value.node, value.value.ctx, depth + 1);
}

/** `axios.create({ baseURL })`, `got.extend({ prefixUrl })`, `ky.create(...)`, `api.extend(...)`. */
function instanceFrom(call: TSESTree.CallExpression, ctx: SourceContext, depth: number): ClientRef | undefined {
  const callee = unwrapTS(call.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
  const parent = resolveClient(callee.object, ctx, depth + 1);
  if (parent === undefined) return undefined;
  const factory = INSTANCE_FACTORIES[parent.library];
  if (factory === undefined || !factory.methods.includes(callee.property.name)) return undefined;
  const config = call.arguments[0];
  const ref = config === undefined || config.type === 'SpreadElement' ? undefined : objectOf(config, ctx);
  const baseNode = ref === undefined ? undefined : propertyOf(ref.object, factory.base)?.value;
  const inherited = baseNode === undefined ? parent.base : { node: baseNode, ctx: ref!.ctx };
  const own: readonly (ObjectRef | 'unknown')[] = config === undefined ? [] : [ref ?? 'unknown'];
  const defaults = [...(parent.defaults ?? []), ...own];
  return {
    library: parent.library,
    instance: true,
    ...(inherited === undefined ? {} : { base: inherited }),
    ...(defaults.length === 0 ? {} : { defaults }),
  };
}

/** The module of `require('x')`. */
export function requiredModule(call: TSESTree.CallExpression): string | undefined {
  if (call.callee.type !== 'Identifier' || call.callee.name !== 'require') return undefined;
  const arg = call.arguments[0];
  return arg?.type === 'Literal' && typeof arg.value === 'string' ? arg.value : undefined;
}

/** The module a value is (an import namespace, a `require` result), for `mod.fetch`. */
function resolveModuleValue(node: TSESTree.Node, ctx: SourceContext): string | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'CallExpression') return requiredModule(expr);
  if (expr.type !== 'Identifier') return undefined;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  if (variable === undefined) return undefined;
  const imported = importOf(variable);
  if (imported !== undefined) return imported.imported === '*' || imported.imported === 'default' ? imported.source : undefined;
  const init = constInitOf(variable);
  return init?.type === 'CallExpression' ? requiredModule(init) : undefined;
}

/**
 * An object literal, directly or through consts (or a parameter bound to a caller's argument); `via` names them, so a
 * caller can tell if it is shared. `ctx` is the file the literal is written in.
 */
export interface ObjectRef {
  readonly object: TSESTree.ObjectExpression;
  readonly via: readonly VariableLike[];
  readonly ctx: SourceContext;
  /** Reached through an import: other modules may use it too. */
  readonly exported?: true;
}

export function objectOf(node: TSESTree.Node, ctx: SourceContext, via: readonly VariableLike[] = [], exported = false): ObjectRef | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'ObjectExpression') return { object: expr, via, ctx, ...(exported ? { exported: true as const } : {}) };
  if (expr.type === 'Identifier' && via.length < MAX_DEPTH) {
    const name = valueOfName(expr, ctx);
    if (name.kind === 'const' || name.kind === 'argument' || name.kind === 'imported') {
      return objectOf(name.value.node, name.value.ctx, [...via, name.variable], exported || name.kind === 'imported');
    }
  }
  return undefined;
}

/** True when an object reached through consts is also used elsewhere, so editing it would change other code. */
export function isShared(ref: ObjectRef): boolean {
  return ref.exported === true || ref.via.some((variable) => !isSingleUse(variable));
}

/** True for callees that are certainly not HTTP clients: loggers, assertions, routers, caches, the console. */
export function isNeverAClient(callee: TSESTree.Node): boolean {
  const expr = unwrapTS(callee);
  const path = calleePath(expr);
  if (path !== undefined && ['console', 'Object', 'Reflect', 'JSON', 'Math'].includes(path.split('.')[0] ?? '')) return true;
  const last =
    expr.type === 'Identifier'
      ? expr.name
      : expr.type === 'MemberExpression' && !expr.computed && expr.property.type === 'Identifier'
        ? expr.property.name
        : '';
  return NEVER_CLIENT_NAMES.test(last) || /^to[A-Z]/.test(last) || /^on[A-Z][a-z]+$/.test(last);
}

/** Names of functions that take a path without requesting it. */
const NEVER_CLIENT_NAMES =
  /^(?:log|info|warn|warning|error|debug|trace|fatal|verbose|silly|assert|expect|equal|strictEqual|deepEqual|t|i18n|translate|describe|it|assign|push|replace|navigate|redirect|prefetch|set|has|add|delete|mock\w*|intercept|route|when|reply|use|emit|track|report|capture\w*|startsWith|endsWith|includes|match|test|exec|split)$/i;
