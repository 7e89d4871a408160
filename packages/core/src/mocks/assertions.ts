/**
 * Assertions on a mocked client: `expect(fetchMock).toHaveBeenCalledWith(url, init)`, `toHaveBeenLastCalledWith`,
 * `toBeCalledWith`, `toHaveBeenNthCalledWith(n, ...)`, with `expect` from vitest, `@jest/globals` or the test
 * runner's globals. The asserted client is the global fetch, a `vi.fn()` / `jest.fn()` / `vi.spyOn(...)` mock, or a
 * client's `post` (`axios.post`, `vi.mocked(axios).post`): fetch takes `(url, { method, body })`, a `post` method
 * `(url, data)`. A negated assertion (`.not`) says what is not sent: it is left as it is, with a TODO that it guards
 * nothing once its calls send v3, and holds no call.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { type BodyRead, readBody } from '../recognize/body.js';
import { resolveClient } from '../recognize/clients/index.js';
import type { SourceContext } from '../facts/context.js';
import { valueOfName } from '../recognize/follow.js';
import { findVariable } from '../facts/scope.js';
import { staticString } from '../facts/static-value.js';
import { calleePath, literalRegex, propertyOf, someNode, staticKey, unwrapTS } from '../facts/syntax.js';
import { V3_ASSIGN } from '../facts/contract.js';
import { fromModule, methodOf, originOf } from './reference.js';
import { functionSpellsRoute, isRouteRegex, partOfDeprecatedRoute, readMockRoute, routeRegexApp, type MockRoute, urlTestReads } from './route.js';
import { isLibraryModule } from './libraries.js';
import type { MockSite } from './site.js';
import { classifyRecordedRead, directRead, spellsV3Part } from './recorded-reads.js';

const MATCHERS = new Set(['toHaveBeenCalledWith', 'toHaveBeenLastCalledWith', 'toBeCalledWith', 'lastCalledWith', 'toHaveBeenNthCalledWith', 'nthCalledWith']);
/** fetch-mock's own record of the calls it answered (`fetchMock.lastCall()`, `fetchMock.callHistory.calls()`). */
const FETCH_MOCK_RECORDS = new Set(['calls', 'lastCall', 'lastUrl', 'lastOptions', 'called']);
/**
 * nock's own list of the interceptors a test set (`nock.pendingMocks()`, `scope.activeMocks()`): each written as its
 * key, `POST http://api.test:80/platform/v1/apps/crm/assign`, which a rewritten interceptor no longer has.
 */
const NOCK_RECORDS = new Set(['pendingMocks', 'activeMocks']);
const TEST_MODULES = ['vitest', '@jest/globals'];
const HTTP_CLIENTS = ['axios', 'got', 'ky', 'superagent', 'ofetch'];
const GLOBAL_OBJECTS = new Set(['globalThis', 'window', 'self', 'global']);

/**
 * How the asserted function takes the request: fetch `(url, { method, body })`, a client's `post(url, data)` (axios),
 * `post(url, { json })` (got, ky: options that hold the body), `request({ method, url, data })` (axios's config), or a
 * mock function of the runner, read by what it is given.
 */
type Shape = 'fetch' | 'post' | 'options' | 'config' | 'mock';

/** Clients whose `post` takes options with the body under `json` (got, ky). */
const OPTIONS_CLIENTS = new Set(['got', 'ky']);
/** The body keys of the deprecated request that say an asserted object is its body. */
const OLD_BODY_KEYS = new Set(['business_uid', 'directory_uid']);

export function recognizeAssertion(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  const method = methodOf(call);
  // Any other matcher (`toBe`, `toEqual`, `toBeDefined`, `toMatchSnapshot`, ...) of what a mock recorded asserts the request it was given.
  if (method === undefined || (!MATCHERS.has(method.name) && !/^to[A-Z]/.test(method.name))) return undefined;
  let expectCall = unwrapTS(method.object);
  // `expect(x).not.toHaveBeenCalledWith(...)`: found, so that its TODO says it no longer guards anything once its calls
  // send v3; never rewritten, and it holds no call.
  const negated = expectCall.type === 'MemberExpression' && !expectCall.computed && expectCall.property.type === 'Identifier' && expectCall.property.name === 'not';
  if (negated) expectCall = unwrapTS((expectCall as TSESTree.MemberExpression).object);
  if (expectCall.type !== 'CallExpression' || !isExpect(expectCall.callee, ctx)) return undefined;
  const target = expectCall.arguments[0];
  if (target === undefined || target.type === 'SpreadElement') return undefined;
  if (!MATCHERS.has(method.name)) return recordedAssertion(call, target, negated, method.name, ctx);
  const args = method.name.startsWith('toHaveBeenNth') || method.name === 'nthCalledWith' ? call.arguments.slice(1) : call.arguments;
  let shape = shapeOf(target, ctx);
  // `expect(send).not.toHaveBeenCalledWith(expect.stringContaining('/v3/'), …)`: the negation of what the v3 request
  // sends fails once its calls send v3. Held, never as a negation that guards nothing.
  if (negated && args.some((arg) => arg.type !== 'SpreadElement' && spellsV3Part(arg, ctx)) && (shape !== undefined || mockedProgramFunction(target, ctx) !== undefined)) {
    const name = ctx.text.slice(target.range[0], target.range[1]);
    return { node: call, ctx, library: 'assertion', route: {}, reads: [], recorded: `${name}, asserted never to be given a part of the v3 request: the negation fails once its calls send v3` };
  }
  if (shape === undefined) {
    const logged = spyOfOtherAsserted(target, args, ctx);
    if (logged !== undefined) return { node: call, ctx, library: 'assertion', route: logged.appCode === undefined ? {} : { appCode: logged.appCode }, reads: [], recorded: logged.recorded, ...(negated ? { negated: true as const } : {}) };
    const helper = programFunctionAsserted(target, args, ctx);
    if (helper !== undefined) return { node: call, ctx, library: 'assertion', route: helper, reads: [], ...(negated ? { negated: true as const } : {}) };
  }
  const config = configOf(shape, args, ctx);
  if (config !== undefined) return configAssertion(call, config, shape === 'config', negated, ctx);
  if (shape === 'config') return undefined;
  let route = shape === undefined ? undefined : assertedRoute(args[0], ctx) ?? anyUrl(args[0], ctx);
  // A path relative to an instance's base: its `post` spied (`vi.spyOn(platform, 'post')`) or mocked (`vi.mocked(platform.post)`).
  if (route === undefined && (shape === 'post' || shape === undefined)) {
    route = relativeToBase(target, args[0], ctx);
    if (route !== undefined) shape = 'post';
  }
  if (shape === undefined || route === undefined) return undefined;
  // `expect.anything()`, `expect.any(Object)`: any value, as if nothing were asserted there.
  const second = args[1] === undefined || args[1].type === 'SpreadElement' || isAnyValue(args[1], ctx) ? undefined : contained(args[1], ctx);
  const fetchLike = shape === 'fetch' || (shape === 'mock' && (args.length === 1 || (second?.type === 'ObjectExpression' && hasRequestInit(second))));
  let matcher: TSESTree.Node | undefined;
  // got's and ky's `post(url, { json })`: the body is the options' `json`.
  const options = shape === 'options';
  let optionsBody = false;
  if (fetchLike) {
    if (second?.type === 'ObjectExpression') {
      const verb = propertyOf(second, 'method')?.value;
      // Another method is another request.
      if (verb !== undefined && !(verb.type === 'Literal' && typeof verb.value === 'string' && verb.value.toUpperCase() === 'POST')) return undefined;
      matcher = propertyOf(second, 'body')?.value;
    }
  } else if (options && second !== undefined) {
    // `json` is sent as JSON, `body` as given (a JSON.stringify string); a form, or options this file cannot read,
    // may hold the body in a shape not read here: found, never rewritten.
    const object = second.type === 'ObjectExpression' ? second : undefined;
    const unread = object === undefined ? ['options not written here'] : object.properties.flatMap((p) => {
      const key = p.type === 'Property' ? staticKey(p) : undefined;
      return key === undefined || key === 'form' ? [key ?? '…'] : [];
    });
    if (unread.length > 0) {
      return { node: call, ctx, library: 'assertion', route: { held: `the client's options (${unread.join(', ')}), which this tool does not read as a body` }, reads: [], ...(negated ? { negated: true as const } : {}) };
    }
    matcher = propertyOf(object!, 'json')?.value;
    const sent = propertyOf(object!, 'body')?.value;
    if (matcher === undefined && sent !== undefined) {
      matcher = sent;
      optionsBody = true;
    }
  } else {
    matcher = second;
  }
  const encoding = fetchLike || optionsBody ? { objectIsJson: false, stringifyIsJson: true } : { objectIsJson: true, stringifyIsJson: false };
  // What else the call was given (fetch's init beyond method and body, a client's config or options): its headers, perhaps.
  const own = fetchLike ? ['method', 'body'] : options ? ['json', 'body'] : [];
  const others = fetchLike || options
    ? args.length > 2 || (second !== undefined && (second.type !== 'ObjectExpression' ||
      second.properties.some((p) => p.type !== 'Property' || !own.includes(staticKey(p) ?? ''))))
    : args.length > 2;
  // A part of the sent JSON text (`body: expect.stringContaining('"business_uid":"biz_1"')`) that names an old body
  // key: the deprecated body, in a shape this tool does not rewrite. Found, never rewritten.
  const fragment = matcher === undefined ? undefined : oldBodyFragment(contained(matcher, ctx), ctx);
  if (fragment !== undefined) {
    return { node: call, ctx, library: 'assertion', route: { held: `the deprecated body asserted as text, ${fragment}, which this tool does not rewrite` }, reads: [], ...(negated ? { negated: true as const } : {}) };
  }
  const body = matcher === undefined ? undefined : readBody(contained(matcher, ctx), ctx, encoding);
  // Any URL (`expect.any(String)`): an assertion of the request only where it asserts the deprecated body.
  if (route.anyUrl === true && !assertsOldBody(body)) return undefined;
  return {
    node: call,
    ctx,
    library: 'assertion',
    route,
    ...(body === undefined ? {} : { body }),
    reads: [],
    ...(others ? { checksHeaders: true as const } : {}),
    ...(negated ? { negated: true as const } : {}),
  };
}

