/**
 * msw answers a request with the first handler that matches it, and nock, axios-mock-adapter and fetch-mock with the
 * first interceptor or route that matches it. A deprecated mock rewritten onto the v3 route next to one that already
 * answers POST /v3/apps/app_assignments would answer in its place, or never: whichever stands first answers both. This
 * module finds such mocks among what a mock's tests install: the mocks of its file (an msw route read through consts
 * and imports, as a call's URL is), and the handler arrays spread into `setupServer`, `setupWorker` or `server.use`
 * from another module (through the project's imports). A route that cannot be read may be the v3 route: it counts as
 * one.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { DEPRECATED_ASSIGN, V3_ASSIGN } from '../facts/contract.js';
import { valueOfName } from '../recognize/follow.js';
import { forEachCall, literalRegex, propertyOf, unwrapTS } from '../facts/syntax.js';
import { DEFAULT_ROUTE, matchRoute, readUrl } from '../recognize/url.js';
import { fromModule, methodOf, originOf } from './reference.js';

/** A path the v3 route has, and one the deprecated route has: a route that matches the first and not the second is v3's. */
const V3_PATH = V3_ASSIGN.path;
const OLD_PATH = `${DEPRECATED_ASSIGN.prefix}/apps/some-app/assign`;
const MAX_DEPTH = 4;

const found = new WeakMap<TSESTree.Node, string | null>();

/**
 * The first handler that answers (or may answer) POST /v3/apps/app_assignments but not the deprecated request, among
 * the handlers the file installs, in words (`http.post(V3_ASSIGNMENTS, …) in test/a.test.ts`). Undefined when there is
 * none.
 */
export function v3HandlerIn(program: TSESTree.Node, ctx: SourceContext): string | undefined {
  const known = found.get(program);
  if (known !== undefined) return known ?? undefined;
  let place: string | undefined;
  forEachCall(program, (call) => {
    place ??= v3HandlerAt(call, ctx, 0);
  });
  found.set(program, place ?? null);
  return place;
}

/** The place of a v3 handler this call is, or spreads into a server from another module. */
function v3HandlerAt(call: TSESTree.CallExpression, ctx: SourceContext, depth: number): string | undefined {
  const handler = handlerRoute(call, ctx);
  if (handler !== undefined) return handler === 'other' ? undefined : placeIn(call, ctx);
  if (!installsHandlers(call, ctx)) return undefined;
  for (const argument of call.arguments) {
    if (argument.type !== 'SpreadElement') continue;
    const spread = spreadPlace(argument.argument, ctx, depth);
    if (spread !== undefined) return spread;
  }
  return undefined;
}

/**
 * `...handlers` in a server's handlers: an array written in this file or imported from another module is read where it
 * is written, element by element; anything else may hold a v3 handler.
 */
function spreadPlace(node: TSESTree.Node, ctx: SourceContext, depth: number): string | undefined {
  const unread = () => placeIn(node, ctx, 'which cannot be read', '...');
  if (depth > MAX_DEPTH) return unread();
  const expr = unwrapTS(node);
  if (expr.type === 'ArrayExpression') return arrayPlace(expr, ctx, depth);
  if (expr.type !== 'Identifier') return unread();
  const name = valueOfName(expr, ctx);
  if (name.kind !== 'const' && name.kind !== 'imported') return unread();
  const value = unwrapTS(name.value.node);
  return value.type === 'ArrayExpression' ? arrayPlace(value, name.value.ctx, depth + 1) : unread();
}

/** The first element of an array of handlers that is, or may be, a handler of the v3 route. */
function arrayPlace(array: TSESTree.ArrayExpression, ctx: SourceContext, depth: number): string | undefined {
  for (const element of array.elements) {
    if (element === null) continue;
    if (element.type === 'SpreadElement') {
      const inner = spreadPlace(element.argument, ctx, depth + 1);
      if (inner !== undefined) return inner;
      continue;
    }
    let value: TSESTree.Node = unwrapTS(element);
    let valueCtx = ctx;
    if (value.type === 'Identifier') {
      const name = valueOfName(value, ctx);
      if (name.kind === 'const' || name.kind === 'imported') {
        value = unwrapTS(name.value.node);
        valueCtx = name.value.ctx;
      }
    }
    const route = value.type === 'CallExpression' ? handlerRoute(value, valueCtx) : undefined;
    if (route === undefined) return placeIn(element, ctx, 'which cannot be read');
    if (route !== 'other') return placeIn(value, valueCtx);
  }
  return undefined;
}

