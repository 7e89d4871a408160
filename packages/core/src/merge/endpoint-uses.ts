/**
 * The uses of an RTK Query endpoint whose body is its argument: the calls that trigger it. No name of the program
 * names its `query` function; what the api generates does: the hook (`use<Name>Mutation`, destructured from the api,
 * exported, re-exported, or read as a member), `api.endpoints.<name>.useMutation()` and `.initiate(arg)`. Every use of
 * the api is read for them: a trigger call is a use the wrapper rule counts (its callee, which the caller's finding
 * names), and anything else that may give the endpoint an argument, or read the one it was given, holds the group
 * with its place named.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { TODO_PREFIX } from '../facts/contract.js';
import { type Reason, ReasonCode } from '../facts/reasons.js';
import { findVariable, isExported, usesOf } from '../facts/scope.js';
import { enclosingName, staticKey } from '../facts/syntax.js';
import { endpointOfQuery, mutationHookName, type RtkEndpoint } from '../recognize/clients/rtk-endpoints.js';

/** A use in a file the analysis does not read as code, named by its place (`index.html:6`). */
export interface UnreadUse {
  readonly unreadAt: string;
}

/** A use that holds a function's group for a reason of its own (a trigger passed on, named with its place). */
export interface HeldUse {
  readonly held: Reason;
}

/** Every use of a module's top-level binding, across the modules a front end sees (project mode's `#usesOf`). */
export type BindingUses = (declaration: TSESTree.Node, id: TSESTree.Identifier, ctx: SourceContext) => readonly TSESTree.Node[] | 'unknown' | UnreadUse;

/** The context of the file whose tree holds a node, among the files a front end parsed. */
export type ContextOf = (node: TSESTree.Node) => SourceContext | undefined;

/**
 * Where a node is, in words a TODO can carry and a second run finds unchanged (a line number moves when comments are
 * added above it): the function that holds it, and its file in a project.
 */
export function placeOf(node: TSESTree.Node, ctx: SourceContext): string {
  const holder = enclosingName(node);
  const where = holder === undefined ? 'at the top level' : `in ${holder}`;
  return ctx.file === undefined ? where : `${where} (${ctx.file})`;
}

/** The uses one module shows of its binding: none beyond it when it is not exported. */
export const bindingUsesInModule: BindingUses = (_declaration, id, ctx) => {
  const variable = findVariable(ctx.getScope(id), id.name);
  if (variable === undefined || variable.defs.length !== 1 || isExported(variable)) return 'unknown';
  return usesOf(variable).map((ref) => ref.identifier as TSESTree.Node);
};

/**
 * The trigger calls of the endpoint whose `query` function `fn` is, as the callee nodes of those calls; a held use or
 * 'unknown' when one use of the api cannot be read as a trigger or as a use that does not trigger this endpoint.
 * Undefined when `fn` is no endpoint's query function.
 */
export function endpointUses(fn: TSESTree.FunctionLike, ctx: SourceContext, binding: BindingUses, contextOf: ContextOf):
  readonly TSESTree.Node[] | 'unknown' | UnreadUse | HeldUse | undefined {
  const endpoint = endpointOfQuery(fn, ctx);
  if (endpoint === undefined) return undefined;
  const declarator = endpoint.api.parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier' || declarator.init !== endpoint.api ||
    declarator.parent?.type !== 'VariableDeclaration' || declarator.parent.kind !== 'const') return 'unknown';
  const found = binding(endpoint.api, declarator.id, ctx);
  if (!Array.isArray(found)) return found;
  const triggers: TSESTree.Node[] = [];
  const reader = new Reader(endpoint, binding, contextOf, triggers);
  for (const use of found as readonly TSESTree.Node[]) {
    const at = contextOf(use);
    const outcome = at === undefined ? 'unknown' : reader.apiUse(use, at);
    if (outcome !== undefined) return outcome;
  }
  return triggers.length === 0 ? triggers : (unseenReads(endpoint, declarator.id.name, ctx) ?? triggers);
}

/** React's hooks that compare their dependency list by identity: an element of it is never called there. */
const DEPENDENCY_HOOKS: ReadonlySet<string> = new Set(['useCallback', 'useEffect', 'useLayoutEffect', 'useInsertionEffect', 'useMemo']);

/** `useCallback(() => assign(body), [assign])`: the trigger in a hook's dependency list. */
function isDependency(id: TSESTree.Node): boolean {
  const list = id.parent;
  const call = list?.parent;
  if (list?.type !== 'ArrayExpression' || call?.type !== 'CallExpression' || call.arguments[1] !== list) return false;
  const callee = call.callee.type === 'MemberExpression' && !call.callee.computed ? call.callee.property : call.callee;
  return callee.type === 'Identifier' && DEPENDENCY_HOOKS.has(callee.name);
}