/**
 * `expect.stringContaining('"business_uid":"biz_1"')` or `expect.stringMatching(/"directory_uid"/)`: a matcher of the
 * body's text that names a key of the deprecated body, in words; undefined otherwise.
 */
function oldBodyFragment(node: TSESTree.Node, ctx: SourceContext): string | undefined {
  if (node.type !== 'CallExpression') return undefined;
  const path = calleePath(node.callee);
  if ((path !== 'expect.stringContaining' && path !== 'expect.stringMatching') || !isExpect((node.callee as TSESTree.MemberExpression).object, ctx)) return undefined;
  const inner = node.arguments[0] === undefined || node.arguments[0].type === 'SpreadElement' ? undefined : unwrapTS(node.arguments[0]);
  if (inner === undefined) return undefined;
  const text = inner.type === 'Literal' && 'regex' in inner && inner.regex != null ? inner.regex.pattern : staticString(inner, ctx);
  if (text === undefined || ![...OLD_BODY_KEYS].some((key) => text.includes(key))) return undefined;
  return ctx.text.slice(node.range[0], node.range[1]).replace(/\s+/g, ' ');
}

/** A body read as an object that sets an assignee key of the deprecated body. */
function assertsOldBody(body: BodyRead | undefined): boolean {
  return body?.facts.kind === 'object' && body.facts.entries.some((entry) => OLD_BODY_KEYS.has(entry.key));
}

/** `expect.any(String)`, `expect.anything()` as the URL: any URL. */
function anyUrl(node: TSESTree.Node | undefined, ctx: SourceContext): MockRoute | undefined {
  return node !== undefined && node.type !== 'SpreadElement' && isAnyValue(node, ctx) ? { anyUrl: true } : undefined;
}

/**
 * The config object an axios `request(config)` (or `axios(config)`, or a mock function given one) was asserted with:
 * `{ method: 'POST', url, data }`, or inside `expect.objectContaining(...)`. Undefined when the first argument is no
 * such object.
 */
function configOf(shape: Shape | undefined, args: readonly TSESTree.CallExpressionArgument[], ctx: SourceContext): { object: TSESTree.ObjectExpression; partial: boolean; extra: boolean } | undefined {
  if ((shape !== 'config' && shape !== 'mock') || args[0] === undefined || args[0].type === 'SpreadElement') return undefined;
  const object = contained(args[0], ctx);
  if (object.type !== 'ObjectExpression' || propertyOf(object, 'url') === undefined) return undefined;
  return { object, partial: object !== unwrapTS(args[0]), extra: args.length > 1 };
}

/**
 * `expect(request).toHaveBeenCalledWith({ method: 'POST', url, data })`: the route is the config's `url`, the body its
 * `data` (axios sends an object as JSON). A config without `method` is axios's GET (inside `expect.objectContaining`,
 * any method); another method is another request.
 */
function configAssertion(
  call: TSESTree.CallExpression,
  config: { object: TSESTree.ObjectExpression; partial: boolean; extra: boolean },
  axiosConfig: boolean,
  negated: boolean,
  ctx: SourceContext,
): MockSite | undefined {
  const { object } = config;
  const verb = propertyOf(object, 'method')?.value;
  if (verb === undefined ? !config.partial : staticString(verb, ctx)?.toUpperCase() !== 'POST') return undefined;
  const url = propertyOf(object, 'url')!.value;
  const route = assertedRoute(url, ctx) ?? anyUrl(url, ctx);
  if (route === undefined) return undefined;
  // A mock function given an object of some other function's (`request({ url, method, body })`): a key beside these
  // may hold the body in a shape this tool does not read. Found, so that it keeps its calls; never rewritten.
  const unread = axiosConfig ? [] : object.properties.flatMap((p) => {
    const key = p.type === 'Property' ? staticKey(p) : undefined;
    return key !== undefined && ['method', 'url', 'data', 'headers'].includes(key) ? [] : [key ?? '…'];
  });
  if (unread.length > 0) {
    return { node: call, ctx, library: 'assertion', route: { held: `an object with ${unread.join(', ')} beside its url, which this tool does not read as a request's` }, reads: [], ...(negated ? { negated: true as const } : {}) };
  }
  const data = propertyOf(object, 'data')?.value;
  const body = data === undefined || isAnyValue(data, ctx) ? undefined : readBody(contained(data, ctx), ctx, { objectIsJson: true, stringifyIsJson: false });
  if (route.anyUrl === true && !assertsOldBody(body)) return undefined;
  const others = config.extra || object.properties.some((p) => p.type !== 'Property' || !['method', 'url', 'data'].includes(staticKey(p) ?? ''));
  return {
    node: call,
    ctx,
    library: 'assertion',
    route,
    ...(body === undefined ? {} : { body }),
    reads: [],
    ...(others ? { checksHeaders: true as const } : {}),
    ...(negated ? { negated: true as const } : {}),
  };
}

/**
 * The URL a `toHaveBeenCalledWith` asserts: the route itself, or inside `expect.stringContaining(...)` (rewritten in
 * place when it holds the whole route; a part of it, such as `/platform/v1/apps/`, cannot be) or
 * `expect.stringMatching(...)` (never rewritten).
 */
