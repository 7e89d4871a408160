/**
 * The call-site recognizer: is this call the deprecated `POST /platform/v1/apps/{id}/assign`, and what is known
 * about it statically. The route shape marks a call; the client decides where its URL, method and body are.
 *
 * It returns the facts the planner needs (pure data) and the syntax the renderer needs to rewrite the call.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { type BodyObject, unreadableAs } from './body.js';
import { CLIENTS, type ClientKind, isNeverAClient, isTestOrMock, libraryLayoutOf, type CallLayout, memberWrite, thisField } from './clients/index.js';
import { configuredLayoutOf } from './clients/configured.js';
import { isJQuery, jqueryLayout } from './clients/jquery.js';
import { fillPathParams, looksLikeOpenapiFetch, openapiLayout } from './clients/openapi-fetch.js';
import { isRequestLibrary } from './clients/request.js';
import { rtkQueryLayout } from './clients/rtk-query.js';
import { triggeredEndpoint } from './clients/rtk-endpoints.js';
import { shapeLayout, typeDescribesBody } from './clients/shape.js';
import type { Bound, SourceContext } from '../facts/context.js';
import { calledFunction, contextForCall, inheritedMethod, MAX_FOLLOW_DEPTH, ownCalls, readsArguments, staticMemberName, valueOfName } from './follow.js';
import { isNotARequest } from './not-a-request.js';
import { retypeBody, retypeParameter, type SharedType, type TypeEdit } from './typed-body.js';
import type { AppIdFacts, CallFacts } from '../plan/plan.js';
import { type Reason, ReasonCode } from '../facts/reasons.js';
import { findVariable, importOf, isExported, isNeverReassigned, usesOf, type VariableLike } from '../facts/scope.js';
import { calleePath, isFunction, isPure, someNode, staticKey, unwrapTS } from '../facts/syntax.js';
import { lineAt } from '../facts/text-facts.js';
import { enclosingClass } from './clients/this-member.js';
import { DEPRECATED_ASSIGN, V3_ASSIGN, V3Key } from '../facts/contract.js';
import { DEFAULT_ROUTE, type IdPieces, joinBase, matchRoute, matchRouteSpelledOtherwise, readUrl, type RouteMatch, routeShape, type RouteShape, type UrlEdit, type UrlPiece } from './url.js';
import { unreadBuilderObstacles } from '../analysis/unread-builders.js';
import { memberDeclaredNumber, numberTyped } from './absent-values.js';
import { responseUrlRead, returnsResponse } from './response-url.js';

export type { ClientKind } from './clients/index.js';

/** Where the app code goes in the new body: a literal value, or the source text of an expression. */
export type AppCodeSource =
  | { readonly kind: 'literal'; readonly value: string }
  | {
      readonly kind: 'expression';
      readonly node: TSESTree.Node;
      readonly ctx: SourceContext;
      /** A name for a value that cannot change (a const, a member of an `as const` map or of a string enum). */
      readonly fixed?: true;
    };

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
  readonly urlEdit?: { readonly range: readonly [number, number]; readonly text: string; readonly ctx: SourceContext; readonly also?: UrlEdit };
  /** More edits the rewrite needs besides URL and body (openapi-fetch's `params` once the path has no `{id}`). */
  readonly alsoEdit?: CallLayout['alsoEdit'];
  /** The body object to replace, when there is one. */
  readonly body?: BodyObject;
  /** The edits of the body's declared type (and of its import) that go with the new body, when the body is typed. */
  readonly typeEdits?: readonly TypeEdit[];
  /**
   * A body typed by an old body type of another module (then the facts say `body-typed`): its rewrite, for the whole
   * program to decide (`shared-types.ts`).
   */
  readonly sharedType?: SharedType;
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

