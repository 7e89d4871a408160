/**
 * Reading the options a client call or an instance is given: the object itself (through consts and bound arguments),
 * its method, body, base URL, and what else it says about how the request is sent (query parameters, a form content
 * type, a request transform). Every library module reads its options through these.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { type BodyEncoding, builtInIn, formObject, readBody, type BodyRead, unreadable, unreadableAs } from '../body.js';
import type { Bound, SourceContext } from '../../facts/context.js';
import { DEPRECATED_ASSIGN } from '../../facts/contract.js';
import { returnedOptions, valueOfName } from '../follow.js';
import { type Reason, ReasonCode } from '../../facts/reasons.js';
import { isExported, isSingleUse, usesOf, type VariableLike } from '../../facts/scope.js';
import { staticString } from '../../facts/static-value.js';
import { MAX_DEPTH, propertyOf, staticKey, unwrapTS } from '../../facts/syntax.js';
import { type CallLayout, type ClientRef, isJsonContentType, JSON_OBJECT, type Method, type ObjectRef, STRING_ONLY } from './spec.js';

export type { ObjectRef } from './spec.js';

export function objectOf(node: TSESTree.Node, ctx: SourceContext, via: readonly VariableLike[] = [], exported = false): ObjectRef | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'ObjectExpression') return { object: expr, via, ctx, ...(exported ? { exported: true as const } : {}) };
  if (expr.type === 'Identifier' && via.length < MAX_DEPTH) {
    const name = valueOfName(expr, ctx);
    if (name.kind === 'const' || name.kind === 'argument' || name.kind === 'imported') {
      return objectOf(name.value.node, name.value.ctx, [...via, name.variable], exported || name.kind === 'imported');
    }
  }
  return undefined;
}

/** True when an object reached through consts is also used elsewhere, so editing it would change other code. */
export function isShared(ref: ObjectRef): boolean {
  return ref.exported === true || ref.via.some((variable) => !isSingleUse(variable) && !usedOnceBesidesHeaderReads(variable));
}

/**
 * A name for options used once as a whole and otherwise only read for its headers, transport keys or method
 * (`fetch(url, { ...init, headers: { ...init.headers } })`, a cache keyed by `${init.method} ${url}`): those reads see
 * no body, and the method they see is the one the rewrite keeps.
 */
function usedOnceBesidesHeaderReads(variable: VariableLike): boolean {
  if (isExported(variable)) return false;
  const whole = usesOf(variable).filter((ref) => {
    const id = ref.identifier as TSESTree.Node;
    const member = id.parent;
    if (member?.type !== 'MemberExpression' || member.object !== id || member.computed || member.property.type !== 'Identifier') return true;
    if (member.property.name !== 'headers' && member.property.name !== 'method' && !TRANSPORT_KEYS.has(member.property.name)) return true;
    // Read, not written, deleted or called.
    const parent = member.parent;
    return (parent?.type === 'AssignmentExpression' && parent.left === member) || parent?.type === 'UpdateExpression' ||
      (parent?.type === 'UnaryExpression' && parent.operator === 'delete') || (parent?.type === 'CallExpression' && parent.callee === member);
  });
  return whole.length === 1;
}

/** Options: an object read through consts; 'absent' when the call passes none; 'unknown' when they cannot be read. */
export type Options = ObjectRef | 'absent' | 'unknown';

/** Options that hold the method and the body: resolved through consts, or unknown (a parameter, a call). */
export function optionsOf(node: TSESTree.Node | undefined, ctx: SourceContext): Options {
  if (node === undefined || node.type === 'SpreadElement') return node === undefined ? 'absent' : 'unknown';
  // An object literal (through names), or one a same-file helper returns (`auth(ctx)`).
  const ref = objectOf(node, ctx) ?? returnedOptions(node, ctx);
  if (ref === undefined) return 'unknown';
  // A spread may set the method, the body, headers or query parameters; a key set twice sends the last one.
  if (!isPlainObject(ref.object)) return throughSpread(ref) ?? 'unknown';
  return ref;
}

