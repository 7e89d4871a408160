/**
 * Which HTTP client a callee is, found by reference (an import, a require, an instance made from one, the global
 * `fetch`), never by its name alone; and where a call of it keeps URL, method and body, as its library's module says.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { unreadable, unreadableAs } from '../body.js';
import type { SourceContext } from '../../facts/context.js';
import { valueOfName } from '../follow.js';
import { ReasonCode } from '../../facts/reasons.js';
import { findVariable, importOf, isNeverReassigned, type VariableLike } from '../../facts/scope.js';
import { memberName } from '../../facts/static-value.js';
import { MAX_DEPTH, propertyOf, staticKey, unwrapTS } from '../../facts/syntax.js';
import { apolloDataSource, apolloRestClient } from './apollo-rest.js';
import { axiosClient } from './axios.js';
import { fetchClient } from './fetch.js';
import { gotClient } from './got.js';
import { kyClient } from './ky.js';
import { namespaceModule, requiredModule } from './modules.js';
import { isNestHttpService, nestHttpService, nestServiceParameter } from './nestjs.js';
import { nodeFetchClient } from './node-fetch.js';
import { ofetchClient } from './ofetch.js';
import { openapiFetchClient } from './openapi-fetch.js';
import { rtkQueryClient } from './rtk-query.js';
import { FORM_HOOKS, holdsNoContentType, isPlainObject, methodOf, objectOf, type ObjectRef, withOptions } from './options.js';
import type { CallLayout, ClientRef, ClientSpec, Library, Method } from './spec.js';
import { superagentClient } from './superagent.js';
import { thisField } from './this-member.js';
import { hooksEffect } from './setup.js';
import { undiciClient, undiciRequestClient } from './undici.js';
import { textMatches } from '../../facts/text-facts.js';

export type { CallLayout, ClientKind, ClientRef, ClientSpec, Library, Method } from './spec.js';
export { isShared, objectOf, type ObjectRef, optionsOf } from './options.js';
export { moduleOf, requiredModule } from './modules.js';
export { isNeverAClient, isTestOrMock } from './exclusions.js';
export { thisField } from './this-member.js';

/** Every library, by name: the compiler lists what a new library must declare. */
export const CLIENTS: Readonly<Record<Library, ClientSpec>> = {
  fetch: fetchClient,
  axios: axiosClient,
  got: gotClient,
  ky: kyClient,
  superagent: superagentClient,
  ofetch: ofetchClient,
  'openapi-fetch': openapiFetchClient,
  'rtk-query': rtkQueryClient,
  undici: undiciRequestClient,
  'apollo-rest': apolloRestClient,
};

/** Every module that is a client: the libraries, and the modules that export the Fetch API. */
const SPECS: readonly ClientSpec[] = [...Object.values(CLIENTS), nodeFetchClient, undiciClient];

/** The spec whose module exports `name` as a client. */
function specOfExport(module: string, name: string): ClientSpec | undefined {
  return SPECS.find((spec) => spec.modules[module]?.includes(name) === true);
}

function specOfGlobal(name: string): ClientSpec | undefined {
  return SPECS.find((spec) => spec.globals?.includes(name) === true);
}

const library = (spec: ClientSpec | undefined): ClientRef | undefined =>
  spec === undefined ? undefined : { library: spec.library, spec, instance: false };

/** Objects whose `fetch` member is the global fetch. */
const GLOBAL_OBJECTS = new Set(['globalThis', 'window', 'self', 'global']);