/**
 * For an msw handler that answers POST (`http.post`, `http.all`, msw 1's `rest`), or a nock, axios-mock-adapter or
 * fetch-mock mock of a POST: 'v3' when its route may match the v3 request and does not match the deprecated one,
 * 'other' when it does not; undefined for any other call.
 */
function handlerRoute(call: TSESTree.CallExpression, ctx: SourceContext): 'v3' | 'other' | undefined {
  const method = methodOf(call);
  if (method === undefined) return undefined;
  const object = unwrapTS(method.object);
  const origin = originOf(object, ctx);
  const library = fromModule(origin, INTERCEPTORS) ? origin.source : undefined;
  if (library !== undefined) return interceptorRoute(call, method.name, library, ctx);
  if (!fromModule(origin, ['msw'])) return undefined;
  const kind = object.type === 'Identifier' ? origin.imported : object.type === 'MemberExpression' && !object.computed && object.property.type === 'Identifier' ? object.property.name : undefined;
  if (kind !== 'http' && kind !== 'rest') return undefined;
  if (method.name !== 'post' && method.name !== 'all') return 'other';
  const matches = routeMatcher(call.arguments[0], ctx);
  if (matches === undefined) return 'v3';
  return matches(V3_PATH) && !matches(OLD_PATH) ? 'v3' : 'other';
}

/** The libraries whose mocks are an object's methods that take a route (`scope.post(path)`, `mock.onPost(url)`). */
const INTERCEPTORS = ['nock', 'axios-mock-adapter', 'fetch-mock'];

/**
 * nock's `scope.post(path)` (or `.intercept(path, method)`), axios-mock-adapter's `mock.onPost(url)` (or `onAny`),
 * fetch-mock's `fetchMock.post(route)` (or `postOnce`): the route read as an msw route is, a fetch-mock matcher prefix
 * (`path:`, `end:`, `express:`) dropped. A route that matches every request (axios-mock-adapter's `onPost()`) answered
 * the deprecated request too: it takes nothing.
 */
function interceptorRoute(call: TSESTree.CallExpression, name: string, library: string, ctx: SourceContext): 'v3' | 'other' | undefined {
  const general = library === 'fetch-mock' && FETCH_MOCK_GENERAL.has(name);
  const posts = library === 'nock' ? name === 'post' || name === 'intercept' : library === 'axios-mock-adapter' ? name === 'onPost' || name === 'onAny' : name === 'post' || name === 'postOnce' || general;
  if (!posts) return undefined;
  if (name === 'intercept') {
    const verb = call.arguments[1] === undefined ? undefined : unwrapTS(call.arguments[1]);
    if (verb?.type === 'Literal' && typeof verb.value === 'string' && verb.value.toUpperCase() !== 'POST') return 'other';
  }
  let route: TSESTree.CallExpressionArgument | TSESTree.Node | undefined = call.arguments[0];
  if (general) {
    // fetch-mock's `route(matcher, response, options?)` (and `mock`, `once`, `sticky`): the method is the options' or the
    // matcher object's, every method when neither gives one; the URL is the matcher object's `url`.
    const matcher = route === undefined || route.type === 'SpreadElement' ? undefined : objectHeld(unwrapTS(route), ctx);
    const options = call.arguments[2] === undefined || call.arguments[2].type === 'SpreadElement' ? undefined : objectHeld(unwrapTS(call.arguments[2]), ctx);
    const method = [options, matcher].map((object) => (object?.type === 'ObjectExpression' ? propertyOf(object, 'method')?.value : undefined)).find((value) => value !== undefined);
    const verb = method === undefined ? undefined : unwrapTS(method);
    if (verb?.type === 'Literal' && typeof verb.value === 'string' && verb.value.toUpperCase() !== 'POST') return 'other';
    if (matcher?.type === 'ObjectExpression') {
      const url = propertyOf(matcher, 'url')?.value;
      // Matched by a function of the request, or by headers or a body alone: it may answer the v3 request.
      if (url === undefined) return 'v3';
      route = url;
    }
  }
  if (route === undefined) return library === 'axios-mock-adapter' ? 'other' : 'v3';
  if (route.type === 'SpreadElement') return 'v3';
  const expr = unwrapTS(route);
  // The deprecated route, as the call recognizer reads it (a concatenation, a const): a mock of the old request.
  if (matchRoute(readUrl(expr, ctx), [DEFAULT_ROUTE]) !== undefined) return 'other';
  const text = expr.type === 'Literal' && typeof expr.value === 'string' ? expr.value : undefined;
  const prefixed = library === 'fetch-mock' && text !== undefined ? /^(path|end|begin|express|glob|url):(.*)$/s.exec(text) : null;
  const matches = prefixed === null ? routeMatcher(route, ctx) : patternMatcher(`${prefixed[1] === 'end' ? '*' : ''}${prefixed[2]!}${prefixed[1] === 'begin' ? '*' : ''}`);
  if (matches === undefined) return 'v3';
  return matches(V3_PATH) && !matches(OLD_PATH) ? 'v3' : 'other';
}