/** A cheap test on a file's text: can it hold a deprecated call at all? Files that cannot are never parsed. */
export function mayContainAssignCall(text: string, options: Pick<SourceContext['options'], 'clients' | 'routes'>): boolean {
  // `'/platform/v1/apps/' + code + '/' + 'assign'` and `const ASSIGN = 'assign'` too.
  if (/\/assign\b|['"`]assign\b/.test(text)) return true;
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
  // A form body becomes JSON only where its client found the call's content type to change with it.
  if (layout.body.kind === 'object' && layout.body.body.form !== undefined && layout.body.body.form.toJson === undefined) {
    layout = { ...layout, body: unreadableAs(layout.body, ReasonCode.bodyFormEncoded) };
  }
  if (layout.appCodeArg !== undefined) return sdkCall(call, { ...layout, ctx });
  if (layout.url === undefined) return undefined;

  let pieces = readUrl(layout.url, ctx, layout.urlShared === true ? null : layout.url);
  if (layout.pathParams !== undefined) pieces = fillPathParams(pieces, layout.pathParams, layout.url as TSESTree.Expression);
  const ownPieces = pieces;
  if (layout.base !== undefined) pieces = joinBase(readUrl(layout.base.node, layout.base.ctx, null), pieces, absoluteUrlWins(call, layout, ctx));
  // The route spelled otherwise (`/assign/`, `//`, `/./`) is this call's to report unless a URL builder makes it: the
  // builder's report names it (unread-builders.ts).
  const match = matchRoute(pieces, routesOf(ctx)) ?? spelledOtherwise(pieces, call, ctx);
  if (match === undefined) {
    return deprecatedBodyOnV3(call, layout, pieces, ctx) ?? resentToResponseUrl(call, layout, ctx) ?? relativeRouteUnderSetup(call, layout, ownPieces, ctx);
  }
  // Without a method the clients send GET: that is not the deprecated operation.
  if (layout.method === 'unspecified') return undefined;

  const obstacles: Reason[] = [];
  if (!match.edit.ok) obstacles.push({ code: urlReason(match.edit.reason), ...(match.edit.target === undefined ? match.edit.key === undefined ? {} : { key: match.edit.key } : { key: match.edit.target }) });
  if (match.id.kind === 'expr' && match.id.notConstant === true) obstacles.push({ code: ReasonCode.appIdNotConstant });
  if (layout.method === 'dynamic') obstacles.push({ code: ReasonCode.methodDynamic });
  obstacles.push(...(layout.obstacles ?? []));
  const body = layout.body.kind === 'object' ? layout.body.body : undefined;
  // A typed body is rewritten only with its type (typed-body.ts), and only when it is written where the call is read
  // (not a caller's object passed to a parameter, whose type the function declares).
  const retype = body?.typed !== true || typeArgumentsMayDescribeBody(call, layout.client, ctx) ? undefined
    : body.ctx === ctx ? retypeBody(body)
    // A caller's object typed by the parameter it is passed to: that parameter's type goes with the bodies.
    : body.typedBy !== undefined ? retypeParameter(body.typedBy.annotation, body.typedBy.ctx) : undefined;
  const typeEdits = retype?.kind === 'edits' ? retype.edits : undefined;
  const sharedType = retype?.kind === 'shared' ? retype.shared : undefined;
  if ((body?.typed === true && typeEdits === undefined) || (body !== undefined && typeArgumentsMayDescribeBody(call, layout.client, ctx))) {
    obstacles.push({ code: ReasonCode.bodyTyped });
  }
  if (hasCommentInside(body === undefined ? undefined : { range: body.form?.range ?? body.object.range, ctx: body.ctx },
    match.edit.ok ? { range: match.edit.range, ctx: match.edit.ctx } : undefined, ...(layout.alsoEdit ?? []))) {
    obstacles.push({ code: ReasonCode.commentsInside });
  }

  const { facts: appId, sources } = appIdOf(match.id);
  // The first way to name the app code that means the same where the body object is written.
  const appCode = body === undefined ? sources[0] : sources.find((source) => appCodeCanMove(source, body, call));
  const scoped = sources.length === 0 || body === undefined || appCode !== undefined;
  // A code name written as an expression (`App.Crm`, `APPS.crm`) is read where the v3 body reads it, after the
  // assignee: an assignee with side effects may change it first.
  const bodyFacts = layout.body.facts;
  const impure = bodyFacts.kind === 'object' && appCode?.kind === 'expression' ? bodyFacts.entries.find((entry) =>
    (entry.key === 'business_uid' || entry.key === 'directory_uid') && !entry.pure) : undefined;
  if (impure !== undefined) obstacles.push({ code: ReasonCode.sideEffectsBefore, key: impure.key });
  // A helper that reads its URL parameter back from the response already says so (`url-used-by-helper`).
  const urlReadBack = obstacles.some((o) => o.code === ReasonCode.urlUsedByHelper) ? undefined : responseUrlRead(call, ctx);
  if (urlReadBack !== undefined) obstacles.push({ code: ReasonCode.responseUrlRead, key: urlReadBack });
  const v3Body = body === undefined ? undefined : v3BodyOf(body, appId, appCode);
  const facts: CallFacts = {
    appId,
    body: layout.body.facts,
    obstacles: scoped || v3Body !== undefined ? obstacles : [...obstacles, { code: ReasonCode.appIdOutOfScope }],
    ...(v3Body === undefined ? {} : { v3Body }),
  };
  return {
    node: call,
    ctx,
    client: layout.client,
    facts,
    ...(match.edit.ok ? { urlEdit: { range: match.edit.range, text: match.edit.text, ctx: match.edit.ctx, ...(match.edit.also === undefined ? {} : { also: match.edit.also }) } } : {}),
    ...(body === undefined ? {} : { body }),
    ...(appCode === undefined ? {} : { appCode }),
    ...(layout.alsoEdit === undefined ? {} : { alsoEdit: layout.alsoEdit }),
    ...(typeEdits === undefined ? {} : { typeEdits }),
    ...(sharedType === undefined ? {} : { sharedType }),
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
  const direct = calledFunction(call.callee, ctx);
  // A helper the class inherits is followed only for a call that writes the route and the body it passes.
  const inherited = direct === undefined ? inheritedMethod(call.callee, ctx) : undefined;
  // A call that triggers an RTK Query endpoint: its argument is the `query` function's, whose request is the endpoint's.
  const endpoint = direct === undefined && inherited === undefined ? triggeredEndpoint(call, ctx) : undefined;
  const target = direct ?? inherited ?? (endpoint === undefined ? undefined : { fn: endpoint.query, ctx: endpoint.ctx });
  if (target === undefined || following.has(target.fn) || following.size >= MAX_FOLLOW_DEPTH) return 'not-followed';
  const inner = contextForCall(target, call, ctx);
  following.add(target.fn);
  try {
    let sendsRequest = false;
    const calls = endpoint === undefined ? ownCalls(target.fn) : [endpoint.request];
    for (const [index, own] of calls.entries()) {
      const found = recognizeAssignCall(own, inner);
      if (found !== undefined) {
        // The same request whatever this call passes: the function's own call is the site, not this one. A spread
        // argument (`onboard(...args)`) binds no parameter from it on: for a function that sends the request more than
        // once, whose requests are read where they are only when every call passes plain values, that is not known.
        const spread = call.arguments.some((arg) => arg.type === 'SpreadElement');
        if (!readsArguments(inner) && !(spread && calls.slice(index + 1).some((other) => recognizeAssignCall(other, inner) !== undefined))) return undefined;
        // This call supplies the route (it passes the path, or a const of its file): it is the request's own call.
        // Otherwise the route is written in what it calls (a wrapper, a URL builder, an instance's base): a caller.
        const followed = [{ fn: target.fn, ctx: target.ctx }, ...found.via];
        // Spelled in this call's file outside the functions followed: something this call (or a const it names) passes.
        const suppliedHere = (range: readonly [number, number], where: SourceContext): boolean => where.text === ctx.text &&
          !followed.some(({ fn, ctx: inFn }) => inFn.text === where.text && range[0] >= fn.range[0] && range[1] <= fn.range[1]);
        // A route written in a function around neither this call nor the followed ones (a URL builder of this file,
        // `assignUrl(code)` inside the function followed) is the builder's, whichever call reads it.
        const inOtherFunction = (node: TSESTree.Node): boolean => {
          for (let up = node.parent; up != null; up = up.parent) {
            if ((isFunction(up) || up.type === 'FunctionDeclaration') && !(call.range[0] >= up.range[0] && call.range[1] <= up.range[1])) return true;
          }
          return false;
        };
        // A helper that changes a URL made of what it is given (`new URL(url).searchParams.set(...)`, `url.replace(...)`)
        // sends that change to v3 too: never rewritten for it. A function of the program given the URL is a change
        // only where the request was read through it by shape alone (`fetch(rewrite(url))`), not where it is followed.
        // (Or where a function it calls changes the URL: this function, which this call names, is the one to read.)
        const readByShape = found.facts.obstacles.some((o) => o.code === ReasonCode.clientUnknown || o.code === ReasonCode.helperChangesUrl);
        const changed = urlParameterChanged(call, target, ctx, readByShape ? 'all' : 'strings');
        if (changed !== undefined) return helperChangesUrlSite(call, ctx, changed);
        const suppliesRoute = (found.routeAt ?? []).some((at) => suppliedHere(at.node.range, at.ctx) && !inOtherFunction(at.node));
        const routeInside = !suppliesRoute;
        // A method reached through `this` may be overridden where the class is extended: its code is never rewritten.
        if (inherited !== undefined && (routeInside || (found.body !== undefined && found.body.ctx.text !== ctx.text))) return 'not-followed';
        // A function that sends the request more than once: each request its own rewrite, or none; by hand.
        const others = calls.slice(index + 1).flatMap((other) => recognizeAssignCall(other, inner) ?? []);
        const several = others.length > 0;
        // Passed only values its requests copy (`main(dir, biz)` calling `apps.assign('crm', dir)`): no part of any
        // rewrite is written outside the function, so each of its requests is read where it is (a value that decides
        // one, such as a flag, is unknown there) and this call, which no rewrite changes, is none.
        const outside = (each: AssignCall) => (range: readonly [number, number], where: SourceContext): boolean =>
          ![{ fn: target.fn, ctx: target.ctx }, ...each.via].some(({ fn, ctx: inFn }) => inFn.text === where.text && range[0] >= fn.range[0] && range[1] <= fn.range[1]);
        // The app code each request reads from this call must mean there what it means read alone: a plain code, not
        // one encoded or numeric (`onboard(encodeURIComponent(code), ...)`, `onboard(4217, ...)`).
        const plainCode = (each: AssignCall) => each.facts.appId.kind === 'expression'
          ? each.facts.appId.pure && !each.facts.appId.encoded && each.facts.appId.numeric !== true
          : each.facts.appId.kind === 'static' && /^[A-Za-z_][\w.-]*$/.test(each.facts.appId.value);
        // Once one of them is migrated, the function still sends the assignment twice: read the same way again (asked
        // last, of a function that passes the rest: it reads the function's other calls).
        if ([found, ...others].every(plainCode) && call.arguments.every((arg) => opaqueValue(arg, ctx, 0)) &&
          ![found, ...others].some((each) => suppliesPart(each, outside(each))) &&
          (several || calls.some((other, at) => at !== index && sendsV3Assignment(other, inner)))) return undefined;
        // The response the function returns, read for its URL where this call receives it.
        const urlReadBack = found.facts.obstacles.some((o) => o.code === ReasonCode.responseUrlRead) || !returnsResponse(own, target.fn, target.ctx)
          ? undefined : responseUrlRead(call, ctx);
        const extra = [...(several ? [{ code: ReasonCode.wrapperSeveralRequests }] : []), ...(urlReadBack === undefined ? [] : [{ code: ReasonCode.responseUrlRead, key: urlReadBack }])];
        const facts = extra.length > 0 ? { ...found.facts, obstacles: [...found.facts.obstacles, ...extra] } : found.facts;
        return { ...found, node: call, ctx, facts, via: [{ node: own, ctx: inner, fn: target.fn }, ...found.via], ...(routeInside ? { caller: true as const } : {}) };
      }
      sendsRequest ||= clientLayoutOf(own, inner) !== undefined || calledFunction(own.callee, inner) !== undefined;
    }
    if (sendsRequest && inherited === undefined) {
      // The function sends a request, but not the route this call passes it: it assigns the parameter that takes the
      // URL again (`url = \`${url}?notify=false\``), or sends a copy it changes (`url.replace(...)`, `rewrite(url)`),
      // so what it sends is not what the call writes. Never silent.
      const changed = urlParameterChanged(call, target, ctx, 'all');
      return changed === undefined ? undefined : helperChangesUrlSite(call, ctx, changed);
    }
    return 'not-followed';
  } finally {
    following.delete(target.fn);
  }
}

function spelledOtherwise(pieces: readonly UrlPiece[], call: TSESTree.CallExpression, ctx: SourceContext): RouteMatch | undefined {
  const match = matchRouteSpelledOtherwise(pieces, routesOf(ctx));
  return match === undefined || unreadBuilderObstacles(call, ctx) !== undefined ? undefined : match;
}

function helperChangesUrlSite(call: TSESTree.CallExpression, ctx: SourceContext, key: string): AssignCall {
  return {
    node: call,
    ctx,
    client: 'unresolved',
    facts: { appId: { kind: 'static', value: 'unknown' }, body: { kind: 'unknown' }, obstacles: [{ code: ReasonCode.helperChangesUrl, key }] },
    via: [],
  };
}

/**
 * A parameter of a followed function that this call gives an argument spelling the deprecated route, and that the
 * function changes: assigns again (a plain name, or one with a default), or changes without assigning it, through a
 * URL object made of it (`const u = new URL(url); u.searchParams.set(...)`, `u.pathname = ...`), a changed copy
 * (`url.replace('/platform/v1', '/eu/platform/v1')`, text added after it: `\`${url}?notify=false\``) and, with `copies` 'all', a copy made by a function of the program
 * (`rewrite(url)`); also through a const that names it. The function named with the place of that change (`send (src/http.ts:3)`), or
 * undefined.
 */
function urlParameterChanged(call: TSESTree.CallExpression, target: { fn: TSESTree.FunctionLike; ctx: SourceContext }, ctx: SourceContext, copies: 'strings' | 'all'): string | undefined {
  const scope = target.ctx.getScope(target.fn.body ?? target.fn);
  for (const [index, param] of target.fn.params.filter((p) => !(p.type === 'Identifier' && p.name === 'this')).entries()) {
    const id = param.type === 'Identifier' ? param : param.type === 'AssignmentPattern' && param.left.type === 'Identifier' ? param.left : undefined;
    const arg = call.arguments[index];
    if (id === undefined || arg === undefined || arg.type === 'SpreadElement') continue;
    const variable = findVariable(scope, id.name);
    if (variable === undefined) continue;
    const write = variable.references.find((ref) => ref.isWrite() && ref.init !== true)?.identifier as TSESTree.Node | undefined;
    const change = write ?? changedWithoutAssigning(variable, target.ctx, copies, 0);
    if (change === undefined) continue;
    const pieces = readUrl(arg, ctx, null);
    if (!pieces.some((piece) => piece.kind === 'text') || matchRoute(pieces, routesOf(ctx)) === undefined) continue;
    const line = target.ctx.text.slice(0, change.range[0]).split('\n').length;
    const name = ctx.text.slice(call.callee.range[0], call.callee.range[1]);
    return `${name} (${target.ctx.file === undefined || target.ctx.text === ctx.text ? `line ${line}` : `${target.ctx.file}:${line}`})`;
  }
  return undefined;
}

/** String methods that return another string: a copy of the URL, changed. */
const STRING_CHANGES = new Set(['replace', 'replaceAll', 'concat', 'slice', 'substring', 'substr', 'toLowerCase', 'toUpperCase', 'toLocaleLowerCase', 'toLocaleUpperCase',
  'padEnd', 'padStart', 'normalize', 'trim', 'trimStart', 'trimEnd', 'at']);
/** The global functions that give a changed copy of the text they are given (`decodeURIComponent(url)`). */
const GLOBAL_TEXT_CHANGES = new Set(['decodeURIComponent', 'decodeURI', 'encodeURIComponent', 'encodeURI', 'escape', 'unescape']);
/** What of a URL object can be set. */
const URL_PARTS = new Set(['href', 'protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash', 'username', 'password']);

/** Where a function changes the URL a variable holds without assigning the variable again (see urlParameterChanged). */
function changedWithoutAssigning(variable: VariableLike, ctx: SourceContext, copies: 'strings' | 'all', depth: number): TSESTree.Node | undefined {
  if (depth > 3) return undefined;
  for (const ref of usesOf(variable)) {
    let node = ref.identifier as TSESTree.Node;
    // The URL as it is: `url as string`, `url!`, `String(url)`, `url.toString()`.
    for (;;) {
      const up = node.parent;
      if (up?.type === 'TSAsExpression' || up?.type === 'TSNonNullExpression') node = up;
      else if (up?.type === 'CallExpression' && up.arguments.length === 1 && up.arguments[0] === node && up.callee.type === 'Identifier' &&
        up.callee.name === 'String' && findVariable(ctx.getScope(up.callee), 'String') === undefined) node = up;
      else if (up?.type === 'MemberExpression' && up.object === node && !up.computed && up.property.type === 'Identifier' && up.property.name === 'toString' &&
        up.parent?.type === 'CallExpression' && up.parent.callee === up && up.parent.arguments.length === 0) node = up.parent;
      // `\`${url}\``: a template of the URL alone.
      else if (up?.type === 'TemplateLiteral' && up.expressions.length === 1 && up.quasis.every((q) => q.value.cooked === '')) node = up;
      else break;
    }
    const parent = node.parent;
    // `decodeURIComponent(url)`, then sent.
    if (parent?.type === 'CallExpression' && parent.arguments[0] === node && parent.callee.type === 'Identifier' && GLOBAL_TEXT_CHANGES.has(parent.callee.name) &&
      findVariable(ctx.getScope(parent.callee), parent.callee.name) === undefined && sentOn(parent, ctx, copies, 0)) return node;
    // `const u = url`: what is done to `u`.
    if (parent?.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier') {
      const alias = findVariable(ctx.getScope(parent.id), parent.id.name);
      const found = alias === undefined ? undefined : changedWithoutAssigning(alias, ctx, copies, depth + 1);
      if (found !== undefined) return found;
      continue;
    }
    // `new URL(url)` kept in a const that is then changed: `u.searchParams.set(...)`, `u.pathname = ...`.
    if (parent?.type === 'NewExpression' && parent.arguments[0] === node && parent.callee.type === 'Identifier' && parent.callee.name === 'URL' &&
      findVariable(ctx.getScope(parent.callee), 'URL') === undefined) {
      const holder = parent.parent;
      if (holder?.type === 'VariableDeclarator' && holder.init === parent && holder.id.type === 'Identifier') {
        const made = findVariable(ctx.getScope(holder.id), holder.id.name);
        const changed = made === undefined ? undefined : usesOf(made).find((use) => urlObjectChanged(use.identifier as TSESTree.Node));
        if (changed !== undefined) return changed.identifier as TSESTree.Node;
      }
      continue;
    }
    // `fetch(\`${url}?notify=false\`)`, `const target = url + '/'`: text added after the URL, then sent.
    const added = parent?.type === 'TemplateLiteral' ? parent.quasis[parent.expressions.indexOf(node as TSESTree.Expression) + 1]?.value.cooked !== ''
      : parent?.type === 'BinaryExpression' && parent.operator === '+' && parent.left === node;
    if (added && sentOn(parent!, ctx, copies, 0)) return node;
    // `url.replace('/platform/v1', '/eu/platform/v1')`, then sent.
    if (parent?.type === 'MemberExpression' && parent.object === node && !parent.computed && parent.property.type === 'Identifier' &&
      STRING_CHANGES.has(parent.property.name) && parent.parent?.type === 'CallExpression' && parent.parent.callee === parent &&
      sentOn(parent.parent, ctx, copies, 0)) return node;
    if (copies === 'all' && parent?.type === 'CallExpression' && parent.arguments.includes(node as TSESTree.CallExpressionArgument) &&
      calledFunction(parent.callee, ctx) !== undefined) return node;
  }
  return undefined;
}

/**
 * Whether a changed copy of the URL is sent on: the URL of a request (`fetch(copy, init)`), handed to a function of the
 * program, or, with `copies` 'all' (no request was read with the URL as given), to any call but a log line; also
 * through a const that names it. A copy only logged or kept in an error's message is no change of what is sent.
 */
function sentOn(copy: TSESTree.Node, ctx: SourceContext, copies: 'strings' | 'all', depth: number): boolean {
  const parent = copy.parent;
  if (parent?.type === 'CallExpression' && parent.arguments[0] === copy) {
    if (unwrapTS(clientLayoutOf(parent, ctx)?.url ?? parent) === copy || calledFunction(parent.callee, ctx) !== undefined) return true;
    const callee = unwrapTS(parent.callee);
    const logger = callee.type === 'MemberExpression' && unwrapTS(callee.object).type === 'Identifier' &&
      /^(?:console|logger|log)$/.test((unwrapTS(callee.object) as TSESTree.Identifier).name);
    return copies === 'all' && !logger;
  }
  if (parent?.type === 'VariableDeclarator' && parent.init === copy && parent.id.type === 'Identifier' && depth < 3) {
    const variable = findVariable(ctx.getScope(parent.id), parent.id.name);
    return variable !== undefined && usesOf(variable).some((use) => sentOn(use.identifier as TSESTree.Node, ctx, copies, depth + 1));
  }
  return false;
}

/** A use of a URL object that changes it: a part set (`u.pathname = …`, `u.search += …`), or its search params changed. */
function urlObjectChanged(use: TSESTree.Node): boolean {
  const member = use.parent;
  if (member?.type !== 'MemberExpression' || member.object !== use || member.computed || member.property.type !== 'Identifier') return false;
  if (URL_PARTS.has(member.property.name)) return member.parent?.type === 'AssignmentExpression' && member.parent.left === member;
  if (member.property.name !== 'searchParams') return false;
  const method = member.parent;
  return method?.type === 'MemberExpression' && method.object === member && !method.computed && method.property.type === 'Identifier' &&
    /^(?:set|append|delete|sort)$/.test(method.property.name);
}

/** Whether a call sends POST /v3/apps/app_assignments (an assignment migrated): its text spells the route, or a client this analysis knows is given it. */
function sendsV3Assignment(call: TSESTree.CallExpression, ctx: SourceContext, depth = 0): boolean {
  // Through a helper of the program: the migrated route written where the call is (`send(\`${BASE}/v3/...\`, init)`).
  if (ctx.text.slice(call.range[0], call.range[1]).includes(V3_ASSIGN.path.slice(1))) return true;
  // A wrapper of the program that sends it (migrated inside): its own calls.
  const target = depth < MAX_FOLLOW_DEPTH ? calledFunction(call.callee, ctx) : undefined;
  if (target !== undefined && ownCalls(target.fn).some((own) => sendsV3Assignment(own, target.ctx, depth + 1))) return true;
  const layout = clientLayoutOf(call, ctx);
  if (layout?.url === undefined || layout.method === 'other' || layout.method === 'unspecified') return false;
  let pieces = readUrl(layout.url, ctx, null);
  if (layout.base !== undefined) pieces = joinBase(readUrl(layout.base.node, layout.base.ctx, null), pieces, absoluteUrlWins(call, layout, ctx));
  const url = pieces.map((piece) => (piece.kind === 'text' ? piece.value : '\u0000')).join('');
  return url.split('?')[0]!.replace(/\/+$/, '').endsWith(V3_ASSIGN.path);
}

/**
 * An argument that passes a value as it is: a name for an unknown value (a parameter, `process.argv[2]`), a plain
 * string; not one made by a call (`encodeURIComponent(code)`), a number or a computation, which the function's requests,
 * read alone, would not know of.
 */
function opaqueValue(node: TSESTree.Node, ctx: SourceContext, depth: number): boolean {
  const expr = unwrapTS(node);
  if (depth > 3) return false;
  switch (expr.type) {
    case 'Identifier': {
      const name = valueOfName(expr, ctx);
      if (name.kind === 'const' || name.kind === 'argument' || name.kind === 'imported') return opaqueValue(name.value.node, name.value.ctx, depth + 1);
      return name.kind === 'unknown';
    }
    case 'Literal':
      return typeof expr.value === 'string' && /^[\w.@-]*$/.test(expr.value);
    case 'MemberExpression':
      return !expr.computed || (expr.property.type === 'Literal' && typeof expr.property.value === 'number');
    case 'LogicalExpression':
      return opaqueValue(expr.left, ctx, depth + 1) && opaqueValue(expr.right, ctx, depth + 1);
    default:
      return false;
  }
}

/** Whether any part of a request's rewrite (its route, body, app code, type, URL edit) is spelled where `here` says. */
function suppliesPart(found: AssignCall, here: (range: readonly [number, number], ctx: SourceContext) => boolean): boolean {
  return (found.routeAt ?? []).some((at) => here(at.node.range, at.ctx)) ||
    (found.body !== undefined && here(found.body.object.range, found.body.ctx)) ||
    (found.appCode?.kind === 'expression' && here(found.appCode.node.range, found.appCode.ctx)) ||
    (found.urlEdit !== undefined && here(found.urlEdit.range, found.urlEdit.ctx)) ||
    (found.typeEdits ?? []).some((edit) => here(edit.range, edit.ctx));
}

/**
 * Whether a call that is no site has been read and found to be no deprecated request: a known client that sends
 * another method, a followed function of the program that sends another request (or the same whatever it is passed),
 * or a callee read by its shape whose method is not POST. A call none of them can read may still send the deprecated request (`unrewritten.ts`).
 */
export function readAsNoSite(call: TSESTree.CallExpression, ctx: SourceContext): boolean {
  // A client that sends POST, or a method not known here, to a URL it cannot read (`fetch(urlcat(...), init)`) may
  // still send the route its arguments spell.
  const layout = clientLayoutOf(call, ctx);
  if (layout !== undefined) return layout.method === 'other' || layout.method === 'unspecified';
  if (follow(call, ctx) !== 'not-followed') return true;
  const other = otherLayoutOf(call, ctx);
  return other !== undefined && (other.method === 'other' || other.method === 'unspecified');
}

/** The functions being followed right now: a recursive function is not followed into itself. */
const following = new Set<TSESTree.FunctionLike>();

function urlReason(reason: Extract<RouteMatch['edit'], { ok: false }>['reason']): Reason['code'] {
  switch (reason) {
    case 'url-built-by-function':
      return ReasonCode.urlBuiltByFunction;
    case 'url-builder-checks':
      return ReasonCode.urlBuilderChecks;
    case 'url-assembled':
      return ReasonCode.urlAssembled;
    case 'url-prefix-in-base':
      return ReasonCode.urlPrefixInBase;
    case 'route-without-v3':
      return ReasonCode.routeWithoutV3;
    case 'url-not-editable':
      return ReasonCode.urlNotEditable;
    case 'url-used-by-helper':
      return ReasonCode.urlUsedByHelper;
    case 'url-path-unusual':
      return ReasonCode.urlPathUnusual;
  }
}

const routeShapes = new WeakMap<SourceContext['options'], RouteShape[]>();

/** The route shapes of the options, made once per options object rather than once per call. */
export function routesOf(ctx: SourceContext): RouteShape[] {
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
          facts: { kind: 'expression', pure: isNameOrMemberChain(unwrapTS(inner)) && isPure(inner), encoded: true, ...numeric(inner, id.ctx) },
          sources: boundChain(inner, id.ctx),
        };
      }
      // Only a name or a member chain is the code as it stands; `+code`, `a ?? b`, `f()` compute it. A name that holds
      // an encoded code (`const c = encodeURIComponent(name)`, or a caller passing one) is not the code either.
      // A member already held as one that can change (a getter of a map) says so alone.
      const movable = isNameOrMemberChain(expr) && isPure(expr) && (id.notConstant === true || !encodedThroughNames(expr, id.ctx));
      return { facts: { kind: 'expression', pure: movable, encoded: false, ...numeric(expr, id.ctx) }, sources: boundChain(id.node, id.ctx) };
    }
  }
}

