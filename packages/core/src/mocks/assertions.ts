/**
 * Assertions on a mocked client: `expect(fetchMock).toHaveBeenCalledWith(url, init)`, `toHaveBeenLastCalledWith`,
 * `toBeCalledWith`, `toHaveBeenNthCalledWith(n, ...)`, with `expect` from vitest, `@jest/globals` or the test
 * runner's globals. The asserted client is the global fetch, a `vi.fn()` / `jest.fn()` / `vi.spyOn(...)` mock, or a
 * client's `post` (`axios.post`, `vi.mocked(axios).post`): fetch takes `(url, { method, body })`, a `post` method
 * `(url, data)`. A negated assertion (`.not`) says what is not sent: it is left as it is, with a TODO that it guards
 * nothing once its calls send v3, and holds no call.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { readBody } from '../body.js';
import { resolveClient } from '../clients/index.js';
import type { SourceContext } from '../context.js';
import { findVariable } from '../scope.js';
import { staticString } from '../static-value.js';
import { calleePath, propertyOf, someNode, staticKey, unwrapTS } from '../syntax.js';
import { fromModule, methodOf, originOf } from './reference.js';
import { isRouteRegex, partOfDeprecatedRoute, readMockRoute, type MockRoute } from './route.js';
import type { MockSite } from './site.js';

const MATCHERS = new Set(['toHaveBeenCalledWith', 'toHaveBeenLastCalledWith', 'toBeCalledWith', 'lastCalledWith', 'toHaveBeenNthCalledWith', 'nthCalledWith']);
/** The matchers that compare a value: of what a mock recorded, they assert the request it was given. */
const VALUE_MATCHERS = new Set(['toBe', 'toEqual', 'toStrictEqual', 'toContain', 'toContainEqual', 'toMatch', 'toMatchObject', 'toHaveProperty']);
/** fetch-mock's own record of the calls it answered (`fetchMock.lastCall()`, `fetchMock.callHistory.calls()`). */
const FETCH_MOCK_RECORDS = new Set(['calls', 'lastCall', 'lastUrl', 'lastOptions']);
const TEST_MODULES = ['vitest', '@jest/globals'];
const HTTP_CLIENTS = ['axios', 'got', 'ky', 'superagent', 'ofetch'];
const GLOBAL_OBJECTS = new Set(['globalThis', 'window', 'self', 'global']);

type Shape = 'fetch' | 'post' | 'mock';

