/**
 * Never a silent miss: a call that no client module understands, but whose arguments provably spell the deprecated
 * route, is still a site. Spelled means a string literal or template on the way to an argument (the argument itself, a
 * const, a concatenation, a URL built from it), or an object literal in the call whose `url`/`path`/`uri` holds it
 * (RTK Query's `query: () => ({ url, method: 'POST', body })`, `http.request({ path, method })`). Such a call is
 * reported with the client or family it is sent through, and never rewritten.
 *
 * What is read and found to be something else stays silent: a known client sending another method or URL, a callee
 * whose name or options say another verb, a route definition or placeholder (`:id`, `{id}`), loggers, errors, string
 * helpers, tests and mocks (`clients/exclusions.ts`, `not-a-request.ts`, `mocks/`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { isNeverAClient, isTestOrMock, moduleOf } from '../recognize/clients/index.js';
import { verbsIn } from '../recognize/clients/shape.js';
import { enclosingClass } from '../recognize/clients/this-member.js';
import { classBaseValues } from '../recognize/class-fields.js';
import { HTTP_VERBS } from '../recognize/clients/spec.js';
import type { Bound, SourceContext } from '../facts/context.js';
import { DEPRECATED_ASSIGN, V3_ASSIGN } from '../facts/contract.js';
import { calledFunction, returnedExpression, valueOfName } from '../recognize/follow.js';
import { recognizeMock } from '../mocks/recognize.js';
import { isNotARequest } from '../recognize/not-a-request.js';
import { ReasonCode } from '../facts/reasons.js';
import { textMatches } from '../facts/text-facts.js';
import { type AssignCall, readAsNoSite, recognizeAssignCall, routesOf } from '../recognize/recognize.js';
import { findVariable } from '../facts/scope.js';
import { memberName, staticString } from '../facts/static-value.js';
import { calleePath, forEachCall, isFunction, someNode, staticKey, unwrapTS } from '../facts/syntax.js';
import { sendsPost, unreadBuilderArgument } from './unread-builders.js';
import { matchRoute, readUrl, type UrlPiece } from '../recognize/url.js';

/** How deep a value is followed through names, calls and objects. */
const MAX_DEPTH = 6;

/** Properties of a request's options that hold its URL or path. */
const URL_KEYS: ReadonlySet<string> = new Set(['url', 'path', 'uri']);

/** Modules whose functions build a URL from a route pattern: their calls are never requests themselves. */
const URL_BUILDER_MODULES: ReadonlySet<string> = new Set([
  'urlcat', 'url-join', 'proper-url-join', 'path-to-regexp', 'url-template', 'query-string', 'qs', 'react-router', 'react-router-dom',
  'node:path', 'path', 'node:url', 'url',
]);

/** node's own HTTP modules: `request(url | options, callback)` with the body written to the request stream. */
const NODE_HTTP_MODULES: ReadonlySet<string> = new Set(['http', 'https', 'node:http', 'node:https']);

/**
 * The call as a site no client module rewrites, or undefined when it does not spell the route or is read as
 * something else. Asked only of calls `recognizeAssignCall` did not take.
 */
export function unrewrittenSite(call: TSESTree.CallExpression, ctx: SourceContext): AssignCall | undefined {
  const callee = unwrapTS(call.callee);
  if (callee.type === 'Super' || call.arguments.length === 0) return undefined;
  // Cheap first: a route must be spelled in the call, or reach it through a name.
  const text = ctx.text.slice(call.range[0], call.range[1]);
  if (!text.includes('assign') && call.arguments.every((arg) => arg.type === 'Literal' || isFunction(arg))) return undefined;
  if (isNeverAClient(callee) || isTestOrMock(callee, ctx) || isNotARequest(call, ctx) || buildsUrl(callee, ctx)) return undefined;
  if (namesAnotherVerb(callee)) return undefined;
  if (sendsToAnotherUrl(call, ctx)) return undefined;
  const node = nodeHttp(callee, ctx);
  const spelled = routeIn(call, ctx, node !== undefined);
  const inClass = spelled === undefined ? routeAfterClassBase(call, ctx) : undefined;
  const inModule = spelled === undefined && inClass === undefined ? routeAfterModuleBase(call, ctx) : undefined;
  // A URL builder of the program, or a path-to-regexp template, that spells the route where the exact reading stops.
  const builderArgument = unreadBuilderArgument(call, ctx);
  const builder = builderArgument?.obstacles;
  if (spelled === undefined && inClass === undefined && inModule === undefined && builder === undefined) return undefined;
  // Its value goes into another call that reads it (`api.post(withHost(url))`): that call is the one to report. A
  // route completed by a base (the class's, the module's) is this call's alone: no reader of it spells it.
  if (spelled !== undefined && consumedByCall(call)) return undefined;
  // A function of the program that POSTs to the URL this argument makes (`post(url, body)`, `sendVia(build, …)`) is
  // followed without finding the route, which the unread builder hides: the call is the site.
  const forwarded = builderArgument !== undefined && postsArgument(call, builderArgument.index, ctx);
  if ((readAsNoSite(call, ctx) && !forwarded) || recognizeMock(call, ctx) !== undefined) return undefined;
  if (builder !== undefined) {
    return { node: call, ctx, client: 'unresolved', facts: { appId: { kind: 'static', value: 'unknown' }, body: { kind: 'unknown' }, obstacles: builder }, via: [] };
  }
  if (inModule !== undefined) {
    const obstacles = [{ code: ReasonCode.urlPrefixInBase, ...(inModule.target === undefined ? {} : { key: inModule.target }) }, { code: ReasonCode.clientSetup, key: inModule.setup }];
    return { node: call, ctx, client: 'unresolved', facts: { appId: { kind: 'static', value: 'unknown' }, body: { kind: 'unknown' }, obstacles }, via: [] };
  }
  // `TEMPLATE.replace(':id', code)`: a route the call's URL completes by changing its text, which is why it was not read.
  const changed = spelled !== undefined && inClass === undefined && node === undefined && sentByLibrary(callee, ctx) ? textChangedInUrl(call, ctx) : undefined;
  if (changed !== undefined) {
    return { node: call, ctx, client: 'unresolved', facts: { appId: { kind: 'static', value: 'unknown' }, body: { kind: 'unknown' }, obstacles: [{ code: ReasonCode.urlBuilderUnread, key: changed }] }, via: [] };
  }
  const family = familyOf(call, node, ctx);
  return {
    node: call,
    ctx,
    client: 'unresolved',
    facts: {
      appId: { kind: 'static', value: 'unknown' },
      body: { kind: 'unknown' },
      obstacles: [{ code: ReasonCode.clientNotRewritten, key: inClass === undefined ? family : `${family} with the class's base URL ending in ${DEPRECATED_ASSIGN.prefix}${inClass}` }],
    },
    via: [],
  };
}

