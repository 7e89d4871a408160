/**
 * RTK Query (`@reduxjs/toolkit/query`): an endpoint of `createApi({ baseQuery, endpoints: (builder) => ({ ... }) })`
 * describes its request in what its `query` function returns: `{ url, method, body }`. The call read is
 * `builder.mutation({ query })` (or `builder.query`); its URL, method and body are the returned object's, and its base
 * is `fetchBaseQuery({ baseUrl })`, which joins base and URL with one slash, sends an absolute URL as it is, and sends a
 * plain object body as JSON unless a content type says otherwise.
 *
 * A body that is the endpoint's argument (`query: (arg) => ({ ..., body: arg })`) is built by whoever triggers the
 * mutation: it is reported, naming the endpoint, and never rewritten here.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { BodyRead } from '../body.js';
import type { SourceContext } from '../../facts/context.js';
import { calledFunction, returnedExpression } from '../follow.js';
import { type Reason, ReasonCode } from '../../facts/reasons.js';
import { findVariable, importOf, isSingleUse } from '../../facts/scope.js';
import { isFunction, propertyOf, staticKey, unwrapTS } from '../../facts/syntax.js';
import { bodyIn, isPlainObject, methodOf, objectOf, withOptions } from './options.js';
import { type CallLayout, type ClientSpec, JSON_OBJECT } from './spec.js';

const RTK_MODULES: ReadonlySet<string> = new Set(['@reduxjs/toolkit/query', '@reduxjs/toolkit/query/react']);

/** fetchBaseQuery options that change neither the URL, the method nor how the body is sent. */
const TRANSPORT_OPTIONS: ReadonlySet<string> = new Set(['baseUrl', 'prepareHeaders', 'credentials', 'timeout', 'mode', 'cache', 'redirect',
  'referrerPolicy', 'keepalive']);

export const rtkQueryClient: ClientSpec = {
  library: 'rtk-query',
  // An api is never called itself: its endpoints are read where they are defined (rtkQueryLayout).
  modules: {},
  serializesObjects: true,
  queryKeys: ['params'],
  call: () => undefined,
};