export function recognizeAssertion(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  const method = methodOf(call);
  if (method === undefined || (!MATCHERS.has(method.name) && !VALUE_MATCHERS.has(method.name))) return undefined;
  let expectCall = unwrapTS(method.object);
  // `expect(x).not.toHaveBeenCalledWith(...)`: found, so that its TODO says it no longer guards anything once its calls
  // send v3; never rewritten, and it holds no call.
  const negated = expectCall.type === 'MemberExpression' && !expectCall.computed && expectCall.property.type === 'Identifier' && expectCall.property.name === 'not';
  if (negated) expectCall = unwrapTS((expectCall as TSESTree.MemberExpression).object);
  if (expectCall.type !== 'CallExpression' || !isExpect(expectCall.callee, ctx)) return undefined;
  const target = expectCall.arguments[0];
  if (target === undefined || target.type === 'SpreadElement') return undefined;
  if (!MATCHERS.has(method.name)) return recordedAssertion(call, target, negated, method.name === 'toContain' || method.name === 'toMatch', ctx);
  const args = method.name.startsWith('toHaveBeenNth') || method.name === 'nthCalledWith' ? call.arguments.slice(1) : call.arguments;
  let shape = shapeOf(target, ctx);
  let route = shape === undefined ? undefined : assertedRoute(args[0], ctx);
  // A path relative to an instance's base: its `post` spied (`vi.spyOn(platform, 'post')`) or mocked (`vi.mocked(platform.post)`).
  if (route === undefined && (shape === 'post' || shape === undefined)) {
    route = relativeToBase(target, args[0], ctx);
    if (route !== undefined) shape = 'post';
  }
  if (shape === undefined || route === undefined) return undefined;
  // `expect.anything()`, `expect.any(Object)`: any value, as if nothing were asserted there.
  const second = args[1] === undefined || args[1].type === 'SpreadElement' || isAnyValue(args[1], ctx) ? undefined : contained(args[1], ctx);
  const fetchLike = shape === 'fetch' || (shape === 'mock' && (args.length === 1 || (second?.type === 'ObjectExpression' && hasRequestInit(second))));
  let matcher: TSESTree.Node | undefined;
  if (fetchLike) {
    if (second?.type === 'ObjectExpression') {
      const verb = propertyOf(second, 'method')?.value;
      // Another method is another request.
      if (verb !== undefined && !(verb.type === 'Literal' && typeof verb.value === 'string' && verb.value.toUpperCase() === 'POST')) return undefined;
      matcher = propertyOf(second, 'body')?.value;
    }
  } else {
    matcher = second;
  }
  const encoding = fetchLike ? { objectIsJson: false, stringifyIsJson: true } : { objectIsJson: true, stringifyIsJson: false };
  // What else the call was given (fetch's init beyond method and body, a client's config): its headers, perhaps.
  const others = fetchLike
    ? args.length > 2 || (second !== undefined && (second.type !== 'ObjectExpression' ||
      second.properties.some((p) => p.type !== 'Property' || !['method', 'body'].includes(staticKey(p) ?? ''))))
    : args.length > 2;
  return {
    node: call,
    ctx,
    library: 'assertion',
    route,
    ...(matcher === undefined ? {} : { body: readBody(contained(matcher, ctx), ctx, encoding) }),
    reads: [],
    ...(others ? { checksHeaders: true as const } : {}),
    ...(negated ? { negated: true as const } : {}),
  };
}

/**
 * The URL a `toHaveBeenCalledWith` asserts: the route itself, or inside `expect.stringContaining(...)` (rewritten in
 * place when it holds the whole route; a part of it, such as `/platform/v1/apps/`, cannot be) or
 * `expect.stringMatching(...)` (never rewritten).
 */
function assertedRoute(node: TSESTree.Node | undefined, ctx: SourceContext): MockRoute | undefined {
  const route = readMockRoute(node, ctx);
  if (route !== undefined || node === undefined || node.type === 'SpreadElement') return route;
  const expr = unwrapTS(node);
  const path = expr.type === 'CallExpression' ? calleePath(expr.callee) : undefined;
  if (expr.type !== 'CallExpression' || (path !== 'expect.stringContaining' && path !== 'expect.stringMatching') ||
    !isExpect((expr.callee as TSESTree.MemberExpression).object, ctx) || expr.arguments.length !== 1 || expr.arguments[0]!.type === 'SpreadElement') return undefined;
  const inner = unwrapTS(expr.arguments[0]!);
  if (path === 'expect.stringMatching') return isRouteRegex(inner) ? {} : undefined;
  const whole = readMockRoute(inner, ctx);
  if (whole !== undefined) return whole;
  const text = staticString(inner, ctx);
  return text !== undefined && partOfDeprecatedRoute(text) ? {} : undefined;
}

/**
 * `expect(post).toHaveBeenCalledWith('/apps/crm-sync/assign', body)` where `post` is the method of an instance whose
 * base URL ends in `/platform/v1` (`vi.spyOn(platform, 'post')`, `vi.mocked(platform.post)`): the path is relative to
 * that base, as the call's is, so it asserts the deprecated request. The call's rewrite writes the whole v3 URL (the
 * base cannot change for one call), which this assertion does not spell: never rewritten. An instance this file
 * cannot read (imported, read file by file) may have such a base: it counts; in a project, an owner that is no client
 * the analysis knows is some other object. The library itself (`axios.post`), an
 * instance without a base, or one whose base is another, makes the path some other API's.
 */
