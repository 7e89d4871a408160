/**
 * The call-site recognizer: is this call the deprecated `POST /platform/v1/apps/{id}/assign`, and what is known
 * about it statically. The route shape marks a call; the client decides where its URL, method and body are.
 *
 * It returns the facts the planner needs (pure data) and the syntax the renderer needs to rewrite the call.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { type BodyEncoding, type BodyObject, readBody, type BodyRead, unreadable } from './body.js';
import { type ClientRef, isNeverAClient, isShared, type Library, objectOf, type ObjectRef, requiredModule, resolveClient } from './clients.js';
import type { Bound, ClientConfig, SourceContext } from './context.js';
import { DEPRECATED_ASSIGN, DEPRECATED_KEYS } from './contract.js';
import { calledFunction, contextForCall, MAX_FOLLOW_DEPTH, ownCalls, readsArguments, valueOfName } from './follow.js';
import type { AppIdFacts, CallFacts } from './plan.js';
import { type Reason, ReasonCode } from './reasons.js';
import { constInitOf, findVariable, importOf, isNeverReassigned } from './scope.js';
import { calleePath, chainedCalls, isFunction, isPure, propertyOf, staticKey, unwrapTS } from './syntax.js';
import { DEFAULT_ROUTE, type IdPieces, joinBase, matchRoute, readUrl, type RouteMatch, routeShape, type RouteShape } from './url.js';

export type ClientKind = Library | 'configured' | 'unresolved';

/** Where the app code goes in the new body: a literal value, or the source text of an expression. */
export type AppCodeSource =
  | { readonly kind: 'literal'; readonly value: string }
  | { readonly kind: 'expression'; readonly node: TSESTree.Node; readonly ctx: SourceContext };

/** A place on the way from a reported call to the request it sends: the call inside a followed function. */
export interface ViaStep {
  readonly node: TSESTree.CallExpression;
  readonly ctx: SourceContext;
  /** The function followed into, which holds `node`. */
  readonly fn: TSESTree.FunctionLike;
}

/** One recognized deprecated call. */
export interface AssignCall {
  /** The call to report (for a superagent chain, the `.post(url)` call). */
  readonly node: TSESTree.CallExpression;
  /** The context of the file that holds `node`. */
  readonly ctx: SourceContext;
  readonly client: ClientKind;
  /** What the planner needs. */
  readonly facts: CallFacts;
  /** The URL edit, when the URL can be rewritten, in the file that spells the URL. */
  readonly urlEdit?: { readonly range: readonly [number, number]; readonly text: string; readonly ctx: SourceContext };
  /** The body object to replace, when there is one. */
  readonly body?: BodyObject;
  readonly appCode?: AppCodeSource;
  /**
   * When the call sends the request through functions of the program (a wrapper, a request helper): the calls inside
   * them, outermost first, down to the one that sends it. Empty for a direct call.
   */
  readonly via: readonly ViaStep[];
  /**
   * The route is written inside a followed function (a wrapper), not at this call: this is a call of a wrapper. A call
   * through a request helper that is passed the route (`request('POST', '/platform/v1/...')`) is the request's own.
   */
  readonly caller?: true;
  /** Where the route's first and last characters are spelled, when the source spells them. */
  readonly routeAt?: readonly Bound[];
}

type Method = 'post' | 'other' | 'dynamic' | 'default';

/** Where one call keeps its URL, method and body, as its client defines. */
interface CallLayout {
  readonly client: ClientKind;
  readonly url: TSESTree.Node | undefined;
  /** The URL sits in an options object other code shares: it cannot be edited for this call. */
  readonly urlShared?: boolean;
  readonly base?: Bound;
  readonly method: Method;
  readonly body: BodyRead;
  readonly obstacles?: readonly Reason[];
  /** SDK methods that take the app code rather than a URL. */
  readonly appCodeArg?: TSESTree.Node;
}

const JSON_OBJECT: BodyEncoding = { objectIsJson: true, stringifyIsJson: true };
const STRING_ONLY: BodyEncoding = { objectIsJson: false, stringifyIsJson: true };
const HTTP_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options']);