/** A callee of a package (`axios.post` of axios) or a global (`fetch`): a client, not code of the program this run did not read. */
function sentByLibrary(callee: TSESTree.Node, ctx: SourceContext): boolean {
  let root = unwrapTS(callee);
  while (root.type === 'MemberExpression' || root.type === 'CallExpression') root = unwrapTS(root.type === 'MemberExpression' ? root.object : root.callee);
  if (root.type !== 'Identifier') return false;
  if (findVariable(ctx.getScope(root), root.name) === undefined) return true;
  const module = moduleOf(root, ctx);
  return module !== undefined && !/^[./]/.test(module);
}

/** String methods that change a text: what they return is not the text the route spells. */
const TEXT_CHANGES: ReadonlySet<string> = new Set(['replace', 'replaceAll', 'toLowerCase', 'toUpperCase', 'toLocaleLowerCase', 'toLocaleUpperCase', 'normalize', 'slice', 'substring', 'trim']);

/**
 * The call's URL argument made by changing, with a string method, a text that spells the route
 * (`base + ASSIGN_TEMPLATE.replace(':id', code)`): named as a builder with why it is not read, or undefined.
 */
function textChangedInUrl(call: TSESTree.CallExpression, ctx: SourceContext): string | undefined {
  const url = call.arguments[0];
  if (url === undefined || url.type === 'SpreadElement') return undefined;
  let found: string | undefined;
  const visit = (node: TSESTree.Node, at: SourceContext, depth: number): void => {
    if (found !== undefined || depth > MAX_DEPTH) return;
    const expr = unwrapTS(node);
    if (expr.type === 'BinaryExpression' && expr.operator === '+') {
      visit(expr.left, at, depth + 1);
      visit(expr.right, at, depth + 1);
    } else if (expr.type === 'TemplateLiteral') {
      for (const inner of expr.expressions) visit(inner, at, depth + 1);
    } else if (expr.type === 'Identifier') {
      const name = valueOfName(expr, at);
      if (name.kind === 'const' || name.kind === 'imported') visit(name.value.node, name.value.ctx, depth + 1);
    } else if (expr.type === 'CallExpression') {
      const callee = unwrapTS(expr.callee);
      if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || !TEXT_CHANGES.has(callee.property.name)) return;
      const text = readUrl(callee.object, at, null).map((piece) => (piece.kind === 'text' ? piece.value : 'app')).join('');
      if (!/\/platform\/v1\/apps\/[^/]*\/assign\b/.test(text)) return;
      const written = at.text.slice(callee.range[0], callee.range[1]);
      const line = at.text.slice(0, expr.range[0]).split('\n').length;
      const atCall = at.text === ctx.text && expr.range[0] >= call.range[0] && expr.range[1] <= call.range[1];
      const where = atCall ? 'at the call' : at.file === undefined || at.text === ctx.text ? `line ${line}` : `${at.file}:${line}`;
      found = `${written}(…) ${where}, its text changed by .${callee.property.name}(…) before it is sent`;
    }
  };
  visit(url, ctx, 0);
  return found;
}