function relativeToBase(target: TSESTree.Node, url: TSESTree.Node | undefined, ctx: SourceContext): MockRoute | undefined {
  const owner = url === undefined || url.type === 'SpreadElement' || relativePath(url, ctx) === null ? undefined : spiedOwner(target, ctx);
  return owner === undefined ? undefined : relativeToClientBase(owner, url, ctx);
}

function relativePath(url: TSESTree.Node, ctx: SourceContext): RegExpExecArray | null {
  return /^\/?apps\/([^/?#\s]+)\/assign(?:[?#].*)?$/.exec(staticString(url, ctx) ?? '');
}

/**
 * `/apps/crm-sync/assign` on a client (`owner`) whose base URL ends in `/platform/v1`: the deprecated route with its
 * app code, which a mock or an assertion of that client cannot be pointed at v3 in place (no edit). Undefined for
 * another path, the library itself, an instance without a base or with another one.
 */
export function relativeToClientBase(owner: TSESTree.Node, url: TSESTree.Node | undefined, ctx: SourceContext): MockRoute | undefined {
  const match = url === undefined || url.type === 'SpreadElement' ? null : relativePath(url, ctx);
  if (match === null) return undefined;
  const client = resolveClient(owner, ctx);
  // Read with the program (a project), an owner that is no client the analysis knows is some other object.
  if (client === undefined && ctx.project !== undefined) return undefined;
  if (client !== undefined) {
    const base = client.base === undefined ? undefined : staticString(client.base.node, client.base.ctx);
    if (!client.instance || client.base === undefined || (base !== undefined && !/\/platform\/v1\/?$/.test(base))) return undefined;
  }
  try {
    return { appCode: decodeURIComponent(match[1]!) };
  } catch {
    return {};
  }
}

/** The object whose `post` an assertion checks: `platform` of `vi.spyOn(platform, 'post')`, `vi.mocked(platform.post)`. */
function spiedOwner(target: TSESTree.Node, ctx: SourceContext): TSESTree.Node | undefined {
  let expr: TSESTree.Node | undefined = unwrapTS(target);
  for (let depth = 0; expr !== undefined && depth < 4; depth++) {
    // `const post = vi.spyOn(...).mockResolvedValue(...)`: the chain returns the mock.
    while (expr.type === 'CallExpression' && /^mock[A-Z]/.test(methodOf(expr)?.name ?? '')) expr = unwrapTS((expr.callee as TSESTree.MemberExpression).object);
    if (expr.type === 'MemberExpression') return !expr.computed && expr.property.type === 'Identifier' && expr.property.name === 'post' ? expr.object : undefined;
    if (expr.type === 'CallExpression') {
      const path = calleePath(expr.callee) ?? '';
      const [first, second] = expr.arguments;
      if (first === undefined || first.type === 'SpreadElement') return undefined;
      if (/^(?:vi|jest)\.mocked$/.test(path)) expr = unwrapTS(first);
      else if (/^(?:vi|jest)\.spyOn$/.test(path)) return second?.type === 'Literal' && second.value === 'post' ? first : undefined;
      else return undefined;
      continue;
    }
    if (expr.type !== 'Identifier') return undefined;
    const declarator = findVariable(ctx.getScope(expr), expr.name)?.defs[0]?.node as TSESTree.Node | undefined;
    expr = declarator?.type === 'VariableDeclarator' && declarator.init != null ? unwrapTS(declarator.init) : undefined;
  }
  return undefined;
}

/**
 * `expect(<what a mock recorded>).toBe(...)` (or `toEqual`, `toContain`, ...) with the deprecated URL, a part of it,
 * or a body with an assignee key in what it expects: `const [url, init] = fetchMock.mock.calls[0]!;
 * expect(url).toBe('https://…/platform/v1/apps/crm-sync/assign')`, `expect(fetchMock.mock.lastCall?.[0])
 * .toContain('/platform/v1/apps/')`, `expect(JSON.parse(init.body)).toEqual({ business_uid: 'biz_1' })`. The value
 * and what it is compared with are read apart (often in two statements), so it is never rewritten: it keeps its calls
 * on the deprecated route, with a TODO that names what it reads.
 */
function recordedAssertion(call: TSESTree.CallExpression, target: TSESTree.Node, negated: boolean, contains: boolean, ctx: SourceContext): MockSite | undefined {
  let appCode: string | undefined;
  let old = false;
  // A part of the route (`/platform/v1/apps/`) is the deprecated request's only where the matcher looks for it inside
  // the value (`toContain`, `toMatch`, `expect.stringContaining`); `toBe('…/platform/v1/apps')` is another route's.
  const part = (node: TSESTree.Node) => contains || (node.parent?.type === 'CallExpression' && calleePath(node.parent.callee) === 'expect.stringContaining');
  for (const argument of call.arguments) {
    someNode(argument, (node) => {
      if (node.type === 'Literal' || node.type === 'TemplateLiteral') {
        const route = node.type === 'TemplateLiteral' && node.expressions.length > 0 ? readMockRoute(node, ctx) : undefined;
        const text = route === undefined ? staticString(node, ctx) : undefined;
        const whole = text === undefined ? route : readMockRoute(node, ctx);
        if (whole !== undefined || (text !== undefined && part(node) && partOfDeprecatedRoute(text)) || isRouteRegex(node)) {
          old = true;
          appCode ??= whole?.appCode;
        }
      }
      if (node.type === 'Property' && ['business_uid', 'directory_uid'].includes(staticKey(node) ?? '')) old = true;
      return false;
    });
  }
  if (!old) return undefined;
  const recorded = recordOf(target, ctx, 0);
  if (recorded === undefined) return undefined;
  return {
    node: call,
    ctx,
    library: 'assertion',
    route: appCode === undefined ? {} : { appCode },
    reads: [],
    recorded,
    ...(negated ? { negated: true as const } : {}),
  };
}

/**
 * Where a value was read from what a mock recorded, as written: `fetchMock.mock.calls` (vitest and jest keep a mock
 * function's calls in `.mock.calls` and `.mock.lastCall`), fetch-mock's `fetchMock.lastCall()`, or a name declared
 * from one (`const [url, init] = fetchMock.mock.calls[0]!`). Undefined for anything else.
 */
function recordOf(node: TSESTree.Node, ctx: SourceContext, depth: number): string | undefined {
  if (depth > 4) return undefined;
  let found: string | undefined;
  someNode(node, (inner) => {
    if (inner.type === 'MemberExpression' && !inner.computed && inner.property.type === 'Identifier' && ['calls', 'lastCall'].includes(inner.property.name)) {
      const owner = unwrapTS(inner.object);
      if (owner.type === 'MemberExpression' && !owner.computed && owner.property.type === 'Identifier' && owner.property.name === 'mock') {
        found = ctx.text.slice(inner.range[0], inner.range[1]);
        return true;
      }
    }
    if (inner.type === 'CallExpression') {
      const method = methodOf(inner);
      if (method !== undefined && FETCH_MOCK_RECORDS.has(method.name) && fromModule(originOf(method.object, ctx), ['fetch-mock'])) {
        found = ctx.text.slice(inner.callee.range[0], inner.callee.range[1]);
        return true;
      }
    }
    if (inner.type === 'Identifier' && !(inner.parent?.type === 'MemberExpression' && inner.parent.property === inner && !inner.parent.computed)) {
      const variable = findVariable(ctx.getScope(inner), inner.name);
      const declarator = variable?.defs[0]?.node as TSESTree.Node | undefined;
      if (declarator?.type === 'VariableDeclarator' && declarator.init != null && declarator.init !== node) {
        found = recordOf(declarator.init, ctx, depth + 1);
        return found !== undefined;
      }
    }
    return false;
  });
  return found;
}

/** `expect`, as the test runner's global or imported from it. */
function isExpect(callee: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(callee);
  if (expr.type !== 'Identifier' || expr.name !== 'expect') return false;
  const origin = originOf(expr, ctx);
  return origin?.kind === 'global' || fromModule(origin, TEST_MODULES);
}

/** `expect.objectContaining(x)` asserts the keys of `x`: what matters is `x`. */
function contained(node: TSESTree.Node, ctx: SourceContext): TSESTree.Node {
  const expr = unwrapTS(node);
  if (expr.type === 'CallExpression' && calleePath(expr.callee) === 'expect.objectContaining' && isExpect((expr.callee as TSESTree.MemberExpression).object, ctx) &&
    expr.arguments.length === 1 && expr.arguments[0]!.type !== 'SpreadElement') {
    return unwrapTS(expr.arguments[0]!);
  }
  return expr;
}

function isAnyValue(node: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(node);
  if (expr.type !== 'CallExpression') return false;
  const path = calleePath(expr.callee);
  return (path === 'expect.anything' || path === 'expect.any') && isExpect((expr.callee as TSESTree.MemberExpression).object, ctx);
}

function hasRequestInit(object: TSESTree.ObjectExpression): boolean {
  return propertyOf(object, 'method') !== undefined || propertyOf(object, 'body') !== undefined;
}

/** What the asserted function is: the global fetch, a client's `post`, or a mock function of the test runner. */
function shapeOf(node: TSESTree.Node, ctx: SourceContext): Shape | undefined {
  let expr = unwrapTS(node);
  // vi.mocked(fetch), jest.mocked(axios.post)
  if (expr.type === 'CallExpression' && /^(?:vi|jest)\.mocked$/.test(calleePath(expr.callee) ?? '') && expr.arguments[0] !== undefined &&
    expr.arguments[0].type !== 'SpreadElement') {
    expr = unwrapTS(expr.arguments[0]);
  }
  if (expr.type === 'Identifier') {
    const variable = findVariable(ctx.getScope(expr), expr.name);
    if (variable === undefined) return expr.name === 'fetch' ? 'fetch' : undefined;
    const declarator = variable.defs[0]?.node as TSESTree.Node | undefined;
    const init = declarator?.type === 'VariableDeclarator' ? declarator.init : null;
    return init == null ? undefined : mockFunctionShape(init, ctx);
  }
  if (expr.type === 'MemberExpression' && !expr.computed && expr.property.type === 'Identifier') {
    const object = unwrapTS(expr.object);
    if (expr.property.name === 'fetch' && object.type === 'Identifier' && GLOBAL_OBJECTS.has(object.name) &&
      findVariable(ctx.getScope(object), object.name) === undefined) return 'fetch';
    if (expr.property.name === 'post' && fromModule(originOf(object, ctx), HTTP_CLIENTS)) return 'post';
  }
  return undefined;
}

/** `vi.fn()`, `jest.fn()`, `vi.spyOn(globalThis, 'fetch')`, `vi.spyOn(axios, 'post')`. */
function mockFunctionShape(init: TSESTree.Node, ctx: SourceContext): Shape | undefined {
  let expr = unwrapTS(init);
  // vi.fn().mockResolvedValue(...): the chain returns the mock.
  while (expr.type === 'CallExpression' && /^mock[A-Z]/.test(methodOf(expr)?.name ?? '')) expr = unwrapTS((expr.callee as TSESTree.MemberExpression).object);
  if (expr.type !== 'CallExpression') return undefined;
  const path = calleePath(expr.callee);
  if (path === undefined || !/^(?:vi|jest)\.(?:fn|spyOn)$/.test(path)) return undefined;
  const runner = originOf(expr.callee, ctx);
  if (!(runner?.kind === 'global' || fromModule(runner, TEST_MODULES))) return undefined;
  if (path.endsWith('.fn')) return 'mock';
  const spied = expr.arguments[1];
  if (spied?.type !== 'Literal') return undefined;
  return spied.value === 'fetch' ? 'fetch' : spied.value === 'post' ? 'post' : undefined;
}
