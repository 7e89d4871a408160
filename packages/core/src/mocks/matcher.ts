/**
 * Mocks written as one call on an object of their library: a route, then the body the request must carry (nock's
 * `scope.post(path, body?)`, axios-mock-adapter's `mock.onPost(url, body?)`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { type BodyEncoding, readBody } from '../recognize/body.js';
import type { SourceContext } from '../facts/context.js';
import { DEPRECATED_ASSIGN } from '../facts/contract.js';
import { valueOfName } from '../recognize/follow.js';
import { findVariable } from '../facts/scope.js';
import { isFunction, propertyOf, someNode, unwrapTS } from '../facts/syntax.js';
import { fromModule, methodOf, originOf } from './reference.js';
import { relativeToClientBase } from './assertions.js';
import { readBodyMatcher } from './msw.js';
import { functionSpellsRoute, readMockRoute, type MockRoute } from './route.js';
import type { MockLibrary, MockSite } from './site.js';

export interface RouteMatcher {
  readonly library: MockLibrary;
  /** The module the object comes from, and the method that takes route and body. */
  readonly module: string;
  readonly method: string;
  /** How the request's body is compared with an object: as its JSON, or as the data the client was given. */
  readonly encoding: BodyEncoding;
  /**
   * The general method that takes the HTTP method as its second argument (nock's `.intercept(path, 'POST', body?)`),
   * or answers every method (axios-mock-adapter's `onAny(url, body?)`: found, never rewritten, as msw's `http.all`).
   */
  readonly general?: { readonly name: string; readonly methodArgument?: number };
}

export function recognizeRouteMatcher(call: TSESTree.CallExpression, ctx: SourceContext, spec: RouteMatcher): MockSite | undefined {
  const method = methodOf(call);
  const general = spec.general !== undefined && method?.name === spec.general.name ? spec.general : undefined;
  if (method === undefined || (method.name !== spec.method && general === undefined)) return undefined;
  if (!fromModule(originOf(method.object, ctx), [spec.module])) return undefined;
  let bodyAt = 1;
  if (general?.methodArgument !== undefined) {
    // Another method is another request; a method that cannot be read may be POST: found, never rewritten.
    const verb = unwrapTS(call.arguments[general.methodArgument] ?? call);
    const known = verb.type === 'Literal' && typeof verb.value === 'string' ? verb.value.toUpperCase() : undefined;
    if (known !== undefined && known !== 'POST') return undefined;
    bodyAt = general.methodArgument + 1;
    if (known === undefined) return onRouteOnly(call, ctx, spec, bodyAt);
  } else if (general !== undefined) return onRouteOnly(call, ctx, spec, bodyAt);
  const scope = spec.library === 'nock' ? nockScope(method.object, ctx) : undefined;
  const adapted = spec.library === 'axios-mock-adapter' ? adaptedClient(method.object, ctx) : undefined;
  // axios-mock-adapter matches a path relative to its instance's `baseURL` too (`onPost('/apps/crm-sync/assign')`).
  const route = readMockRoute(call.arguments[0], ctx) ?? routeUnderBase(call.arguments[0], scope?.base, ctx) ??
    (adapted === undefined ? undefined : relativeToClientBase(adapted, call.arguments[0], ctx)) ?? functionPath(call.arguments[0], ctx, spec);
  if (route === undefined) return undefined;
  const matcher = call.arguments[bodyAt];
  // A function of the parsed body (nock's `(body) => ...`, axios-mock-adapter's `{ asymmetricMatch: (body) => ... }`):
  // its reads are mapped as an msw resolver's are.
  const fn = matcher === undefined ? undefined : matcherFunction(unwrapTS(matcher), spec);
  const read = fn === undefined ? undefined : readBodyMatcher(fn, route.appCode, ctx);
  // What answers the request reads it too (nock's `.reply((uri, body) => …)`, axios-mock-adapter's
  // `.reply((config) => …)`): after the rewrite it would read the v3 path and body in the old shape.
  const replies = [...replyReads(call, ctx), ...(spec.library === 'nock' ? nockListenerReads(call, ctx) : [])];
  const headers = call.arguments.length > bodyAt + 1 || scope?.headers === true ? { checksHeaders: true as const } : {};
  const filtered = scope?.filter === undefined ? {} : { filter: scope.filter };
  if (read !== undefined) return { node: call, ctx, library: spec.library, route, ...read, reads: [...read.reads, ...replies], ...headers, ...filtered };
  return {
    node: call,
    ctx,
    library: spec.library,
    route,
    ...(matcher === undefined ? {} : { body: readBody(matcher, ctx, spec.encoding) }),
    reads: replies,
    ...headers,
    ...filtered,
  };
}