/**
 * `{ numeric: true }` when the app id is declared a number: a name annotated `number`, or a parameter a caller binds to
 * a number literal (through parameters, as `boundChain` follows them). Without type information this is what the
 * source says; a name of another type stays an expression.
 */
function numeric(node: TSESTree.Node, ctx: SourceContext): { numeric?: true } {
  let current = unwrapTS(node);
  let at = ctx;
  for (let depth = 0; depth <= MAX_FOLLOW_DEPTH; depth++) {
    if (current.type === 'Literal') return typeof current.value === 'number' ? { numeric: true } : {};
    // `app.app_id` of an `app` whose type declares `app_id: number`.
    if (current.type === 'MemberExpression') return memberDeclaredNumber(current, at) ? { numeric: true } : {};
    if (current.type !== 'Identifier') return {};
    const variable = findVariable(at.getScope(current), current.name);
    const declared = variable?.defs.length === 1 ? variable.defs[0]!.name as TSESTree.Node : undefined;
    if (declared?.type === 'Identifier' && declared.typeAnnotation !== undefined && numberTyped(declared.typeAnnotation.typeAnnotation, at)) return { numeric: true };
    const name = valueOfName(current, at);
    if (name.kind !== 'argument') return {};
    current = unwrapTS(name.value.node);
    at = name.value.ctx;
  }
  return {};
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

/**
 * Whether a name leads, through consts and callers' arguments, to an encoder's result; or to a value this reading
 * cannot see as written once: a binding assigned again (`slug = encodeURIComponent(slug)`; a plain code written out,
 * `code = 'hr'`, is read the same where the name is), a parameter's default
 * computed by a call (`code = encodeURIComponent(name)`), a name destructured from an object or array written in place,
 * or a loop variable over something computed (`for (const c of codes.map(encodeURIComponent))`). Any of these may hold
 * the code as the path carries it, not the code itself. A member read (`app.code`, `this.slug`, `job.code`) and a name
 * destructured from another (`const { slug } = opts`) are read through what the object is where that can be seen: a
 * const object literal's property (a getter computes it), a field of a class of the program (set in its body, or by the
 * argument of the `new` that made the instance); a value that spells an encoder anywhere (`[name].map(encodeURIComponent)`)
 * may hold an encoded code.
 */
function encodedThroughNames(node: TSESTree.Node, ctx: SourceContext, depth = 0): boolean {
  let current = unwrapTS(node);
  let at = ctx;
  for (; depth <= MAX_FOLLOW_DEPTH * 2; depth++) {
    if (current.type === 'MemberExpression') {
      const source = memberSource(current, at, depth);
      if (source === 'computed') return true;
      if (source === undefined) return false;
      current = unwrapTS(source.node);
      at = source.ctx;
      continue;
    }
    if (current.type !== 'Identifier') return spellsEncoder(current, at) || computedText(current, at);
    const name = valueOfName(current, at);
    if (name.kind === 'unknown') {
      const held = holdsComputedValue(name.variable, at, depth);
      if (typeof held === 'boolean') return held;
      current = unwrapTS(held.node);
      at = held.ctx;
      continue;
    }
    if (name.kind !== 'const' && name.kind !== 'argument' && name.kind !== 'imported') return false;
    current = unwrapTS(name.value.node);
    at = name.value.ctx;
  }
  return true;
}

/**
 * A value made by a call: a function of the program (`segment(code)`, which may encode it), a string method
 * (`code.replaceAll('/', '%2F')`, `pathname.split('/').pop()`) or any other. What it returns is not known to be the
 * code as the server decodes it from the path; only `decodeURIComponent(…)` returns a decoded code.
 */
function computedText(node: TSESTree.Node, ctx: SourceContext): boolean {
  let value = unwrapTS(node);
  while (value.type === 'AwaitExpression') value = unwrapTS(value.argument);
  if (value.type === 'TaggedTemplateExpression') return true;
  if (value.type !== 'CallExpression' && value.type !== 'NewExpression') return false;
  return !(value.type === 'CallExpression' && calleePath(value.callee) === 'decodeURIComponent' && findVariable(ctx.getScope(value), 'decodeURIComponent') === undefined);
}

/** An encoder called or handed on anywhere in the expression: `encodeURIComponent(n)`, `names.map(encodeURIComponent)`, an alias of one. */
function spellsEncoder(node: TSESTree.Node, ctx: SourceContext): boolean {
  return someNode(node, (inner) => {
    if (inner.type === 'MemberExpression' && !inner.computed && inner.property.type === 'Identifier' && ENCODERS.has(inner.property.name)) {
      const object = unwrapTS(inner.object);
      return object.type === 'Identifier' && /^(?:globalThis|window|self|global)$/.test(object.name);
    }
    if (inner.type !== 'Identifier' || (inner.parent?.type === 'MemberExpression' && inner.parent.property === inner && !inner.parent.computed)) return false;
    if (inner.parent?.type === 'Property' && inner.parent.key === inner && !inner.parent.computed && !inner.parent.shorthand) return false;
    if (ENCODERS.has(inner.name)) return findVariable(ctx.getScope(inner), inner.name) === undefined;
    // `const enc = encodeURIComponent`: an alias of one.
    const name = valueOfName(inner, ctx);
    const value = name.kind === 'const' ? unwrapTS(name.value.node) : undefined;
    return value?.type === 'Identifier' && ENCODERS.has(value.name) && findVariable(name.kind === 'const' ? name.value.ctx.getScope(value) : null, value.name) === undefined;
  });
}

/**
 * What a member read holds, where the object can be seen: the value of a const object literal's property, or
 * `computed` (a getter, or a field of a class of the program that some write sets to what may be an encoded code);
 * undefined where nothing is known (a parameter, an object from a call), which is read as the code it names.
 */
function memberSource(member: TSESTree.MemberExpression, ctx: SourceContext, depth: number): Bound | 'computed' | undefined {
  const name = member.property.type === 'PrivateIdentifier' ? `#${member.property.name}` : staticMemberName(member);
  const object = unwrapTS(member.object);
  // `segments[segments.length - 1]`: an element of what a string method made may hold the code encoded.
  if (name === undefined) return object.type !== 'ThisExpression' && sourceOfKey(object, '', ctx, depth) === 'computed' ? 'computed' : undefined;
  if (object.type === 'ThisExpression') {
    const cls = enclosingClass(member);
    return cls === undefined ? undefined : classFieldSource(cls, name, ctx, undefined, depth);
  }
  return sourceOfKey(object, name, ctx, depth);
}

/** The member `name` of what an expression holds (see `memberSource`). */
function sourceOfKey(node: TSESTree.Node, name: string, ctx: SourceContext, depth: number): Bound | 'computed' | undefined {
  // A URL's path keeps its segments percent-encoded (`new URL(link).pathname`, `location.pathname`).
  if (name === 'pathname') return 'computed';
  let current = unwrapTS(node);
  let at = ctx;
  for (let steps = 0; current.type === 'Identifier' && steps <= MAX_FOLLOW_DEPTH; steps++) {
    const value = valueOfName(current, at);
    if (value.kind === 'const' || value.kind === 'argument' || value.kind === 'imported') {
      current = unwrapTS(value.value.node);
      at = value.value.ctx;
      continue;
    }
    // A parameter declared with a class of the program (`app: App`): what that class's fields may hold.
    const def = value.kind === 'unknown' && value.variable.defs.length === 1 ? value.variable.defs[0] : undefined;
    const annotation = def?.type === 'Parameter' ? (def.name as TSESTree.Identifier).typeAnnotation?.typeAnnotation : undefined;
    const cls = annotation?.type === 'TSTypeReference' && annotation.typeName.type === 'Identifier' ? classOf(annotation.typeName, at) : undefined;
    return cls === undefined ? undefined : classFieldSource(cls.node, name, cls.ctx, undefined, depth);
  }
  if (current.type === 'ObjectExpression') {
    let found: TSESTree.Property | undefined;
    for (const property of current.properties) {
      // A spread after the property may replace it with what the spread object holds.
      if (property.type === 'SpreadElement') found = undefined;
      else if (!property.computed && staticKey(property) === name) found = property;
    }
    if (found === undefined) return current.properties.some((p) => p.type === 'SpreadElement') && spellsEncoder(current, at) ? 'computed' : undefined;
    if (found.kind !== 'init') return 'computed';
    if (found.method) return undefined;
    return { node: found.value, ctx: at };
  }
  if (current.type === 'NewExpression') {
    const cls = classOf(current.callee, at);
    return cls === undefined ? undefined : classFieldSource(cls.node, name, cls.ctx, { made: current, ctx: at }, depth);
  }
  return spellsEncoder(current, at) || madeByStringMethod(current) ? 'computed' : undefined;
}

/** The string methods whose result, or an element of it (`pathname.split('/')[2]`), holds text as it was written. */
const STRING_METHODS: ReadonlySet<string> = new Set([
  'split', 'match', 'slice', 'substring', 'substr', 'replace', 'replaceAll', 'trim', 'trimStart', 'trimEnd',
  'toLowerCase', 'toUpperCase', 'padStart', 'padEnd', 'normalize', 'concat', 'at', 'charAt', 'exec',
]);

function madeByStringMethod(node: TSESTree.Node): boolean {
  let value = unwrapTS(node);
  while (value.type === 'AwaitExpression') value = unwrapTS(value.argument);
  if (value.type !== 'CallExpression') return false;
  const callee = unwrapTS(value.callee);
  return callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && STRING_METHODS.has(callee.property.name);
}

type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** The class a name stands for: declared here, a const holding a class expression, or imported. */
function classOf(node: TSESTree.Node, ctx: SourceContext): { node: ClassNode; ctx: SourceContext } | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'ClassExpression') return { node: expr, ctx };
  if (expr.type !== 'Identifier') return undefined;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  const def = variable?.defs.find((d) => d.type === 'ClassName');
  if (def !== undefined) return { node: def.node as ClassNode, ctx };
  const value = valueOfName(expr, ctx);
  const inner = value.kind === 'const' || value.kind === 'imported' ? unwrapTS(value.value.node) : undefined;
  return inner?.type === 'ClassDeclaration' || inner?.type === 'ClassExpression' ? { node: inner, ctx: value.kind === 'unknown' || value.kind === 'global' || value.kind === 'absent' ? ctx : value.value.ctx } : undefined;
}

