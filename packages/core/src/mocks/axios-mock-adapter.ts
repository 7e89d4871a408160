/**
 * axios-mock-adapter: `mock.onPost(url, body?)` on an adapter made with `new MockAdapter(axios)` from
 * `axios-mock-adapter`. An object body must equal the request's data.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { readBody } from '../body.js';
import type { SourceContext } from '../context.js';
import { fromModule, methodOf, originOf } from './reference.js';
import { readMockRoute } from './route.js';
import type { MockSite } from './site.js';

export function recognizeAxiosMockAdapter(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  const method = methodOf(call);
  if (method?.name !== 'onPost') return undefined;
  if (!fromModule(originOf(method.object, ctx), ['axios-mock-adapter'])) return undefined;
  const route = readMockRoute(call.arguments[0], ctx);
  if (route === undefined) return undefined;
  const matcher = call.arguments[1];
  return {
    node: call,
    ctx,
    library: 'axios-mock-adapter',
    route,
    ...(matcher === undefined ? {} : { body: readBody(matcher, ctx, { objectIsJson: true, stringifyIsJson: false }) }),
    reads: [],
  };
}
