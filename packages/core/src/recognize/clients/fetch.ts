/**
 * The Fetch API: the global `fetch` (and `globalThis.fetch`, `window.fetch`), and the modules that export the same
 * function. `fetch(url, { method, body })` sends GET unless `method` says otherwise, and sends `body` as given: a
 * `JSON.stringify(object)` string is JSON, an object is not.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { unreadable, unreadableAs } from '../body.js';
import type { SourceContext } from '../../facts/context.js';
import { valueOfName } from '../follow.js';
import { ReasonCode } from '../../facts/reasons.js';
import { findVariable, isSingleUse } from '../../facts/scope.js';
import { propertyOf, unwrapTS } from '../../facts/syntax.js';
import { globalDispatcherSetup, withDispatcherOption } from './dispatcher.js';
import { globalFetchSetup } from './global-fetch.js';
import { methodOf, optionsLayout, optionsOf } from './options.js';
import { argumentAt, type CallLayout, type ClientSpec, STRING_ONLY } from './spec.js';

/**
 * `fetch(url, init)`, and `fetch(new Request(url, init))`: shared by every module that exports the Fetch API. A
 * Request made elsewhere and used more than once is found, but neither its URL nor its body is this call's alone.
 */
export const fetchCall: ClientSpec['call'] = (call, client, ctx) => {
  const url = argumentAt(call, 0);
  if (url === undefined) return undefined;
  const request = requestOf(url, ctx);
  if (request === undefined) return optionsLayout(client, url, call.arguments[1], ctx, 'body', STRING_ONLY);
  const [requestUrl, init] = request.made.arguments;
  if (requestUrl === undefined || requestUrl.type === 'SpreadElement') return undefined;
  const layout = optionsLayout(client, requestUrl, init, request.ctx, 'body', STRING_ONLY);
  const own = request.shared ? sharedRequest(layout) : layout;
  if (call.arguments.length < 2) return own;
  // `fetch(request, init)`: what init sets overrides what the Request says.
  const override = optionsOf(call.arguments[1], ctx);
  if (typeof override === 'string') return { ...own, method: 'dynamic', body: unreadable(ReasonCode.bodyDynamic) };
  // Headers in init replace the Request's: the form's content type among them.
  const formHeaders = own.body.kind === 'object' && own.body.body.form !== undefined && propertyOf(override.object, 'headers') !== undefined;
  return {
    ...own,
    ...(propertyOf(override.object, 'method') === undefined ? {} : { method: methodOf(override) }),
    ...(propertyOf(override.object, 'body') === undefined ? {} : { body: unreadable(ReasonCode.bodyDynamic) }),
    ...(formHeaders ? { body: unreadableAs(own.body, ReasonCode.bodyFormEncoded) } : {}),
  };
};

/** A Request other code uses too: neither its URL nor its body can be rewritten for this call. */
function sharedRequest(layout: CallLayout): CallLayout {
  return { ...layout, urlShared: true, body: layout.body.kind === 'object' ? unreadable(ReasonCode.bodyMutated) : layout.body };
}

/** `new Request(url, init)` (the global Request), written here or held by a const, or a `clone()` of one. */
function requestOf(node: TSESTree.Node, ctx: SourceContext, shared = false): { made: TSESTree.NewExpression; ctx: SourceContext; shared: boolean } | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'Identifier') {
    // A `let` never written again holds what it was given; one written again (`req = req.clone()`) may hold another
    // Request when fetch runs: the one it was declared with is found, never rewritten.
    const name = valueOfName(expr, ctx, true);
    if (name.kind === 'const') return requestOf(name.value.node, name.value.ctx, shared || !isSingleUse(name.variable));
    const declarator = name.kind === 'unknown' && name.variable.defs.length === 1 ? name.variable.defs[0]!.node as TSESTree.Node : undefined;
    if (declarator?.type !== 'VariableDeclarator' || declarator.init === null) return undefined;
    return requestOf(declarator.init, ctx, true);
  }
  // `request.clone()`: the same URL, method and body; the Request it copies is this call's when nothing else uses it.
  if (expr.type === 'CallExpression' && expr.arguments.length === 0) {
    const callee = unwrapTS(expr.callee);
    if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && callee.property.name === 'clone') {
      return requestOf(callee.object, ctx, shared);
    }
  }
  if (expr.type !== 'NewExpression' || expr.callee.type !== 'Identifier' || expr.callee.name !== 'Request') return undefined;
  if (findVariable(ctx.getScope(expr.callee), 'Request') !== undefined) return undefined;
  return { made: expr, ctx, shared };
}

/**
 * Node's global fetch is undici's: the global dispatcher it sends through, and a `dispatcher` option, are its setup; so
 * is a replacement of the global fetch by the program.
 */
export const fetchClient: ClientSpec = {
  library: 'fetch',
  modules: { 'cross-fetch': ['default', 'fetch'], 'isomorphic-fetch': ['default'] },
  globals: ['fetch'],
  serializesObjects: false,
  setup: (client, program, ctx) => [...globalDispatcherSetup(client, program, ctx), ...globalFetchSetup(client, program, ctx)],
  call: (call, client, ctx) => withDispatcherOption(fetchCall(call, client, ctx), call.arguments[1], ctx),
};
