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
import type { SourceContext } from '../context.js';
import { findVariable } from '../scope.js';
import { calleePath, propertyOf, staticKey, unwrapTS } from '../syntax.js';
import { fromModule, methodOf, originOf } from './reference.js';
import { readMockRoute } from './route.js';
import type { MockSite } from './site.js';

const MATCHERS = new Set(['toHaveBeenCalledWith', 'toHaveBeenLastCalledWith', 'toBeCalledWith', 'lastCalledWith', 'toHaveBeenNthCalledWith', 'nthCalledWith']);
const TEST_MODULES = ['vitest', '@jest/globals'];
const HTTP_CLIENTS = ['axios', 'got', 'ky', 'superagent', 'ofetch'];
const GLOBAL_OBJECTS = new Set(['globalThis', 'window', 'self', 'global']);

type Shape = 'fetch' | 'post' | 'mock';

export function recognizeAssertion(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  const method = methodOf(call);
  if (method === undefined || !MATCHERS.has(method.name)) return undefined;
  let expectCall = unwrapTS(method.object);
  // `expect(x).not.toHaveBeenCalledWith(...)`: found, so that its TODO says it no longer guards anything once its calls
  // send v3; never rewritten, and it holds no call.
  const negated = expectCall.type === 'MemberExpression' && !expectCall.computed && expectCall.property.type === 'Identifier' && expectCall.property.name === 'not';
  if (negated) expectCall = unwrapTS((expectCall as TSESTree.MemberExpression).object);
  if (expectCall.type !== 'CallExpression' || !isExpect(expectCall.callee, ctx)) return undefined;
  const target = expectCall.arguments[0];
  if (target === undefined || target.type === 'SpreadElement') return undefined;
  const shape = shapeOf(target, ctx);
  if (shape === undefined) return undefined;
  const args = method.name.startsWith('toHaveBeenNth') || method.name === 'nthCalledWith' ? call.arguments.slice(1) : call.arguments;
  const route = readMockRoute(args[0], ctx);
  if (route === undefined) return undefined;
  const second = args[1] === undefined || args[1].type === 'SpreadElement' ? undefined : contained(args[1], ctx);
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
  while (expr.type === 'CallExpression' && methodOf(expr)?.name.startsWith('mock') === true) expr = unwrapTS((expr.callee as TSESTree.MemberExpression).object);
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
