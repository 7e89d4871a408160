/**
 * fetch-mock: `fetchMock.post(route, response, options?)` and `postOnce`, with `fetchMock` from `fetch-mock`. A route
 * may carry a matcher prefix (`path:`, `end:`, `begin:`, `express:`); `options.body` is the JSON body it matches.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { readBody } from '../body.js';
import type { SourceContext } from '../context.js';
import { propertyOf, unwrapTS } from '../syntax.js';
import { functionReads } from './matcher.js';
import { fromModule, methodOf, originOf } from './reference.js';
import { readMockRoute } from './route.js';
import type { MockSite } from './site.js';

export function recognizeFetchMock(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  const method = methodOf(call);
  if (method?.name !== 'post' && method?.name !== 'postOnce') return undefined;
  if (!fromModule(originOf(method.object, ctx), ['fetch-mock'])) return undefined;
  const route = readMockRoute(call.arguments[0], ctx);
  if (route === undefined) return undefined;
  const options = call.arguments[2];
  let matcher: TSESTree.Node | undefined;
  let headers = false;
  if (options !== undefined) {
    const object = unwrapTS(options);
    // Options that cannot be read may match a body: the mock is read as matching one it cannot see.
    if (object.type !== 'ObjectExpression') matcher = options;
    else matcher = propertyOf(object, 'body')?.value;
    headers = object.type !== 'ObjectExpression' || propertyOf(object, 'headers') !== undefined;
  }
  return {
    node: call,
    ctx,
    library: 'fetch-mock',
    route,
    ...(matcher === undefined ? {} : { body: readBody(matcher, ctx, { objectIsJson: true, stringifyIsJson: true }) }),
    // A response built by a function of the request (`(url, options) => …`) reads it in the old shape.
    reads: call.arguments[1] === undefined ? [] : functionReads(call.arguments[1], ctx),
    ...(headers ? { checksHeaders: true as const } : {}),
  };
}
