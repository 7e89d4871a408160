/**
 * fetch-mock: `fetchMock.post(matcher, response, options?)` and `postOnce`, and the general `mock` (fetch-mock 9),
 * `route` (10 to 12), `once` and `sticky`, whose method is the options' (or the matcher object's) `method`: without
 * one they answer every method, as msw's `http.all` does (found, never rewritten). `fetchMock` comes from
 * `fetch-mock`. The matcher is a URL (a prefix `path:`, `end:`, `begin:`, `express:`, `glob:` too), an object of
 * options with its `url`, or a function of the request (`(url, options) => …`, `(callLog) => …`, or
 * `functionMatcher`, fetch-mock 12's `matcherFunction`): a function that spells the route, or a part of it,
 * reads the request in the old shape (found, never rewritten). `options.body` (or the matcher object's) is the JSON
 * body it matches; `options.params`, the values of the route's `:name` segments, which the v3 route does not have
 * (found, never rewritten). Options held in a const of the file are read there.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { readBody } from '../recognize/body.js';
import type { SourceContext } from '../facts/context.js';
import { valueOfName } from '../recognize/follow.js';
import { staticString } from '../facts/static-value.js';
import { usesOf } from '../facts/scope.js';
import { isFunction, propertyOf, someNode, unwrapTS } from '../facts/syntax.js';
import { functionReads } from './matcher.js';
import { fromModule, methodOf, originOf } from './reference.js';
import { type MockRoute, partOfDeprecatedRoute, readMockRoute } from './route.js';
import type { MockSite } from './site.js';

const SHORTHANDS = new Set(['post', 'postOnce']);
/** The methods that take the HTTP method from their options: every method when none is given. */
const GENERAL = new Set(['mock', 'route', 'once', 'sticky']);

export function recognizeFetchMock(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  const method = methodOf(call);
  if (method === undefined || (!SHORTHANDS.has(method.name) && !GENERAL.has(method.name))) return undefined;
  if (!fromModule(originOf(method.object, ctx), ['fetch-mock'])) return undefined;
  const written = call.arguments[0] === undefined || call.arguments[0].type === 'SpreadElement' ? undefined : unwrapTS(call.arguments[0]);
  if (written === undefined) return undefined;
  const options = call.arguments[2];
  const object = options === undefined ? undefined : optionsObject(unwrapTS(options), ctx);
  // `{ url, method, body, headers, functionMatcher }` in place of the URL (fetch-mock's matcher object), written there
  // or held in a const (`const onlyCrm = { url, method, params }; route(onlyCrm, 201)`), read the same way.
  const held = matcherHeld(written, ctx);
  const first = held?.node ?? written;
  const described = first.type === 'ObjectExpression' ? first : undefined;
  const verb = SHORTHANDS.has(method.name) ? 'post' : methodOfOptions(object, described);
  // Another method is another request.
  if (verb === 'other') return undefined;
  const urlNode = described === undefined ? first : propertyOf(described, 'url')?.value;
  let route = urlNode === undefined || isFunction(urlNode) ? undefined : readMockRoute(urlNode, ctx) ?? beginsWithPart(urlNode, ctx);
  const reads: string[] = [];
  // A function of the request that matches it: found when it spells the route (or a part of it); what it reads of the
  // request is the old shape.
  const matcher = isFunction(first) ? first : functionMatcherOf(described) ?? functionMatcherOf(object?.type === 'ObjectExpression' ? object : undefined);
  if (matcher !== undefined) {
    if (route === undefined && !spellsRoute(matcher, ctx)) return undefined;
    route ??= {};
    reads.push('the request in its matcher function');
  }
  // A matcher held by a name whose value cannot be read (a `let`, a parameter, a call's result): it may be the
  // deprecated route, so it is found, and never rewritten; nor is a matcher object other code uses too.
  if (held?.unread !== undefined && (route !== undefined || held.node === undefined)) {
    route = {};
    reads.push(held.unread);
  }
  if (route === undefined) return undefined;
  // `params` matches the values of the route's `:name` segments (`express:…/apps/:id/assign`): the v3 route has none,
  // so a rewritten route with them never matches.
  if ([described, object].some((o) => o?.type === 'ObjectExpression' && propertyOf(o, 'params') !== undefined)) reads.push("the route's parameters (its params option)");
  // Every method, or one that cannot be read: it answers the v3 route whatever the method, so it is never rewritten.
  if (verb !== 'post') route = route.appCode === undefined ? {} : { appCode: route.appCode };
  let body: TSESTree.Node | undefined = described === undefined ? undefined : propertyOf(described, 'body')?.value;
  let headers = described !== undefined && propertyOf(described, 'headers') !== undefined;
  if (object !== undefined) {
    // Options that cannot be read may match a body: the mock is read as matching one it cannot see.
    if (object.type !== 'ObjectExpression') body = options;
    else body = propertyOf(object, 'body')?.value ?? body;
    headers ||= object.type !== 'ObjectExpression' || propertyOf(object, 'headers') !== undefined;
  }
  return {
    node: call,
    ctx,
    library: 'fetch-mock',
    route,
    ...(body === undefined ? {} : { body: readBody(body, ctx, { objectIsJson: true, stringifyIsJson: true }) }),
    // A response built by a function of the request (`(url, options) => …`) reads it in the old shape.
    reads: [...reads, ...(call.arguments[1] === undefined ? [] : functionReads(call.arguments[1], ctx))],
    ...(headers ? { checksHeaders: true as const } : {}),
  };
}