/**
 * The line of an offset, not counting the lines that hold only a comment this tool leaves: the line the source had
 * before any run, which a second run, after TODOs were added above it, names the same.
 */
function lineWithoutTodos(text: string, offset: number): number {
  let line = 1;
  for (let start = 0, end = text.indexOf('\n'); end !== -1 && end < offset; start = end + 1, end = text.indexOf('\n', start)) {
    if (!text.slice(start, end).trimStart().startsWith(`// ${TODO_PREFIX}`)) line++;
  }
  return line;
}

/** A module mock of a test runner: `vi.mock('./api')`, `jest.mock(...)`, `vi.doMock`, `jest.unstable_mockModule`. */
const MODULE_MOCK = /\b(?:vi|jest)\s*\.\s*(?:mock|doMock|unstable_mockModule)\s*\(\s*(['"`])([^'"`]+)\1/g;

/**
 * What the program's other files may do with the endpoint that no use of the api shows: a test that mocks the api's
 * module (its hooks replaced, the bodies they are given asserted), or code that reads the argument back from an action
 * or the cache (`originalArgs`, `meta.arg`) and names the endpoint. A text search over the program (project mode, typed
 * linting); read file by file, the api is not exported, so no other module reaches it.
 */
function unseenReads(endpoint: RtkEndpoint, api: string, ctx: SourceContext): HeldUse | undefined {
  const names = new RegExp(`(?<![\\w$])(?:${[endpoint.name, mutationHookName(endpoint.name), api].join('|')})(?![\\w$])`);
  const file = ctx.file?.split('/').pop()?.replace(/\.[cm]?[jt]sx?$/, '');
  for (const text of ctx.project?.textsMatching?.(/\b(?:vi|jest)\s*\.\s*(?:mock|doMock|unstable_mockModule)\s*\(/) ?? []) {
    const mocked = [...text.matchAll(MODULE_MOCK)].map((match) => match[2]!.split('/').pop()!.replace(/\.[cm]?[jt]sx?$/, ''));
    if (names.test(text) || (file !== undefined && mocked.includes(file))) {
      return { held: { code: ReasonCode.endpointUseUnread, key: `a module mock (vi.mock, jest.mock) of the api's module or of one that names ${mutationHookName(endpoint.name)}` } };
    }
  }
  for (const text of ctx.project?.textsMatching?.(ARGUMENT_READ_BACK) ?? []) {
    if (names.test(text)) return { held: { code: ReasonCode.endpointUseUnread, key: `the argument read back (originalArgs, meta.arg) in a module that names the endpoint ${endpoint.name}` } };
  }
  return undefined;
}

/** The words that read a mutation's argument back from its action or its cache entry. */
const ARGUMENT_READ_BACK = /\boriginalArgs\b|\bmeta\s*\??\.\s*arg\b/;

class Reader {
  readonly #hook: string;

  constructor(readonly endpoint: RtkEndpoint, readonly binding: BindingUses, readonly contextOf: ContextOf, readonly triggers: TSESTree.Node[]) {
    this.#hook = mutationHookName(endpoint.name);
  }

  #held(what: string, node: TSESTree.Node, ctx: SourceContext): HeldUse {
    const holder = enclosingName(node);
    const line = lineWithoutTodos(ctx.text, node.range[0]);
    const at = ctx.file === undefined ? `line ${line}` : `${ctx.file}:${line}`;
    return { held: { code: ReasonCode.endpointUseUnread, key: `${what} ${holder === undefined ? 'at the top level' : `in ${holder}`} (${at})` } };
  }

  /** One use of the api: undefined when it is read (a trigger counted, or a use that triggers nothing). */
  apiUse(use: TSESTree.Node, ctx: SourceContext): HeldUse | 'unknown' | undefined {
    const parent = use.parent;
    // `typeof api`, `export { api }` (its importers are uses of their own).
    if (parent?.type === 'TSTypeQuery' || parent?.type === 'ExportSpecifier') return undefined;
    if (parent?.type === 'MemberExpression' && parent.object === use) {
      if (parent.computed || parent.property.type !== 'Identifier') return this.#held('the api read by a computed member', use, ctx);
      const member = parent.property.name;
      if (member === 'endpoints') return this.#endpointsUse(parent, ctx);
      if (member === this.#hook) return this.#hookCall(parent, ctx);
      if (member === 'injectEndpoints' || member === 'enhanceEndpoints') return this.#held(`the api's ${member}, which may define the endpoint again,`, use, ctx);
      // The reducer, the middleware, `util`, another endpoint's hook: they give this endpoint no argument.
      return undefined;
    }
    if (parent?.type === 'VariableDeclarator' && parent.init === use && parent.id.type === 'ObjectPattern') {
      for (const property of parent.id.properties) {
        const key = property.type === 'Property' && !property.computed ? staticKey(property) : undefined;
        if (key === undefined) return this.#held('the api destructured with a rest element or a computed key', use, ctx);
        if (key === 'endpoints') return this.#held('the endpoints of the api destructured', use, ctx);
        if (key !== this.#hook) continue;
        if (property.type !== 'Property' || property.value.type !== 'Identifier') return this.#held(`the hook ${key} destructured with a default`, use, ctx);
        const hookUses = this.binding(parent, property.value, ctx);
        if (!Array.isArray(hookUses)) return hookUses as 'unknown';
        for (const hookUse of hookUses as readonly TSESTree.Node[]) {
          const at = this.contextOf(hookUse);
          if (at === undefined) return 'unknown';
          if (hookUse.parent?.type === 'ExportSpecifier') continue;
          const outcome = this.#hookCall(hookUse, at);
          if (outcome !== undefined) return outcome;
        }
      }
      return undefined;
    }
    return this.#held('the api passed on', use, ctx);
  }

  /** `api.endpoints...`: this endpoint's `initiate(arg)` is a trigger, its `useMutation()` a hook. */
  #endpointsUse(endpoints: TSESTree.MemberExpression, ctx: SourceContext): HeldUse | undefined {
    const byName = endpoints.parent;
    if (byName?.type !== 'MemberExpression' || byName.object !== endpoints || byName.computed || byName.property.type !== 'Identifier') {
      return this.#held('the endpoints of the api read whole', endpoints, ctx);
    }
    if (byName.property.name !== this.endpoint.name) return undefined;
    const member = byName.parent;
    const name = member?.type === 'MemberExpression' && member.object === byName && !member.computed && member.property.type === 'Identifier'
      ? member.property.name : undefined;
    if (name === 'useMutation') return this.#hookCall(member, ctx);
    const call = member?.parent;
    if (name === 'initiate' && call?.type === 'CallExpression' && call.callee === member) return this.#trigger(member, call, ctx);
    return this.#held(`the endpoint's ${name ?? 'object'} read`, byName, ctx);
  }

  /** A call of the hook: its first element, the trigger, must only be called. */
  #hookCall(hook: TSESTree.Node, ctx: SourceContext): HeldUse | undefined {
    const call = hook.parent;
    if (call?.type !== 'CallExpression' || call.callee !== hook) return this.#held(`the hook ${this.#hook} passed on`, hook, ctx);
    const declarator = call.parent;
    if (declarator?.type !== 'VariableDeclarator' || declarator.init !== call || declarator.id.type !== 'ArrayPattern' ||
      declarator.parent?.type !== 'VariableDeclaration' || declarator.parent.kind !== 'const') {
      return this.#held(`the result of ${this.#hook} kept whole`, call, ctx);
    }
    // `selectFromResult: ({ originalArgs }) => ...`: the hook's result reads the argument back.
    if (ARGUMENT_READ_BACK.test(ctx.text)) return this.#held('the argument read back (originalArgs, meta.arg)', call, ctx);
    const first = declarator.id.elements[0];
    if (first === null || first === undefined) return undefined;
    if (first.type !== 'Identifier') return this.#held(`the trigger of ${this.#hook} destructured`, call, ctx);
    const variable = findVariable(ctx.getScope(first), first.name);
    if (variable === undefined) return this.#held(`the trigger ${first.name}`, call, ctx);
    for (const ref of usesOf(variable)) {
      const id = ref.identifier as TSESTree.Node;
      const used = id.parent;
      if (isDependency(id)) continue;
      if (used?.type !== 'CallExpression' || used.callee !== id) return this.#held(`the trigger ${first.name} stored or passed on`, id, ctx);
      const held = this.#trigger(id, used, ctx);
      if (held !== undefined) return held;
    }
    return undefined;
  }

  /** A trigger call: counted, unless its module reads the argument back from the action or the cache. */
  #trigger(callee: TSESTree.Node, call: TSESTree.CallExpression, ctx: SourceContext): HeldUse | undefined {
    if (ARGUMENT_READ_BACK.test(ctx.text)) return this.#held('the argument read back (originalArgs, meta.arg)', call, ctx);
    this.triggers.push(callee);
    return undefined;
  }
}
