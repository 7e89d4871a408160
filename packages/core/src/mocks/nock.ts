/**
 * nock: `nock(base).post(path, body?)`, also through a scope const and chained setup (`.matchHeader(...)`), with
 * `nock` imported or required from `nock`. An object body must equal the request's JSON body.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { readBody } from '../body.js';
import type { SourceContext } from '../context.js';
import { fromModule, methodOf, originOf } from './reference.js';
import { readMockRoute } from './route.js';
import type { MockSite } from './site.js';

export function recognizeNock(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  const method = methodOf(call);
  if (method?.name !== 'post') return undefined;
  if (!fromModule(originOf(method.object, ctx), ['nock'])) return undefined;
  const route = readMockRoute(call.arguments[0], ctx);
  if (route === undefined) return undefined;
  const matcher = call.arguments[1];
  return {
    node: call,
    ctx,
    library: 'nock',
    route,
    ...(matcher === undefined ? {} : { body: readBody(matcher, ctx, { objectIsJson: true, stringifyIsJson: true }) }),
    reads: [],
  };
}
