/**
 * nock: `nock(base).post(path, body?)` (or `.intercept(path, 'POST', body?)`), also through a scope const and chained setup (`.matchHeader(...)`), with
 * `nock` imported or required from `nock`. An object body must equal the request's JSON body.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { unwrapTS } from '../facts/syntax.js';
import { recognizeRouteMatcher } from './matcher.js';
import { fromModule, methodOf, originOf } from './reference.js';
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

/** nock's functions that install interceptors from recorded requests: `nock.back(name)`, `nock.load(path)`, `nock.define(defs)`. */
const RECORDINGS = /^(?:back|load|define)$/;

/**
 * `nock.back('name.json')` (or `nock.load`, `nock.define`): the test replays recorded requests, which this run does not
 * read. Any of them may be the deprecated request, for any app: found, so that the calls its test reaches keep the old
 * route with it; never rewritten.
 */
export function recognizeNockRecording(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  const method = methodOf(call);
  if (method === undefined || !RECORDINGS.test(method.name) || unwrapTS(method.object).type !== 'Identifier') return undefined;
  if (!fromModule(originOf(method.object, ctx), ['nock'])) return undefined;
  const shown = ctx.text.slice(call.range[0], call.range[1]).replace(/\s+/g, ' ');
  return { node: call, ctx, library: 'nock', route: {}, reads: [], recording: shown.length > 80 ? `${shown.slice(0, 77)}…` : shown };
}