/**
 * Option keys that change neither the URL, the method, the body nor how it is encoded, for any client: what a helper
 * adds to the options it is given (`fetch(url, { ...init, signal })`).
 */
const TRANSPORT_KEYS: ReadonlySet<string> = new Set(['signal', 'cache', 'credentials', 'mode', 'redirect', 'referrer', 'referrerPolicy',
  'integrity', 'keepalive', 'priority', 'timeout', 'withCredentials', 'responseType', 'validateStatus']);

/**
 * `{ ...init, signal }`: options that copy one object whose keys are known (a caller's literal bound to the helper's
 * parameter, a const) and add only transport keys it does not write: the request's method, body and headers are that
 * object's, read where it is written.
 */
function throughSpread(ref: ObjectRef): ObjectRef | undefined {
  const spreads = ref.object.properties.filter((property) => property.type === 'SpreadElement');
  if (spreads.length !== 1) return undefined;
  const spread = spreads[0]!;
  const own = new Set<string>();
  // Headers the helper adds (`headers: { Authorization: ..., 'Content-Type': 'application/json', ...init.headers }`):
  // neither the URL, the method nor the body; a content type only JSON's, and the given options' own headers kept.
  let mergesHeaders = false;
  for (const property of ref.object.properties) {
    if (property.type === 'SpreadElement') continue;
    const key = property.computed ? undefined : staticKey(property);
    if (key === undefined || own.has(key)) return undefined;
    if (key === 'headers') {
      const merged = addedHeaders(property.value, spread.argument, ref.ctx);
      if (merged === undefined) return undefined;
      mergesHeaders = merged && property.range[0] > spread.range[0];
    } else if (!TRANSPORT_KEYS.has(key)) {
      return undefined;
    }
    own.add(key);
  }
  const source = objectOf(spread.argument, ref.ctx, ref.via, ref.exported === true);
  if (source === undefined || !isPlainObject(source.object)) return undefined;
  // A key both write is sent as the later one says: the copy is then not the whole story (headers the helper merges
  // after the copy keep the given ones, which are read where they are written).
  if (source.object.properties.some((property) => property.type === 'Property' && own.has(staticKey(property) ?? '') &&
    !(staticKey(property) === 'headers' && mergesHeaders))) return undefined;
  return source;
}

/**
 * Headers a helper writes over the options it copies: undefined when they may change how the body is sent (a content
 * type other than JSON's, one not written out, a spread of anything but the copied options' own headers); otherwise
 * whether they spread the copied options' headers (`...init.headers`).
 */
function addedHeaders(value: TSESTree.Node, copied: TSESTree.Node, ctx: SourceContext): boolean | undefined {
  const object = unwrapTS(value);
  if (object.type !== 'ObjectExpression') return undefined;
  const source = unwrapTS(copied);
  let merges = false;
  for (const header of object.properties) {
    if (header.type === 'SpreadElement') {
      const arg = unwrapTS(header.argument);
      const ownHeaders = arg.type === 'MemberExpression' && !arg.computed && arg.property.type === 'Identifier' && arg.property.name === 'headers' &&
        source.type === 'Identifier' && unwrapTS(arg.object).type === 'Identifier' && (unwrapTS(arg.object) as TSESTree.Identifier).name === source.name;
      if (!ownHeaders) return undefined;
      merges = true;
      continue;
    }
    const key = header.computed ? staticString(header.key, ctx) : staticKey(header);
    if (key === undefined) return undefined;
    if (/^content-type$/i.test(key.trim()) && !isJsonContentType(staticString(header.value, ctx) ?? '')) return undefined;
  }
  return merges;
}