/** A cheap test on a file's text: can it hold a deprecated call at all? Files that cannot are never parsed. */
export function mayContainAssignCall(text: string, options: Pick<SourceContext['options'], 'clients' | 'routes'>): boolean {
  // `'/platform/v1/apps/' + code + '/' + 'assign'` and `const ASSIGN = 'assign'` too.
  if (text.includes('/assign') || /['"`]assign/.test(text)) return true;
  for (const client of options.clients) {
    const last = client.callee.split('.').pop();
    if (last !== undefined && text.includes(last)) return true;
  }
  return options.routes.some((route) => text.includes(route.path.slice(route.path.lastIndexOf('}') + 1) || route.path));
}

/** Recognizes one call. Returns undefined when it is not a call to the deprecated operation. */
export function recognizeAssignCall(call: TSESTree.CallExpression, ctx: SourceContext): AssignCall | undefined {
  // A call that passes a handler function defines a route on a server; it does not call one. jQuery and the request
  // library take a callback for the response.
  if (call.arguments.some((arg) => isFunction(arg) || isFunctionBinding(arg, ctx)) && !takesCallback(call, ctx)) return undefined;
  let layout = clientLayoutOf(call, ctx);
  if (layout === undefined) {
    // A function of the program: what it sends, read with its parameters bound to this call's arguments.
    const followed = follow(call, ctx);
    if (followed !== 'not-followed') return followed;
    layout = otherLayoutOf(call, ctx);
  }
  if (layout === undefined) return undefined;
  if (layout.method === 'other') return undefined;
  if (layout.appCodeArg !== undefined) return sdkCall(call, { ...layout, ctx });
  if (layout.url === undefined) return undefined;

  let pieces = readUrl(layout.url, ctx, layout.urlShared === true ? null : layout.url);
  if (layout.base !== undefined) pieces = joinBase(readUrl(layout.base.node, layout.base.ctx, null), pieces);
  const match = matchRoute(pieces, routesOf(ctx));
  if (match === undefined) return undefined;
  // Without a method the clients send GET: that is not the deprecated operation.
  if (layout.method === 'default') return undefined;

  const obstacles: Reason[] = [];
  if (!match.edit.ok) obstacles.push({ code: urlReason(match.edit.reason) });
  if (layout.method === 'dynamic') obstacles.push({ code: ReasonCode.methodDynamic });
  obstacles.push(...(layout.obstacles ?? []));
  const body = layout.body.kind === 'object' ? layout.body.body : undefined;
  if (body?.typed === true || (body !== undefined && typeArgumentsMayDescribeBody(call, layout.client))) {
    obstacles.push({ code: ReasonCode.bodyTyped });
  }
  if (hasCommentInside(body === undefined ? undefined : { range: body.object.range, ctx: body.ctx },
    match.edit.ok ? { range: match.edit.range, ctx: match.edit.ctx } : undefined)) {
    obstacles.push({ code: ReasonCode.commentsInside });
  }

  const { facts: appId, sources } = appIdOf(match.id);
  // The first way to name the app code that means the same where the body object is written.
  const appCode = body === undefined ? sources[0] : sources.find((source) => appCodeCanMove(source, body, call));
  const scoped = sources.length === 0 || body === undefined || appCode !== undefined;
  const facts: CallFacts = {
    appId,
    body: layout.body.facts,
    obstacles: scoped ? obstacles : [...obstacles, { code: ReasonCode.appIdOutOfScope }],
  };
  return {
    node: call,
    ctx,
    client: layout.client,
    facts,
    ...(match.edit.ok ? { urlEdit: { range: match.edit.range, text: match.edit.text, ctx: match.edit.ctx } } : {}),
    ...(body === undefined ? {} : { body }),
    ...(appCode === undefined ? {} : { appCode }),
    routeAt: match.routeAt,
    via: [],
  };
}

/**
 * Follows a call of a function of the program into the function: the request its own body sends, read with its
 * parameters bound to this call's arguments, is what this call sends. The result is final when the function sends a
 * request through a client this analysis knows (or through another function it follows): a deprecated one makes this
 * call a site (its `via` says where the request is made); any other request (`axios.put`) means this call is none.
 * 'not-followed' when the callee is no such function, or its body shows no request: then the call is read as before.
 */
function follow(call: TSESTree.CallExpression, ctx: SourceContext): AssignCall | undefined | 'not-followed' {
  const target = calledFunction(call.callee, ctx);
  if (target === undefined || following.has(target.fn) || following.size >= MAX_FOLLOW_DEPTH) return 'not-followed';
  const inner = contextForCall(target, call, ctx);
  following.add(target.fn);
  try {
    let sendsRequest = false;
    const calls = ownCalls(target.fn);
    for (const [index, own] of calls.entries()) {
      const found = recognizeAssignCall(own, inner);
      if (found !== undefined) {
        // The same request whatever this call passes: the function's own call is the site, not this one.
        if (!readsArguments(inner)) return undefined;
        // This call supplies the route (it passes the path, or a const of its file): it is the request's own call.
        // Otherwise the route is written in what it calls (a wrapper, a URL builder, an instance's base): a caller.
        const followed = [{ fn: target.fn, ctx: target.ctx }, ...found.via];
        const suppliesRoute = (found.routeAt ?? []).some((at) => at.ctx.text === ctx.text &&
          !followed.some(({ fn, ctx: where }) => where.text === at.ctx.text && at.node.range[0] >= fn.range[0] && at.node.range[1] <= fn.range[1]));
        const routeInside = !suppliesRoute;
        // A function that sends the request more than once: each request its own rewrite, or none; by hand.
        const several = calls.slice(index + 1).some((other) => recognizeAssignCall(other, inner) !== undefined);
        const facts = several ? { ...found.facts, obstacles: [...found.facts.obstacles, { code: ReasonCode.wrapperSeveralRequests }] } : found.facts;
        return { ...found, node: call, ctx, facts, via: [{ node: own, ctx: inner, fn: target.fn }, ...found.via], ...(routeInside ? { caller: true as const } : {}) };
      }
      sendsRequest ||= clientLayoutOf(own, inner) !== undefined || calledFunction(own.callee, inner) !== undefined;
    }
    return sendsRequest ? undefined : 'not-followed';
  } finally {
    following.delete(target.fn);
  }
}

/** The functions being followed right now: a recursive function is not followed into itself. */
const following = new Set<TSESTree.FunctionLike>();

function urlReason(reason: Extract<RouteMatch['edit'], { ok: false }>['reason']): Reason['code'] {
  switch (reason) {
    case 'url-built-by-function':
      return ReasonCode.urlBuiltByFunction;
    case 'url-prefix-in-base':
      return ReasonCode.urlPrefixInBase;
    case 'route-without-v3':
      return ReasonCode.routeWithoutV3;
    case 'url-not-editable':
      return ReasonCode.urlNotEditable;
  }
}

const routeShapes = new WeakMap<SourceContext['options'], RouteShape[]>();

/** The route shapes of the options, made once per options object rather than once per call. */
function routesOf(ctx: SourceContext): RouteShape[] {
  let shapes = routeShapes.get(ctx.options);
  if (shapes === undefined) {
    const extra = ctx.options.routes
      .map((route) => routeShape(route.path, route.v3Path))
      .filter((shape): shape is RouteShape => shape !== undefined);
    shapes = [DEFAULT_ROUTE, ...extra];
    routeShapes.set(ctx.options, shapes);
  }
  return shapes;
}

function isFunctionBinding(arg: TSESTree.Node, ctx: SourceContext): boolean {
  if (arg.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(arg), arg.name);
  return variable?.defs.some((def) => def.type === 'FunctionName') ?? false;
}

/**
 * The `{id}` as planner facts, and the ways the renderer may name the app code in the new body, outermost first: the
 * names that lead to a static value (a const, a parameter and the caller's argument bound to it) and then the value.
 */
function appIdOf(id: IdPieces): { facts: AppIdFacts; sources: AppCodeSource[] } {
  switch (id.kind) {
    case 'composite':
      return { facts: { kind: 'composite' }, sources: [] };
    case 'text': {
      let value: string;
      try {
        value = decodeURIComponent(id.value);
      } catch {
        return { facts: { kind: 'composite' }, sources: [] };
      }
      const literal: AppCodeSource = { kind: 'literal', value };
      if (id.names !== undefined && id.value === value) {
        return { facts: { kind: 'static', value }, sources: [...id.names.map(namedSource), literal] };
      }
      return { facts: { kind: 'static', value }, sources: [literal] };
    }
    case 'expr': {
      const expr = unwrapTS(id.node);
      if (expr.type === 'CallExpression' && calleePath(expr.callee) === 'encodeURIComponent' &&
        findVariable(id.ctx.getScope(expr), 'encodeURIComponent') === undefined && expr.arguments.length === 1) {
        const inner = expr.arguments[0]!;
        return {
          facts: { kind: 'expression', pure: isNameOrMemberChain(unwrapTS(inner)) && isPure(inner), encoded: true },
          sources: boundChain(inner, id.ctx),
        };
      }
      // Only a name or a member chain is the code as it stands; `+code`, `a ?? b`, `f()` compute it. A name that holds
      // an encoded code (`const c = encodeURIComponent(name)`, or a caller passing one) is not the code either.
      const movable = isNameOrMemberChain(expr) && isPure(expr) && !encodedThroughNames(expr, id.ctx);
      return { facts: { kind: 'expression', pure: movable, encoded: false }, sources: boundChain(id.node, id.ctx) };
    }
  }
}

/**
 * An expression, then, while it is a parameter bound to a caller's argument that is a plain name or member chain, that
 * argument: the caller may have to name the app code where the function's parameter means nothing.
 */
function boundChain(node: TSESTree.Node, ctx: SourceContext): AppCodeSource[] {
  const chain: AppCodeSource[] = [{ kind: 'expression', node, ctx }];
  for (let current = unwrapTS(node), at = ctx; current.type === 'Identifier' && chain.length <= MAX_FOLLOW_DEPTH;) {
    const name = valueOfName(current, at);
    if (name.kind !== 'argument') break;
    const arg = unwrapTS(name.value.node);
    // A caller that passes the code as a string: the new body names it as a string.
    if (arg.type === 'Literal' && typeof arg.value === 'string') {
      chain.push({ kind: 'literal', value: arg.value });
      break;
    }
    if (!isNameOrMemberChain(arg) || !isPure(arg)) break;
    chain.push({ kind: 'expression', node: name.value.node, ctx: name.value.ctx });
    current = arg;
    at = name.value.ctx;
  }
  return chain;
}

/** URL encoders: what they return is the code as the path carries it, not the code itself. */
const ENCODERS: ReadonlySet<string> = new Set(['encodeURIComponent', 'encodeURI', 'escape']);

/** Whether a name leads, through consts and callers' arguments, to an encoder's result. */
function encodedThroughNames(node: TSESTree.Node, ctx: SourceContext): boolean {
  let current = unwrapTS(node);
  let at = ctx;
  for (let depth = 0; depth <= MAX_FOLLOW_DEPTH * 2; depth++) {
    if (current.type === 'CallExpression') {
      const path = calleePath(current.callee);
      return path !== undefined && ENCODERS.has(path) && findVariable(at.getScope(current), path) === undefined;
    }
    if (current.type !== 'Identifier') return false;
    const name = valueOfName(current, at);
    if (name.kind !== 'const' && name.kind !== 'argument') return false;
    current = unwrapTS(name.value.node);
    at = name.value.ctx;
  }
  return true;
}

function namedSource(name: Bound): AppCodeSource {
  return { kind: 'expression', node: name.node, ctx: name.ctx };
}

/**
 * The app code moves from the URL into the body. Where both sit in the call's own arguments it is evaluated in the
 * same call as before. Where either sits in a const declared elsewhere (the body object, or the URL), the value is
 * read at another place and another time, so only a name that means the same there and is never reassigned moves.
 */
function appCodeCanMove(source: AppCodeSource, body: BodyObject, call: TSESTree.CallExpression): boolean {
  if (source.kind === 'literal') return true;
  // The body is written in another file (or function) than the name: the name means nothing there.
  if (source.ctx.text !== body.ctx.text || source.ctx.bindings !== body.ctx.bindings) return false;
  const ctx = source.ctx;
  const bodyAtCall = body.via.length === 0;
  const codeAtCall = source.node.range[0] >= call.range[0] && source.node.range[1] <= call.range[1];
  const callOwnsBoth = bodyAtCall && codeAtCall && body.object.range[0] >= call.range[0] && body.object.range[1] <= call.range[1];
  if (callOwnsBoth) return true;
  const expr = unwrapTS(source.node);
  if (expr.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  if (variable !== findVariable(ctx.getScope(body.object), expr.name)) return false;
  if (variable === undefined) return true; // a global the program does not declare
  if (!isNeverReassigned(variable)) return false;
  const def = variable.defs[0];
  if (def === undefined || def.type === 'ImportBinding' || def.type === 'Parameter') return true;
  return def.name.range[1] <= body.object.range[0];
}

function isNameOrMemberChain(node: TSESTree.Node): boolean {
  if (node.type === 'Identifier' || node.type === 'ThisExpression') return true;
  if (node.type === 'CallExpression') return false;
  return node.type === 'MemberExpression' && isNameOrMemberChain(unwrapTS(node.object));
}

function hasCommentInside(...spans: ({ range: readonly [number, number]; ctx: SourceContext } | undefined)[]): boolean {
  return spans.some((span) => span !== undefined &&
    span.ctx.comments.some((comment) => comment.range[0] >= span.range[0] && comment.range[1] <= span.range[1]));
}

function sdkCall(call: TSESTree.CallExpression, layout: CallLayout & { ctx: SourceContext }): AssignCall {
  const appCodeArg = layout.appCodeArg!;
  const value = unwrapTS(appCodeArg);
  const appId: AppIdFacts =
    value.type === 'Literal' && (typeof value.value === 'string' || typeof value.value === 'number')
      ? { kind: 'static', value: String(value.value) }
      : { kind: 'expression', pure: isPure(value), encoded: false };
  return {
    node: call,
    ctx: layout.ctx,
    client: 'configured',
    facts: { appId, body: layout.body.facts, obstacles: [{ code: ReasonCode.clientSdk }] },
    via: [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Layouts: where each client keeps URL, method and body.

/** A call of a configured client, of a client library or of an instance made from one. */
function clientLayoutOf(call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | undefined {
  const configured = configuredClient(call, ctx.options.clients);
  if (configured !== undefined) return configuredLayout(call, configured, ctx);

  const callee = unwrapTS(call.callee);
  // A call of a client value: fetch(url, init), axios(config), got(url, options), an instance.
  const direct = resolveClient(callee, ctx);
  if (direct !== undefined) return withDefaults(callLayout(call, direct, ctx), direct, ctx);
  // A method of a client: axios.post, got.post, superagent.post, api.request, axios['put'].
  if (callee.type === 'MemberExpression') {
    const owner = resolveClient(callee.object, ctx);
    const name = memberName(callee);
    if (owner !== undefined && name !== null) return withDefaults(methodLayout(call, owner, name, ctx), owner, ctx);
    // axios[method](...): which method is not known here.
    if (owner !== undefined) return dynamicMethodLayout(call, owner.library);
  }
  return undefined;
}

/** A callee that is no known client and no function the analysis follows: jQuery, or read by the shape of its arguments. */
function otherLayoutOf(call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | undefined {
  const callee = unwrapTS(call.callee);
  if (callee.type === 'Super' || isNeverAClient(callee) || isTestOrMock(callee, ctx)) return undefined;
  if (callee.type === 'MemberExpression' && isJQuery(callee, ctx)) return jqueryLayout(call, callee, ctx);
  return shapeLayout(call, ctx);
}

/**
 * `axios.post<R, AxiosResponse<R>, LegacyBody>(...)`: axios's third type argument is the body's type, and a wrapper's
 * may be too. fetch, got, ky and ofetch take only the response's type.
 */
function typeArgumentsMayDescribeBody(call: TSESTree.CallExpression, client: ClientKind): boolean {
  const count = call.typeArguments?.params.length ?? 0;
  if (count === 0) return false;
  if (client === 'axios') return count >= 3;
  return client === 'unresolved' || client === 'configured';
}

/** Clients whose calls take a response callback: jQuery, the request library. */
function takesCallback(call: TSESTree.CallExpression, ctx: SourceContext): boolean {
  const callee = unwrapTS(call.callee);
  if (isJQuery(callee, ctx)) return true;
  const root = callee.type === 'MemberExpression' ? unwrapTS(callee.object) : callee;
  if (root.type !== 'Identifier') return false;
  const module = moduleOf(root, ctx);
  return module !== undefined && REQUEST_MODULES.has(module);
}

/** `$.post`, `jQuery.ajax`: the global jQuery, or one imported from 'jquery'. */
function isJQuery(callee: TSESTree.Node, ctx: SourceContext): boolean {
  if (callee.type !== 'MemberExpression') return false;
  const root = unwrapTS(callee.object);
  if (root.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(root), root.name);
  if (variable === undefined) return root.name === '$' || root.name === 'jQuery';
  return moduleOf(root, ctx) === 'jquery';
}

/**
 * jQuery sends an object body form-encoded (`settings[assignment_mode]=...`), never as JSON: a POST is found and left
 * to a person. `$.ajax` sends GET unless `type` or `method` says otherwise.
 */
function jqueryLayout(call: TSESTree.CallExpression, callee: TSESTree.MemberExpression, ctx: SourceContext): CallLayout | undefined {
  const name = memberName(callee);
  const [first, second] = call.arguments;
  if (first === undefined || first.type === 'SpreadElement') return undefined;
  const form = unreadable(ReasonCode.bodyFormEncoded);
  if (name === 'post') return { client: 'unresolved', url: first, method: 'post', body: form };
  if (name !== 'ajax') return undefined;
  // $.ajax(url, settings) or $.ajax(settings)
  const settingsNode = second ?? first;
  const settings = optionsOf(settingsNode, ctx);
  if (typeof settings === 'string') return { client: 'unresolved', url: second === undefined ? undefined : first, method: 'dynamic', body: form };
  const url = second === undefined ? propertyOf(settings.object, 'url')?.value : first;
  const typeKey = propertyOf(settings.object, 'type') ?? propertyOf(settings.object, 'method');
  const type = typeKey === undefined ? 'GET' : staticString(typeKey.value, ctx);
  const method: Method = type === undefined ? 'dynamic' : type.toUpperCase() === 'POST' ? 'post' : type.toUpperCase() === 'GET' ? 'default' : 'other';
  return { client: 'unresolved', url, method, body: form };
}

/** A member's name: `a.b` and `a['b']` give 'b'; `a[m]` gives null (not known here). */
function memberName(member: TSESTree.MemberExpression): string | null {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  const property = unwrapTS(member.property);
  if (property.type === 'Literal' && typeof property.value === 'string') return property.value;
  if (property.type === 'TemplateLiteral' && property.expressions.length === 0) return property.quasis[0]?.value.cooked ?? null;
  return null;
}

function dynamicMethodLayout(call: TSESTree.CallExpression, client: ClientKind): CallLayout | undefined {
  const [url] = call.arguments;
  if (url === undefined || url.type === 'SpreadElement') return undefined;
  return { client, url, method: 'dynamic', body: unreadable(ReasonCode.bodyDynamic) };
}

/** Modules whose calls describe requests (mocks, assertions, test servers) rather than make them. */
const TEST_AND_MOCK_MODULES = new Set([
  'nock', 'msw', 'axios-mock-adapter', 'fetch-mock', 'jest-fetch-mock', 'supertest', 'sinon', 'vitest', '@jest/globals', 'chai',
]);
const TEST_GLOBALS = new Set(['expect', 'jest', 'vi', 'cy', 'sinon', 'nock', 'assert', 'should']);

/** `expect(fetch).toHaveBeenCalledWith(...)`, `nock(host).post(...)`, `mock.onPost(...)`: never the call itself. */
function isTestOrMock(callee: TSESTree.Node, ctx: SourceContext): boolean {
  let node = unwrapTS(callee);
  while (node.type === 'MemberExpression' || node.type === 'CallExpression') {
    node = unwrapTS(node.type === 'MemberExpression' ? node.object : node.callee);
  }
  if (node.type !== 'Identifier') return false;
  if (findVariable(ctx.getScope(node), node.name) === undefined) return TEST_GLOBALS.has(node.name);
  return TEST_AND_MOCK_MODULES.has(moduleOf(node, ctx) ?? '');
}

function configuredClient(call: TSESTree.CallExpression, clients: readonly ClientConfig[]): ClientConfig | undefined {
  if (clients.length === 0) return undefined;
  const path = calleePath(call.callee);
  return path === undefined ? undefined : clients.find((client) => client.callee === path);
}

function configuredLayout(call: TSESTree.CallExpression, client: ClientConfig, ctx: SourceContext): CallLayout {
  const arg = (index: number | undefined): TSESTree.Node | undefined => {
    const node = index === undefined ? undefined : call.arguments[index];
    return node?.type === 'SpreadElement' ? undefined : node;
  };
  const body = readBody(arg(client.body), ctx, JSON_OBJECT);
  const appCodeArg = arg(client.appCode);
  return {
    client: 'configured',
    url: arg(client.url),
    method: 'post',
    body,
    ...(appCodeArg === undefined ? {} : { appCodeArg }),
  };
}

/** Options that hold the method and the body: resolved through consts, or unknown (a parameter, a call). */
function optionsOf(node: TSESTree.Node | undefined, ctx: SourceContext): ObjectRef | 'absent' | 'unknown' {
  if (node === undefined || node.type === 'SpreadElement') return node === undefined ? 'absent' : 'unknown';
  const ref = objectOf(node, ctx);
  // A spread may set the method, the body, headers or query parameters; a key set twice sends the last one.
  if (ref === undefined || !isPlainObject(ref.object)) return 'unknown';
  return ref;
}

function isPlainObject(object: TSESTree.ObjectExpression): boolean {
  const keys = new Set<string>();
  for (const property of object.properties) {
    if (property.type === 'SpreadElement') return false;
    const key = staticKey(property);
    if (key === undefined || keys.has(key)) return false;
    keys.add(key);
  }
  return true;
}

/**
 * What the options say about the request besides URL, method and body: query parameters (the deprecated keys may
 * travel there), a form content type or a request transform (the object body is not sent as JSON).
 */
function optionsObstacles(options: ObjectRef | 'absent' | 'unknown', ctx: SourceContext, serializesObjects: boolean): {
  obstacles: Reason[];
  bodyReason?: typeof ReasonCode.bodyFormEncoded | typeof ReasonCode.bodyDynamic;
} {
  if (typeof options === 'string') return { obstacles: [] };
  const obstacles: Reason[] = [];
  if (QUERY_OPTION_KEYS.some((key) => propertyOf(options.object, key) !== undefined)) {
    obstacles.push({ code: ReasonCode.urlNotEditable });
  }
  let bodyReason: typeof ReasonCode.bodyFormEncoded | typeof ReasonCode.bodyDynamic | undefined;
  if (serializesObjects) {
    if (propertyOf(options.object, 'transformRequest') !== undefined) bodyReason = ReasonCode.bodyDynamic;
    const headers = propertyOf(options.object, 'headers');
    const headerObject = headers === undefined ? undefined : objectOf(headers.value, options.ctx)?.object;
    // axios also takes headers per method: `headers: { post: { 'Content-Type': ... }, common: { ... } }`.
    const perMethod = ['common', 'post'].map((key) => {
      const nested = headerObject === undefined ? undefined : propertyOf(headerObject, key);
      return nested === undefined ? undefined : objectOf(nested.value, options.ctx)?.object;
    });
    for (const object of [headerObject, ...perMethod]) {
      for (const header of object?.properties ?? []) {
        if (header.type !== 'Property' || !/^content-type$/i.test(staticKey(header) ?? '')) continue;
        const type = contentTypeOf(header.value, options.ctx);
        if (type === 'form') bodyReason = ReasonCode.bodyFormEncoded;
        else if (type === 'unknown' && bodyReason === undefined) bodyReason = ReasonCode.bodyDynamic;
      }
    }
  }
  return bodyReason === undefined ? { obstacles } : { obstacles, bodyReason };
}

/** Setup that changes how every axios call is sent: defaults (headers, transforms) or a request interceptor. */
export const AXIOS_GLOBAL_SETUP = /\.defaults\s*\.\s*(?:headers|transformRequest)\b|\.defaults\s*=|\.interceptors\s*\.\s*request\s*\.\s*use\b/;

/** Option keys that put keys in the query string, where the deprecated flags may travel too. */
const QUERY_OPTION_KEYS = ['params', 'searchParams', 'query', 'qs'];

/** A string the program spells out: a literal, a template without expressions, or a name (`valueOfName`) holding one. */
export function staticString(node: TSESTree.Node | undefined, ctx: SourceContext, depth = 0): string | undefined {
  if (node === undefined || depth > 8) return undefined;
  const expr = unwrapTS(node);
  if (expr.type === 'Literal') return typeof expr.value === 'string' ? expr.value : undefined;
  if (expr.type === 'TemplateLiteral' && expr.expressions.length === 0) return expr.quasis[0]?.value.cooked ?? undefined;
  if (expr.type === 'Identifier') {
    const name = valueOfName(expr, ctx);
    return name.kind === 'const' || name.kind === 'argument' || name.kind === 'imported'
      ? staticString(name.value.node, name.value.ctx, depth + 1)
      : undefined;
  }
  return undefined;
}

/** What a content type says of an object body: sent as a form, something else, or not known here. */
function contentTypeOf(node: TSESTree.Node | undefined, ctx: SourceContext): 'form' | 'other' | 'unknown' {
  const value = staticString(node, ctx);
  if (value === undefined) return 'unknown';
  return /form|urlencoded|multipart/i.test(value) ? 'form' : 'other';
}

/** Applies what the options say to a layout: extra obstacles, and a body that is not sent as JSON. */
function withOptions(layout: CallLayout, options: ObjectRef | 'absent' | 'unknown', ctx: SourceContext, serializesObjects: boolean): CallLayout {
  const { obstacles, bodyReason } = optionsObstacles(options, ctx, serializesObjects);
  return {
    ...layout,
    ...(obstacles.length > 0 ? { obstacles: [...(layout.obstacles ?? []), ...obstacles] } : {}),
    ...(bodyReason === undefined || layout.body.kind !== 'object' ? {} : { body: unreadable(bodyReason) }),
  };
}

/**
 * Applies what an instance was made with (`axios.create({ method: 'post', headers })`): its method where the call
 * names none (the innermost instance that sets one wins; options that cannot be read make it unknown), and its
 * query parameters, form content type or request transform, as the call's own options would.
 */
function withDefaults(layout: CallLayout | undefined, client: ClientRef, ctx: SourceContext): CallLayout | undefined {
  // `axios.defaults.headers.post[...] = ...`, `api.interceptors.request.use(...)` anywhere in the file may change how
  // every axios call sends its body.
  if (layout !== undefined && client.library === 'axios' && layout.body.kind === 'object' &&
    (AXIOS_GLOBAL_SETUP.test(ctx.text) || ctx.project?.anyFileMatches?.(AXIOS_GLOBAL_SETUP) === true)) {
    layout = { ...layout, body: unreadable(ReasonCode.bodyDynamic) };
  }
  if (layout === undefined || client.defaults === undefined) return layout;
  let method = layout.method;
  if (method === 'default') {
    for (const options of [...client.defaults].reverse()) {
      if (options === 'unknown') method = 'dynamic';
      else if (propertyOf(options.object, 'method') !== undefined || !isPlainObject(options.object)) method = methodOf(options);
      else continue;
      break;
    }
  }
  const serializesObjects = client.library === 'axios' || client.library === 'ofetch';
  return client.defaults.reduce<CallLayout>((result, options) => withOptions(result, options, ctx, serializesObjects), { ...layout, method });
}

/** Reads `options[key]` as the body; an options object shared with other code cannot be rewritten for this call. */
function bodyIn(options: ObjectRef, key: string, ctx: SourceContext, encoding: BodyEncoding): BodyRead {
  const property = propertyOf(options.object, key);
  if (property === undefined) return readBody(undefined, options.ctx, encoding);
  if (isShared(options)) return unreadable(ReasonCode.bodyMutated);
  return readBody(property.value, options.ctx, encoding, options.via);
}

function methodIn(options: ObjectRef | 'absent' | 'unknown'): Method {
  if (options === 'absent') return 'default';
  if (options === 'unknown') return 'dynamic';
  return methodOf(options);
}

/** `fetch(url, init)`, `axios(config)`, `axios(url, config)`, `got(url, options)`, `ky(url, options)`, `ofetch(url, options)`. */
function callLayout(call: TSESTree.CallExpression, client: ClientRef, ctx: SourceContext): CallLayout | undefined {
  const [first, second] = call.arguments;
  if (first === undefined || first.type === 'SpreadElement') return undefined;
  switch (client.library) {
    case 'fetch':
      return optionsLayout(client, first, second, ctx, 'body', STRING_ONLY);
    case 'ofetch':
      return optionsLayout(client, first, second, ctx, 'body', JSON_OBJECT);
    case 'got':
    case 'ky':
      return optionsLayout(client, first, second, ctx, 'json', JSON_OBJECT);
    case 'axios': {
      const config = second === undefined ? objectOf(first, ctx) : undefined;
      if (config !== undefined) {
        // axios({ method, url, data, baseURL }); with a spread or a repeated key, only the URL can be read.
        const plain = isPlainObject(config.object);
        const layout: CallLayout = {
          client: 'axios',
          url: propertyOf(config.object, 'url')?.value,
          urlShared: isShared(config),
          ...baseOf(client, config, 'baseURL'),
          method: plain ? methodOf(config) : 'dynamic',
          body: plain ? bodyIn(config, 'data', ctx, JSON_OBJECT) : unreadable(ReasonCode.bodyDynamic),
        };
        return withOptions(layout, plain ? config : 'unknown', ctx, true);
      }
      return optionsLayout(client, first, second, ctx, 'data', JSON_OBJECT);
    }
    case 'superagent': {
      // superagent('POST', url)
      const method = unwrapTS(first);
      if (method.type !== 'Literal' || typeof method.value !== 'string' || second === undefined ||
        second.type === 'SpreadElement') {
        return undefined;
      }
      return chainLayout(call, second, method.value.toLowerCase() === 'post' ? 'post' : 'other', ctx);
    }
  }
}

/** `fetch`-like calls: a URL, then an options object with `method` and the body under `bodyKey`. */
function optionsLayout(
  client: ClientRef,
  url: TSESTree.Node,
  optionsNode: TSESTree.Node | undefined,
  ctx: SourceContext,
  bodyKey: 'body' | 'json' | 'data',
  encoding: BodyEncoding,
  method?: Method,
): CallLayout {
  const options = optionsOf(optionsNode, ctx);
  const baseKey = client.library === 'got' || client.library === 'ky' ? 'prefixUrl' : 'baseURL';
  const layout: CallLayout = {
    client: client.library,
    url,
    ...baseOf(client, typeof options === 'string' ? undefined : options, baseKey),
    method: method ?? methodIn(options),
    body: bodyOf(options, ctx, bodyKey, encoding),
  };
  // fetch, got and ky send the JSON they are given whatever the headers say; axios and ofetch serialize objects.
  return withOptions(layout, options, ctx, client.library === 'axios' || client.library === 'ofetch');
}

function bodyOf(
  options: ObjectRef | 'absent' | 'unknown',
  ctx: SourceContext,
  bodyKey: 'body' | 'json' | 'data',
  encoding: BodyEncoding,
): BodyRead {
  if (options === 'absent') return readBody(undefined, ctx, encoding);
  if (options === 'unknown') return unreadable(ReasonCode.bodyDynamic);
  // got's `form:` option.
  if (propertyOf(options.object, 'form') !== undefined) return unreadable(ReasonCode.bodyFormEncoded);
  if (bodyKey === 'json') {
    if (propertyOf(options.object, 'json') !== undefined) return bodyIn(options, 'json', ctx, JSON_OBJECT);
    return bodyIn(options, 'body', ctx, STRING_ONLY);
  }
  return bodyIn(options, bodyKey, ctx, encoding);
}

function baseOf(client: ClientRef, options: ObjectRef | undefined, key: string): { base?: Bound } {
  const local = options === undefined ? undefined : propertyOf(options.object, key)?.value;
  const base = local === undefined ? client.base : { node: local, ctx: options!.ctx };
  return base === undefined ? {} : { base };
}

function methodOf(options: ObjectRef): Method {
  const property = propertyOf(options.object, 'method');
  if (property === undefined) return isPlainObject(options.object) ? 'default' : 'dynamic';
  let value = unwrapTS(property.value);
  // A parameter of a followed function holds what its caller passed (`request('POST', path, body)`).
  let ctx = options.ctx;
  for (let name = value.type === 'Identifier' ? valueOfName(value, ctx) : undefined; name?.kind === 'argument';) {
    value = unwrapTS(name.value.node);
    ctx = name.value.ctx;
    name = value.type === 'Identifier' ? valueOfName(value, ctx) : undefined;
  }
  const text =
    value.type === 'Literal' && typeof value.value === 'string'
      ? value.value
      : value.type === 'TemplateLiteral' && value.expressions.length === 0
        ? value.quasis[0]?.value.cooked
        : undefined;
  if (text == null) return 'dynamic';
  return text.toUpperCase() === DEPRECATED_ASSIGN.method ? 'post' : 'other';
}

/** `axios.post(url, data)`, `got.post(url, { json })`, `ky.post`, `superagent.post(url)...`, `api.request(config)`. */
function methodLayout(
  call: TSESTree.CallExpression,
  client: ClientRef,
  name: string,
  ctx: SourceContext,
): CallLayout | undefined {
  const [first, second, third] = call.arguments;
  if (first === undefined || first.type === 'SpreadElement') return undefined;
  const verb = name.toLowerCase();
  switch (client.library) {
    case 'axios': {
      if (verb === 'request') return callLayout(call, client, ctx);
      // postForm, putForm, patchForm: the object is sent as a form.
      const form = verb.endsWith('form');
      const base = form ? verb.slice(0, -'form'.length) : verb;
      if (!HTTP_VERBS.has(base)) return undefined;
      const config = optionsOf(third, ctx);
      let body: BodyRead;
      if (second === undefined) body = readBody(undefined, ctx, JSON_OBJECT);
      else if (second.type === 'SpreadElement') body = unreadable(ReasonCode.bodyDynamic);
      else body = readBody(second, ctx, JSON_OBJECT);
      if (form && body.kind === 'object') body = unreadable(ReasonCode.bodyFormEncoded);
      const layout: CallLayout = {
        client: 'axios',
        url: first,
        ...baseOf(client, typeof config === 'string' ? undefined : config, 'baseURL'),
        method: base === 'post' ? (config === 'unknown' ? 'dynamic' : 'post') : 'other',
        body,
      };
      return withOptions(layout, config, ctx, true);
    }
    case 'got':
    case 'ky':
    case 'ofetch': {
      const bodyKey = client.library === 'ofetch' ? 'body' : 'json';
      if (client.library === 'ofetch' && verb === 'raw') return optionsLayout(client, first, second, ctx, bodyKey, JSON_OBJECT);
      if (!HTTP_VERBS.has(verb)) return undefined;
      return optionsLayout(client, first, second, ctx, bodyKey, JSON_OBJECT, verb === 'post' ? 'post' : 'other');
    }
    case 'superagent':
      if (!HTTP_VERBS.has(verb)) return undefined;
      return chainLayout(call, first, verb === 'post' ? 'post' : 'other', ctx);
    case 'fetch':
      return undefined;
  }
}

/** superagent: the body comes from `.send(body)` further along the chain; `.type('form')` makes it a form. */
function chainLayout(call: TSESTree.CallExpression, url: TSESTree.Node, method: Method, ctx: SourceContext): CallLayout {
  const sends: TSESTree.Node[] = [];
  let form = false;
  let query = false;
  let unknownType = false;
  // .type() takes a type or a short name ('form', 'json'); a value not known here may be either.
  const mark = (type: 'form' | 'other' | 'unknown') => {
    if (type === 'form') form = true;
    if (type === 'unknown') unknownType = true;
  };
  for (const { name, args: [arg, value] } of chainedCalls(call)) {
    if (name === 'send' && arg !== undefined) sends.push(arg);
    if (name === 'query') query = true;
    // .serialize(fn) decides how the object is sent.
    if (name === 'serialize') unknownType = true;
    if (name === 'type') mark(contentTypeOf(arg, ctx));
    // .set('Content-Type', 'application/x-www-form-urlencoded') or .set({ 'Content-Type': ... })
    if (name === 'set' && arg?.type !== 'ObjectExpression' && /^content-type$/i.test(staticString(arg, ctx) ?? '')) {
      mark(contentTypeOf(value, ctx));
    }
    if (name === 'set' && arg?.type === 'ObjectExpression') {
      for (const header of arg.properties) {
        if (header.type === 'Property' && /^content-type$/i.test(staticKey(header) ?? '')) mark(contentTypeOf(header.value, ctx));
      }
    }
  }
  let body: BodyRead;
  if (form) body = unreadable(ReasonCode.bodyFormEncoded);
  else if (unknownType && sends.length > 0) body = unreadable(ReasonCode.bodyDynamic);
  // Several .send() calls merge their objects: not one literal to rewrite.
  else if (sends.length > 1) body = unreadable(ReasonCode.bodyDynamic);
  else body = readBody(sends[0], ctx, JSON_OBJECT);
  // .query() sends keys in the URL, where deprecated flags may travel too.
  return { client: 'superagent', url, method, body, ...(query ? { obstacles: [{ code: ReasonCode.urlNotEditable }] } : {}) };
}

/**
 * A callee the file cannot resolve (an instance imported from the application's own module, a wrapper): read by
 * the shape of its arguments. When the shape says nothing, the call is still found, without a plan.
 */
function shapeLayout(call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | undefined {
  const layout = shapeLayoutOf(call, ctx);
  const callee = unwrapTS(call.callee);
  if (layout === undefined || layout.body.kind !== 'object' || callee.type !== 'Identifier') return layout;
  if (!localParameterDescribesBody(callee, 1, ctx)) return layout;
  return { ...layout, obstacles: [...(layout.obstacles ?? []), { code: ReasonCode.bodyTyped }] };
}

function shapeLayoutOf(call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | undefined {
  const callee = unwrapTS(call.callee);
  const member = callee.type === 'MemberExpression' ? memberName(callee) : undefined;
  const name = member?.toLowerCase();
  // postForm sends a form; putForm, patchForm and the other verbs are not POST.
  const verb = name?.endsWith('form') === true ? name.slice(0, -'form'.length) : name;
  if (verb !== undefined && HTTP_VERBS.has(verb) && verb !== 'post') return undefined;
  // A name that says another verb (`put`, `httpPut`, `del`, `api.putJson`) does not send POST.
  const words = verbsIn(callee.type === 'Identifier' ? callee.name : member ?? '');
  if (words.some((word) => word !== 'post')) return undefined;
  if (call.arguments.length === 0 || call.arguments.some((a) => a.type === 'SpreadElement')) return undefined;
  const [url, second, third] = call.arguments as TSESTree.Expression[];
  // The request library sends GET unless told otherwise.
  const fromRequest = callee.type === 'Identifier' && REQUEST_MODULES.has(moduleOf(callee, ctx) ?? '');
  const named: Method = member === null ? 'dynamic' : fromRequest ? 'default' : 'post';
  const unknown: CallLayout = {
    client: 'unresolved',
    url,
    method: named,
    body: { kind: 'unknown', facts: { kind: 'unknown' } },
    obstacles: [{ code: ReasonCode.clientUnknown }],
  };
  const options = optionsOf(second, ctx);
  if (typeof options === 'string') return unknown;
  const method = propertyOf(options.object, 'method') === undefined ? named : methodOf(options);
  const asForm = (layout: CallLayout): CallLayout =>
    verb !== name && layout.body.kind === 'object' ? { ...layout, body: unreadable(ReasonCode.bodyFormEncoded) } : layout;
  for (const key of ['json', 'data', 'body'] as const) {
    if (propertyOf(options.object, key) !== undefined) {
      return asForm(withOptions({ client: 'unresolved', url, method, body: bodyIn(options, key, ctx, JSON_OBJECT) }, options, ctx, true));
    }
  }
  // The object itself is the body when it holds a deprecated key (axios-like `api.post(url, data, config)`).
  const holdsDeprecatedKey = options.object.properties.some(
    (p) => p.type === 'Property' && DEPRECATED_KEY_NAMES.has(staticKey(p) ?? ''),
  );
  if (holdsDeprecatedKey) {
    const layout: CallLayout = { client: 'unresolved', url, method, body: readBody(second, ctx, JSON_OBJECT) };
    return asForm(withOptions(layout, optionsOf(third, ctx), ctx, true));
  }
  return { ...unknown, method };
}

const DEPRECATED_KEY_NAMES: ReadonlySet<string> = new Set(DEPRECATED_KEYS);

/**
 * Whether a function declared in this file takes, at `index`, a parameter whose declared type names a deprecated key,
 * directly or through an interface or type alias declared here: `function post(url: string, data: LegacyBody)`.
 */
function localParameterDescribesBody(callee: TSESTree.Identifier, index: number, ctx: SourceContext): boolean {
  const variable = findVariable(ctx.getScope(callee), callee.name);
  const def = variable?.defs[0]?.node as TSESTree.Node | undefined;
  const fn = def?.type === 'FunctionDeclaration' ? def
    : def?.type === 'VariableDeclarator' && def.init !== null && isFunction(def.init) ? def.init as TSESTree.FunctionLike
    : undefined;
  const param = fn?.params[index];
  const annotation = param === undefined ? undefined : 'typeAnnotation' in param ? param.typeAnnotation : undefined;
  return annotation != null && typeDescribesBody(annotation, ctx, 0);
}

function typeDescribesBody(node: TSESTree.Node, ctx: SourceContext, depth: number): boolean {
  const text = ctx.text.slice(node.range[0], node.range[1]);
  if (DEPRECATED_KEYS.some((key) => text.includes(key))) return true;
  if (depth > 4) return false;
  for (const name of new Set(text.match(/\b[A-Za-z_$][\w$]*\b/g) ?? [])) {
    const declared = findVariable(ctx.getScope(node), name)?.defs[0]?.node as TSESTree.Node | undefined;
    if (declared?.type === 'TSInterfaceDeclaration' && typeDescribesBody(declared.body, ctx, depth + 1)) return true;
    if (declared?.type === 'TSTypeAliasDeclaration' && typeDescribesBody(declared.typeAnnotation, ctx, depth + 1)) return true;
  }
  return false;
}

/** The HTTP verbs among the words of a name: `httpPut` gives put, `postJson` post, `assignApp` none. */
function verbsIn(name: string): string[] {
  const words = name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).map((word) => word.toLowerCase());
  return words.filter((word) => NAME_VERBS.has(word));
}

/** Verbs a word of a name can stand for; `head` and `options` are too often other words (`withOptions`). */
const NAME_VERBS: ReadonlySet<string> = new Set(['get', 'post', 'put', 'patch', 'delete', 'del']);

/** The request library and its wrappers: GET by default, the method in `method`. */
const REQUEST_MODULES: ReadonlySet<string> = new Set(['request', 'request-promise', 'request-promise-native', 'postman-request']);

/** The module an identifier was imported or required from. */
function moduleOf(id: TSESTree.Identifier, ctx: SourceContext): string | undefined {
  const variable = findVariable(ctx.getScope(id), id.name);
  if (variable === undefined) return undefined;
  const imported = importOf(variable);
  if (imported !== undefined) return imported.source;
  const init = constInitOf(variable);
  return init?.type === 'CallExpression' ? requiredModule(init) : undefined;
}

export type { RouteMatch };