function assertedRoute(node: TSESTree.Node | undefined, ctx: SourceContext): MockRoute | undefined {
  const route = readMockRoute(node, ctx);
  if (route !== undefined || node === undefined || node.type === 'SpreadElement') return route;
  const expr = unwrapTS(node);
  const path = expr.type === 'CallExpression' ? calleePath(expr.callee) : undefined;
  if (expr.type !== 'CallExpression' || (path !== 'expect.stringContaining' && path !== 'expect.stringMatching') ||
    !isExpect((expr.callee as TSESTree.MemberExpression).object, ctx) || expr.arguments.length !== 1 || expr.arguments[0]!.type === 'SpreadElement') return undefined;
  const inner = unwrapTS(expr.arguments[0]!);
  // A test of the URL that the v3 URL answers otherwise: said as written.
  const tested = (read: { appCode?: string } | undefined): MockRoute | undefined =>
    read === undefined ? undefined : { ...read, held: `${ctx.text.slice(expr.range[0], expr.range[1]).replace(/\s+/g, ' ')}, a test of the URL that the v3 URL answers otherwise` };
  if (path === 'expect.stringMatching') return isRouteRegex(inner) ? {} : tested(textTestReads(inner, 'match', ctx));
  const whole = readMockRoute(inner, ctx);
  if (whole !== undefined) return whole;
  const text = staticString(inner, ctx);
  return text !== undefined && partOfDeprecatedRoute(text) ? {} : tested(textTestReads(inner, 'contain', ctx));
}

/**
 * A test of the URL's text (`expect.stringMatching('platform/v1')`, `stringContaining('crm-sync')`, `toMatch(/crm-sync/)`,
 * `.endsWith('/assign')`) that the v3 URL answers otherwise than the deprecated one (`urlTestReads`): the request it
 * reads, and the app it names. A string is a pattern to `match` (as `expect.stringMatching` and `toMatch` read one), or a
 * part to `contain` (or to `start` or `end` the URL); a regular expression always a pattern.
 */
function textTestReads(node: TSESTree.Node, how: 'match' | 'contain' | 'start' | 'end', ctx: SourceContext): { appCode?: string } | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'Literal' && 'regex' in expr && expr.regex != null) {
    const regex = literalRegex(expr);
    return regex === undefined ? undefined : urlTestReads((url) => regex.test(url), expr.regex.pattern);
  }
  const text = staticString(expr, ctx);
  if (text === undefined) return undefined;
  if (how === 'match') {
    let regex: RegExp;
    try {
      regex = new RegExp(text);
    } catch {
      return undefined;
    }
    return urlTestReads((url) => regex.test(url), text);
  }
  return urlTestReads((url) => (how === 'contain' ? url.includes(text) : how === 'start' ? url.startsWith(text) : url.endsWith(text)), text);
}

/**
 * `expect(post).toHaveBeenCalledWith('/apps/crm-sync/assign', body)` where `post` is the method of an instance whose
 * base URL ends in `/platform/v1` (`vi.spyOn(platform, 'post')`, `vi.mocked(platform.post)`): the path is relative to
 * that base, as the call's is, so it asserts the deprecated request. The call's rewrite writes the whole v3 URL (the
 * base cannot change for one call), which this assertion does not spell: never rewritten. An instance this file
 * cannot read (imported, read file by file) may have such a base: it counts; in a project, an owner that is no client
 * the analysis knows is some other object. The library itself (`axios.post`), an
 * instance without a base, or one whose base is another, makes the path some other API's.
 */
function relativeToBase(target: TSESTree.Node, url: TSESTree.Node | undefined, ctx: SourceContext): MockRoute | undefined {
  const owner = url === undefined || url.type === 'SpreadElement' || relativePath(url, ctx) === null ? undefined : spiedOwner(target, ctx);
  return owner === undefined ? undefined : relativeToClientBase(owner, url, ctx);
}