/** fetch-mock's methods whose HTTP method is the options' or the matcher object's: `route` (10 to 12), `mock` (9). */
const FETCH_MOCK_GENERAL = new Set(['mock', 'route', 'once', 'sticky']);

/**
 * An object written in place, or held in a const or an import, or a member of an object a const of the file holds
 * (`matchers.crm`): the object; anything else as it is.
 */
function objectHeld(node: TSESTree.Node, ctx: SourceContext): TSESTree.Node {
  if (node.type === 'MemberExpression') {
    const keys: string[] = [];
    let root: TSESTree.Node = node;
    while (root.type === 'MemberExpression' && !root.computed && root.property.type === 'Identifier') {
      keys.unshift(root.property.name);
      root = unwrapTS(root.object);
    }
    const name = root.type === 'Identifier' ? valueOfName(root, ctx) : undefined;
    if (name?.kind !== 'const' || name.value.ctx !== ctx) return node;
    let value: TSESTree.Node | undefined = unwrapTS(name.value.node);
    for (const key of keys) {
      const property: TSESTree.Node | undefined = value?.type === 'ObjectExpression' ? propertyOf(value, key)?.value : undefined;
      value = property === undefined ? undefined : unwrapTS(property);
    }
    return value?.type === 'ObjectExpression' ? value : node;
  }
  if (node.type !== 'Identifier') return node;
  const name = valueOfName(node, ctx);
  if (name.kind !== 'const' && name.kind !== 'imported') return node;
  const value = unwrapTS(name.value.node);
  return value.type === 'ObjectExpression' ? value : node;
}

/** Whether an msw route answers a path (whatever the origin); undefined when the route cannot be read. */
export function routeMatcher(node: TSESTree.Node | undefined, ctx: SourceContext, depth = 0): ((path: string) => boolean) | undefined {
  if (node === undefined || node.type === 'SpreadElement' || depth > MAX_DEPTH) return undefined;
  const expr = unwrapTS(node);
  if (expr.type === 'Literal' && 'regex' in expr && expr.regex != null) {
    const regex = literalRegex(expr);
    return regex === undefined ? undefined : (path) => regex.test(`https://api.example.com${path}`);
  }
  if (expr.type === 'Literal' && typeof expr.value === 'string') return patternMatcher(expr.value);
  // A template's expressions stand for anything (a base, a segment).
  if (expr.type === 'TemplateLiteral') {
    if (expr.quasis.some((quasi) => quasi.value.cooked === null)) return undefined;
    return patternMatcher(expr.quasis.map((quasi) => quasi.value.cooked).join('*'));
  }
  if (expr.type === 'Identifier') {
    const name = valueOfName(expr, ctx);
    return name.kind === 'const' || name.kind === 'imported' ? routeMatcher(name.value.node, name.value.ctx, depth + 1) : undefined;
  }
  return undefined;
}