/**
 * `new Request(<the route>, { method: 'POST', … })` that no call here is handed: returned, kept in a queue
 * (`queue.push(request)`), stored. Whatever sends it later is not seen, so the Request is the site, reported where it
 * is made and never rewritten. One handed to a call (`fetch(request)`, `send(request)`, `fetch(request.clone())`) is
 * that call's, and reported there.
 */
export function requestObjectSite(node: TSESTree.NewExpression, ctx: SourceContext): AssignCall | undefined {
  const callee = unwrapTS(node.callee);
  if (callee.type !== 'Identifier' || callee.name !== 'Request' || findVariable(ctx.getScope(callee), 'Request') !== undefined) return undefined;
  const [url, init] = node.arguments;
  if (url === undefined || url.type === 'SpreadElement' || init?.type === 'SpreadElement') return undefined;
  if (!spells(url, ctx, 0, false, () => undefined)) return undefined;
  const options = init === undefined ? undefined : optionsObject(init, ctx);
  // Request's own default is GET; a method that cannot be read may be POST.
  const method = init === undefined ? 'absent' : options === undefined ? 'dynamic' : methodIn(options, ctx);
  if (method === 'absent' || method === 'other' || handedToCall(node, ctx)) return undefined;
  return {
    node: node as unknown as TSESTree.CallExpression,
    ctx,
    client: 'unresolved',
    facts: {
      appId: { kind: 'static', value: 'unknown' },
      body: { kind: 'unknown' },
      obstacles: [{ code: ReasonCode.clientNotRewritten, key: 'a Request object (new Request) that no call in this file is handed where it is made' }],
    },
    via: [],
  };
}

/** Whether the value of `node` (or of the const it initializes, or a `clone()` of it) is an argument of a call that reads it. */
function handedToCall(node: TSESTree.Node, ctx: SourceContext, depth = 0): boolean {
  let child: TSESTree.Node = node;
  let parent = node.parent;
  while (parent !== undefined && (parent.type === 'AwaitExpression' || parent.type === 'TSAsExpression' || parent.type === 'TSNonNullExpression' ||
    parent.type === 'TSSatisfiesExpression' || parent.type === 'ChainExpression')) {
    child = parent;
    parent = parent.parent;
  }
  if (parent === undefined) return false;
  if (parent.type === 'CallExpression') return parent.callee !== child && isArgumentReader(parent);
  // `request.clone()` handed on.
  if (parent.type === 'MemberExpression' && parent.object === child && memberName(parent) === 'clone' && parent.parent?.type === 'CallExpression' &&
    parent.parent.callee === parent) return depth < MAX_DEPTH && handedToCall(parent.parent, ctx, depth + 1);
  if (parent.type === 'VariableDeclarator' && parent.init === child && parent.id.type === 'Identifier') {
    const variable = findVariable(ctx.getScope(parent.id), parent.id.name);
    return variable !== undefined && depth < MAX_DEPTH &&
      variable.references.some((ref) => !ref.init && handedToCall(ref.identifier as TSESTree.Node, ctx, depth + 1));
  }
  return false;
}