/** Resolves a callee value (not a member call) to a client, or undefined when the program does not say. */
export function resolveClient(node: TSESTree.Node, ctx: SourceContext, depth = 0): ClientRef | undefined {
  const expr = unwrapTS(node);
  if (depth > MAX_DEPTH) return undefined;
  if (expr.type === 'Identifier') {
    const variable = findVariable(ctx.getScope(expr), expr.name);
    if (variable === undefined) return library(specOfGlobal(expr.name));
    return resolveVariable(variable, expr, ctx, depth);
  }
  if (expr.type === 'MemberExpression' && unwrapTS(expr.object).type === 'ThisExpression') {
    // `this.http`: the client a class keeps in a field.
    const field = thisField(expr, ctx);
    if (field?.kind === 'parameter') return nestHttpService(expr, ctx);
    return field?.kind === 'value' ? resolveClient(field.value.node, field.value.ctx, depth + 1) : undefined;
  }
  if (expr.type === 'MemberExpression' && !expr.computed && expr.property.type === 'Identifier') {
    // globalThis.fetch, window.fetch
    if (expr.object.type === 'Identifier' && GLOBAL_OBJECTS.has(expr.object.name) &&
      findVariable(ctx.getScope(expr.object), expr.object.name) === undefined) {
      return library(specOfGlobal(expr.property.name));
    }
    // require('undici').fetch
    const owner = namespaceModule(expr.object, ctx);
    const exported = owner === undefined ? undefined : specOfExport(owner, expr.property.name);
    if (exported !== undefined) return library(exported);
    // axios.default
    if (expr.property.name === 'default') return resolveClient(expr.object, ctx, depth + 1);
    // `this.http.axiosRef`, `http.axiosRef`: NestJS's service's own axios instance.
    const axiosRef = expr.property.name === 'axiosRef' ? resolveClient(expr.object, ctx, depth + 1) : undefined;
    if (axiosRef !== undefined && isNestHttpService(axiosRef)) return axiosRef;
    return heldIn(expr, expr.property.name, ctx, depth);
  }
  if (expr.type === 'CallExpression') {
    const module = requiredModule(expr);
    if (module !== undefined) return library(specOfExport(module, 'default'));
    return madeBy(expr, ctx) ?? instanceFrom(expr, ctx, depth);
  }
  if (expr.type === 'NewExpression') return constructed(expr, ctx);
  // `this.post(...)` in a subclass of Apollo's RESTDataSource.
  if (expr.type === 'ThisExpression') return apolloDataSource(expr, ctx);
  return undefined;
}

/**
 * A client kept in a static field (`AppsApi.http`, set by its initializer) or in a property of a const object
 * (`clients.legacy`): the value it is set to, read as the client it is, so that the options it was made with count.
 * A field or property some module writes again is not one value: undefined (the shape reading then names it).
 */
function heldIn(expr: TSESTree.MemberExpression, name: string, ctx: SourceContext, depth: number): ClientRef | undefined {
  const object = unwrapTS(expr.object);
  if (object.type !== 'Identifier') return undefined;
  const variable = findVariable(ctx.getScope(object), object.name);
  if (variable === undefined) return undefined;
  const pattern = memberWrite(object.name, name);
  const written = { test: (text: string) => pattern.test(text) || ctx.project?.anyFileMatches?.(pattern) === true };
  const def = variable.defs[0];
  if (variable.defs.length === 1 && def?.type === 'ClassName') {
    const cls = def.node as TSESTree.ClassDeclaration;
    const field = cls.body.body.find((m): m is TSESTree.PropertyDefinition => m.type === 'PropertyDefinition' && m.static &&
      !m.computed && m.key.type === 'Identifier' && m.key.name === name);
    if (field?.value == null || (field.readonly !== true && written.test(ctx.text))) return undefined;
    return resolveClient(field.value, ctx, depth + 1);
  }
  const value = valueOfName(object, ctx, true);
  if (value.kind !== 'const' && value.kind !== 'imported') return undefined;
  const init = unwrapTS(value.value.node);
  if (init.type !== 'ObjectExpression' || written.test(ctx.text)) return undefined;
  const property = propertyOf(init, name);
  return property === undefined ? undefined : resolveClient(property.value, value.value.ctx, depth + 1);
}

/** `owner.name = ...` written as a statement of some module (not `==`, not a declaration's key). */
export function memberWrite(owner: string, name: string): RegExp {
  const escape = (text: string) => text.replace(/[$]/g, '\\$&');
  return new RegExp(`(?<![\\w$.])${escape(owner)}\\s*\\.\\s*${escape(name)}\\s*=(?!=)`);
}

/** `new Pool(origin)` of undici: an instance whose first argument is its origin. */
function constructed(made: TSESTree.NewExpression, ctx: SourceContext): ClientRef | undefined {
  const callee = unwrapTS(made.callee);
  let module: string | undefined;
  let name: string | undefined;
  if (callee.type === 'Identifier') {
    const variable = findVariable(ctx.getScope(callee), callee.name);
    const imported = variable === undefined ? undefined : importOf(variable);
    module = imported?.source;
    name = imported?.imported;
  } else if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
    // `new undici.Pool(origin)`
    module = namespaceModule(callee.object, ctx);
    name = callee.property.name;
  }
  const spec = module === undefined || name === undefined ? undefined : SPECS.find((s) => s.constructors?.[module]?.includes(name) === true);
  if (spec === undefined) return undefined;
  const origin = made.arguments[0];
  return {
    library: spec.library,
    spec,
    instance: true,
    ...(origin === undefined || origin.type === 'SpreadElement' ? {} : { base: { node: origin, ctx } }),
  };
}