/** Every key static and written once, no spread: what the object holds can be read from it. */
export function isPlainObject(object: TSESTree.ObjectExpression): boolean {
  const keys = new Set<string>();
  for (const property of object.properties) {
    if (property.type === 'SpreadElement') return false;
    const key = staticKey(property);
    if (key === undefined || keys.has(key)) return false;
    keys.add(key);
  }
  return true;
}

/** Option keys that put keys in the query string, where the deprecated flags may travel too. */
export const QUERY_OPTION_KEYS: readonly string[] = ['params', 'searchParams', 'query', 'qs'];

type BodyReason = typeof ReasonCode.bodyFormEncoded | typeof ReasonCode.bodyDynamic;

/**
 * What the options say about the request besides URL, method and body: query parameters (the deprecated keys may
 * travel there), a form content type or a request transform (the object body is not sent as JSON).
 */
function optionsObstacles(options: Options, serializesObjects: boolean, queryKeys: readonly string[], rewritten?: readonly [number, number]): { obstacles: Reason[]; bodyReason?: BodyReason } {
  if (typeof options === 'string') return { obstacles: [] };
  const obstacles: Reason[] = [];
  if (queryKeys.some((key) => propertyOf(options.object, key) !== undefined)) {
    obstacles.push({ code: ReasonCode.urlNotEditable });
  }
  let bodyReason: BodyReason | undefined;
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
        // The form content type that a rewrite of this call makes JSON (withFormHeader).
        if (rewritten !== undefined && header.value.range[0] === rewritten[0] && header.value.range[1] === rewritten[1]) continue;
        const type = contentTypeOf(header.value, options.ctx);
        if (type === 'form') bodyReason = ReasonCode.bodyFormEncoded;
        else if (type === 'unknown' && bodyReason === undefined) bodyReason = ReasonCode.bodyDynamic;
      }
    }
  }
  return bodyReason === undefined ? { obstacles } : { obstacles, bodyReason };
}

/** What a content type says of an object body: sent as a form, something else, or not known here. */
export function contentTypeOf(node: TSESTree.Node | undefined, ctx: SourceContext): 'form' | 'other' | 'unknown' {
  const value = staticString(node, ctx);
  if (value === undefined) return 'unknown';
  return /form|urlencoded|multipart/i.test(value) ? 'form' : 'other';
}

/**
 * Applies what the options say to a layout: extra obstacles, and a body that is not sent as JSON. `queryKeys`: the
 * options that put keys in the query string, for clients that name them otherwise.
 */
export function withOptions(layout: CallLayout, options: Options, serializesObjects: boolean, queryKeys = QUERY_OPTION_KEYS): CallLayout {
  const rewritten = layout.body.kind === 'object' ? layout.body.body.form?.toJson?.range : undefined;
  const { obstacles, bodyReason } = optionsObstacles(options, serializesObjects, queryKeys, rewritten);
  return {
    ...layout,
    ...(obstacles.length > 0 ? { obstacles: [...(layout.obstacles ?? []), ...obstacles] } : {}),
    ...(bodyReason === undefined || layout.body.kind !== 'object' ? {} : { body: unreadableAs(layout.body, bodyReason) }),
  };
}

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;.*)?$/i;

/** Options that run code on the request before it is sent (got, ky, axios, ofetch). */
export const FORM_HOOKS: readonly string[] = ['hooks', 'transformRequest', 'onRequest', 'onRequestError', 'interceptors'];

/**
 * A form body (`new URLSearchParams({...})`, `qs.stringify({...})`) is sent as JSON only with a JSON content type: it is
 * rewritten when the call's own options write its one `Content-Type` header as a static form type, in a headers
 * object written there; that header then becomes `application/json`. Anything else (no header, headers from a const or
 * `new Headers`, a spread, per-method headers) keeps the form: `body-form-encoded`.
 */