const NEST_REGISTER = /\bHttpModule\s*\.\s*register\s*\(/;

/**
 * NestJS's `this.http.post('apps/x/assign', body)` (or through `axiosRef`) in a class handed an `HttpService`, while
 * `HttpModule.register({ baseURL })` in this file or, with project facts, in a module of the program gives the
 * instance a base ending in `/platform/v1`: axios joins the two into the route. Which module's service the class is
 * handed is the injector's choice, so the call is reported with the base and where it is set, never rewritten.
 */
function routeAfterModuleBase(call: TSESTree.CallExpression, ctx: SourceContext): { target?: string; setup: string } | undefined {
  const callee = unwrapTS(call.callee);
  if (callee.type !== 'MemberExpression' || memberName(callee) !== 'post') return undefined;
  let owner = unwrapTS(callee.object);
  if (owner.type === 'MemberExpression' && memberName(owner) === 'axiosRef') owner = unwrapTS(owner.object);
  if (owner.type !== 'MemberExpression' || unwrapTS(owner.object).type !== 'ThisExpression') return undefined;
  const cls = enclosingClass(owner);
  if (cls === undefined || !/\bHttpService\b/.test(ctx.text.slice(cls.range[0], cls.range[1]))) return undefined;
  const first = call.arguments[0];
  if (first === undefined || first.type === 'SpreadElement' || !ctx.text.slice(first.range[0], first.range[1]).includes('assign')) return undefined;
  const path = readUrl(first, ctx, null);
  if (path[0]?.kind !== 'text' || /^[a-z][a-z\d+.-]*:/i.test(path[0].value)) return undefined;
  const files = [...(textMatches(ctx.text, NEST_REGISTER) ? [{ text: ctx.text, ctx, program: programOf(call) }] : []),
    ...(ctx.project?.filesMatching?.(NEST_REGISTER) ?? []).filter((file) => file.ctx.text !== ctx.text).map((file) => ({ text: file.ctx.text, ctx: file.ctx, program: file.program }))];
  for (const file of files) {
    for (const register of registerCalls(file.program)) {
      const options = register.arguments[0] === undefined || register.arguments[0].type === 'SpreadElement' ? undefined : optionsObject(register.arguments[0], file.ctx);
      const baseUrl = options?.properties.find((p): p is TSESTree.Property => p.type === 'Property' && staticKey(p) === 'baseURL');
      const base = baseUrl === undefined ? undefined : staticString(baseUrl.value, file.ctx);
      if (base === undefined || !base.replace(/\/$/, '').endsWith(DEPRECATED_ASSIGN.prefix)) continue;
      const head = path[0];
      const joined: UrlPiece[] = [{ ...head, value: `${base.replace(/\/$/, '')}/${head.value.replace(/^\//, '')}`, start: null, region: null }, ...path.slice(1)];
      if (matchRoute(joined, routesOf(ctx)) === undefined) continue;
      const origin = base.replace(/\/$/, '').slice(0, -DEPRECATED_ASSIGN.prefix.length);
      return {
        ...(/^https?:\/\/[^/]+/i.test(origin) ? { target: `${origin}${V3_ASSIGN.path}` } : {}),
        // Named without its line: a TODO above the call may move it, and a second run must give the same words.
        setup: `HttpModule.register options${file.ctx.file === undefined || file.text === ctx.text ? ' of this file' : ` (${file.ctx.file})`}`,
      };
    }
  }
  return undefined;
}

function programOf(node: TSESTree.Node): TSESTree.Node {
  let root = node;
  while (root.parent != null) root = root.parent;
  return root;
}

/** The `HttpModule.register(...)` calls of a file. */
function registerCalls(program: TSESTree.Node): TSESTree.CallExpression[] {
  const found: TSESTree.CallExpression[] = [];
  forEachCall(program, (call) => {
    if (calleePath(call.callee) === 'HttpModule.register') found.push(call);
  });
  return found;
}

/**
 * A request helper of the class that is not read (`this.request('POST', `/apps/${code}/assign`, body)` in a class
 * whose base class is in a module not read here), given the rest of the route while the class's base URL ends in
 * `/platform/v1` (`super('https://…/platform/v1')`, `override baseUrl = '…'`, `new Apps('…')`): the base and the
 * path make the route. Only with POST said by the call (an argument, the helper's name, or its options). Returns
 * where that base is written: '' in this file, else the file.
 */
function routeAfterClassBase(call: TSESTree.CallExpression, ctx: SourceContext): string | undefined {
  const callee = unwrapTS(call.callee);
  if (callee.type !== 'MemberExpression' || unwrapTS(callee.object).type !== 'ThisExpression') return undefined;
  if (!ctx.text.slice(call.range[0], call.range[1]).includes('assign')) return undefined;
  const cls = enclosingClass(callee);
  if (cls === undefined) return undefined;
  let post = verbsIn(memberName(callee) ?? '').includes('post');
  const paths: UrlPiece[][] = [];
  for (const arg of call.arguments) {
    if (arg.type === 'SpreadElement' || isFunction(arg)) continue;
    const options = optionsObject(arg, ctx);
    if (options !== undefined) {
      const method = methodIn(options, ctx);
      if (method === 'other' || method === 'dynamic') return undefined;
      post ||= method === 'post';
      continue;
    }
    const text = staticString(arg, ctx);
    if (text !== undefined && HTTP_VERBS.has(text.toLowerCase())) {
      if (text.toUpperCase() !== DEPRECATED_ASSIGN.method) return undefined;
      post = true;
      continue;
    }
    const pieces = readUrl(arg, ctx, null);
    if (pieces[0]?.kind === 'text') paths.push(pieces);
  }
  if (!post || paths.length === 0) return undefined;
  for (const base of classBaseValues(cls, ctx)) {
    const pieces = readUrl(base.node, base.ctx, null);
    if (pieces.length === 0 || pieces.some((piece) => piece.kind !== 'text')) continue;
    const text = pieces.map((piece) => (piece as { value: string }).value).join('').replace(/\/$/, '');
    if (!text.endsWith(DEPRECATED_ASSIGN.prefix)) continue;
    for (const path of paths) {
      const first = path[0] as Extract<UrlPiece, { kind: 'text' }>;
      const joined: UrlPiece[] = [{ ...first, value: `${text}/${first.value.replace(/^\//, '')}`, start: null, region: null }, ...path.slice(1)];
      if (matchRoute(joined, routesOf(ctx)) === undefined) continue;
      // Named without its line: a TODO above the call may move it, and a second run must give the same words.
      return base.ctx.file === undefined || base.ctx.text === ctx.text ? '' : ` (${base.ctx.file})`;
    }
  }
  return undefined;
}

/**
 * Where the route is spelled: an argument, or an object literal whose nearest call is this one (inside a function
 * argument too: `query: () => ({ url })`). None when the options beside it name another method; node's `request`
 * sends GET unless its options say POST.
 */
function routeIn(call: TSESTree.CallExpression, ctx: SourceContext, methodRequired: boolean): true | undefined {
  let found = false;
  const seen: { method: 'post' | 'other' | 'dynamic' | 'absent' } = { method: 'absent' };
  // Any options beside the route that name another method make it no site; POST or a method not known here keep it.
  const note = (m: typeof seen.method) => {
    if (m === 'other') seen.method = 'other';
    else if (m !== 'absent' && seen.method === 'absent') seen.method = m;
  };
  for (const arg of call.arguments) {
    if (arg.type === 'SpreadElement') continue;
    if (isFunction(arg)) {
      if (objectsIn(arg, call).some((object) => objectSpells(object, ctx, 0, note))) found = true;
      continue;
    }
    const value = unwrapTS(arg);
    // A request helper given the method as its own argument (`this.request('DELETE', path)`).
    const verb = value.type === 'Literal' && typeof value.value === 'string' ? value.value.toLowerCase() : undefined;
    if (verb !== undefined && HTTP_VERBS.has(verb)) {
      note(verb === 'post' ? 'post' : 'other');
      continue;
    }
    const merged = mergedObjects(value, ctx);
    if (merged !== undefined) {
      // Later objects override earlier ones: a method they do not name is the earlier one's.
      const methods = merged.map((object) => methodIn(object, ctx)).filter((m) => m !== 'absent');
      note(methods[methods.length - 1] ?? 'absent');
      if (merged.some((object) => objectSpells(object, ctx, 0, () => undefined))) found = true;
      continue;
    }
    // An array key of SWR (`useSWRMutation([url, token], fetcher)`): the URL is one of its elements.
    if (value.type === 'ArrayExpression' && isSwr(call, ctx)) {
      if (value.elements.some((element) => element !== null && element.type !== 'SpreadElement' && spells(element, ctx, 0, false, note))) found = true;
      continue;
    }
    if (value.type === 'ObjectExpression') {
      note(methodIn(value, ctx));
      if (objectSpells(value, ctx, 0, note)) found = true;
      else if (objectsIn(value, call).some((object) => object !== value && objectSpells(object, ctx, 0, note))) found = true;
      else if (namedFunctionObjects(value, ctx).some((object) => objectSpells(object.node as TSESTree.ObjectExpression, object.ctx, 0, note))) found = true;
      continue;
    }
    if (spells(arg, ctx, 0, false, note)) found = true;
    const options = optionsObject(arg, ctx);
    if (options !== undefined) note(methodIn(options, ctx));
  }
  if (!found || seen.method === 'other') return undefined;
  if (methodRequired && seen.method === 'absent') return undefined;
  return true;
}

/**
 * The first argument is a URL known in full that is not the route (`api.post('/audit', { url })`): the call sends
 * elsewhere, and a route in its body is data.
 */
function sendsToAnotherUrl(call: TSESTree.CallExpression, ctx: SourceContext): boolean {
  const first = call.arguments[0];
  if (first === undefined || first.type === 'SpreadElement' || isFunction(first)) return false;
  const pieces = readUrl(first, ctx, null);
  if (pieces.length === 0 || pieces.some((piece) => piece.kind !== 'text')) return false;
  const text = pieces.map((piece) => (piece.kind === 'text' ? piece.value : '')).join('');
  return /^(?:[a-z][a-z\d+.-]*:\/\/|\/)/i.test(text) && matchRoute(pieces, routesOf(ctx)) === undefined;
}

/** An options object passed by name or written out (`request(url, options, callback)`). */
function optionsObject(node: TSESTree.Node, ctx: SourceContext): TSESTree.ObjectExpression | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'ObjectExpression') return expr;
  if (expr.type !== 'Identifier') return undefined;
  const name = valueOfName(expr, ctx);
  if (name.kind !== 'const') return undefined;
  const init = unwrapTS(name.value.node);
  return init.type === 'ObjectExpression' ? init : undefined;
}