function resolveVariable(variable: VariableLike, id: TSESTree.Identifier, ctx: SourceContext, depth: number): ClientRef | undefined {
  const imported = importOf(variable);
  const spec = imported === undefined ? undefined : specOfExport(imported.source, imported.imported);
  if (spec !== undefined) return library(spec);
  // A const in this file, the instance a caller passed for a parameter of a followed function, or (with facts from
  // other files) the instance another module of the program exports.
  const value = valueOfName(id, ctx, true);
  if (value.kind !== 'const' && value.kind !== 'imported' && value.kind !== 'argument') {
    // NestJS's service handed to a method or a function, and its axios instance taken apart from it.
    return value.kind === 'unknown' ? nestServiceParameter(variable, ctx) ?? destructuredAxiosRef(variable, ctx, depth) : undefined;
  }
  return resolveClient(value.value.node, value.value.ctx, depth + 1);
}

/** `const { axiosRef } = http` (or `= this.http`), never written again: NestJS's service's own axios instance. */
function destructuredAxiosRef(variable: VariableLike, ctx: SourceContext, depth: number): ClientRef | undefined {
  const def = variable.defs[0];
  if (variable.defs.length !== 1 || def?.type !== 'Variable' || !isNeverReassigned(variable)) return undefined;
  const declarator = def.node as TSESTree.Node;
  if (declarator.type !== 'VariableDeclarator' || declarator.id.type !== 'ObjectPattern' || declarator.init == null) return undefined;
  const property = declarator.id.properties.find((p) => p.type === 'Property' && p.value.type === 'Identifier' &&
    p.value.range[0] === def.name.range[0]);
  if (property?.type !== 'Property' || property.computed || staticKey(property) !== 'axiosRef') return undefined;
  const service = resolveClient(declarator.init, ctx, depth + 1);
  return service !== undefined && isNestHttpService(service) ? service : undefined;
}

/**
 * The options an instance is made with, as a list the layouts read one after another: the objects its spreads copy
 * (read through names; 'unknown' where a spread cannot be read), then the object itself. A key of a spread source
 * (`{ ...COMMON, baseURL }`) sets the instance as much as one written out.
 */
function madeWith(config: TSESTree.Node | undefined, ctx: SourceContext, depth = 0): readonly (ObjectRef | 'unknown')[] {
  if (config === undefined) return [];
  if (config.type === 'SpreadElement') return ['unknown'];
  const ref = objectOf(config, ctx);
  if (ref === undefined) return ['unknown'];
  const spreads = ref.object.properties.flatMap((property) => property.type !== 'SpreadElement' ? []
    : depth >= MAX_DEPTH ? ['unknown' as const] : madeWith(property.argument, ref.ctx, depth + 1));
  return [...spreads, ref];
}

/** `createClient<paths>({ baseUrl })`: a call of a module's export that makes an instance. */
function madeBy(call: TSESTree.CallExpression, ctx: SourceContext): ClientRef | undefined {
  const callee = unwrapTS(call.callee);
  if (callee.type !== 'Identifier') return undefined;
  const variable = findVariable(ctx.getScope(callee), callee.name);
  const imported = variable === undefined ? undefined : importOf(variable);
  const spec = imported === undefined ? undefined : SPECS.find((s) => s.makers?.[imported.source]?.includes(imported.imported) === true);
  if (spec === undefined) return undefined;
  const config = call.arguments[0];
  const ref = config === undefined || config.type === 'SpreadElement' ? undefined : objectOf(config, ctx);
  const baseNode = ref === undefined || spec.factory === undefined ? undefined : propertyOf(ref.object, spec.factory.base)?.value;
  return {
    library: spec.library,
    spec,
    instance: true,
    madeBy: { call, ctx },
    ...(baseNode === undefined ? {} : { base: { node: baseNode, ctx: ref!.ctx } }),
    ...(config === undefined ? {} : { defaults: madeWith(config, ctx) }),
  };
}

/**
 * The base URL written into an instance's defaults after it is made (`api.defaults.baseURL = '…'`), in the module that
 * makes it and binds it to a const. The calls through it are read against that base, which they cannot change alone:
 * a call of the deprecated route through it is found, and held. Several such writes: the first, in source order (a
 * call is held whichever it is, and its setup names each write).
 */