/**
 * `computed` when the field `name` of a class's instances may hold an encoded code: a getter of that name, or a value
 * that sets it (its initializer, `this.name = …` in the class, a parameter property or a constructor parameter stored
 * in it, given by the `new` that made the instance when it is known) that may.
 */
function classFieldSource(cls: ClassNode, name: string, ctx: SourceContext, made: { made: TSESTree.NewExpression; ctx: SourceContext } | undefined, depth: number): 'computed' | undefined {
  const keyOf = (key: TSESTree.Node): string | undefined =>
    key.type === 'Identifier' ? key.name : key.type === 'PrivateIdentifier' ? `#${key.name}` : key.type === 'Literal' && typeof key.value === 'string' ? key.value : undefined;
  const ctor = cls.body.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor');
  const values: Bound[] = [];
  const argumentOf = (index: number): void => {
    const arg = made?.made.arguments[index];
    if (arg !== undefined && arg.type !== 'SpreadElement') values.push({ node: arg, ctx: made!.ctx });
  };
  for (const member of cls.body.body) {
    if (!('key' in member) || member.computed || keyOf(member.key) !== name || ('static' in member && member.static)) continue;
    if (member.type === 'MethodDefinition' && (member.kind === 'get' || member.kind === 'set')) return 'computed';
    if (member.type === 'PropertyDefinition' && member.value != null) values.push({ node: member.value, ctx });
  }
  ctor?.value.params.forEach((param, index) => {
    if (param.type === 'TSParameterProperty' && param.parameter.type === 'Identifier' && param.parameter.name === name) argumentOf(index);
  });
  someNode(cls.body, (node) => {
    if (node.type !== 'AssignmentExpression' || node.left.type !== 'MemberExpression' || unwrapTS(node.left.object).type !== 'ThisExpression') return false;
    const left = node.left;
    const key = left.property.type === 'PrivateIdentifier' ? `#${left.property.name}` : staticMemberName(left);
    if (key !== name) return false;
    if (node.operator !== '=') values.push({ node, ctx });
    const value = unwrapTS(node.right);
    // `this.slug = name`: a constructor parameter, given by the `new` that made the instance.
    const index = value.type === 'Identifier' && ctor !== undefined ? ctor.value.params.findIndex((p) => p.type === 'Identifier' && p.name === value.name) : -1;
    if (index >= 0) argumentOf(index);
    else values.push({ node: node.right, ctx });
    return false;
  });
  return values.some((value) => unwrapTS(value.node).type === 'AssignmentExpression' || encodedThroughNames(value.node, value.ctx, depth + 1)) ? 'computed' : undefined;
}