/**
 * msw's path pattern (path-to-regexp 6: `*`, `:name`, `:name(regex)`, a parameter that may be absent or repeated `/:name?`,
 * `/:name*`, `/:name+`, a group `{/:name}?`), its origin taken as any origin, its query ignored, its letters matched
 * in any case (msw matches a path without regard to case). A modifier's `?` starts no query:
 * `…/app_assignments/:uid?` and `…/app_assignments{/:uid}?` answer `…/app_assignments` too. Undefined when the
 * pattern cannot be read.
 */
function patternMatcher(pattern: string): ((path: string) => boolean) | undefined {
  const path = pattern.replace(/(?<!:\w+|[})])[?#].*$/, '').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '*');
  const source = path.split(/(\*|\/?:\w+(?:\((?:[^()\\]|\\.)*\))?[?*+]?|\{|\}[?*+]?)/).map((part) => {
    if (part === '*') return '.*';
    if (part === '{') return '(?:';
    if (part.startsWith('}')) return `)${part.slice(1)}`;
    const param = /^(\/?):\w+(?:\((.*)\))?([?*+]?)$/s.exec(part);
    if (param === null) return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    const segment = `${param[1]}${param[2] === undefined ? '[^/]+' : `(?:${param[2]})`}`;
    return param[3] === '' ? segment : `(?:${segment})${param[3]}`;
  }).join('');
  let regex: RegExp;
  try {
    // A relative route is read as the path of whatever origin.
    regex = new RegExp(`^${source.startsWith('/') ? '(?:.*)?' : ''}${source}/?$`, 'i');
  } catch {
    return undefined;
  }
  return (at) => regex.test(at);
}

/** `setupServer(...)`, `setupWorker(...)` of msw, and `server.use(...)` / `worker.use(...)` / `resetHandlers(...)`. */
function installsHandlers(call: TSESTree.CallExpression, ctx: SourceContext): boolean {
  const callee = unwrapTS(call.callee);
  if (callee.type === 'Identifier') return fromModule(originOf(callee, ctx), ['msw']);
  const method = methodOf(call);
  if (method === undefined || (method.name !== 'use' && method.name !== 'resetHandlers')) return false;
  // A server of msw, or one a module of the program makes (`import { server } from './server'`), not `app.use(...)`.
  const origin = originOf(method.object, ctx);
  const source = origin?.kind === 'module' ? origin.source : undefined;
  return source !== undefined && (fromModule(origin, ['msw']) || /^[./]/.test(source));
}

/**
 * A handler in words a TODO can carry and a rerun finds unchanged (no line: a TODO inserted above it moves it):
 * `http.post(V3_ASSIGNMENTS, …) in test/a.test.ts`.
 */
/**
 * A callee as a mock's name shows it: a method at the end of a chain is named by its own text after the chain's head
 * (`nock(API)….post`), so that the interceptors before it (a deprecated one, perhaps) do not stand for it.
 */
function calleeShown(callee: TSESTree.Node, shown: (at: TSESTree.Node) => string): string {
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return shown(callee);
  let head: TSESTree.Node = unwrapTS(callee.object);
  if (head.type !== 'CallExpression' || head.callee.type !== 'MemberExpression') return shown(callee);
  while (head.type === 'CallExpression' && head.callee.type === 'MemberExpression' && unwrapTS(head.callee.object).type === 'CallExpression') head = unwrapTS(head.callee.object);
  if (head.type === 'CallExpression' && head.callee.type === 'MemberExpression') head = unwrapTS(head.callee.object);
  return `${shown(head)}….${callee.property.name}`;
}

function placeIn(node: TSESTree.Node, ctx: SourceContext, what?: string, prefix = ''): string {
  const shown = (at: TSESTree.Node) => ctx.text.slice(at.range[0], at.range[1]).replace(/\s+/g, ' ');
  let text: string;
  if (node.type === 'CallExpression') {
    const route = node.arguments[0];
    text = `${calleeShown(node.callee, shown)}(${route === undefined ? '' : shown(route)}${node.arguments.length > 1 ? ', …' : ''})`;
  } else text = `${prefix}${shown(node)}`;
  if (text.length > 80) text = `${text.slice(0, 77)}…`;
  const where = ctx.file === undefined ? text : `${text} in ${ctx.file}`;
  return what === undefined ? where : `${where}, ${what}`;
}