function assignedBase(call: TSESTree.CallExpression, key: string, ctx: SourceContext): { node: TSESTree.Node; ctx: SourceContext } | undefined {
  const declarator = call.parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.init !== call || declarator.id.type !== 'Identifier') return undefined;
  const variable = findVariable(ctx.getScope(declarator.id), declarator.id.name);
  for (const ref of variable?.references ?? []) {
    const defaults = (ref.identifier as TSESTree.Node).parent;
    if (defaults?.type !== 'MemberExpression' || defaults.object !== ref.identifier || memberName(defaults) !== 'defaults') continue;
    const base = defaults.parent;
    if (base?.type !== 'MemberExpression' || base.object !== defaults || memberName(base) !== key) continue;
    const write = base.parent;
    if (write?.type === 'AssignmentExpression' && write.operator === '=' && write.left === base) return { node: write.right, ctx };
  }
  return undefined;
}

/** `axios.create({ baseURL })`, `got.extend({ prefixUrl })`, `ky.create(...)`, `api.extend(...)`. */
function instanceFrom(call: TSESTree.CallExpression, ctx: SourceContext, depth: number): ClientRef | undefined {
  const callee = unwrapTS(call.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
  const parent = resolveClient(callee.object, ctx, depth + 1);
  const factory = parent?.spec.factory;
  if (parent === undefined || factory === undefined || !factory.methods.includes(callee.property.name)) return undefined;
  const config = call.arguments[0];
  const ref = config === undefined || config.type === 'SpreadElement' ? undefined : objectOf(config, ctx);
  const baseNode = ref === undefined ? undefined : propertyOf(ref.object, factory.base)?.value;
  // `api = axios.create(); api.defaults.baseURL = '…'`: the base set after the instance is made, in its module.
  const assigned = baseNode === undefined ? assignedBase(call, factory.base, ctx) : undefined;
  const inherited = baseNode !== undefined ? { node: baseNode, ctx: ref!.ctx } : assigned ?? parent.base;
  const own = madeWith(config, ctx);
  const defaults = [...(parent.defaults ?? []), ...own];
  return {
    ...parent,
    instance: true,
    madeAt: [...(parent.madeAt ?? []), { node: call, ctx }],
    ...(inherited === undefined ? {} : { base: inherited }),
    ...(defaults.length === 0 ? {} : { defaults }),
  };
}

/** A call of a client library or of an instance made from one: where it keeps URL, method and body. */
export function libraryLayoutOf(call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | undefined {
  const callee = unwrapTS(call.callee);
  // A call of a client value: fetch(url, init), axios(config), got(url, options), an instance.
  const direct = resolveClient(callee, ctx);
  if (direct !== undefined) return withDefaults(direct.spec.call(call, direct, ctx), direct, call, ctx);
  if (callee.type !== 'MemberExpression') return undefined;
  // A method of a client: axios.post, got.post, superagent.post, api.request, axios['put'].
  const owner = resolveClient(callee.object, ctx);
  if (owner === undefined) return undefined;
  const name = memberName(callee);
  if (name !== null) return withDefaults(owner.spec.method?.(call, owner, name.toLowerCase(), ctx), owner, call, ctx);
  // axios[method](...): which method is not known here.
  const [url] = call.arguments;
  if (url === undefined || url.type === 'SpreadElement') return undefined;
  return { client: owner.library, url, method: 'dynamic', body: unreadable(ReasonCode.bodyDynamic) };
}

/**
 * A form becomes JSON only where nothing but the call decides how it is sent: every instance it was made from is read,
 * sets no content type and has no hooks (global setup, such as axios's defaults, holds every object body already).
 */
function formSurvives(client: ClientRef): boolean {
  return (client.defaults ?? []).every((made) => made !== 'unknown' && isPlainObject(made.object) &&
    !FORM_HOOKS.some((hook) => propertyOf(made.object, hook) !== undefined) &&
    (propertyOf(made.object, 'headers') === undefined || holdsNoContentType(propertyOf(made.object, 'headers')!.value, made.ctx)));
}

/**
 * Applies what an instance was made with (`axios.create({ method: 'post', headers })`): its method where the call
 * names none (the innermost instance that sets one wins; options that cannot be read make it unknown), and its
 * query parameters, form content type or request transform, as the call's own options would; and setup written apart
 * from the call (axios defaults and interceptors, `clients/setup.ts`) that changes the URL, the method or the body of
 * the client this call uses, which holds the call back and is named with its place.
 */
function withDefaults(layout: CallLayout | undefined, client: ClientRef, call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | undefined {
  if (layout === undefined) return undefined;
  const global = client.spec.globalSetup;
  if (global !== undefined && layout.body.kind === 'object' && (textMatches(ctx.text, global) || ctx.project?.anyFileMatches?.(global) === true)) {
    layout = { ...layout, body: unreadableAs(layout.body, ReasonCode.bodyDynamic) };
  }
  const program = programOf(call);
  const setup = client.spec.setup === undefined || program === undefined ? [] : client.spec.setup(client, program, ctx, resolveClient);
  if (setup.length > 0) {
    layout = {
      ...layout,
      setup,
      obstacles: [...(layout.obstacles ?? []), { code: ReasonCode.clientSetup, key: setup.map((piece) => `${piece.label} (${piece.place})`).join(' and ') }],
    };
  }
  if (layout.body.kind === 'object' && layout.body.body.form !== undefined && !formSurvives(client)) {
    layout = { ...layout, body: unreadableAs(layout.body, ReasonCode.bodyFormEncoded) };
  }
  if (client.defaults === undefined) return layout;
  // Options that cannot be read may set anything an absolute URL depends on (`allowAbsoluteUrls`), and a content
  // type, a transform or an adapter that changes how an object body is sent (`axios.create(gatewayConfig)`,
  // `axios.create({ ...http.defaults })`).
  if (client.defaults.includes('unknown')) layout = { ...layout, optionsUnread: true };
  let method: Method = layout.method;
  if (method === 'unspecified') {
    for (const options of [...client.defaults].reverse()) {
      if (options === 'unknown') method = 'dynamic';
      else if (propertyOf(options.object, 'method') !== undefined || !isPlainObject(options.object)) method = methodOf(options);
      else continue;
      break;
    }
  }
  // Hooks an instance was made with (got's and ky's `hooks`, ofetch's `onRequest`) run before every request it sends,
  // and may change its URL, method or body: setup that holds the call, named with the instance's making.
  for (const options of client.defaults) {
    if (options === 'unknown') continue;
    // Hooks that only set headers or log change nothing the migration depends on.
    const hook = INSTANCE_HOOKS.find((key) => {
      const property = propertyOf(options.object, key);
      return property !== undefined && hooksEffect(key, property.value, options.ctx) !== undefined;
    });
    if (hook === undefined || (layout.obstacles ?? []).some((obstacle) => obstacle.code === ReasonCode.clientSetup && obstacle.key?.includes(`${hook} of`) === true)) continue;
    const made = options.object.parent?.type === 'CallExpression' ? options.object.parent : options.object;
    layout = { ...layout, obstacles: [...(layout.obstacles ?? []), { code: ReasonCode.clientSetup, key: `the ${hook} of ${placeOfMaking(made, options.ctx, ctx)}` }] };
  }
  // A method those options may set is said already (it names the options); else the body's sending is.
  if (client.defaults.includes('unknown') && layout.body.kind === 'object' && method !== 'dynamic') {
    const made = client.madeAt?.at(-1) ?? (client.madeBy === undefined ? undefined : { node: client.madeBy.call, ctx: client.madeBy.ctx });
    const key = made === undefined ? undefined : placeOfMaking(made.node, made.ctx, ctx);
    layout = { ...layout, obstacles: [...(layout.obstacles ?? []), { code: ReasonCode.clientOptionsUnknown, ...(key === undefined ? {} : { key }) }] };
  }
  return client.defaults.reduce<CallLayout>((result, options) => withOptions(result, options, client.spec.serializesObjects, client.spec.queryKeys), { ...layout, method });
}

/** Options of an instance that run code before each request it sends. */
const INSTANCE_HOOKS: readonly string[] = ['hooks', 'onRequest'];

/** `axios.create(...) (src/http.ts:3)`, or `(line 3)` in the call's own file: where an instance is made. */
function placeOfMaking(node: TSESTree.Node, at: SourceContext, ctx: SourceContext): string {
  const callee = node.type === 'CallExpression' ? at.text.slice(node.callee.range[0], node.callee.range[1]) : 'the instance';
  const line = at.text.slice(0, node.range[0]).split('\n').length;
  const place = at.text === ctx.text || at.file === undefined ? `line ${line}` : `${at.file}:${line}`;
  return `${callee}(...) at ${place}`;
}

function programOf(node: TSESTree.Node): TSESTree.Program | undefined {
  let current: TSESTree.Node | undefined = node;
  while (current !== undefined && current.type !== 'Program') current = current.parent;
  return current;
}