/** Whether a name is the export `name` of RTK Query, imported. */
export function isRtkExport(node: TSESTree.Node, name: string, ctx: SourceContext): boolean {
  const expr = unwrapTS(node);
  if (expr.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  const imported = variable === undefined ? undefined : importOf(variable);
  return imported !== undefined && RTK_MODULES.has(imported.source) && imported.imported === name;
}

/**
 * `builder.mutation({ query: (arg) => ({ url, method, body }) })` inside the `endpoints` of `createApi`: the request its
 * query function returns. Undefined for any other call, and for a query that returns a URL alone (a GET).
 */
export function rtkQueryLayout(call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | undefined {
  const callee = unwrapTS(call.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' ||
    (callee.property.name !== 'mutation' && callee.property.name !== 'query')) return undefined;
  const builder = unwrapTS(callee.object);
  if (builder.type !== 'Identifier') return undefined;
  const api = apiOf(builder, ctx);
  if (api === undefined) return undefined;
  const definition = call.arguments[0] === undefined || call.arguments[0].type === 'SpreadElement' ? undefined : objectOf(call.arguments[0], ctx);
  const query = definition === undefined ? undefined : propertyOf(definition.object, 'query');
  let fn = query === undefined ? undefined : unwrapTS(query.value);
  // A query function named by the endpoint (`query: assignQuery`), declared in this file: read as if written inline.
  // Another endpoint or module may use it too: then it is never edited for this one.
  let shared = false;
  if (fn?.type === 'Identifier') {
    const target = calledFunction(fn, ctx);
    const variable = findVariable(ctx.getScope(fn), fn.name);
    if (target === undefined || target.ctx !== ctx || variable === undefined) return undefined;
    // `export function assignQuery`: other modules may call it too.
    const exported = target.fn.parent?.type === 'ExportNamedDeclaration' || target.fn.parent?.type === 'ExportDefaultDeclaration';
    shared = !isSingleUse(variable) || exported;
    fn = target.fn;
  }
  if (fn === undefined || !isFunction(fn) && fn.type !== 'FunctionDeclaration') return undefined;
  // A declared return type describes the request object, body included: it would have to change with the body.
  const typedReturn = (fn as TSESTree.FunctionLike).returnType != null;
  const param = (fn as TSESTree.FunctionLike).params[0];
  const block = returnedExpression(fn as TSESTree.FunctionLike) === undefined ? blockReturn(fn as TSESTree.FunctionLike, param) : undefined;
  const returned = returnedExpression(fn as TSESTree.FunctionLike) ?? block?.returned;
  const request = returned === undefined ? undefined : objectOf(returned, ctx);
  if (request === undefined) return undefined;
  const url = propertyOf(request.object, 'url')?.value;
  if (url === undefined) return undefined;
  const obstacles: Reason[] = [...api.obstacles];
  // A base query of its own may take the body under another name (`data` for axios).
  const bodyKey = api.custom === true && propertyOf(request.object, 'body') === undefined && propertyOf(request.object, 'data') !== undefined ? 'data' : 'body';
  const bodyNode = propertyOf(request.object, bodyKey)?.value;
  const bodyIsArgument = bodyNode !== undefined && param !== undefined && unwrapTS(bodyNode).type === 'Identifier' &&
    (argumentNames(param).has((unwrapTS(bodyNode) as TSESTree.Identifier).name) || block?.names.has((unwrapTS(bodyNode) as TSESTree.Identifier).name) === true);
  let body: BodyRead;
  // Read for a call that triggers the endpoint (recognize.ts `follow`), the argument is that call's: the body it passes.
  const bodyName = bodyIsArgument ? (unwrapTS(bodyNode) as TSESTree.Identifier).name : undefined;
  const bound = bodyName !== undefined && block === undefined && boundHere(bodyName, fn as TSESTree.FunctionLike, ctx);
  // What else of the endpoint reads the argument (a tag function, onQueryStarted) reads the keys that change.
  const readers = bodyIsArgument ? argumentReaders(definition!.object, endpointName(call), ctx) : [];
  if (bound) {
    obstacles.push(...readers);
    body = bodyIn(request, bodyKey, JSON_OBJECT);
    const typed = argumentType(call, param!, bodyName);
    if (typed === 'unknown') obstacles.push({ code: ReasonCode.bodyTyped });
    else if (typed !== undefined && body.kind === 'object') body = { ...body, body: { ...body.body, typed: true, typedBy: { annotation: typed, ctx } } };
  } else if (bodyIsArgument) {
    body = { kind: 'unknown', facts: { kind: 'unknown' } };
    obstacles.push({ code: ReasonCode.bodyEndpointArgument, key: endpointName(call) ?? ctx.text.slice(callee.range[0], callee.range[1]) }, ...readers);
  } else {
    body = bodyIn(request, bodyKey, JSON_OBJECT);
    if (typedReturn) obstacles.push({ code: ReasonCode.bodyTyped });
  }
  const layout: CallLayout = {
    client: 'rtk-query',
    url,
    ...(shared ? { urlShared: true } : {}),
    method: isPlainObject(request.object) ? methodOf(request) : 'dynamic',
    body,
    ...(api.base === undefined ? {} : { base: api.base }),
    ...(obstacles.length === 0 ? {} : { obstacles }),
  };
  return withOptions(layout, request, true, rtkQueryClient.queryKeys);
}

/** Whether the query function's parameter that names the body is bound to a trigger's argument in this context. */
function boundHere(name: string, fn: TSESTree.FunctionLike, ctx: SourceContext): boolean {
  if (ctx.bindings === undefined) return false;
  const variable = findVariable(ctx.getScope(fn.body ?? fn), name);
  return variable !== undefined && ctx.bindings.has(variable);
}

/**
 * The type a mutation's second type argument gives the body (`build.mutation<void, AssignBody>`), when the body is the
 * whole argument: a named type, which changes with the bodies (typed-body.ts). 'unknown' when the argument's type
 * describes the body some other way (written out, or the body is one of its members).
 */
function argumentType(call: TSESTree.CallExpression, param: TSESTree.Parameter, bodyName: string): TSESTree.TSTypeReference | 'unknown' | undefined {
  const arg = call.typeArguments?.params[1];
  // None: the body is typed by the parameter's own annotation, if any, as a wrapper's parameter is (body.ts).
  if (arg === undefined) return undefined;
  const whole = param.type === 'Identifier' && param.name === bodyName && param.typeAnnotation == null;
  return whole && arg.type === 'TSTypeReference' ? arg : 'unknown';
}

/** When each function of an endpoint's definition is given the argument: its parameter's index. */
const ARGUMENT_AT: Readonly<Record<string, number>> = {
  invalidatesTags: 2, providesTags: 2, transformResponse: 2, transformErrorResponse: 2, onQueryStarted: 0, onCacheEntryAdded: 0,
};

/**
 * The functions of an endpoint's definition besides `query` that may read the argument: a tag function, a transform,
 * `onQueryStarted`. Each holds the endpoint: the argument's keys change with the body. A function that declares no
 * parameter where the argument is passed reads none; one of those options not written here (a name) is read as one
 * that does.
 */
function argumentReaders(definition: TSESTree.ObjectExpression, endpoint: string | undefined, ctx: SourceContext): Reason[] {
  const of = (what: string) => (endpoint === undefined ? what : `${what} of the endpoint ${endpoint}`);
  const readers: Reason[] = [];
  for (const property of definition.properties) {
    const key = property.type === 'Property' ? staticKey(property) : undefined;
    if (key === 'query') continue;
    if (property.type !== 'Property' || key === undefined) {
      readers.push({ code: ReasonCode.endpointArgumentRead, key: of('a spread in the definition') });
      continue;
    }
    const value = unwrapTS(property.value);
    if (value.type === 'Literal' || value.type === 'ArrayExpression' || value.type === 'ObjectExpression' || value.type === 'TemplateLiteral') continue;
    // An option that is no function of the argument (`extraOptions: retryOptions`) is given none.
    if (!(key in ARGUMENT_AT) && !isFunction(value) && !property.method) continue;
    if (isFunction(value) || property.method) {
      const fn = (property.method ? property.value : value) as TSESTree.FunctionLike;
      const at = ARGUMENT_AT[key] ?? 0;
      const rest = fn.params.some((p) => p.type === 'RestElement');
      const readsArgs = fn.type !== 'ArrowFunctionExpression' && /\barguments\b/.test(ctx.text.slice(fn.range[0], fn.range[1]));
      if (fn.params.length <= at && !rest && !readsArgs) continue;
    }
    readers.push({ code: ReasonCode.endpointArgumentRead, key: of(key) });
  }
  return readers;
}

/**
 * A block-bodied query function that only takes its argument apart before it returns the request
 * (`(arg) => { const { code, ...body } = arg; return { url, method, body }; }`): the returned object, and the names the
 * `const` destructurings of the argument bind. Undefined for any other statement.
 */
function blockReturn(fn: TSESTree.FunctionLike, param: TSESTree.Parameter | undefined): { returned: TSESTree.Expression; names: Set<string> } | undefined {
  if (fn.body?.type !== 'BlockStatement' || param === undefined) return undefined;
  const statements = fn.body.body;
  const last = statements[statements.length - 1];
  if (last?.type !== 'ReturnStatement' || last.argument === null) return undefined;
  const from = argumentNames(param);
  const names = new Set<string>();
  for (const statement of statements.slice(0, -1)) {
    if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const') return undefined;
    for (const declarator of statement.declarations) {
      const init = declarator.init === null ? undefined : unwrapTS(declarator.init);
      if (init?.type !== 'Identifier' || !from.has(init.name) || declarator.id.type === 'ArrayPattern') return undefined;
      for (const name of argumentNames(declarator.id)) names.add(name);
    }
  }
  return { returned: last.argument, names };
}

/** The names a query function's parameter binds: the argument itself, or the members it destructures (`({ code, body })`). */
function argumentNames(param: TSESTree.Parameter): Set<string> {
  const pattern = param.type === 'AssignmentPattern' ? param.left : param;
  if (pattern.type === 'Identifier') return new Set([pattern.name]);
  if (pattern.type !== 'ObjectPattern') return new Set();
  return new Set(pattern.properties.flatMap((property) => {
    if (property.type === 'RestElement') return property.argument.type === 'Identifier' ? [property.argument.name] : [];
    const value = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
    return value.type === 'Identifier' ? [value.name] : [];
  }));
}

/** The key the endpoint is defined under (`assignApp: builder.mutation(...)`). */
function endpointName(call: TSESTree.CallExpression): string | undefined {
  const parent = call.parent;
  return parent?.type === 'Property' && parent.value === call && !parent.computed ? staticKey(parent) : undefined;
}

/**
 * The api an endpoint builder belongs to: the first parameter of the function given as `endpoints` to `createApi(...)`
 * imported from RTK Query. Its base is fetchBaseQuery's `baseUrl`; any other base query, or fetchBaseQuery options that
 * may change the request, are obstacles that name them (`client-setup`: what they do is read nowhere).
 */
function apiOf(builder: TSESTree.Identifier, ctx: SourceContext): { base?: { node: TSESTree.Node; ctx: SourceContext }; obstacles: Reason[]; custom?: true } | undefined {
  const variable = findVariable(ctx.getScope(builder), builder.name);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  const fn = def?.type === 'Parameter' ? def.node as TSESTree.Node : undefined;
  if (fn === undefined || !isFunction(fn) || (fn as TSESTree.FunctionLike).params[0] !== def!.name) return undefined;
  const property = fn.parent;
  if (property?.type !== 'Property' || property.value !== fn || staticKey(property) !== 'endpoints') return undefined;
  const options = property.parent;
  const made = options?.parent;
  if (options?.type !== 'ObjectExpression' || made?.type !== 'CallExpression' || made.arguments[0] !== options || !isRtkExport(made.callee, 'createApi', ctx)) {
    return undefined;
  }
  const baseQuery = propertyOf(options, 'baseQuery');
  const value = baseQuery === undefined ? undefined : unwrapTS(baseQuery.value);
  if (value === undefined || value.type !== 'CallExpression' || !isRtkExport(value.callee, 'fetchBaseQuery', ctx)) {
    const named = value === undefined ? undefined : unwrapTS(value.type === 'CallExpression' ? value.callee : value);
    // Named without its line: a TODO above the api moves it, and a second run must give the same words.
    const key = value === undefined ? 'an api without a base query' : `the base query ${named?.type === 'Identifier' ? named.name : 'of the api'}`;
    // A base query of its own made with a base URL (the documentation's `axiosBaseQuery({ baseUrl })`): that base most
    // likely goes before the endpoint's url, so a route split between them is found (and held back all the same).
    const options = value?.type === 'CallExpression' && value.arguments[0] !== undefined && value.arguments[0].type !== 'SpreadElement'
      ? objectOf(value.arguments[0], ctx) : undefined;
    const baseUrl = options === undefined ? undefined : (propertyOf(options.object, 'baseUrl') ?? propertyOf(options.object, 'baseURL'))?.value;
    return { ...(baseUrl === undefined ? {} : { base: { node: baseUrl, ctx: options!.ctx } }), obstacles: [{ code: ReasonCode.clientSetup, key }], custom: true };
  }
  const config = value.arguments[0] === undefined || value.arguments[0].type === 'SpreadElement' ? undefined : objectOf(value.arguments[0], ctx);
  if (value.arguments.length > 0 && (config === undefined || !isPlainObject(config.object))) {
    return { obstacles: [{ code: ReasonCode.clientSetup, key: 'fetchBaseQuery options that cannot be read here' }] };
  }
  const obstacles: Reason[] = [];
  for (const option of config?.object.properties ?? []) {
    const key = option.type === 'Property' ? staticKey(option) : undefined;
    if (key !== undefined && !TRANSPORT_OPTIONS.has(key)) obstacles.push({ code: ReasonCode.clientSetup, key: `fetchBaseQuery's ${key}` });
  }
  const baseUrl = config === undefined ? undefined : propertyOf(config.object, 'baseUrl')?.value;
  return { ...(baseUrl === undefined ? {} : { base: { node: baseUrl, ctx: config!.ctx } }), obstacles };
}