/**
 * The method an options object names: POST, another one, one not known here, or none. The last key that may set it
 * counts: a spread of a const object is read for its own (`{ ...POST_JSON }`), any other spread may set one not
 * known here.
 */
function methodIn(object: TSESTree.ObjectExpression, ctx: SourceContext, depth = 0): 'post' | 'other' | 'dynamic' | 'absent' {
  let method: 'post' | 'other' | 'dynamic' | 'absent' = 'absent';
  for (const property of object.properties) {
    if (property.type === 'SpreadElement') {
      const spread = depth < MAX_DEPTH ? optionsObject(property.argument, ctx) : undefined;
      const inner = spread === undefined ? 'dynamic' : methodIn(spread, ctx, depth + 1);
      if (inner !== 'absent') method = inner;
      continue;
    }
    if (staticKey(property) !== 'method') continue;
    const value = staticString(property.value, ctx);
    method = value === undefined ? 'dynamic' : value.toUpperCase() === DEPRECATED_ASSIGN.method ? 'post' : 'other';
  }
  return method;
}

/** `Object.assign({}, BASE, { path })` given as options: the objects it merges, in order (each literal or a const). */
function mergedObjects(node: TSESTree.Node, ctx: SourceContext): TSESTree.ObjectExpression[] | undefined {
  const call = unwrapTS(node);
  if (call.type !== 'CallExpression' || calleePath(call.callee) !== 'Object.assign' || findVariable(ctx.getScope(call), 'Object') !== undefined) return undefined;
  const objects = call.arguments.map((arg) => (arg.type === 'SpreadElement' ? undefined : optionsObject(arg, ctx)));
  return objects.every((object) => object !== undefined) ? objects : undefined;
}