/** A mock of the deprecated route that may answer other methods too: found, so that it holds its calls; never rewritten. */
function onRouteOnly(call: TSESTree.CallExpression, ctx: SourceContext, spec: RouteMatcher, bodyAt: number): MockSite | undefined {
  const route = readMockRoute(call.arguments[0], ctx) ?? functionPath(call.arguments[0], ctx, spec);
  if (route === undefined) return undefined;
  const matcher = call.arguments[bodyAt];
  return {
    node: call,
    ctx,
    library: spec.library,
    route: route.appCode === undefined ? {} : { appCode: route.appCode },
    ...(matcher === undefined ? {} : { body: readBody(matcher, ctx, spec.encoding) }),
    reads: [...replyReads(call, ctx), ...(spec.library === 'nock' ? nockListenerReads(call, ctx) : [])],
  };
}

/**
 * nock's path given as a function of the path (`.post((uri) => /…\/assign$/.test(uri))`) that spells the deprecated
 * route: it matches the request as a regular expression does, and is held as one is.
 */
function functionPath(node: TSESTree.Node | undefined, ctx: SourceContext, spec: RouteMatcher): MockRoute | undefined {
  if (spec.library !== 'nock' || !functionSpellsRoute(node, ctx)) return undefined;
  return { held: 'a function of the path that tests it against the deprecated route' };
}

/** The client an axios-mock-adapter wraps: `platform` of `const mock = new MockAdapter(platform)`. */
function adaptedClient(node: TSESTree.Node, ctx: SourceContext): TSESTree.Node | undefined {
  let expr = unwrapTS(node);
  if (expr.type === 'Identifier') {
    const declarator = findVariable(ctx.getScope(expr), expr.name)?.defs[0]?.node as TSESTree.Node | undefined;
    if (declarator?.type !== 'VariableDeclarator' || declarator.init == null) return undefined;
    expr = unwrapTS(declarator.init);
  }
  const client = expr.type === 'NewExpression' ? expr.arguments[0] : undefined;
  return client === undefined || client.type === 'SpreadElement' ? undefined : client;
}

/** nock's scope methods that rewrite the request before its interceptors match it. */
const FILTERS = /^(?:filteringPath|filteringRequestBody)$/;

/**
 * What a nock scope does on the way to the interceptor (followed through consts: `const scope = nock(API).matchHeader(...)`):
 * whether it matches headers (`.matchHeader(...)`, or options given to `nock(base, { reqheaders })`), and the first
 * filter that rewrites the request before it is matched (`.filteringPath(...)`, `.filteringRequestBody(...)`), by name.
 */
function nockScope(node: TSESTree.Node, ctx: SourceContext): { headers: boolean; filter?: string; base?: TSESTree.Node } {
  let headers = false;
  let filter: string | undefined;
  let base: TSESTree.Node | undefined;
  let expr = unwrapTS(node);
  let depth = 0;
  while (depth < 8) {
    if (expr.type === 'CallExpression') {
      const method = methodOf(expr);
      if (method?.name === 'matchHeader') headers = true;
      else if (method !== undefined && FILTERS.test(method.name)) filter ??= `.${method.name}(...)`;
      if (method === undefined) {
        headers ||= expr.arguments.length > 1;
        base = expr.arguments[0];
        break;
      }
      expr = unwrapTS(method.object);
    } else if (expr.type === 'MemberExpression') {
      expr = unwrapTS(expr.object);
    } else if (expr.type === 'Identifier') {
      const name = valueOfName(expr, ctx);
      if (name.kind !== 'const' || name.value.ctx !== ctx) break;
      expr = unwrapTS(name.value.node);
      depth += 1;
    } else break;
  }
  return { headers, ...(filter === undefined ? {} : { filter }), ...(base === undefined ? {} : { base }) };
}