function relativePath(url: TSESTree.Node, ctx: SourceContext): RegExpExecArray | null {
  return /^\/?apps\/([^/?#\s]+)\/assign(?:[?#].*)?$/.exec(staticString(url, ctx) ?? '');
}

/**
 * `/apps/crm-sync/assign` on a client (`owner`) whose base URL ends in `/platform/v1`: the deprecated route with its
 * app code, which a mock or an assertion of that client cannot be pointed at v3 in place (no edit). Undefined for
 * another path, the library itself, an instance without a base or with another one.
 */
export function relativeToClientBase(owner: TSESTree.Node, url: TSESTree.Node | undefined, ctx: SourceContext): MockRoute | undefined {
  const match = url === undefined || url.type === 'SpreadElement' ? null : relativePath(url, ctx);
  if (match === null) return undefined;
  const client = resolveClient(owner, ctx);
  // Read with the program (a project), an owner that is no client the analysis knows is some other object.
  if (client === undefined && ctx.project !== undefined) return undefined;
  if (client !== undefined) {
    const base = client.base === undefined ? undefined : staticString(client.base.node, client.base.ctx);
    if (!client.instance || client.base === undefined || (base !== undefined && !/\/platform\/v1\/?$/.test(base))) return undefined;
  }
  try {
    return { appCode: decodeURIComponent(match[1]!) };
  } catch {
    return {};
  }
}

/** The object whose `post` an assertion checks: `platform` of `vi.spyOn(platform, 'post')`, `vi.mocked(platform.post)`. */
function spiedOwner(target: TSESTree.Node, ctx: SourceContext): TSESTree.Node | undefined {
  let expr: TSESTree.Node | undefined = unwrapTS(target);
  for (let depth = 0; expr !== undefined && depth < 4; depth++) {
    // `const post = vi.spyOn(...).mockResolvedValue(...)`: the chain returns the mock.
    while (expr.type === 'CallExpression' && /^mock[A-Z]/.test(methodOf(expr)?.name ?? '')) expr = unwrapTS((expr.callee as TSESTree.MemberExpression).object);
    if (expr.type === 'MemberExpression') return !expr.computed && expr.property.type === 'Identifier' && expr.property.name === 'post' ? expr.object : undefined;
    if (expr.type === 'CallExpression') {
      const path = calleePath(expr.callee) ?? '';
      const [first, second] = expr.arguments;
      if (first === undefined || first.type === 'SpreadElement') return undefined;
      if (/^(?:vi|jest)\.mocked$/.test(path)) expr = unwrapTS(first);
      else if (/^(?:vi|jest)\.spyOn$/.test(path)) return second?.type === 'Literal' && second.value === 'post' ? first : undefined;
      else return undefined;
      continue;
    }
    if (expr.type !== 'Identifier') return undefined;
    const declarator = findVariable(ctx.getScope(expr), expr.name)?.defs[0]?.node as TSESTree.Node | undefined;
    expr = declarator?.type === 'VariableDeclarator' && declarator.init != null ? unwrapTS(declarator.init) : undefined;
  }
  return undefined;
}

/**
 * `expect(<what a mock recorded>).toBe(...)` (or `toEqual`, `toContain`, `toBeDefined`, a snapshot, ...) of the
 * deprecated request: `const [url, init] = fetchMock.mock.calls[0]!; expect(url).toBe('https://…/platform/v1/apps/
 * crm-sync/assign')`, `expect(fetchMock.mock.lastCall?.[0]).toContain('/platform/v1/apps/')`,
 * `expect(JSON.parse(init.body)).toEqual({ business_uid: 'biz_1' })`. It is one when what it expects spells the route,
 * a part of it or an old body key (in place, or in a const of the test: `toEqual(EXPECTED_BODY)`; `toHaveProperty
 * ('business_uid')`; a regular expression of the route), or when the value itself reads an old body key
 * (`JSON.parse(init.body).business_uid`), selects the recorded calls by the route (`calls.find(([url]) =>
 * url.endsWith('/apps/crm-sync/assign'))`, fetch-mock's `callHistory.called(url)`), or is compared with a snapshot
 * (whose file this run does not read). The value and what it is compared with are read apart (often in two
 * statements), so it is never rewritten: it keeps its calls on the deprecated route, with a TODO that names what it
 * reads.
 */
function recordedAssertion(call: TSESTree.CallExpression, target: TSESTree.Node, negated: boolean, matcher: string, ctx: SourceContext): MockSite | undefined {
  const value: Evidence = { old: false };
  const recorded = recordOf(target, ctx, 0, value);
  if (recorded === undefined) return undefined;
  // Any read of a recorded request's URL counts; of what another mock recorded (a spy of the console), only one that
  // spells a path.
  const requests = recordsRequests(recorded, call, ctx);
  textReadsOf(target, value, requests, ctx);
  const expected: Evidence = { old: false };
  // A part of the route (`/platform/v1/apps/`) is the deprecated request's only where the matcher looks for it inside
  // the value (`toContain`, `toMatch`, `expect.stringContaining`); `toBe('…/platform/v1/apps')` is another route's.
  // `toMatch` and `toContain` look for a string inside the value (a regular expression is a pattern to match);
  // `expect.stringMatching(text)` reads its string as a pattern.
  const part = (node: TSESTree.Node): PartRead => {
    const around = node.parent?.type === 'CallExpression' && node.parent.arguments[0] === node ? calleePath(node.parent.callee) : undefined;
    if (around === 'expect.stringContaining') return 'contain';
    if (around === 'expect.stringMatching') return 'match';
    return matcher === 'toContain' || matcher === 'toMatch' ? 'contain' : false;
  };
  for (const argument of call.arguments) spellsRequest(argument, part, expected, ctx, 0, requests);
  // `toHaveProperty('business_uid', …)`, `toHaveProperty(['business_uid'])`: the key is named by a string.
  const key = call.arguments[0];
  if (matcher === 'toHaveProperty' && key !== undefined && key.type !== 'SpreadElement') {
    const named = unwrapTS(key);
    const keys = named.type === 'ArrayExpression' ? named.elements : [named];
    if (keys.some((k) => k != null && k.type !== 'SpreadElement' && OLD_BODY_KEYS.has(staticString(k, ctx) ?? ''))) expected.old = true;
  }
  // nock's list of interceptors holds their keys as text: a key built in a template (`apps/${app}/assign`) names the
  // route as surely as one written whole.
  const interceptors = NOCK_RECORDS.has(/\.(\w+)$/.exec(recorded)?.[1] ?? '');
  if (interceptors && call.arguments.some((argument) => /platform\/v1\/apps\/|\/assign\b/.test(ctx.text.slice(argument.range[0], argument.range[1])))) expected.old = true;
  // A snapshot kept in a file (`toMatchSnapshot()`): this run does not read it; what a mock recorded, snapshotted in a
  // test that reaches the deprecated call, holds that call's route and body.
  const snapshot = SNAPSHOT_MATCHERS.has(matcher);
  const isRecord = (node: TSESTree.Node) => isRecordNode(node, ctx);
  let recordKey = recorded;
  // What neither the value nor what it is compared with spells of the deprecated request: a read of a recorded request
  // counts as alike only when it is one known to answer the same for the v3 request (or asserts the v3 request
  // itself); any other read, and a snapshot of a value derived from the record (its length, its keys, the URL
  // encoded), may answer otherwise once the call sends v3. Held, and never as a negation that guards nothing: the
  // negation of such a read may fail for the v3 request.
  let unread = false;
  if (!expected.old && !value.old) {
    if (snapshot) {
      if (!directRead(target, isRecord, ctx)) {
        unread = true;
        recordKey = `${recorded}, read as ${excerpt(target, ctx)} into a snapshot, a value this tool cannot tell the v3 request keeps`;
      }
    } else if (requests) {
      // nock's list of interceptors: how many there are, or that there are none, is the same once each moves with its
      // call (`expect(nock.pendingMocks()).toHaveLength(1)`, `toEqual([])`).
      if (interceptors && countsOrEmpty(target, matcher, call.arguments)) return undefined;
      if (classifyRecordedRead(target, matcher, call.arguments, negated, isRecord, ctx) !== 'unknown') return undefined;
      unread = true;
      recordKey = `${recorded}, read as ${excerpt(target, ctx)} with ${matcher}, a read this tool cannot tell the v3 request answers alike`;
    } else {
      return undefined;
    }
  }
  // The file's own snapshot file, where there is one: a recorded request would be written out in it, route and body.
  // One that spells nothing of it compares something else (what a spy of stdout recorded).
  if (!unread && !expected.old && !value.old && matcher === 'toMatchSnapshot' && call.arguments.length <= 1) {
    const stored = ctx.snapshot?.();
    if (stored !== undefined && !REQUEST_IN_SNAPSHOT.test(stored)) return undefined;
  }
  const appCode = expected.appCode ?? value.appCode;
  // nock's list holds every interceptor of the test: it stands for every call the test reaches, of any app.
  const keys = negated || value.old || !interceptors ? undefined : nockKeyEdits(call, ctx);
  if (keys !== undefined) return { node: call, ctx, library: 'assertion', route: { appCode: keys.appCode }, reads: [], interceptorKeys: keys.edits };
  return {
    node: call,
    ctx,
    library: 'assertion',
    route: appCode === undefined || interceptors ? {} : { appCode },
    reads: [],
    recorded: snapshot && !unread && !expected.old && !value.old ? `${recorded}, in a snapshot file this run does not read` : recordKey,
    ...(negated && !unread ? { negated: true as const } : {}),
  };
}

/** A nock interceptor's key for the deprecated route, written whole: `POST http://api.test:80/platform/v1/apps/crm/assign`. */
const NOCK_KEY = /^POST https?:\/\/[^/\s]+:\d+(\/platform\/v1\/apps\/([^/?#\s]+)\/assign)$/;

/**
 * Where an assertion of nock's interceptor list (`expect(nock.pendingMocks()).toEqual(['POST http://api.test:80/
 * platform/v1/apps/crm/assign'])`) says exactly what it says once its interceptor moves to v3: each key of the
 * deprecated route is a string written whole, there is nothing else in the expected value that names the request
 * (no const, no part of a URL, no pattern), and the file names one app on the deprecated route, so that the one
 * interceptor it names becomes `POST http://api.test:80/v3/apps/app_assignments` and no other interceptor of the file
 * turns into that same key (nock lists a key once). The edit replaces the route in each such string; otherwise
 * undefined, and the assertion keeps its calls, and their interceptor, on the deprecated route.
 */
function nockKeyEdits(call: TSESTree.CallExpression, ctx: SourceContext): { appCode: string; edits: { range: readonly [number, number]; text: string }[] } | undefined {
  const edits: { range: readonly [number, number]; text: string }[] = [];
  const apps = new Set<string>();
  let exact = true;
  for (const argument of call.arguments) {
    someNode(argument, (inner) => {
      if (!exact) return true;
      if (inner.type === 'Identifier') {
        // `expect.arrayContaining([...])`: the runner's own helpers; any other name may hold the route.
        const isHelper = inner.name === 'expect' || (inner.parent?.type === 'MemberExpression' && inner.parent.property === inner && !inner.parent.computed);
        if (!isHelper) exact = false;
        return false;
      }
      if (inner.type === 'TemplateLiteral' && inner.expressions.length > 0) {
        exact = !/platform\/v1|\/assign\b/.test(ctx.text.slice(inner.range[0], inner.range[1]));
        return false;
      }
      if (inner.type === 'Literal' && 'regex' in inner && inner.regex != null) {
        exact = !/platform|assign/.test(inner.regex.pattern);
        return false;
      }
      if (inner.type !== 'Literal' && inner.type !== 'TemplateLiteral') return false;
      const text = staticString(inner, ctx);
      if (text === undefined) return false;
      const key = NOCK_KEY.exec(text);
      if (key === null) {
        if (ROUTE_IN_TEXT.test(text) || partOfDeprecatedRoute(text) || /\b(?:business_uid|directory_uid)\b/.test(text)) exact = false;
        return false;
      }
      const raw = ctx.text.slice(inner.range[0], inner.range[1]);
      const at = raw.indexOf(key[1]!);
      if (at < 0) {
        exact = false; // written with escapes: not rewritten in place
        return false;
      }
      apps.add(key[2]!);
      edits.push({ range: [inner.range[0] + at, inner.range[0] + at + key[1]!.length], text: V3_ASSIGN.path });
      return false;
    });
  }
  if (!exact || apps.size !== 1 || edits.length === 0) return undefined;
  // Every interceptor of the deprecated route in the file names that app, and none of v3 is there yet.
  const named = new Set([...ctx.text.matchAll(new RegExp(ROUTE_IN_TEXT.source, 'g'))].map((match) => match[1]));
  const [appCode] = apps;
  if (named.size !== 1 || !named.has(appCode) || ctx.text.includes(V3_ASSIGN.path)) return undefined;
  const decodedCode = decoded(appCode!);
  return decodedCode === undefined ? undefined : { appCode: decodedCode, edits };
}

/** A list read for its length (`toHaveLength(n)`, `.length`) or compared with an empty one (`toEqual([])`). */
function countsOrEmpty(target: TSESTree.Node, matcher: string, args: readonly TSESTree.CallExpressionArgument[]): boolean {
  const value = unwrapTS(target);
  if (value.type === 'CallExpression' && matcher === 'toHaveLength') return true;
  if (value.type === 'MemberExpression' && !value.computed && value.property.type === 'Identifier' && value.property.name === 'length' &&
    unwrapTS(value.object).type === 'CallExpression') return true;
  const only = args.length === 1 && args[0]!.type !== 'SpreadElement' ? unwrapTS(args[0]!) : undefined;
  return value.type === 'CallExpression' && ['toEqual', 'toStrictEqual'].includes(matcher) && only?.type === 'ArrayExpression' && only.elements.length === 0;
}

/** An expression as written, on one line and cut short. */
function excerpt(node: TSESTree.Node, ctx: SourceContext): string {
  const text = ctx.text.slice(node.range[0], node.range[1]).replace(/\s+/g, ' ');
  return `\`${text.length > 60 ? `${text.slice(0, 57)}...` : text}\``;
}

/**
 * The record itself: `x.mock.calls`, `x.mock.lastCall` (or through an alias of `.mock`, or `const { calls } =
 * x.mock`), axios-mock-adapter's `history`, fetch-mock's `calls()`/`lastCall()`/`called()`…, an array msw's lifecycle
 * events fill.
 */
function isRecordNode(node: TSESTree.Node, ctx: SourceContext): boolean {
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    const owner = unwrapTS(node.object);
    const name = node.property.name;
    if (['calls', 'lastCall'].includes(name) && (isMember(owner, 'mock') || (owner.type === 'Identifier' && isMember(initOf(owner, ctx), 'mock')))) return true;
    return name === 'history' && fromModule(originOf(adapterClass(owner, ctx) ?? owner, ctx), ['axios-mock-adapter']);
  }
  if (node.type === 'CallExpression') {
    const method = methodOf(node);
    return method !== undefined && FETCH_MOCK_RECORDS.has(method.name) && fromModule(originOf(method.object, ctx), ['fetch-mock']);
  }
  if (node.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(node), node.name);
  const declarator = variable?.defs[0]?.node as TSESTree.Node | undefined;
  if (declarator?.type !== 'VariableDeclarator' || declarator.init == null) return false;
  // `const { calls } = post.mock`
  if (declarator.id.type === 'ObjectPattern' && isMember(unwrapTS(declarator.init), 'mock')) {
    return declarator.id.properties.some((p) => p.type === 'Property' && p.value.type === 'Identifier' && p.value.name === node.name && ['calls', 'lastCall'].includes(staticKey(p) ?? ''));
  }
  return variable !== undefined && eventRecord(variable, ctx) !== undefined;
}

/** Methods of a string that no array has: applied to a recorded value, they read a URL's (or a body's) text. */
const STRING_METHODS = new Set(['split', 'endsWith', 'startsWith', 'match', 'matchAll', 'replace', 'replaceAll', 'search', 'substring', 'substr', 'charAt', 'charCodeAt', 'codePointAt', 'padStart', 'padEnd', 'localeCompare']);
/** Methods of strings and arrays alike: a string's only when applied to a value that is surely a string. */
const STRING_OR_ARRAY_METHODS = new Set(['at', 'slice', 'indexOf', 'lastIndexOf', 'includes', 'concat']);
/** Methods that give the text as it is, or in another case: what they give is read as the text is. */
const TEXT_AS_IS = new Set(['toString', 'valueOf', 'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'normalize']);
/** Properties of a `URL` that are text. */
const URL_TEXT = new Set(['href', 'pathname', 'search', 'host', 'hostname', 'origin', 'url']);

/**
 * A recorded value read as text by a method (`String(url).endsWith('/assign')`, `.split('/').at(-2)`): a test that
 * the v3 URL answers otherwise than the deprecated one (`urlTestReads`: `includes`, `startsWith`, `endsWith`, a
 * pattern's `match`, `search` or `test`) reads the request, and so does any other read of the text (a part cut out of
 * it), whose answer this tool cannot tell; a test the v3 URL answers alike (`includes('api.example.com')`) does not.
 */
function textReadsOf(target: TSESTree.Node, value: Evidence, requests: boolean, ctx: SourceContext): void {
  someNode(target, (inner) => {
    if (inner.type !== 'CallExpression') return false;
    const method = methodOf(inner);
    if (method === undefined) return false;
    const object = unwrapTS(method.object);
    const argument = inner.arguments[0] === undefined || inner.arguments[0].type === 'SpreadElement' ? undefined : inner.arguments[0];
    // `/crm-sync/.test(url)`
    if (method.name === 'test' && object.type === 'Literal' && 'regex' in object && object.regex != null) {
      return requests || spellsPath(object, ctx) ? noteRead(textTestReads(object, 'match', ctx), value) : false;
    }
    const stringMethod = STRING_METHODS.has(method.name) || (STRING_OR_ARRAY_METHODS.has(method.name) && isText(object));
    if (!stringMethod) return false;
    const how = method.name === 'endsWith' ? 'end' : method.name === 'startsWith' ? 'start' : method.name === 'includes' ? 'contain' : method.name === 'match' || method.name === 'search' ? 'match' : undefined;
    if (how !== undefined && argument !== undefined && (staticString(argument, ctx) !== undefined || (unwrapTS(argument).type === 'Literal' && 'regex' in unwrapTS(argument)))) {
      return requests || spellsPath(argument, ctx) ? noteRead(textTestReads(argument, how, ctx), value) : false;
    }
    // A part cut out of a request's text, or a test of a text this tool cannot read: the v3 URL may answer it otherwise.
    if (requests) value.old = true;
    return false;
  });
}

/**
 * A word (`/crm-sync/`, `'crm-sync'`) that the test also writes as a string of its own elsewhere (`assign('crm-sync',
 * 'biz_1')`): the app code it passes, perhaps, which a helper's log of the URL holds.
 */
function passedElsewhere(node: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(node);
  const word = expr.type === 'Literal' && 'regex' in expr && expr.regex != null ? expr.regex.pattern.replace(/\\(.)/g, '$1') : staticString(expr, ctx);
  if (word === undefined || !/^[\w.~%-]+$/.test(word)) return false;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const match of ctx.text.matchAll(new RegExp(`(['"\`])${escaped}\\1`, 'g'))) {
    if (match.index < node.range[0] || match.index >= node.range[1]) return true;
  }
  return false;
}

/** A string or pattern that spells a path (`'/crm-sync/'`, `/\/assign$/`), not a word alone that any text may hold. */
function spellsPath(node: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(node);
  const text = expr.type === 'Literal' && 'regex' in expr && expr.regex != null ? expr.regex.pattern.replace(/\\(.)/g, '$1') : staticString(expr, ctx);
  return text?.includes('/') === true;
}

/**
 * Whether a record holds requests: fetch-mock's, axios-mock-adapter's and msw's records, and the calls of a mock of
 * fetch or of a client (`vi.spyOn(globalThis, 'fetch')`, `vi.fn()` installed as fetch); not those of another mock
 * (`vi.spyOn(console, 'log')`), whose text a word may match for other reasons.
 */
function recordsRequests(recorded: string, call: TSESTree.Node, ctx: SourceContext): boolean {
  const owner = /^([A-Za-z_$][\w$]*)\.mock\b/.exec(recorded)?.[1];
  if (owner === undefined) return true;
  if (owner === 'fetch') return true;
  const declared = findVariable(ctx.getScope(call), owner)?.defs[0]?.name as TSESTree.Node | undefined;
  const shape = declared?.type === 'Identifier' ? shapeOf(declared, ctx) : undefined;
  if (shape !== undefined && shape !== 'mock') return true;
  // A mock function installed as fetch.
  const name = owner.replace(/\$/g, '\\$');
  return new RegExp(`stubGlobal\\(\\s*['"]fetch['"]\\s*,\\s*${name}\\b|\\bfetch\\s*=\\s*${name}\\b|\\bfetch:\\s*${name}\\b`).test(ctx.text);
}

function noteRead(read: { appCode?: string } | undefined, value: Evidence): false {
  if (read !== undefined) {
    value.old = true;
    value.appCode ??= read.appCode;
  }
  return false;
}

/** A value that is surely a string: `String(x)`, a template, a URL's text, what a string method gives as text. */
function isText(node: TSESTree.Node): boolean {
  const expr = unwrapTS(node);
  if (expr.type === 'TemplateLiteral') return true;
  if (expr.type === 'MemberExpression') return !expr.computed && expr.property.type === 'Identifier' && URL_TEXT.has(expr.property.name);
  if (expr.type !== 'CallExpression') return false;
  if (expr.callee.type === 'Identifier' && expr.callee.name === 'String') return true;
  const method = methodOf(expr);
  return method !== undefined && (TEXT_AS_IS.has(method.name) || ['replace', 'replaceAll', 'substring', 'substr', 'charAt', 'padStart', 'padEnd'].includes(method.name));
}

/** What a recorded value or what it is compared with says of the deprecated request: it names it, and perhaps its app. */
interface Evidence {
  old: boolean;
  appCode?: string;
}

/** The deprecated request as a snapshot writes what a mock recorded: its route, or a key of its body. */
const REQUEST_IN_SNAPSHOT = /\/assign\b|platform\/v1|\b(?:business_uid|directory_uid|is_internal|pre_installed|built_in|hide_from_market)\b/;

/** Matchers that compare a value with a snapshot kept in a file. */
const SNAPSHOT_MATCHERS = new Set(['toMatchSnapshot', 'toMatchFileSnapshot']);

/** The deprecated route and its app code written anywhere in a text (`'POST https://…/platform/v1/apps/crm-sync/assign'`, an inline snapshot). */
const ROUTE_IN_TEXT = /\/platform\/v1\/apps\/([^/?#\s"'`]+)\/assign(?![\w-])/;

/**
 * Whether what an assertion expects spells the deprecated request: the route (whole, or anywhere in a text, such as an
 * inline snapshot or `'POST <url>'`), a part of it where `part` says the matcher looks inside the value, a regular
 * expression of it, or an old body key; a const of the test that holds one of these counts as if written in place.
 */
/** How a matcher looks for a string inside a value (`toContain`, `expect.stringMatching`), or false: it compares it whole. */
type PartRead = 'contain' | 'match' | false;

function spellsRequest(node: TSESTree.Node, part: (node: TSESTree.Node) => PartRead, found: Evidence, ctx: SourceContext, depth: number, requests = true): void {
  someNode(node, (inner) => {
    if (inner.type === 'Literal' || inner.type === 'TemplateLiteral') {
      const route = inner.type === 'TemplateLiteral' && inner.expressions.length > 0 ? readMockRoute(inner, ctx) : undefined;
      const text = route === undefined ? staticString(inner, ctx) : undefined;
      const whole = text === undefined ? route : readMockRoute(inner, ctx);
      const quasis = inner.type === 'TemplateLiteral' ? inner.quasis.map((q) => q.value.cooked ?? '').join('') : undefined;
      const spelled = ROUTE_IN_TEXT.exec(text ?? quasis ?? '')?.[1];
      const regexApp = routeRegexApp(inner);
      // An old body key in a text: `toContain('"business_uid":"biz_1"')` of the JSON body a mock was given.
      const key = /\b(?:business_uid|directory_uid)\b/.test(text ?? quasis ?? '');
      if (whole !== undefined || spelled !== undefined || key || (text !== undefined && part(inner) !== false && partOfDeprecatedRoute(text)) || regexApp !== undefined) {
        found.old = true;
        found.appCode ??= whole?.appCode ?? (spelled === undefined ? undefined : decoded(spelled)) ?? regexApp ?? undefined;
      } else {
        // A part the v3 URL has not (`toContain('/platform/')`, `stringContaining('crm-sync')`, `toMatch(/crm-sync/)`).
        const how = part(inner);
        const read = how === false || (!requests && !spellsPath(inner, ctx) && !passedElsewhere(inner, ctx)) ? undefined : textTestReads(inner, how, ctx);
        if (read !== undefined) {
          found.old = true;
          found.appCode ??= read.appCode;
        }
      }
    }
    if (inner.type === 'Property' && OLD_BODY_KEYS.has(staticKey(inner) ?? '')) found.old = true;
    // `toEqual(EXPECTED_BODY)`: a const of the test that holds the old body or route.
    if (inner.type === 'Identifier' && depth < 3 && !(inner.parent?.type === 'MemberExpression' && inner.parent.property === inner && !inner.parent.computed) &&
      !(inner.parent?.type === 'Property' && inner.parent.key === inner && !inner.parent.computed)) {
      const name = valueOfName(inner, ctx);
      if (name.kind === 'const' && name.value.ctx === ctx) spellsRequest(name.value.node, () => false, found, ctx, depth + 1);
    }
    return false;
  });
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** `x.business_uid`, `x['directory_uid']`, `x?.business_uid`: a read of an old body key. */
function readsOldKey(node: TSESTree.Node): boolean {
  if (node.type !== 'MemberExpression') return false;
  const name = node.computed ? (node.property.type === 'Literal' && typeof node.property.value === 'string' ? node.property.value : undefined)
    : node.property.type === 'Identifier' ? node.property.name : undefined;
  return OLD_BODY_KEYS.has(name ?? '');
}

/**
 * Where a value was read from what a mock recorded, as written: `fetchMock.mock.calls` (vitest and jest keep a mock
 * function's calls in `.mock.calls` and `.mock.lastCall`; an alias of `.mock`, `const { calls } = post.mock`, reads
 * them too), fetch-mock's `fetchMock.lastCall()` or `fetchMock.callHistory.called(url)`, axios-mock-adapter's
 * `mock.history`, the requests an msw server's lifecycle events pushed into an array (`server.events.on
 * ('request:start', ({ request }) => urls.push(request.url))`), or a name declared from one (`const [url, init] =
 * fetchMock.mock.calls[0]!`). Undefined for anything else. On the way it notes in `value` what the value itself says of
 * the deprecated request: an old body key read (`JSON.parse(init.body).business_uid`), the recorded calls selected by
 * a function that spells the route, or a recorder's filter that spells it (`called('…/platform/v1/apps/x/assign')`).
 */
function recordOf(node: TSESTree.Node, ctx: SourceContext, depth: number, value: Evidence): string | undefined {
  if (depth > 4) return undefined;
  let found: string | undefined;
  someNode(node, (inner) => {
    if (readsOldKey(inner)) value.old = true;
    if ((inner.type === 'ArrowFunctionExpression' || inner.type === 'FunctionExpression') && functionSpellsRoute(inner, ctx)) value.old = true;
    if (found !== undefined) return false;
    if (inner.type === 'MemberExpression' && !inner.computed && inner.property.type === 'Identifier') {
      const owner = unwrapTS(inner.object);
      if (['calls', 'lastCall'].includes(inner.property.name) && isMember(owner, 'mock')) found = ctx.text.slice(inner.range[0], inner.range[1]);
      // `const recorded = post.mock; recorded.lastCall`: an alias of `.mock`.
      else if (['calls', 'lastCall'].includes(inner.property.name) && owner.type === 'Identifier' && isMember(initOf(owner, ctx), 'mock')) found = ctx.text.slice(inner.range[0], inner.range[1]);
      else if (inner.property.name === 'history' && fromModule(originOf(adapterClass(owner, ctx) ?? owner, ctx), ['axios-mock-adapter'])) found = ctx.text.slice(inner.range[0], inner.range[1]);
    }
    if (found === undefined && inner.type === 'CallExpression') {
      const method = methodOf(inner);
      if (method !== undefined && NOCK_RECORDS.has(method.name) && inner.arguments.length === 0 && fromModule(originOf(method.object, ctx), ['nock'])) {
        found = ctx.text.slice(inner.callee.range[0], inner.callee.range[1]);
      }
      if (found === undefined && method !== undefined && FETCH_MOCK_RECORDS.has(method.name) && fromModule(originOf(method.object, ctx), ['fetch-mock'])) {
        found = ctx.text.slice(inner.callee.range[0], inner.callee.range[1]);
        // A filter of the calls by their URL: `called('https://…/platform/v1/apps/crm-sync/assign')`, `calls('begin:…')`.
        for (const argument of inner.arguments) {
          const text = argument.type === 'SpreadElement' ? undefined : staticString(argument, ctx)?.replace(/^(?:begin|end|path|glob|url):/, '');
          if (text !== undefined && partOfDeprecatedRoute(text)) value.old = true;
          spellsRequest(argument, () => false, value, ctx, 0);
        }
      }
    }
    if (found === undefined && inner.type === 'Identifier' && !(inner.parent?.type === 'MemberExpression' && inner.parent.property === inner && !inner.parent.computed)) {
      const variable = findVariable(ctx.getScope(inner), inner.name);
      const declarator = variable?.defs[0]?.node as TSESTree.Node | undefined;
      if (declarator?.type === 'VariableDeclarator' && declarator.init != null && declarator.init !== node) {
        const init = unwrapTS(declarator.init);
        // `const { calls } = post.mock`
        if (isMember(init, 'mock') && declarator.id.type === 'ObjectPattern') found = `${ctx.text.slice(init.range[0], init.range[1])}.${inner.name}`;
        else found = recordOf(declarator.init, ctx, depth + 1, value);
        found ??= variable === undefined ? undefined : eventRecord(variable, ctx);
      }
    }
    return false;
  });
  return found;
}

function isMember(node: TSESTree.Node | undefined, name: string): boolean {
  return node?.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && node.property.name === name;
}

function initOf(id: TSESTree.Identifier, ctx: SourceContext): TSESTree.Node | undefined {
  const declarator = findVariable(ctx.getScope(id), id.name)?.defs[0]?.node as TSESTree.Node | undefined;
  return declarator?.type === 'VariableDeclarator' && declarator.init != null ? unwrapTS(declarator.init) : undefined;
}

/** `MockAdapter` of `const mock = new MockAdapter(axios)`: the class an adapter was made with. */
function adapterClass(owner: TSESTree.Node, ctx: SourceContext): TSESTree.Node | undefined {
  const init = owner.type === 'Identifier' ? initOf(owner, ctx) : undefined;
  return init?.type === 'NewExpression' ? init.callee : undefined;
}

/**
 * An array that a function given to an msw server's lifecycle events fills (`server.events.on('request:start',
 * ({ request }) => urls.push(request.url))`): it holds what the server was asked. Named as the subscription is written.
 */
function eventRecord(variable: NonNullable<ReturnType<typeof findVariable>>, ctx: SourceContext): string | undefined {
  for (const reference of variable.references) {
    const use = (reference.identifier as TSESTree.Identifier).parent;
    if (use?.type !== 'MemberExpression' || use.object !== reference.identifier) continue;
    for (let up: TSESTree.Node | null | undefined = use.parent; up != null; up = up.parent) {
      if (up.type !== 'CallExpression') continue;
      const method = methodOf(up);
      if (method?.name === 'on' && isMember(unwrapTS(method.object), 'events')) {
        const event = up.arguments[0] === undefined || up.arguments[0].type === 'SpreadElement' ? undefined : staticString(up.arguments[0], ctx);
        return `${ctx.text.slice(up.callee.range[0], up.callee.range[1])}(${event === undefined ? '…' : `'${event}'`})`;
      }
    }
  }
  return undefined;
}

/** `expect`, as the test runner's global or imported from it. */
function isExpect(callee: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(callee);
  if (expr.type !== 'Identifier' || expr.name !== 'expect') return false;
  const origin = originOf(expr, ctx);
  return origin?.kind === 'global' || fromModule(origin, TEST_MODULES);
}

/** `expect.objectContaining(x)` asserts the keys of `x`: what matters is `x`. */
function contained(node: TSESTree.Node, ctx: SourceContext): TSESTree.Node {
  const expr = unwrapTS(node);
  if (expr.type === 'CallExpression' && calleePath(expr.callee) === 'expect.objectContaining' && isExpect((expr.callee as TSESTree.MemberExpression).object, ctx) &&
    expr.arguments.length === 1 && expr.arguments[0]!.type !== 'SpreadElement') {
    return unwrapTS(expr.arguments[0]!);
  }
  return expr;
}

function isAnyValue(node: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(node);
  if (expr.type !== 'CallExpression') return false;
  const path = calleePath(expr.callee);
  return (path === 'expect.anything' || path === 'expect.any') && isExpect((expr.callee as TSESTree.MemberExpression).object, ctx);
}

function hasRequestInit(object: TSESTree.ObjectExpression): boolean {
  return propertyOf(object, 'method') !== undefined || propertyOf(object, 'body') !== undefined;
}

/** What the asserted function is: the global fetch, a client's `post`, or a mock function of the test runner. */
function shapeOf(node: TSESTree.Node, ctx: SourceContext): Shape | undefined {
  let expr = unwrapTS(node);
  // vi.mocked(fetch), jest.mocked(axios.post)
  if (expr.type === 'CallExpression' && /^(?:vi|jest)\.mocked$/.test(calleePath(expr.callee) ?? '') && expr.arguments[0] !== undefined &&
    expr.arguments[0].type !== 'SpreadElement') {
    expr = unwrapTS(expr.arguments[0]);
  }
  if (expr.type === 'Identifier') {
    const variable = findVariable(ctx.getScope(expr), expr.name);
    if (variable === undefined) return expr.name === 'fetch' ? 'fetch' : undefined;
    // `axios` itself, mocked with `vi.mock('axios')`: `axios(config)`.
    const origin = originOf(expr, ctx);
    if (fromModule(origin, ['axios']) && origin.imported === 'default' && variable.defs[0]?.type === 'ImportBinding') return 'config';
    const declarator = variable.defs[0]?.node as TSESTree.Node | undefined;
    const init = declarator?.type === 'VariableDeclarator' ? declarator.init : null;
    if (init == null) return undefined;
    // `const request = vi.mocked(axios.request)`: the mocked function's own shape.
    return mockFunctionShape(init, ctx) ?? (mockedArgument(unwrapTS(init)) === undefined ? undefined : shapeOf(init, ctx));
  }
  if (expr.type === 'MemberExpression' && !expr.computed && expr.property.type === 'Identifier') {
    const object = mockedArgument(unwrapTS(expr.object)) ?? unwrapTS(expr.object);
    if (expr.property.name === 'fetch' && object.type === 'Identifier' && GLOBAL_OBJECTS.has(object.name) &&
      findVariable(ctx.getScope(object), object.name) === undefined) return 'fetch';
    if (expr.property.name === 'post') return postShape(object, ctx);
    if (expr.property.name === 'request' && fromModule(originOf(object, ctx), ['axios'])) return 'config';
  }
  return undefined;
}

/**
 * `expect(send).toHaveBeenCalledWith('<the deprecated URL>', …)` where `send` is a function of the program, imported
 * from one of its modules and mocked by the test (`vi.mock('../src/http.js')` makes every export a mock): what it was
 * given stands for the request, and the migrated call gives it the v3 request instead. An assertion whose arguments
 * spell the deprecated route (or a part of it the v3 URL has not), or an old body key, holds its calls; never
 * rewritten, since the call's rewrite may change more than the URL it passes on.
 */
function programFunctionAsserted(target: TSESTree.Node, args: readonly TSESTree.CallExpressionArgument[], ctx: SourceContext): MockRoute | undefined {
  const fn = mockedProgramFunction(target, ctx);
  if (fn === undefined) return undefined;
  const found: Evidence = { old: false };
  const part = (node: TSESTree.Node): PartRead => {
    const around = node.parent?.type === 'CallExpression' && node.parent.arguments[0] === node ? calleePath(node.parent.callee) : undefined;
    return around === 'expect.stringContaining' ? 'contain' : around === 'expect.stringMatching' ? 'match' : false;
  };
  for (const argument of args) spellsRequest(argument, part, found, ctx, 0);
  if (!found.old) return undefined;
  return { ...(found.appCode === undefined ? {} : { appCode: found.appCode }), held: `${fn.name}, a function of the program that the test mocks, asserted with what the deprecated request gives it` };
}

/**
 * `expect(spy).toHaveBeenCalledWith(expect.stringContaining('/platform/v1/'))` where `spy = vi.spyOn(console, 'info')`
 * (or a logger of the program): a record of something else than a client, which a helper may fill with the URL it
 * sends (`console.info(\`POST ${url}\`)`). Compared with the deprecated URL, a path of it, or the app code the test
 * passes, it reads the request: the call's rewrite changes what was logged. Undefined for any other assertion.
 */
function spyOfOtherAsserted(target: TSESTree.Node, args: readonly TSESTree.CallExpressionArgument[], ctx: SourceContext): { recorded: string; appCode?: string } | undefined {
  const expr = mockedArgument(unwrapTS(target)) ?? unwrapTS(target);
  if (expr.type !== 'Identifier') return undefined;
  let init = initOf(expr, ctx);
  while (init?.type === 'CallExpression' && /^mock[A-Z]/.test(methodOf(init)?.name ?? '')) init = unwrapTS((init.callee as TSESTree.MemberExpression).object);
  if (init?.type !== 'CallExpression' || !/^(?:vi|jest)\.spyOn$/.test(calleePath(init.callee) ?? '')) return undefined;
  const runner = originOf(init.callee, ctx);
  if (!(runner?.kind === 'global' || fromModule(runner, TEST_MODULES))) return undefined;
  const found: Evidence = { old: false };
  const part = (node: TSESTree.Node): PartRead => {
    const around = node.parent?.type === 'CallExpression' && node.parent.arguments[0] === node ? calleePath(node.parent.callee) : undefined;
    return around === 'expect.stringContaining' ? 'contain' : around === 'expect.stringMatching' ? 'match' : false;
  };
  for (const argument of args) spellsRequest(argument, part, found, ctx, 0, false);
  if (!found.old) return undefined;
  return { recorded: `${expr.name}, a spy of something else than a client, compared with the deprecated URL that a helper may have written to it`, ...(found.appCode === undefined ? {} : { appCode: found.appCode }) };
}

/** A function imported from a module of the program (not a library), as asserted: `send`, `vi.mocked(send)`. */
function mockedProgramFunction(target: TSESTree.Node, ctx: SourceContext): TSESTree.Identifier | undefined {
  const fn = mockedArgument(unwrapTS(target)) ?? unwrapTS(target);
  if (fn.type !== 'Identifier') return undefined;
  const origin = originOf(fn, ctx);
  if (origin?.kind !== 'module' || findVariable(ctx.getScope(fn), fn.name)?.defs[0]?.type !== 'ImportBinding' || isLibraryModule(origin.source)) return undefined;
  return fn;
}

/** `axios` of `vi.mocked(axios, true)` (`jest.mocked`): the mocked object itself. */
function mockedArgument(expr: TSESTree.Node): TSESTree.Node | undefined {
  if (expr.type !== 'CallExpression' || !/^(?:vi|jest)\.mocked$/.test(calleePath(expr.callee) ?? '')) return undefined;
  const first = expr.arguments[0];
  return first === undefined || first.type === 'SpreadElement' ? undefined : unwrapTS(first);
}

/**
 * The shape of `<object>.post` asserted: a client library's (`axios.post`, `got.post`), an instance the analysis
 * resolves (`api.post` of `axios.create(...)`, imported in a project), or, read file by file, an object imported from
 * a module of the program (an instance module mocked with `vi.mock`), read as axios's `post(url, data)`.
 */
function postShape(object: TSESTree.Node, ctx: SourceContext): Shape | undefined {
  const origin = originOf(object, ctx);
  const source = origin?.kind === 'module' ? origin.source : undefined;
  if (fromModule(origin, HTTP_CLIENTS)) return OPTIONS_CLIENTS.has(origin.source) ? 'options' : 'post';
  const client = resolveClient(object, ctx);
  if (client !== undefined) return OPTIONS_CLIENTS.has(client.library) ? 'options' : HTTP_CLIENTS.includes(client.library) ? 'post' : undefined;
  return ctx.project === undefined && source?.startsWith('.') === true ? 'post' : undefined;
}

/** `vi.fn()`, `jest.fn()`, `vi.spyOn(globalThis, 'fetch')`, `vi.spyOn(axios, 'post')`. */
function mockFunctionShape(init: TSESTree.Node, ctx: SourceContext): Shape | undefined {
  let expr = unwrapTS(init);
  // vi.fn().mockResolvedValue(...): the chain returns the mock.
  while (expr.type === 'CallExpression' && /^mock[A-Z]/.test(methodOf(expr)?.name ?? '')) expr = unwrapTS((expr.callee as TSESTree.MemberExpression).object);
  if (expr.type !== 'CallExpression') return undefined;
  const path = calleePath(expr.callee);
  if (path === undefined || !/^(?:vi|jest)\.(?:fn|spyOn)$/.test(path)) return undefined;
  const runner = originOf(expr.callee, ctx);
  if (!(runner?.kind === 'global' || fromModule(runner, TEST_MODULES))) return undefined;
  if (path.endsWith('.fn')) return 'mock';
  const [owner, spied] = expr.arguments;
  if (spied?.type !== 'Literal' || owner === undefined || owner.type === 'SpreadElement') return undefined;
  if (spied.value === 'fetch') return 'fetch';
  if (spied.value === 'post') return postShape(unwrapTS(owner), ctx) ?? 'post';
  return spied.value === 'request' && fromModule(originOf(owner, ctx), ['axios']) ? 'config' : undefined;
}