/** An object literal whose `url`, `path` or `uri` spells the route; its `method` is noted. */
function objectSpells(object: TSESTree.ObjectExpression, ctx: SourceContext, depth: number, note: (m: 'post' | 'other' | 'dynamic' | 'absent') => void): boolean {
  const spelled = object.properties.some((p) => p.type === 'Property' && URL_KEYS.has(staticKey(p) ?? '') && spells(p.value, ctx, depth + 1, false, note));
  if (spelled) note(methodIn(object, ctx));
  return spelled;
}

/**
 * The object literals that functions named by the object's properties return (`{ query: assignQuery }` of RTK Query,
 * with `assignQuery` declared elsewhere or imported): read in the file that declares them.
 */
function namedFunctionObjects(object: TSESTree.ObjectExpression, ctx: SourceContext): Bound[] {
  return object.properties.flatMap((property) => {
    if (property.type !== 'Property' || unwrapTS(property.value).type !== 'Identifier') return [];
    const target = calledFunction(property.value, ctx);
    const returned = target === undefined ? undefined : returnedExpression(target.fn);
    const value = returned === undefined ? undefined : unwrapTS(returned);
    return value?.type === 'ObjectExpression' ? [{ node: value, ctx: target!.ctx }] : [];
  });
}

/** The object literals under `root` whose nearest enclosing call is `call`. */
function objectsIn(root: TSESTree.Node, call: TSESTree.CallExpression): TSESTree.ObjectExpression[] {
  const found: TSESTree.ObjectExpression[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (node !== root && (node.type === 'CallExpression' || node.type === 'NewExpression') && node !== call) return;
    if (node.type === 'ObjectExpression') found.push(node);
    for (const [key, child] of Object.entries(node)) {
      if (key === 'parent') continue;
      if (Array.isArray(child)) child.forEach((c) => isNode(c) && visit(c));
      else if (isNode(child)) visit(child);
    }
  };
  visit(root);
  return found;
}

function isNode(value: unknown): value is TSESTree.Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/**
 * Whether a value spells the route: read as a URL (literals, templates, consts, concatenations, `new URL`), or through
 * what builds one from it (`urlcat(base, route, params)`, `ROUTE.replace(':id', code)`, `url.toString()`, a const
 * holding such a call). Inside such a builder a pattern's placeholder (`:id`, `{id}`) stands for the app code.
 */
function spells(node: TSESTree.Node, ctx: SourceContext, depth: number, pattern: boolean, note: (m: 'post' | 'other' | 'dynamic' | 'absent') => void): boolean {
  if (depth > MAX_DEPTH) return false;
  const expr = unwrapTS(node);
  if (expr.type === 'AwaitExpression') return spells(expr.argument, ctx, depth + 1, pattern, note);
  const pieces = readUrl(expr, ctx, null);
  if (pieces.some((piece) => piece.kind === 'text') && matchRoute(pattern ? filled(pieces) : pieces, routesOf(ctx)) !== undefined) return true;
  switch (expr.type) {
    case 'Identifier': {
      const name = valueOfName(expr, ctx);
      return (name.kind === 'const' || name.kind === 'argument' || name.kind === 'imported') && spells(name.value.node, name.value.ctx, depth + 1, pattern, note);
    }
    case 'CallExpression': {
      // A call that is itself a site says so itself (`firstValueFrom(http.post(url))` is not another one).
      if (recognizeAssignCall(expr, ctx) !== undefined) return false;
      // Nor is what a request read as another one returns (`parse(await fetch(url, { method: 'DELETE' }))`): a response.
      if (readAsNoSite(expr, ctx)) return false;
      const callee = unwrapTS(expr.callee);
      // `ROUTE.replace(':id', code)`, `url.toString()`: the text of what it is called on.
      if (callee.type === 'MemberExpression' && TEXT_METHODS.has(memberName(callee) ?? '')) return spells(callee.object, ctx, depth + 1, true, note);
      // `compile(route)(params)`, `toPath(params)`: what is called was made from the pattern.
      if ((callee.type === 'CallExpression' || callee.type === 'Identifier') && spellsCallee(callee, ctx, depth + 1, note)) return true;
      // A mock, an assertion or a route definition (`setupServer(http.post(pattern, resolver))`) describes requests.
      if (isNeverAClient(callee) || isTestOrMock(callee, ctx) || recognizeMock(expr, ctx) !== undefined) return false;
      // Only a URL builder fills a pattern's placeholders; any other call is passed a URL as it is.
      const builder = buildsUrl(callee, ctx);
      return expr.arguments.some((arg) => arg.type !== 'SpreadElement' && !isFunction(arg) && spells(arg, ctx, depth + 1, builder, note));
    }
    case 'NewExpression':
      // `new URL(...)`, a library's request object; a class of this file is read as what it is, not as a URL.
      return !declaredHere(expr.callee, ctx) && expr.arguments.some((arg) => arg.type !== 'SpreadElement' && spells(arg, ctx, depth + 1, pattern, note));
    case 'MemberExpression':
      // `url.href`; another member (`request.url` read for a log) is not the request.
      return memberName(expr) === 'href' && spells(expr.object, ctx, depth + 1, pattern, note);
    case 'TemplateLiteral':
      return expr.expressions.some((inner) => spells(inner, ctx, depth + 1, pattern, note));
    case 'BinaryExpression':
      return expr.operator === '+' && (spells(expr.left, ctx, depth + 1, pattern, note) || spells(expr.right, ctx, depth + 1, pattern, note));
    case 'ObjectExpression':
      return objectSpells(expr, ctx, depth, note);
    default:
      return false;
  }
}