/** The method `mock` or `route` matches: POST, every one (none given), another, or unknown (not written out). */
function methodOfOptions(options: TSESTree.Node | undefined, described: TSESTree.ObjectExpression | undefined): 'post' | 'any' | 'other' | 'unknown' {
  if (options !== undefined && options.type !== 'ObjectExpression') return 'unknown';
  const property = (options === undefined ? undefined : propertyOf(options, 'method')) ?? (described === undefined ? undefined : propertyOf(described, 'method'));
  if (property === undefined) {
    const spread = [options, described].some((o) => o?.type === 'ObjectExpression' && o.properties.some((p) => p.type === 'SpreadElement'));
    return spread ? 'unknown' : 'any';
  }
  const value = unwrapTS(property.value);
  if (value.type !== 'Literal' || typeof value.value !== 'string') return 'unknown';
  return value.value.toUpperCase() === 'POST' ? 'post' : 'other';
}

/** Options held in a const of an object literal (`const onlyCrm = { method: 'POST', params }`) are read there. */
function optionsObject(options: TSESTree.Node, ctx: SourceContext): TSESTree.Node {
  if (options.type !== 'Identifier') return options;
  const name = valueOfName(options, ctx);
  if (name.kind !== 'const') return options;
  const value = unwrapTS(name.value.node);
  return value.type === 'ObjectExpression' ? value : options;
}

/**
 * A matcher held by a name: the object or function a const of the file holds (`const onlyCrm = { url, method }`), or
 * `unread` when its value cannot be read (neither a string, nor an object or function written there) or is an object
 * other code uses too. Undefined when the matcher is written in place, or is a string.
 */
function matcherHeld(matcher: TSESTree.Node, ctx: SourceContext): { node?: TSESTree.Node; unread?: string } | undefined {
  if (matcher.type === 'MemberExpression') return memberMatcher(matcher, ctx);
  if (matcher.type !== 'Identifier') return undefined;
  if (staticString(matcher, ctx) !== undefined) return undefined;
  const name = valueOfName(matcher, ctx);
  if (name.kind === 'const' && name.value.ctx === ctx) {
    const value = unwrapTS(name.value.node);
    if (isFunction(value)) return { node: value };
    // Rewritten, it would change every other use too.
    if (value.type === 'ObjectExpression') return usesOf(name.variable).length === 1 ? { node: value } : { node: value, unread: `the matcher ${matcher.name}, which other code uses too` };
    // A const string, or a pattern the route reader reads (a regular expression, a template).
    if (value.type === 'Literal' || value.type === 'TemplateLiteral') return undefined;
  }
  if (name.kind === 'imported' && unwrapTS(name.value.node).type === 'Literal') return undefined;
  return { unread: `the matcher ${matcher.name}, whose value cannot be read` };
}

/**
 * A matcher that is a member of an object (`matchers.crm` of `const matchers = { crm: { url, method, params } }`): the
 * object or function the const of the file holds there, read as one written in place; `unread` when it cannot be
 * read that way, or the const is used elsewhere too. A member that is a string is read by the route reader.
 */
function memberMatcher(matcher: TSESTree.MemberExpression, ctx: SourceContext): { node?: TSESTree.Node; unread?: string } | undefined {
  if (staticString(matcher, ctx) !== undefined) return undefined;
  const text = ctx.text.slice(matcher.range[0], matcher.range[1]);
  const unread = { unread: `the matcher ${text}, whose value cannot be read` };
  const keys: string[] = [];
  let root: TSESTree.Node = matcher;
  while (root.type === 'MemberExpression') {
    const key = !root.computed && root.property.type === 'Identifier' ? root.property.name : staticString(root.property, ctx);
    if (key === undefined) return unread;
    keys.unshift(key);
    root = unwrapTS(root.object);
  }
  if (root.type !== 'Identifier') return unread;
  const name = valueOfName(root, ctx);
  if (name.kind !== 'const' || name.value.ctx !== ctx) return unread;
  let value: TSESTree.Node | undefined = unwrapTS(name.value.node);
  for (const key of keys) {
    const property: TSESTree.Node | undefined = value?.type === 'ObjectExpression' ? propertyOf(value, key)?.value : undefined;
    value = property === undefined ? undefined : unwrapTS(property);
  }
  if (value === undefined || (value.type !== 'ObjectExpression' && !isFunction(value))) return unread;
  return usesOf(name.variable).length === 1 ? { node: value } : { node: value, unread: `the matcher ${text}, whose object other code uses too` };
}

/** The function that matches the request: `functionMatcher` (fetch-mock 9), `matcherFunction` (10 to 12). */
function functionMatcherOf(object: TSESTree.ObjectExpression | undefined): TSESTree.Node | undefined {
  const value = object === undefined ? undefined : (propertyOf(object, 'functionMatcher') ?? propertyOf(object, 'matcherFunction'))?.value;
  return value === undefined ? undefined : unwrapTS(value);
}

/** `begin:https://api.example.com/platform/v1/apps/`: a prefix that the deprecated URL has and no v3 one; never rewritten. */
function beginsWithPart(node: TSESTree.Node, ctx: SourceContext): MockRoute | undefined {
  const text = staticString(node, ctx);
  return text?.startsWith('begin:') === true && partOfDeprecatedRoute(text.slice('begin:'.length)) ? {} : undefined;
}

/** Whether a function spells the deprecated route, or a part of it no v3 URL has (`/assign`), in a string it holds. */
function spellsRoute(fn: TSESTree.Node, ctx: SourceContext): boolean {
  return someNode(fn, (node) => {
    if (node.type !== 'Literal' && node.type !== 'TemplateLiteral') return false;
    if (readMockRoute(node, ctx) !== undefined) return true;
    const text = staticString(node, ctx);
    // `url.endsWith('/assign')` matches the deprecated request too (and no v3 one).
    return text !== undefined && (partOfDeprecatedRoute(text) || /^\/?assign$/.test(text));
  });
}
