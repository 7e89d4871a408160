/**
 * nock: `nock(base).post(path, body?)` (or `.intercept(path, 'POST', body?)`), also through a scope const and chained setup (`.matchHeader(...)`), with
 * `nock` imported or required from `nock`. An object body must equal the request's JSON body.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../context.js';
import { recognizeRouteMatcher } from './matcher.js';
import type { MockSite } from './site.js';

export function recognizeNock(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  return recognizeRouteMatcher(call, ctx, {
    library: 'nock',
    module: 'nock',
    method: 'post',
    encoding: { objectIsJson: true, stringifyIsJson: true },
    // `.intercept(path, 'POST', body?)` is the interceptor `.post(path, body?)` makes.
    general: { name: 'intercept', methodArgument: 1 },
  });
}
