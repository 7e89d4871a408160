/**
 * axios-mock-adapter: `mock.onPost(url, body?)` on an adapter made with `new MockAdapter(axios)` from
 * `axios-mock-adapter`. An object body must equal the request's data.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { recognizeRouteMatcher } from './matcher.js';
import type { MockSite } from './site.js';

export function recognizeAxiosMockAdapter(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  return recognizeRouteMatcher(call, ctx, {
    library: 'axios-mock-adapter',
    module: 'axios-mock-adapter',
    method: 'onPost',
    encoding: { objectIsJson: true, stringifyIsJson: false },
    // `onAny(url)` answers the POST too.
    general: { name: 'onAny' },
  });
}