/**
 * A binding whose value is not one plain thing from outside (see `encodedThroughNames`): true or false, or the value a
 * destructured name takes from a name it is destructured from (`const { slug } = opts`), to be read on.
 */
function holdsComputedValue(variable: VariableLike, ctx: SourceContext, depth: number): boolean | Bound {
  // Assigned again: only a plain code written out (`code = 'hr'`) keeps it a code as it is.
  if (!isNeverReassigned(variable) && !variable.references.every((ref) => ref.init === true || !ref.isWrite() || assignsPlainCode(ref.identifier as TSESTree.Node))) return true;
  const def = variable.defs[0];
  if (variable.defs.length !== 1 || def === undefined) return false;
  const declared = def.name as TSESTree.Node;
  if (def.type === 'Parameter') {
    const defaulted = declared.parent?.type === 'AssignmentPattern' && declared.parent.left === declared ? declared.parent.right : undefined;
    if (defaulted !== undefined && !isNameOrMemberChain(unwrapTS(defaulted)) && unwrapTS(defaulted).type !== 'Literal') return true;
    // A callback of an array's method (`codes.map(encodeURIComponent).map((slug) => …)`): the elements of what it is
    // called on, which must be a name, or an array of names or strings, to hold codes as they are.
    const fn = def.node as TSESTree.Node;
    const call = fn.parent;
    if (call?.type !== 'CallExpression' || !call.arguments.includes(fn as TSESTree.CallExpressionArgument) || call.callee.type !== 'MemberExpression' ||
      call.callee.computed || call.callee.property.type !== 'Identifier' || !ARRAY_CALLBACKS.has(call.callee.property.name)) return false;
    return !holdsPlainElements(call.callee.object, ctx);
  }
  if (def.type !== 'Variable') return false;
  const declarator = def.node as TSESTree.Node;
  if (declarator.type !== 'VariableDeclarator') return false;
  const loop = declarator.parent?.parent;
  if ((loop?.type === 'ForOfStatement' || loop?.type === 'ForInStatement') && loop.left === declarator.parent) return !holdsPlainElements(loop.right, ctx);
  const init = declarator.init === null ? undefined : unwrapTS(declarator.init);
  if (declarator.id.type === 'Identifier' || init === undefined) return false;
  if (init.type === 'ObjectExpression' || init.type === 'ArrayExpression') return true;
  // `const { slug } = opts`: the property of what `opts` holds, where that can be seen.
  const property = declarator.id.type === 'ObjectPattern' && declared.parent?.type === 'Property' && declared.parent.value === declared &&
    declared.parent.parent === declarator.id && !declared.parent.computed ? staticKey(declared.parent) : undefined;
  if (property !== undefined) {
    const source = sourceOfKey(init, property, ctx, depth);
    return source === 'computed' ? true : source ?? false;
  }
  // `const [slug] = [name].map(encodeURIComponent)`, or from a name that holds such an array.
  return encodedThroughNames(init, ctx, depth + 1);
}

/** The methods of an array whose callback is given its elements (a command's `.action((code) => …)` is not one). */
const ARRAY_CALLBACKS: ReadonlySet<string> = new Set(['map', 'flatMap', 'forEach', 'filter', 'find', 'findLast', 'some', 'every', 'reduce', 'reduceRight']);