export function withFormHeader(layout: CallLayout, options: Options): CallLayout {
  if (layout.body.kind !== 'object' || layout.body.body.form === undefined || layout.body.body.form.toJson !== undefined) return layout;
  const refused: CallLayout = { ...layout, body: unreadableAs(layout.body, ReasonCode.bodyFormEncoded) };
  if (typeof options === 'string' || isShared(options)) return refused;
  // A hook may change body or headers after they are read here; a no-cors request drops a JSON content type.
  if (FORM_HOOKS.some((key) => propertyOf(options.object, key) !== undefined)) return refused;
  const mode = propertyOf(options.object, 'mode');
  if (mode !== undefined && !['cors', 'same-origin'].includes(staticString(mode.value, options.ctx) ?? '')) return refused;
  const headers = propertyOf(options.object, 'headers')?.value;
  if (headers?.type !== 'ObjectExpression' || !isPlainObject({ ...headers, properties: headers.properties.filter((p) => p.type !== 'SpreadElement') })) return refused;
  // A spread may add headers (`...authHeaders()`), but not a content type of its own, in any case of its name.
  if (!headers.properties.every((header) => header.type !== 'SpreadElement' || holdsNoContentType(header.argument, options.ctx))) return refused;
  if (['common', 'post'].some((key) => propertyOf(headers, key) !== undefined)) return refused;
  const types = headers.properties.filter((header): header is TSESTree.Property =>
    header.type === 'Property' && /^content-type$/i.test(staticKey(header) ?? ''));
  const value = types.length === 1 ? types[0]!.value : undefined;
  if (value?.type !== 'Literal' || typeof value.value !== 'string' || !FORM_TYPE.test(value.value.trim())) return refused;
  const quote = options.ctx.text[value.range[0]] === '"' ? '"' : "'";
  const header = { range: value.range, text: `${quote}application/json${quote}`, ctx: options.ctx };
  return { ...layout, body: { ...layout.body, body: { ...layout.body.body, form: { ...layout.body.body.form, toJson: header } } } };
}

/** Headers (an object, or what a function of the program returns) of static keys, none of them a content type. */
export function holdsNoContentType(node: TSESTree.Node, ctx: SourceContext): boolean {
  const spread = objectOf(node, ctx) ?? returnedOptions(node, ctx);
  // A const read by its initializer must never change: every use of it is a spread.
  return spread !== undefined && isPlainObject(spread.object) && spread.via.every(onlySpread) &&
    spread.object.properties.every((header) => header.type === 'Property' && !/^content-type$/i.test(staticKey(header) ?? ''));
}

function onlySpread(variable: VariableLike): boolean {
  return variable.references.every((ref) => ref.init === true || (ref.identifier as TSESTree.Node).parent?.type === 'SpreadElement');
}

/** Reads `options[key]` as the body; an options object shared with other code cannot be rewritten for this call. */
export function bodyIn(options: ObjectRef, key: string, encoding: BodyEncoding): BodyRead {
  const property = propertyOf(options.object, key);
  if (property === undefined) return readBody(undefined, options.ctx, encoding);
  if (isShared(options)) return unreadable(ReasonCode.bodyMutated);
  return readBody(property.value, options.ctx, encoding, options.via);
}

export function methodIn(options: Options): Method {
  if (options === 'absent') return 'unspecified';
  if (options === 'unknown') return 'dynamic';
  return methodOf(options);
}

/** The method an options object names: through consts and the arguments a followed function was given. */
export function methodOf(options: ObjectRef): Method {
  const property = propertyOf(options.object, 'method');
  if (property === undefined) return isPlainObject(options.object) ? 'unspecified' : 'dynamic';
  const text = staticString(property.value, options.ctx);
  if (text === undefined) return 'dynamic';
  return text.toUpperCase() === DEPRECATED_ASSIGN.method ? 'post' : 'other';
}

