/**
 * Mocks written as one call on an object of their library: a route, then the body the request must carry (nock's
 * `scope.post(path, body?)`, axios-mock-adapter's `mock.onPost(url, body?)`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { type BodyEncoding, readBody } from '../body.js';
import type { SourceContext } from '../context.js';
import { propertyOf, unwrapTS } from '../syntax.js';
import { fromModule, methodOf, originOf } from './reference.js';
import { readBodyMatcher } from './msw.js';
import { readMockRoute } from './route.js';
import type { MockLibrary, MockSite } from './site.js';

export interface RouteMatcher {
  readonly library: MockLibrary;
  /** The module the object comes from, and the method that takes route and body. */
  readonly module: string;
  readonly method: string;
  /** How the request's body is compared with an object: as its JSON, or as the data the client was given. */
  readonly encoding: BodyEncoding;
}

export function recognizeRouteMatcher(call: TSESTree.CallExpression, ctx: SourceContext, spec: RouteMatcher): MockSite | undefined {
  const method = methodOf(call);
  if (method?.name !== spec.method) return undefined;
  if (!fromModule(originOf(method.object, ctx), [spec.module])) return undefined;
  const route = readMockRoute(call.arguments[0], ctx);
  if (route === undefined) return undefined;
  const matcher = call.arguments[1];
  // A function of the parsed body (nock's `(body) => ...`, axios-mock-adapter's `{ asymmetricMatch: (body) => ... }`):
  // its reads are mapped as an msw resolver's are.
  const fn = matcher === undefined ? undefined : matcherFunction(unwrapTS(matcher), spec);
  const read = fn === undefined ? undefined : readBodyMatcher(fn, route.appCode, ctx);
  if (read !== undefined) return { node: call, ctx, library: spec.library, route, ...read };
  return {
    node: call,
    ctx,
    library: spec.library,
    route,
    ...(matcher === undefined ? {} : { body: readBody(matcher, ctx, spec.encoding) }),
    reads: [],
  };
}

/** The function that matches the body: the argument itself (nock), or the `asymmetricMatch` of an object (axios-mock-adapter). */
function matcherFunction(node: TSESTree.Node, spec: RouteMatcher): TSESTree.Node | undefined {
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return spec.library === 'nock' ? node : undefined;
  if (node.type !== 'ObjectExpression' || spec.library !== 'axios-mock-adapter' || node.properties.length !== 1) return undefined;
  const value = propertyOf(node, 'asymmetricMatch')?.value;
  return value !== undefined && (value.type === 'ArrowFunctionExpression' || value.type === 'FunctionExpression') ? value : undefined;
}