/** Methods of a string or URL that return its text, changed or not. */
const TEXT_METHODS: ReadonlySet<string> = new Set(['replace', 'replaceAll', 'toString', 'concat', 'trim']);

/** A class or function the file declares (not a global, not an import). */
function declaredHere(callee: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(callee);
  if (expr.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  return variable !== undefined && variable.defs.some((def) => def.type === 'ClassName' || def.type === 'FunctionName');
}

/** `compile(route)(params)`, `toPath(params)` with `const toPath = compile(route)`: the pattern is in what is called. */
function spellsCallee(callee: TSESTree.Node, ctx: SourceContext, depth: number, note: (m: 'post' | 'other' | 'dynamic' | 'absent') => void): boolean {
  if (callee.type === 'CallExpression') return spells(callee, ctx, depth, true, note);
  if (callee.type !== 'Identifier') return false;
  const name = valueOfName(callee, ctx);
  if (name.kind !== 'const') return false;
  const init = unwrapTS(name.value.node);
  return init.type === 'CallExpression' && spells(init, name.value.ctx, depth + 1, true, note);
}

/** A route pattern's placeholders (`:code`, `{code}`, `[code]`) read as the app code they are filled with. */
function filled(pieces: readonly UrlPiece[]): UrlPiece[] {
  return pieces.map((piece) => (piece.kind === 'text'
    ? { ...piece, start: null, region: null, value: piece.value.replace(/(?<=\/)(?::[A-Za-z_$][\w$]*|\{[\w$]+\}|\[[\w$]+\])(?=\/|$)/g, 'app') }
    : piece));
}

/** A call whose value another call reads as an argument (through `await`, `.toString()`, `new URL(...)`). */
function consumedByCall(call: TSESTree.CallExpression): boolean {
  let child: TSESTree.Node = call;
  for (let node = call.parent; node !== undefined; child = node, node = node.parent) {
    switch (node.type) {
      case 'TSAsExpression':
      case 'TSNonNullExpression':
      case 'TSSatisfiesExpression':
      case 'TSTypeAssertion':
      case 'TemplateLiteral':
      case 'BinaryExpression':
        continue;
      case 'MemberExpression':
        if (node.object !== child) return false;
        continue;
      case 'NewExpression':
        if (node.callee === child) return false;
        continue;
      case 'CallExpression':
        if (node.callee === child) continue;
        return isArgumentReader(node);
      default:
        return false;
    }
  }
  return false;
}

/**
 * A call that reads its arguments as a request's (not `String(x)` or `encodeURI(x)`, which build text), and is asked
 * about itself: a call that only keeps the value it is handed (`tasks.push(p)`, `queue.add(p)`, `track(p)`) is never a
 * client (`isNeverAClient`), so the request it is handed is the one to report.
 */
function isArgumentReader(call: TSESTree.CallExpression): boolean {
  const callee = unwrapTS(call.callee);
  if (COLLECTORS.test(calleeName(callee))) return false;
  if (callee.type === 'Identifier') return !['String', 'encodeURI', 'encodeURIComponent'].includes(callee.name);
  return true;
}

/** Names `isNeverAClient` refuses of calls that keep or hand on a value (a promise among others) rather than read a URL from it. */
const COLLECTORS = /^(?:push|add|set|track|report|emit|use|capture\w*)$/;

function calleeName(callee: TSESTree.Node): string {
  if (callee.type === 'Identifier') return callee.name;
  return callee.type === 'MemberExpression' ? memberName(callee) ?? '' : '';
}

/** `urlcat(...)`, `compile(...)`, `join(...)` of a URL-building module: text, never a request. */
function buildsUrl(callee: TSESTree.Node, ctx: SourceContext): boolean {
  let root = unwrapTS(callee);
  while (root.type === 'MemberExpression' || root.type === 'CallExpression') root = unwrapTS(root.type === 'MemberExpression' ? root.object : root.callee);
  if (root.type !== 'Identifier') return false;
  const module = moduleOf(root, ctx);
  if (module !== undefined) return URL_BUILDER_MODULES.has(module);
  // `const toPath = compile(route)`: a function a URL builder made.
  const variable = findVariable(ctx.getScope(root), root.name);
  const def = variable?.defs[0]?.node as TSESTree.Node | undefined;
  const init = def?.type === 'VariableDeclarator' && def.init !== null ? unwrapTS(def.init) : undefined;
  return init?.type === 'CallExpression' && init.callee !== root && buildsUrl(init.callee, ctx);
}

/** `http.put(...)`, `httpGet(...)`, `api.delete(...)`: a name that says another method. */
function namesAnotherVerb(callee: TSESTree.Node): boolean {
  const member = callee.type === 'MemberExpression' ? memberName(callee)?.toLowerCase() : undefined;
  if (member !== undefined && HTTP_VERBS.has(member) && member !== 'post') return true;
  const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? memberName(callee) ?? '' : '';
  return verbsIn(name).some((word) => word !== 'post');
}

/** The module when the callee is `request` of node's http or https (`https.request`, an imported `request`). */
function nodeHttp(callee: TSESTree.Node, ctx: SourceContext): string | undefined {
  const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? memberName(callee) : null;
  if (name !== 'request') return undefined;
  const root = callee.type === 'MemberExpression' ? unwrapTS(callee.object) : callee;
  const module = root.type === 'Identifier' ? moduleOf(root, ctx) : undefined;
  return module !== undefined && NODE_HTTP_MODULES.has(module) ? module : undefined;
}

/** A call of SWR's hooks (`useSWR`, `useSWRMutation`), whose key is the URL (or holds it) that its fetcher is given. */
function isSwr(call: TSESTree.CallExpression, ctx: SourceContext): boolean {
  const callee = unwrapTS(call.callee);
  const module = callee.type === 'Identifier' ? moduleOf(callee, ctx) : undefined;
  return module !== undefined && SWR_MODULES.has(module);
}

const SWR_MODULES: ReadonlySet<string> = new Set(['swr', 'swr/mutation', 'swr/infinite', 'swr/immutable']);

/** The words a reason names the call's client with: the callee as written, and the module it comes from. */
function familyOf(call: TSESTree.CallExpression, nodeModule: string | undefined, ctx: SourceContext): string {
  const callee = unwrapTS(call.callee);
  const written = ctx.text.slice(callee.range[0], callee.range[1]).replace(/\s+/g, '');
  const shown = written.length > 60 ? `${written.slice(0, 57)}...` : written;
  if (nodeModule !== undefined) return `${shown} of ${nodeModule} (its body is written to the request stream)`;
  let root = callee;
  while (root.type === 'MemberExpression' || root.type === 'CallExpression') root = unwrapTS(root.type === 'MemberExpression' ? root.object : root.callee);
  const module = root.type === 'Identifier' ? moduleOf(root, ctx) : undefined;
  if (module === 'swr/mutation' || module === 'swr') return `${shown} of ${module} (its key is the URL its fetcher is given)`;
  if (module !== undefined) return `${shown} of ${module}`;
  const owner = root.type === 'Identifier' ? parameterOwner(root, ctx) : undefined;
  return owner === undefined ? shown : `${shown} in ${owner}`;
}

/**
 * For a parameter a library hands to a callback (`build` of RTK Query's `endpoints: (build) => ...`), the library's
 * call that takes the callback: `createApi of @reduxjs/toolkit/query/react`.
 */
function parameterOwner(id: TSESTree.Identifier, ctx: SourceContext): string | undefined {
  const def = findVariable(ctx.getScope(id), id.name)?.defs[0];
  if (def?.type !== 'Parameter') return undefined;
  for (let node: TSESTree.Node | undefined = def.node as TSESTree.Node; node !== undefined; node = node.parent) {
    if (node.type !== 'CallExpression') continue;
    let root = unwrapTS(node.callee);
    while (root.type === 'MemberExpression' || root.type === 'CallExpression') root = unwrapTS(root.type === 'MemberExpression' ? root.object : root.callee);
    const module = root.type === 'Identifier' ? moduleOf(root, ctx) : undefined;
    if (module !== undefined) return `${ctx.text.slice(node.callee.range[0], node.callee.range[1])} of ${module}`;
  }
  return undefined;
}

/**
 * Whether a function of the program that a call calls sends a POST (`sendsPost`) to a URL
 * made from the parameter the argument at `index` binds: that parameter is named in the first argument of a call in it.
 */
function postsArgument(call: TSESTree.CallExpression, index: number, ctx: SourceContext): boolean {
  const target = calledFunction(call.callee, ctx);
  const param = target?.fn.params[index];
  const body = target?.fn.body;
  if (target === undefined || param?.type !== 'Identifier' || body === undefined || body === null) return false;
  if (!sendsPost(target)) return false;
  return someNode(body, (node) => node.type === 'CallExpression' && node.arguments[0] !== undefined &&
    someNode(node.arguments[0], (inner) => inner.type === 'Identifier' && inner.name === param.name));
}
