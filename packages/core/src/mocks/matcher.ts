/**
 * Mocks written as one call on an object of their library: a route, then the body the request must carry (nock's
 * `scope.post(path, body?)`, axios-mock-adapter's `mock.onPost(url, body?)`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { type BodyEncoding, readBody } from '../body.js';
import type { SourceContext } from '../context.js';
import { fromModule, methodOf, originOf } from './reference.js';
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
  return {
    node: call,
    ctx,
    library: spec.library,
    route,
    ...(matcher === undefined ? {} : { body: readBody(matcher, ctx, spec.encoding) }),
    reads: [],
  };
}