/**
 * nock joins its scope's base path to each interceptor's (`nock('https://api.example.com/platform/v1')` and
 * `.post('/apps/crm-sync/assign')`): the deprecated route split between the two. Found with its app code, so that it
 * keeps its calls; never rewritten here, since the prefix is in the scope, which other interceptors may share.
 */
function routeUnderBase(path: TSESTree.Node | undefined, base: TSESTree.Node | undefined, ctx: SourceContext): MockRoute | undefined {
  if (path === undefined || base === undefined) return undefined;
  const tail = stringTail(base, ctx);
  const own = stringTail(path, ctx);
  if (tail === undefined || own?.whole !== true) return undefined;
  const joined = `${tail.text.replace(/\/+$/, '')}${own.text.startsWith('/') ? '' : '/'}${own.text}`;
  // The prefix in the base, whole or split (`${API}/platform` and `/v1/apps/crm-sync/assign`).
  const match = DEPRECATED_UNDER_BASE.exec(joined.replace(/[?#].*$/, ''));
  if (match === null || own.text.includes(DEPRECATED_ASSIGN.prefix)) return undefined;
  try {
    return { appCode: decodeURIComponent(match[1]!) };
  } catch {
    return undefined;
  }
}

/** `…/platform/v1/apps/<app>/assign` at the end of a path. */
const DEPRECATED_UNDER_BASE = new RegExp(`${DEPRECATED_ASSIGN.prefix.replace(/\//g, '\\/')}\\/apps\\/([^/]+)\\/assign\\/?$`);

/**
 * The static text at the end of a string (a literal, a template after its last expression, a concatenation, a const of
 * the file that holds one, the path of `new URL('/platform/v1', API).href`), and whether that is the whole string.
 */
function stringTail(node: TSESTree.Node, ctx: SourceContext, depth = 0): { text: string; whole: boolean } | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'Literal' && typeof expr.value === 'string') return { text: expr.value, whole: true };
  if (expr.type === 'BinaryExpression' && expr.operator === '+' && depth < 4) {
    const right = stringTail(expr.right, ctx, depth + 1);
    return right === undefined ? undefined : { text: right.text, whole: false };
  }
  // A path from the root replaces the base's: `new URL('/platform/v1', API)` ends in `/platform/v1`.
  if (expr.type === 'MemberExpression' && !expr.computed && expr.property.type === 'Identifier' && expr.property.name === 'href' && depth < 4) {
    const url = unwrapTS(expr.object);
    const path = url.type === 'NewExpression' && url.callee.type === 'Identifier' && url.callee.name === 'URL' && url.arguments[0]?.type !== 'SpreadElement' && url.arguments[0] !== undefined
      ? stringTail(url.arguments[0], ctx, depth + 1)
      : undefined;
    return path?.whole === true && path.text.startsWith('/') ? { text: path.text, whole: false } : undefined;
  }
  if (expr.type === 'TemplateLiteral') {
    const last = expr.quasis[expr.quasis.length - 1]!.value.cooked;
    return last === null ? undefined : { text: last, whole: expr.expressions.length === 0 };
  }
  if (expr.type === 'Identifier' && depth < 4) {
    const name = valueOfName(expr, ctx);
    return name.kind === 'const' || name.kind === 'imported' ? stringTail(name.value.node, name.value.ctx, depth + 1) : undefined;
  }
  return undefined;
}

/** The methods of a chain after the route that answer the request, and may be given a function of it. */
const REPLIES = /^(?:reply|replyOnce|replyWithError|withDelayInMs)$/;

/**
 * What the functions that answer the mocked request read of it: `.reply((uri, body) => …)`, `.reply(200, (uri, body)
 * => …)`, a `function` that reads `this.req`, `.replyOnce((config) => …)`, a function held by a const. Each read is
 * named for the TODO; a function that reads nothing of the request answers the v3 request as it answered the old one.
 */
function replyReads(call: TSESTree.CallExpression, ctx: SourceContext): string[] {
  const reads: string[] = [];
  let link: TSESTree.Node = call;
  for (let depth = 0; depth < 8; depth++) {
    const member: TSESTree.Node | undefined = link.parent;
    const next: TSESTree.Node | undefined = member?.parent;
    if (member?.type !== 'MemberExpression' || member.object !== link || next?.type !== 'CallExpression' || next.callee !== member) break;
    if (!member.computed && member.property.type === 'Identifier' && REPLIES.test(member.property.name)) {
      for (const argument of next.arguments) reads.push(...functionReads(argument, ctx));
    }
    link = next;
  }
  return [...new Set(reads)];
}

/**
 * What a listener of a nock scope's events reads (`scope.on('request', (req, interceptor, body) => … req.path …)`,
 * `'replied'`, or nock's global `nock.emitter.on(…)`): the request as sent, which after the rewrite is the v3 one. The
 * scope is the interceptor's chain, the names it is kept under (`const api = nock(base).post(…).reply(…)`, `const scope
 * = nock(base)`) and, for the global emitter, any interceptor of the file. A listener that is not a function written
 * or declared here may read anything: read.
 */
function nockListenerReads(call: TSESTree.CallExpression, ctx: SourceContext): string[] {
  const reads: string[] = [];
  const listener = (on: TSESTree.CallExpression, shown: string): void => {
    const event = on.arguments[0] === undefined || on.arguments[0].type === 'SpreadElement' ? undefined : unwrapTS(on.arguments[0]);
    const name = event?.type === 'Literal' && typeof event.value === 'string' ? `'${event.value}'` : '…';
    const fn = on.arguments[1];
    if (fn === undefined || fn.type === 'SpreadElement') return;
    const given = functionReads(fn, ctx);
    const written = isFunction(unwrapTS(fn)) || (unwrapTS(fn).type === 'Identifier' && functionDeclared(unwrapTS(fn) as TSESTree.Identifier, ctx));
    if (given.length > 0 || !written) reads.push(`the request in a listener of its scope's events (${shown}.on(${name}))`);
  };
  const isOn = (member: TSESTree.Node | undefined, object: TSESTree.Node): member is TSESTree.MemberExpression =>
    member?.type === 'MemberExpression' && member.object === object && !member.computed && member.property.type === 'Identifier' &&
    /^(?:on|once|addListener|prependListener|prependOnceListener)$/.test(member.property.name) &&
    member.parent?.type === 'CallExpression' && member.parent.callee === member;
  const names: TSESTree.Identifier[] = [];
  // Up the chain: `nock(base).post(…).reply(…).on('request', …)`, and the name the scope is kept under.
  let link: TSESTree.Node = call;
  for (let depth = 0; depth < 12; depth++) {
    const member: TSESTree.Node | undefined = link.parent;
    if (isOn(member, link)) listener(member.parent as TSESTree.CallExpression, '');
    if (member?.type === 'MemberExpression' && member.object === link && member.parent?.type === 'CallExpression' && member.parent.callee === member) {
      link = member.parent;
      continue;
    }
    if (member?.type === 'VariableDeclarator' && member.init === link && member.id.type === 'Identifier') names.push(member.id);
    else if (member?.type === 'AssignmentExpression' && member.right === link && member.left.type === 'Identifier') names.push(member.left);
    break;
  }
  // Down the chain: `const scope = nock(base); scope.post(…)`.
  let expr = unwrapTS(methodOf(call)?.object ?? call);
  for (let depth = 0; depth < 12; depth++) {
    if (expr.type === 'CallExpression') {
      const method = methodOf(expr);
      if (method === undefined) break;
      expr = unwrapTS(method.object);
    } else if (expr.type === 'Identifier') {
      names.push(expr);
      const declarator = findVariable(ctx.getScope(expr), expr.name)?.defs[0]?.node as TSESTree.Node | undefined;
      if (declarator?.type !== 'VariableDeclarator' || declarator.init == null) break;
      expr = unwrapTS(declarator.init);
    } else break;
  }
  for (const id of names) {
    const variable = findVariable(ctx.getScope(id), id.name);
    for (const reference of variable?.references ?? []) {
      const use = reference.identifier as TSESTree.Node;
      if (isOn(use.parent, use)) listener(use.parent.parent as TSESTree.CallExpression, id.name);
    }
  }
  // nock's global emitter: every request nock sees.
  if (/\bemitter\s*\.\s*(?:on|once|addListener)\s*\(/.test(ctx.text)) {
    let root: TSESTree.Node = call;
    while (root.parent != null) root = root.parent;
    someNode(root, (inner) => {
      if (inner.type === 'MemberExpression' && !inner.computed && inner.property.type === 'Identifier' && inner.property.name === 'emitter' &&
        fromModule(originOf(inner.object, ctx), ['nock']) && isOn(inner.parent, inner)) listener(inner.parent.parent as TSESTree.CallExpression, `${ctx.text.slice(inner.range[0], inner.range[1])}`);
      return false;
    });
  }
  return [...new Set(reads)];
}

/** Whether a name is a function declared in this file (`function onRequest(req) {…}`, `const onRequest = (req) => …`). */
function functionDeclared(id: TSESTree.Identifier, ctx: SourceContext): boolean {
  const declared = findVariable(ctx.getScope(id), id.name)?.defs[0]?.node as TSESTree.Node | undefined;
  return declared?.type === 'FunctionDeclaration' || (declared?.type === 'VariableDeclarator' && declared.init != null && isFunction(unwrapTS(declared.init)));
}

/** What a function given to answer a request reads of its arguments (or of `this`, nock's `this.req`). */
export function functionReads(node: TSESTree.Node, ctx: SourceContext): string[] {
  let fn = unwrapTS(node);
  if (fn.type === 'Identifier') {
    const name = valueOfName(fn, ctx);
    const declared = name.kind === 'unknown' ? (name.variable.defs[0]?.node as TSESTree.Node | undefined) : undefined;
    if (name.kind === 'const' && name.value.ctx === ctx) fn = unwrapTS(name.value.node);
    else if (declared?.type === 'FunctionDeclaration') fn = declared;
    else return [];
    if (fn.type === 'Identifier') return [];
  }
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression' && fn.type !== 'FunctionDeclaration') return [];
  const reads: string[] = [];
  for (const param of fn.params) {
    if (param.type !== 'Identifier') {
      reads.push('the request in its reply function');
      continue;
    }
    const variable = findVariable(ctx.getScope(fn.body ?? fn), param.name);
    if (variable === undefined || variable.references.some((ref) => !ref.init)) reads.push(`the request in its reply function (${param.name})`);
  }
  // `function (uri, body) { this.req.headers … }`: nock's interceptor gives the request as `this.req`.
  if (fn.type !== 'ArrowFunctionExpression' && someNode(fn.body ?? fn, (inner) => inner.type === 'ThisExpression', (inner) => !isFunction(inner) || inner.type === 'ArrowFunctionExpression')) {
    reads.push('the request in its reply function (this.req)');
  }
  return reads;
}

/** The function that matches the body: the argument itself (nock), or the `asymmetricMatch` of an object (axios-mock-adapter). */
function matcherFunction(node: TSESTree.Node, spec: RouteMatcher): TSESTree.Node | undefined {
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return spec.library === 'nock' ? node : undefined;
  if (node.type !== 'ObjectExpression' || spec.library !== 'axios-mock-adapter' || node.properties.length !== 1) return undefined;
  const value = propertyOf(node, 'asymmetricMatch')?.value;
  return value !== undefined && (value.type === 'ArrowFunctionExpression' || value.type === 'FunctionExpression') ? value : undefined;
}