/** `fetch`-like calls: a URL, then an options object with `method` and the body under `bodyKey`. */
export function optionsLayout(
  client: ClientRef,
  url: TSESTree.Node,
  optionsNode: TSESTree.Node | undefined,
  ctx: SourceContext,
  bodyKey: 'body' | 'json' | 'data',
  encoding: BodyEncoding,
  method?: Method,
): CallLayout {
  const options = optionsOf(optionsNode, ctx);
  const layout: CallLayout = {
    client: client.library,
    url,
    ...baseOf(client, typeof options === 'string' ? undefined : options),
    method: method ?? methodIn(options),
    body: bodyOf(options, ctx, bodyKey, encoding, client),
  };
  return withOptions(withFormHeader(layout, options), options, client.spec.serializesObjects);
}

function bodyOf(options: Options, ctx: SourceContext, bodyKey: 'body' | 'json' | 'data', encoding: BodyEncoding, client: ClientRef): BodyRead {
  if (options === 'absent') return readBody(undefined, ctx, encoding);
  if (options === 'unknown') return unreadable(ReasonCode.bodyDynamic);
  // got's `form:` option.
  if (propertyOf(options.object, 'form') !== undefined) return client.library === 'got' ? gotForm(options, client) : unreadable(ReasonCode.bodyFormEncoded);
  if (bodyKey === 'json') {
    if (propertyOf(options.object, 'json') !== undefined) return bodyIn(options, 'json', JSON_OBJECT);
    return bodyIn(options, 'body', STRING_ONLY);
  }
  return bodyIn(options, bodyKey, encoding);
}

/**
 * got's `form: {...}` option: got writes the object as `new URLSearchParams` would, with a form content type where no
 * content type is set; `json: {...}` writes JSON with a JSON one where none is set. So the option becomes `json` with
 * the v3 object when no content type is set anywhere (the call's headers, every instance's defaults, all read here),
 * no instance has hooks that may read the option, and the call sends no other body.
 */
function gotForm(options: ObjectRef, client: ClientRef): BodyRead {
  const property = propertyOf(options.object, 'form')!;
  const object = property.value;
  const refused = unreadable(ReasonCode.bodyFormEncoded, builtInIn(object, options.ctx));
  if (object.type !== 'ObjectExpression' || isShared(options) || !isPlainObject(options.object) ||
    propertyOf(options.object, 'json') !== undefined || propertyOf(options.object, 'body') !== undefined) return refused;
  const defaults = client.defaults ?? [];
  if (!setsNoContentType(options) || FORM_HOOKS.some((hook) => propertyOf(options.object, hook) !== undefined)) return refused;
  if (defaults.some((made) => made === 'unknown' || !setsNoContentType(made) || FORM_HOOKS.some((hook) => propertyOf(made.object, hook) !== undefined))) return refused;
  const key = property.key;
  const quote = key.type === 'Literal' ? options.ctx.text[key.range[0]] : '';
  if (key.type !== 'Identifier' && key.type !== 'Literal') return refused;
  const read = formObject(object, options.ctx, options.via, false, { range: object.range, write: 'object', coerce: 'String' });
  if (read?.kind !== 'object' || read.body.form === undefined) return read ?? refused;
  const toJson = { range: key.range, text: `${quote}json${quote}`, ctx: options.ctx };
  return { ...read, body: { ...read.body, form: { ...read.body.form, toJson } } };
}

/** Options that set no content type: no spread, and headers (if any) an object of static keys without one. */
function setsNoContentType(options: ObjectRef): boolean {
  if (!isPlainObject(options.object)) return false;
  const headers = propertyOf(options.object, 'headers');
  return headers === undefined || holdsNoContentType(headers.value, options.ctx);
}

/** The base URL of a call: the options' own (under the client's base key), else the instance's. */
export function baseOf(client: ClientRef, options: ObjectRef | undefined): { base?: Bound } {
  const key = client.spec.factory?.base;
  const local = options === undefined || key === undefined ? undefined : propertyOf(options.object, key)?.value;
  const base = local === undefined ? client.base : { node: local, ctx: options!.ctx };
  return base === undefined ? {} : { base };
}