/**
 * A name or member chain (whatever its elements are, they are passed on as they are) that holds no value spelling an
 * encoder where it can be seen (`const slugs = names.map(encodeURIComponent)`), or an array of names or strings.
 */
function holdsPlainElements(node: TSESTree.Node, ctx: SourceContext): boolean {
  const value = unwrapTS(node);
  if (isNameOrMemberChain(value)) return !encodedThroughNames(value, ctx);
  return value.type === 'ArrayExpression' && value.elements.every((element) => element !== null && (element.type === 'Identifier' || element.type === 'Literal'));
}

/** `code = 'hr'`: a write of a plain code, as a string written out. */
function assignsPlainCode(id: TSESTree.Node): boolean {
  const parent = id.parent;
  if (parent?.type !== 'AssignmentExpression' || parent.left !== id || parent.operator !== '=') return false;
  const value = unwrapTS(parent.right);
  const text = value.type === 'Literal' ? value.value : value.type === 'TemplateLiteral' && value.expressions.length === 0 ? value.quasis[0]?.value.cooked : undefined;
  return typeof text === 'string' && /^[\w.-]*$/.test(text);
}

function namedSource(name: Bound): AppCodeSource {
  return { kind: 'expression', node: name.node, ctx: name.ctx, fixed: true };
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
  let expr = unwrapTS(source.node);
  // A member of a map or enum that cannot change means the same wherever its object's name does.
  while (source.fixed === true && expr.type === 'MemberExpression') expr = unwrapTS(expr.object);
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
// Layouts: where each client keeps URL, method and body (one module per library in clients/).

/** A call of a configured client, of a client library or of an instance made from one. */
function clientLayoutOf(call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | undefined {
  return configuredLayoutOf(call, ctx) ?? libraryLayoutOf(call, ctx) ?? rtkQueryLayout(call, ctx);
}

/** Clients whose calls take a response callback: jQuery, the request library. */
function takesCallback(call: TSESTree.CallExpression, ctx: SourceContext): boolean {
  const callee = unwrapTS(call.callee);
  if (isJQuery(callee, ctx)) return true;
  return isRequestLibrary(unwrapTS(callee.type === 'MemberExpression' ? callee.object : callee), ctx);
}

/** A callee that is no known client and no function the analysis follows: jQuery, or read by the shape of its arguments. */
function otherLayoutOf(call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | undefined {
  const callee = unwrapTS(call.callee);
  if (callee.type === 'Super' || isNeverAClient(callee) || isTestOrMock(callee, ctx) || isNotARequest(call, ctx)) return undefined;
  if (callee.type === 'MemberExpression' && isJQuery(callee, ctx)) return jqueryLayout(call, callee, ctx);
  if (looksLikeOpenapiFetch(call)) return openapiLayout(call, undefined, ctx);
  const layout = shapeLayout(call, ctx);
  // `this.http.post(...)`: read by its shape only when the field takes its client from the constructor's caller (an
  // instance made elsewhere, as an imported one is); a field the class sets in a way that cannot be pinned down holds
  // a client this reading cannot see.
  const owner = callee.type === 'MemberExpression' ? unwrapTS(callee.object) : undefined;
  const field = owner?.type === 'MemberExpression' ? thisField(owner, ctx) : undefined;
  if (layout !== undefined && field?.kind === 'parameter') {
    // The class sets up the client it was handed (`this.http.interceptors.request.use(...)` in its constructor): that
    // setup is the client's, and this reading cannot tell what it does to the request.
    const setup = fieldSetup(owner as TSESTree.MemberExpression, ctx) ?? angularInterceptors(owner as TSESTree.MemberExpression, ctx);
    return setup === undefined ? layout : { ...layout, obstacles: [...(layout.obstacles ?? []), { code: ReasonCode.clientSetup, key: setup }] };
  }
  // `AppsApi.http.post(...)`, `clients.legacy.post(...)`: a static field or property that some module sets again holds
  // a client no reading can pin down.
  if (layout !== undefined && owner?.type === 'MemberExpression' && !owner.computed && owner.property.type === 'Identifier' &&
    unwrapTS(owner.object).type === 'Identifier') {
    const written = memberWrite((unwrapTS(owner.object) as TSESTree.Identifier).name, owner.property.name);
    if (written.test(ctx.text) || ctx.project?.anyFileMatches?.(written) === true) {
      return { ...layout, obstacles: [...(layout.obstacles ?? []), { code: ReasonCode.clientFieldUnknown, key: ctx.text.slice(owner.range[0], owner.range[1]) }] };
    }
  }
  if (layout === undefined || field === undefined || field.kind === 'parameter') return layout;
  return { ...layout, obstacles: [...(layout.obstacles ?? []), { code: ReasonCode.clientFieldUnknown, key: ctx.text.slice(owner!.range[0], owner!.range[1]) }] };
}

/**
 * Setup a class writes on a client field it is handed (`this.http.interceptors`, `this.http.defaults`, NestJS's
 * `this.http.axiosRef.interceptors`): named with its line, or undefined when the class writes none.
 */
function fieldSetup(owner: TSESTree.MemberExpression, ctx: SourceContext): string | undefined {
  let cls: TSESTree.Node | undefined = owner.parent;
  while (cls !== undefined && cls.type !== 'ClassBody') cls = cls.parent;
  if (cls === undefined) return undefined;
  const name = ctx.text.slice(owner.range[0], owner.range[1]).replace(/\s+/g, '');
  const escaped = name.replace(/[.$]/g, '\\$&').replace(/\\\./g, '\\s*\\.\\s*');
  const pattern = new RegExp(`${escaped}(?:\\s*\\.\\s*axiosRef)?\\s*\\.\\s*(interceptors|defaults|hooks)\\b`, 'g');
  const text = ctx.text.slice(cls.range[0], cls.range[1]);
  const match = pattern.exec(text);
  if (match === null) return undefined;
  const line = ctx.text.slice(0, cls.range[0] + match.index).split('\n').length;
  const what = match[1] === 'interceptors' ? 'an interceptor' : match[1] === 'hooks' ? 'hooks' : 'defaults';
  const place = ctx.file === undefined ? `line ${line}` : `${ctx.file}:${line}`;
  return `${what} set on ${name} (${place})`;
}

const ANGULAR_INTERCEPTORS = /\bwithInterceptors\s*\(|\bHTTP_INTERCEPTORS\b/;

/**
 * Angular's interceptors (`provideHttpClient(withInterceptors([...]))`, `HTTP_INTERCEPTORS`) change every request of
 * the `HttpClient` a class is handed (`inject(HttpClient)`, a constructor parameter): named with their place when the
 * class's client is Angular's and the program registers any.
 */
function angularInterceptors(owner: TSESTree.MemberExpression, ctx: SourceContext): string | undefined {
  let cls: TSESTree.Node | undefined = owner.parent;
  while (cls !== undefined && cls.type !== 'ClassBody') cls = cls.parent;
  if (cls === undefined || !/\bHttpClient\b/.test(ctx.text.slice(cls.range[0], cls.range[1]))) return undefined;
  const files = ctx.project?.filesMatching?.(ANGULAR_INTERCEPTORS) ?? [];
  for (const text of [ctx.text, ...files.map((file) => file.ctx.text)]) {
    const match = ANGULAR_INTERCEPTORS.exec(text);
    if (match === null) continue;
    const line = text.slice(0, match.index).split('\n').length;
    const file = text === ctx.text ? undefined : files.find((f) => f.ctx.text === text)?.ctx.file;
    return `Angular HTTP interceptors (${file === undefined ? `line ${line}` : `${file}:${line}`})`;
  }
  if (ctx.project?.filesMatching === undefined && ctx.project?.anyFileMatches?.(ANGULAR_INTERCEPTORS) === true) return 'Angular HTTP interceptors (another module)';
  return undefined;
}

/**
 * Type arguments mean what the client says they mean. `axios.post<R, AxiosResponse<R>, LegacyBody>(...)`: axios's
 * third is the body's type; fetch, got, ky, ofetch and openapi-fetch take only the response's (or the paths'). A
 * callee read by its shape (Angular's `http.post<T>`, a project's `requestClient.post<T>`) is read by its signature
 * where the program declares it: a type parameter that types the body parameter (the one after the URL) is the
 * body's; otherwise a type argument is the body's only when it names a deprecated key (written out, or through an
 * interface or type alias of the file). By default a type argument is the response's.
 */
function typeArgumentsMayDescribeBody(call: TSESTree.CallExpression, client: ClientKind, ctx: SourceContext): boolean {
  const args = call.typeArguments?.params ?? [];
  if (args.length === 0) return false;
  if (client !== 'unresolved' && client !== 'configured') {
    const from = CLIENTS[client].bodyTypeArguments;
    return from !== undefined && args.length >= from;
  }
  const signatures = client === 'unresolved' ? signaturesOf(call.callee, ctx) : [];
  if (signatures.length > 0) {
    return signatures.some(({ fn, ctx: at }) => {
      const body = fn.params[1];
      const annotation = body !== undefined && 'typeAnnotation' in body ? body.typeAnnotation : undefined;
      if (annotation == null) return false;
      const text = at.text.slice(annotation.range[0], annotation.range[1]);
      return (fn.typeParameters?.params ?? []).some((parameter, index) => index < args.length &&
        new RegExp(`(?<![\\w$])${parameter.name.name.replace(/\$/g, '\\$')}(?![\\w$])`).test(text));
    });
  }
  return args.some((arg) => typeDescribesBody(arg, ctx, 0));
}

/** The declarations of a function of the program a callee names (its overloads, a `declare function`), generic ones. */
function signaturesOf(callee: TSESTree.Node, ctx: SourceContext): { fn: TSESTree.FunctionLike; ctx: SourceContext }[] {
  const target = calledFunction(callee, ctx);
  if (target?.fn.typeParameters !== undefined) return [target];
  const expr = unwrapTS(callee);
  if (expr.type !== 'Identifier') return [];
  const variable = findVariable(ctx.getScope(expr), expr.name);
  return (variable?.defs ?? []).flatMap((def) => {
    const node = def.node as TSESTree.Node;
    return node.type === 'TSDeclareFunction' && node.typeParameters !== undefined ? [{ fn: node, ctx }] : [];
  });
}

/**
 * axios sends an absolute URL without its `baseURL` (axios 1.x `buildFullPath`), unless `allowAbsoluteUrls: false`
 * is set, or the base is changed after the instance is made (`api.defaults.baseURL = ...`): where the call or the
 * instance is written, through the client's defaults (its own or the library's) in any file the analysis reads; a
 * file read alone cannot see other modules, so it refuses an instance they can reach.
 */
function absoluteUrlWins(call: TSESTree.CallExpression, layout: CallLayout, ctx: SourceContext): boolean {
  if (layout.client !== 'axios' || layout.optionsUnread === true) return false;
  if ([ctx.text, layout.base?.ctx.text ?? ''].some((text) => /\ballowAbsoluteUrls\b/.test(text))) return false;
  // Setup of this call's client (its defaults' base or allowAbsoluteUrls, in any way, or setup that cannot be read),
  // in this file or, with project facts, anywhere in the program (clients/setup.ts).
  if (layout.setup?.some((piece) => piece.effect === 'url' || piece.effect === 'unknown') === true) return false;
  if (ctx.project?.filesMatching !== undefined) return true;
  // Read alone, an instance other modules can reach (imported or exported) may be changed where this file cannot see.
  let root = unwrapTS(call.callee);
  while (root.type === 'MemberExpression') root = unwrapTS(root.object);
  const variable = root.type === 'Identifier' ? findVariable(ctx.getScope(root), root.name) : undefined;
  const reachable = variable !== undefined && (importOf(variable) !== undefined || isExported(variable));
  return !reachable;
}

export type { RouteMatch };

/** The keys of the v3 body's top level (`assignment_mode` belongs inside `settings`). */
const V3_KEYS: ReadonlySet<string> = new Set([V3Key.assigneeType, V3Key.assigneeUid, V3Key.appCodeName, V3Key.settings]);

/**
 * A body already in the v3 shape, sent to the deprecated route: `same-app` only when it is a v3 body the planner
 * would have written (`assignee_type` "business" or "directory", an `assignee_uid`, `app_code_name` the app code of the
 * path: the same static string, or the same name read in the same scope; `settings` absent, or for a directory
 * `{ assignment_mode: "internal" | "pre_installed" }` written out), sent as JSON. `other-app` for any other body with
 * v3 keys; undefined when the body is not v3.
 */
function v3BodyOf(body: BodyObject, appId: AppIdFacts, appCode: AppCodeSource | undefined): CallFacts['v3Body'] {
  const keys = body.object.properties.map((property) => (property.type === 'Property' && !property.computed ? staticKey(property) : undefined));
  if (!keys.includes(V3Key.assigneeType) && !keys.includes(V3Key.appCodeName)) return undefined;
  if (keys.some((key) => key === undefined || !V3_KEYS.has(key)) || new Set(keys).size !== keys.length || body.form !== undefined) return 'other-app';
  const valueOf = (key: string) => (body.object.properties.find((property): property is TSESTree.Property => property.type === 'Property' && staticKey(property) === key)?.value);
  const literal = (node: TSESTree.Node | undefined) => (node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined);
  const type = literal(valueOf(V3Key.assigneeType));
  if ((type !== 'business' && type !== 'directory') || valueOf(V3Key.assigneeUid) === undefined) return 'other-app';
  const settings = valueOf(V3Key.settings);
  if (settings !== undefined) {
    const mode = settings.type === 'ObjectExpression' && settings.properties.length === 1 && settings.properties[0]!.type === 'Property' &&
      !settings.properties[0]!.computed && staticKey(settings.properties[0]!) === V3Key.assignmentMode ? literal(settings.properties[0]!.value) : undefined;
    if (type !== 'directory' || (mode !== 'internal' && mode !== 'pre_installed')) return 'other-app';
  }
  const value = valueOf(V3Key.appCodeName);
  if (value === undefined) return 'other-app';
  if (value.type === 'Literal' && typeof value.value === 'string') {
    const same = (appId.kind === 'static' && appId.value === value.value) || (appCode?.kind === 'literal' && appCode.value === value.value) ||
      (appCode?.kind === 'expression' && appCode.node.type === 'Literal' && appCode.node.value === value.value);
    return same ? 'same-app' : 'other-app';
  }
  if (value.type === 'Identifier' && appCode?.kind === 'expression' && appCode.node.type === 'Identifier' && appCode.ctx === body.ctx &&
    appCode.node.name === value.name && findVariable(body.ctx.getScope(value), value.name) === findVariable(appCode.ctx.getScope(appCode.node), appCode.node.name)) {
    return 'same-app';
  }
  return 'other-app';
}

/**
 * A POST to the URL of the response of a request to the deprecated route (`fetch(res.url, { method: 'POST', body })`,
 * `res` the response of `fetch(assignUrl, { method: 'DELETE' })`, a const or a parameter given it): the deprecated
 * request sent again, to a URL no text here spells. Reported, never rewritten.
 */
function resentToResponseUrl(call: TSESTree.CallExpression, layout: CallLayout, ctx: SourceContext): AssignCall | undefined {
  if (layout.method === 'other' || layout.method === 'unspecified' || layout.url === undefined) return undefined;
  // A call whose arguments show no request (`audit(request.url)`) sends nothing that is known.
  if (layout.obstacles?.some((o) => o.code === ReasonCode.clientUnknown) === true) return undefined;
  const url = unwrapTS(layout.url);
  const derived = derivedFromResponseUrl(call, url, ctx, layout);
  if (derived !== undefined) return derived;
  // `res.url`, `url` of `const { url } = res`, or a Request copied (`new Request(del, { method: 'POST' })`).
  const object = url.type === 'MemberExpression' && !url.computed && url.property.type === 'Identifier' && url.property.name === 'url' ? unwrapTS(url.object)
    : url.type === 'Identifier' ? destructuredUrlOf(url, ctx) ?? url : undefined;
  if (object?.type !== 'Identifier') return undefined;
  const source = responseSource(object, ctx);
  if (object === url && source?.sent.type !== 'NewExpression') return undefined;
  if (source === undefined) return undefined;
  const { sent, ctx: where } = source;
  let pieces: UrlPiece[];
  if (sent.type === 'NewExpression') {
    // `new Request(url, init)`: its `url` is the URL it is made with.
    const made = sent.arguments[0];
    if (made === undefined || made.type === 'SpreadElement') return undefined;
    pieces = readUrl(made, where, null);
  } else {
    const earlier = clientLayoutOf(sent, where);
    if (earlier?.url === undefined) return undefined;
    pieces = readUrl(earlier.url, where, null);
    if (earlier.base !== undefined) pieces = joinBase(readUrl(earlier.base.node, earlier.base.ctx, null), pieces, absoluteUrlWins(sent, earlier, where));
  }
  const earlierMatch = matchRoute(pieces, routesOf(where));
  if (earlierMatch === undefined) return undefined;
  const line = where.text.slice(0, sent.range[0]).split('\n').length;
  const what = sent.type === 'NewExpression' ? 'the URL of the request made' : 'the URL of the response of the request';
  const key = `${ctx.text.slice(url.range[0], url.range[1])}, ${what} to ${DEPRECATED_ASSIGN.route} at ${where.file === undefined || where.text === ctx.text ? `line ${line}` : `${where.file}:${line}`}`;
  const facts: CallFacts = { appId: { kind: 'static', value: 'unknown' }, body: layout.body.facts, obstacles: [{ code: ReasonCode.urlFromResponse, key }] };
  // The route is where the earlier request spells it: a call that passes that request supplies it (no caller).
  return { node: call, ctx, client: layout.client, facts, routeAt: earlierMatch.routeAt, via: [] };
}

/**
 * A POST to a URL made of a response's URL (`new URL('assign', app.url)`, `app.url.replace(/status$/, 'assign')`) that
 * the earlier request's URL, changed the same way, makes the deprecated route: reported (`url-from-response`), never
 * rewritten, as no code here spells the route.
 */
function derivedFromResponseUrl(call: TSESTree.CallExpression, url: TSESTree.Node, ctx: SourceContext, layout: CallLayout): AssignCall | undefined {
  const responseUrl = (node: TSESTree.Node | undefined): TSESTree.Identifier | undefined => {
    const member = node === undefined ? undefined : unwrapTS(node);
    return member?.type === 'MemberExpression' && !member.computed && member.property.type === 'Identifier' && member.property.name === 'url' &&
      unwrapTS(member.object).type === 'Identifier' ? unwrapTS(member.object) as TSESTree.Identifier : undefined;
  };
  const staticText = (node: TSESTree.Node | undefined): string | undefined => {
    const value = node === undefined ? undefined : unwrapTS(node);
    if (value?.type === 'Literal' && typeof value.value === 'string') return value.value;
    return value?.type === 'TemplateLiteral' && value.expressions.length === 0 ? value.quasis[0]!.value.cooked ?? undefined : undefined;
  };
  let object: TSESTree.Identifier | undefined;
  let change: ((flat: string) => string | undefined) | undefined;
  const made = url.type === 'NewExpression' && url.callee.type === 'Identifier' && url.callee.name === 'URL' && findVariable(ctx.getScope(url.callee), 'URL') === undefined;
  if (made && url.arguments.length === 2) {
    // `new URL('assign', res.url)`: a relative path resolved against the response's URL, as the URL parser does.
    object = responseUrl(url.arguments[1]);
    const rel = staticText(url.arguments[0]);
    if (rel !== undefined && !/^[a-z][a-z\d+.-]*:|^\/|^\.\.|[?#]/i.test(rel)) change = (flat) => flat.replace(/[?#].*$/, '').replace(/[^/]*$/, rel.replace(/^(?:\.\/)+/, ''));
  } else if (url.type === 'CallExpression' && url.callee.type === 'MemberExpression' && !url.callee.computed && url.callee.property.type === 'Identifier' &&
    (url.callee.property.name === 'replace' || url.callee.property.name === 'replaceAll') && url.arguments.length === 2) {
    // `res.url.replace(/status$/, 'assign')`: the response's URL changed as the call says.
    object = responseUrl(url.callee.object);
    const to = staticText(url.arguments[1]);
    const pattern = unwrapTS(url.arguments[0]!);
    const from = pattern.type === 'Literal' && 'regex' in pattern && pattern.regex !== undefined ? new RegExp(pattern.regex.pattern, pattern.regex.flags) : staticText(pattern);
    const all = url.callee.property.name === 'replaceAll';
    if (to !== undefined && from !== undefined && !/\$[\d&`'<]/.test(to)) change = (flat) => (all ? flat.replaceAll(from, to) : flat.replace(from, to));
  }
  if (object === undefined || change === undefined) return undefined;
  const source = responseSource(object, ctx);
  if (source === undefined || source.sent.type === 'NewExpression') return undefined;
  const { sent, ctx: where } = source;
  const earlier = clientLayoutOf(sent, where);
  if (earlier?.url === undefined) return undefined;
  let pieces = readUrl(earlier.url, where, null);
  if (earlier.base !== undefined) pieces = joinBase(readUrl(earlier.base.node, earlier.base.ctx, null), pieces, absoluteUrlWins(sent, earlier, where));
  // The earlier URL with a marker for each part not known here, changed, then read back into parts.
  const parts = pieces.filter((piece) => piece.kind !== 'text');
  if (pieces.some((piece) => piece.kind === 'text' && piece.value.includes('\u0000'))) return undefined;
  const changed = change(pieces.map((piece) => (piece.kind === 'text' ? piece.value : '\u0000')).join(''));
  const texts = changed?.split('\u0000');
  if (texts === undefined || texts.length !== parts.length + 1) return undefined;
  const ctxOf = pieces[0]!.ctx;
  const result: UrlPiece[] = texts.flatMap((text, i) => [
    ...(text === '' ? [] : [{ kind: 'text' as const, value: text, start: null, region: null, ctx: ctxOf }]),
    ...(i < parts.length ? [parts[i]!] : []),
  ]);
  const match = matchRoute(result, routesOf(where));
  if (match === undefined) return undefined;
  const line = where.text.slice(0, sent.range[0]).split('\n').length;
  const key = `${ctx.text.slice(url.range[0], url.range[1])}, which makes ${DEPRECATED_ASSIGN.route} of the URL of the response of the request at ` +
    `${where.file === undefined || where.text === ctx.text ? `line ${line}` : `${where.file}:${line}`}`;
  const facts: CallFacts = { appId: { kind: 'static', value: 'unknown' }, body: layout.body.facts, obstacles: [{ code: ReasonCode.urlFromResponse, key }] };
  return { node: call, ctx, client: layout.client, facts, via: [] };
}

/** The object a `url` const is destructured from (`const { url } = res`), when it is never written again. */
function destructuredUrlOf(id: TSESTree.Identifier, ctx: SourceContext): TSESTree.Node | undefined {
  const variable = findVariable(ctx.getScope(id), id.name);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (variable === undefined || def?.type !== 'Variable' || !isNeverReassigned(variable)) return undefined;
  const declarator = def.node as TSESTree.Node;
  if (declarator.type !== 'VariableDeclarator' || declarator.id.type !== 'ObjectPattern' || declarator.init === null) return undefined;
  const own = declarator.id.properties.find((property) => property.type === 'Property' && unwrapTS(property.value).type === 'Identifier' &&
    (unwrapTS(property.value) as TSESTree.Identifier).name === id.name);
  return own?.type === 'Property' && staticKey(own) === 'url' ? unwrapTS(declarator.init) : undefined;
}

/**
 * What a name for a response or a request was made by: the request call whose response it holds (a const, a parameter
 * given it, the parameter of a callback given to that call's `.then`), or `new Request(url, init)`; undefined when
 * it is none of these.
 */
function responseSource(object: TSESTree.Identifier, ctx: SourceContext): { sent: TSESTree.CallExpression | TSESTree.NewExpression; ctx: SourceContext } | undefined {
  const name = valueOfName(object, ctx);
  if (name.kind === 'const' || name.kind === 'argument') {
    let sent = unwrapTS(name.value.node);
    if (sent.type === 'AwaitExpression') sent = unwrapTS(sent.argument);
    if (sent.type === 'CallExpression') return { sent, ctx: name.value.ctx };
    if (sent.type === 'NewExpression' && sent.callee.type === 'Identifier' && sent.callee.name === 'Request' &&
      findVariable(name.value.ctx.getScope(sent.callee), 'Request') === undefined) return { sent, ctx: name.value.ctx };
    return undefined;
  }
  // `fetch(url, { method: 'DELETE' }).then((res) => … res.url …)`: the first parameter of the callback, never written again.
  if (name.kind !== 'unknown' || !isNeverReassigned(name.variable)) return undefined;
  const def = name.variable.defs.length === 1 ? name.variable.defs[0] : undefined;
  const fn = def?.type === 'Parameter' ? def.node as TSESTree.Node : undefined;
  if (fn === undefined || !isFunction(fn) || (fn as TSESTree.FunctionLike).params[0] !== def!.name) return undefined;
  const then = fn.parent;
  if (then?.type !== 'CallExpression' || then.arguments[0] !== fn) return undefined;
  const callee = unwrapTS(then.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'then') return undefined;
  const sent = unwrapTS(callee.object);
  return sent.type === 'CallExpression' ? { sent, ctx } : undefined;
}

/**
 * A call through a client whose base URL setup written apart from it may set or change (`axios.defaults.baseURL =
 * '…/platform/v1'`, `Object.assign(api.defaults, { baseURL })`, `defaults.baseURL += '/platform/v1'`, a request
 * interceptor setting `config.baseURL` or `config.url`, setup that cannot be read), that POSTs to a path which is the
 * deprecated route without its prefix (`/apps/${code}/assign`): under such a base it is the deprecated request. It is
 * reported with that setup named (`client-setup`), never rewritten and never silent.
 */
function relativeRouteUnderSetup(call: TSESTree.CallExpression, layout: CallLayout, own: readonly UrlPiece[], ctx: SourceContext): AssignCall | undefined {
  if (layout.method === 'other' || layout.method === 'unspecified') return undefined;
  // A base written to the defaults with `=` is the base this call was read against (the join did not make the route):
  // that setup is known, and only other setup may make it the deprecated route.
  const base = layout.base;
  const basePlace = base === undefined ? undefined
    : base.ctx.file === undefined || base.ctx.text === ctx.text ? `line ${lineAt(base.ctx.text, base.node.range[0])}` : `${base.ctx.file}:${lineAt(base.ctx.text, base.node.range[0])}`;
  if (!(layout.setup ?? []).some((piece) => piece.effect === 'unknown' || (piece.effect === 'url' && piece.place !== basePlace))) return undefined;
  const first = own[0];
  if (first?.kind !== 'text' || /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(first.value)) return undefined;
  const prefixed: UrlPiece[] = [{ kind: 'text', value: first.value.startsWith('/') ? DEPRECATED_ASSIGN.prefix : `${DEPRECATED_ASSIGN.prefix}/`, start: null, region: null, ctx }, ...own];
  const match = matchRoute(prefixed, [DEFAULT_ROUTE]);
  if (match === undefined || match.routeAt.length === 0) return undefined;
  const facts: CallFacts = { appId: { kind: 'static', value: 'unknown' }, body: layout.body.facts, obstacles: [...(layout.obstacles ?? [])] };
  return { node: call, ctx, client: layout.client, facts, routeAt: match.routeAt, via: [] };
}

/**
 * A function of the program that already sends POST /v3/apps/app_assignments, read for a caller that passes it the
 * deprecated body (`business_uid` or `directory_uid`): a group migrated by half (the function rewritten without its
 * callers). The caller is a site, left for a person: the app code the old route carried is gone from the request.
 * A v3 call read on its own is never one (decisions.md: nothing under /v3/ is flagged).
 */
function deprecatedBodyOnV3(call: TSESTree.CallExpression, layout: CallLayout, pieces: readonly UrlPiece[], ctx: SourceContext): AssignCall | undefined {
  if (ctx.bindings === undefined || layout.method === 'other' || layout.method === 'unspecified' || layout.body.kind !== 'object') return undefined;
  const body = layout.body.body;
  if (body.ctx === ctx || layout.body.facts.kind !== 'object') return undefined;
  if (!layout.body.facts.entries.some((entry) => entry.key === 'business_uid' || entry.key === 'directory_uid')) return undefined;
  const url = pieces.map((piece) => (piece.kind === 'text' ? piece.value : '\u0000')).join('');
  const path = url.split('?')[0]!.replace(/\/+$/, '');
  if (!path.endsWith(V3_ASSIGN.path)) return undefined;
  const facts: CallFacts = { appId: { kind: 'static', value: 'unknown' }, body: layout.body.facts, obstacles: [{ code: ReasonCode.halfMigratedRoute }] };
  return { node: call, ctx, client: layout.client, facts, body, via: [] };
}
