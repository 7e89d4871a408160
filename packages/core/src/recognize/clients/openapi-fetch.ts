/**
 * openapi-fetch, the typed client of openapi-typescript: `const api = createClient<paths>({ baseUrl })`, then
 * `api.POST('/platform/v1/apps/{id}/assign', { params: { path: { id } }, body })`. The path is a template of the API
 * description; its placeholders take the values of `params.path`. The body is sent as JSON (unless a content type or
 * a body serializer says otherwise); middleware with `onRequest` may change any request.
 *
 * The rewrite, `api.POST('/v3/apps/app_assignments', { body })`, type-checks only where the application's `paths`
 * type declares the v3 route: it is checked where the type can be read, and the call is left with a TODO where not.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { readBody, unreadable, unreadableAs } from '../body.js';
import type { Bound, SourceContext } from '../../facts/context.js';
import { V3_ASSIGN } from '../../facts/contract.js';
import { valueOfName } from '../follow.js';
import { type Reason, ReasonCode } from '../../facts/reasons.js';
import { findVariable } from '../../facts/scope.js';
import { memberName, staticString } from '../../facts/static-value.js';
import type { UrlPiece } from '../url.js';
import { propertyOf, staticKey, unwrapTS } from '../../facts/syntax.js';
import { baseOf, bodyIn, isPlainObject, isShared, type Options, optionsOf, withOptions } from './options.js';
import { argumentAt, type CallLayout, type ClientRef, type ClientSpec, HTTP_VERBS, JSON_OBJECT } from './spec.js';

/** Options that change how openapi-fetch sends a request: its serializers, and a fetch or Request of its own. */
const SENDING_OPTIONS = ['bodySerializer', 'querySerializer', 'pathSerializer', 'fetch', 'Request', 'middleware'];

/** openapi-fetch names its methods in capitals: `GET`, `POST`. */
const isCapitalVerb = (name: string | null): name is string => name !== null && name === name.toUpperCase() && HTTP_VERBS.has(name.toLowerCase());

/**
 * A call `client.POST(path, init)`. `client` is undefined when it is read by its shape (an instance from a module the
 * analysis cannot see): then its paths type is unknown.
 */
export function openapiLayout(call: TSESTree.CallExpression, client: ClientRef | undefined, ctx: SourceContext): CallLayout | undefined {
  const callee = unwrapTS(call.callee);
  const name = callee.type === 'MemberExpression' ? memberName(callee) : null;
  const url = argumentAt(call, 0);
  if (!isCapitalVerb(name) || url === undefined) return undefined;
  const options = optionsOf(call.arguments[1], ctx);
  const obstacles: Reason[] = [];
  const paths = pathsTypeDeclaresV3(client);
  if (paths !== true) obstacles.push({ code: paths === false ? ReasonCode.openapiPathsWithoutV3 : ReasonCode.openapiPathsUnknown });
  const { pathParams, alsoEdit, extra } = paramsOf(options);
  obstacles.push(...extra);
  // A body or query serializer, a fetch or Request of its own, at the call or where the client was made (or options
  // that cannot be read there): how the request is sent is decided at run time.
  const made = client?.defaults ?? [];
  const serializers = [...(typeof options === 'string' ? [] : [options]), ...made].some((ref) => ref === 'unknown' ||
    !isPlainObject(ref.object) || SENDING_OPTIONS.some((key) => propertyOf(ref.object, key) !== undefined));
  // Middleware registered (`client.use(...)`) where the client is made or called may change any request; middleware
  // itself (an object with onRequest) anywhere in the program is `globalSetup`.
  const middleware = [ctx.text, client?.madeBy?.ctx.text ?? ''].some((text) => /\.use\s*\(/.test(text));
  const read = options === 'absent' ? readBody(undefined, ctx, JSON_OBJECT)
    : options === 'unknown' ? unreadable(ReasonCode.bodyDynamic)
    : bodyIn(options, 'body', JSON_OBJECT);
  const body = (serializers || middleware) && read.kind === 'object' ? unreadableAs(read, ReasonCode.bodyDynamic) : read;
  const layout: CallLayout = {
    client: client === undefined ? 'unresolved' : 'openapi-fetch',
    url,
    ...(client === undefined ? {} : baseOf(client, typeof options === 'string' ? undefined : options)),
    method: name === 'POST' ? 'post' : 'other',
    body,
    pathParams,
    ...(alsoEdit === undefined ? {} : { alsoEdit }),
    ...(obstacles.length > 0 ? { obstacles } : {}),
  };
  // A form content type makes openapi-fetch send the object as a form; its query is `params.query`, read above.
  return withOptions(layout, options, true, openapiFetchClient.queryKeys);
}

/**
 * `params: { path: { id } }`: the placeholder values, and the edit that removes `params` once the v3 path has no
 * placeholder. Query, header or cookie parameters, or anything that cannot be read, keep the call for a person.
 */
function paramsOf(options: Options): { pathParams: ReadonlyMap<string, Bound> | 'unknown'; alsoEdit?: CallLayout['alsoEdit']; extra: Reason[] } {
  if (typeof options === 'string') return { pathParams: 'unknown', extra: [] };
  const params = propertyOf(options.object, 'params');
  if (params === undefined) return { pathParams: new Map(), extra: [] };
  const paramsObject = unwrapTS(params.value);
  if (paramsObject.type !== 'ObjectExpression' || isShared(options)) return { pathParams: 'unknown', extra: [{ code: ReasonCode.urlNotEditable }] };
  const keys = paramsObject.properties.map((p) => (p.type === 'Property' ? staticKey(p) : undefined));
  const path = propertyOf(paramsObject, 'path');
  const pathObject = path === undefined ? undefined : unwrapTS(path.value);
  if (pathObject?.type !== 'ObjectExpression') return { pathParams: 'unknown', extra: [{ code: ReasonCode.urlNotEditable }] };
  const values = new Map<string, Bound>();
  for (const property of pathObject.properties) {
    const key = property.type === 'Property' ? staticKey(property) : undefined;
    if (property.type !== 'Property' || key === undefined || values.has(key)) return { pathParams: 'unknown', extra: [{ code: ReasonCode.urlNotEditable }] };
    values.set(key, { node: property.value, ctx: options.ctx });
  }
  // Query parameters may carry the deprecated flags; headers and cookies would need a look too.
  if (keys.some((key) => key !== 'path')) return { pathParams: values, extra: [{ code: ReasonCode.urlNotEditable }] };
  return { pathParams: values, alsoEdit: [{ range: removalOf(options.object, params, options.ctx), text: '', ctx: options.ctx }], extra: [] };
}

/** The span that removes a property with its comma and the space up to the next property (or back to the previous one). */
function removalOf(object: TSESTree.ObjectExpression, property: TSESTree.Property, ctx: SourceContext): [number, number] {
  const index = object.properties.indexOf(property);
  const next = object.properties[index + 1];
  if (next !== undefined) return [property.range[0], next.range[0]];
  const previous = object.properties[index - 1];
  if (previous !== undefined) return [previous.range[1], property.range[1]];
  // The only property: the braces stay, empty.
  const after = ctx.text.slice(property.range[1], object.range[1] - 1);
  const comma = after.match(/^\s*,/)?.[0].length ?? 0;
  return [property.range[0], property.range[1] + comma];
}

/**
 * Whether the instance's paths type (`createClient<paths>`) declares `POST /v3/apps/app_assignments`: true or false
 * where the declaration can be read (this file, or another module with project facts), undefined where it cannot.
 */
function pathsTypeDeclaresV3(client: ClientRef | undefined): boolean | undefined {
  const made = client?.madeBy;
  const argument = made?.call.typeArguments?.params[0];
  if (made === undefined || argument?.type !== 'TSTypeReference' || argument.typeName.type !== 'Identifier') return undefined;
  const declaration = typeDeclaration(argument.typeName, made.ctx);
  if (declaration === undefined) return undefined;
  const body = declaration.node.type === 'TSInterfaceDeclaration' ? declaration.node.body.body
    : declaration.node.type === 'TSTypeAliasDeclaration' && declaration.node.typeAnnotation.type === 'TSTypeLiteral' ? declaration.node.typeAnnotation.members
    : undefined;
  if (body === undefined) return undefined;
  const route = body.find((member): member is TSESTree.TSPropertySignature => member.type === 'TSPropertySignature' && routeKey(member.key) === V3_ASSIGN.path);
  if (route === undefined) return false;
  // The route's type names its operations: `post: operations[...]`, or `post?: never` where it has none.
  const operations = route.typeAnnotation?.typeAnnotation;
  if (operations?.type !== 'TSTypeLiteral') return undefined;
  const post = operations.members.find((member): member is TSESTree.TSPropertySignature => member.type === 'TSPropertySignature' &&
    ((member.key.type === 'Identifier' && member.key.name === 'post') || routeKey(member.key) === 'post'));
  const type = post?.typeAnnotation?.typeAnnotation.type;
  return type !== undefined && type !== 'TSNeverKeyword' && type !== 'TSUndefinedKeyword';
}

function routeKey(key: TSESTree.Node): string | undefined {
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

function typeDeclaration(name: TSESTree.Identifier, ctx: SourceContext): Bound | undefined {
  const variable = findVariable(ctx.getScope(name), name.name);
  const local = variable?.defs.find((def) => def.node.type === 'TSInterfaceDeclaration' || def.node.type === 'TSTypeAliasDeclaration');
  if (local !== undefined) return { node: local.node as TSESTree.Node, ctx };
  if (variable === undefined) return undefined;
  const value = valueOfName(name, ctx);
  return value.kind === 'imported' ? value.value : undefined;
}

export const openapiFetchClient: ClientSpec = {
  library: 'openapi-fetch',
  modules: {},
  makers: { 'openapi-fetch': ['default', 'createClient'] },
  factory: { methods: [], base: 'baseUrl' },
  queryKeys: ['querySerializer'],
  serializesObjects: true,
  // Middleware (an object with onRequest, onResponse or onError) anywhere in the program may change every request.
  globalSetup: /\bon(?:Request|Response|Error)\b/,
  // The client itself is not callable.
  call: () => undefined,
  method: (call, client, _verb, ctx) => openapiLayout(call, client, ctx),
};

/**
 * The URL as openapi-fetch sends it: each `{name}` placeholder of the path template replaced by the value of
 * `params.path.name` (a static string as text, anything else as the expression), within the same editable region.
 * A placeholder without a readable value stays an expression that cannot be edited.
 */
export function fillPathParams(pieces: readonly UrlPiece[], params: ReadonlyMap<string, Bound> | 'unknown', unknown: TSESTree.Expression): UrlPiece[] {
  return pieces.flatMap((piece): UrlPiece[] => {
    if (piece.kind !== 'text' || !/\{[^{}/]+\}/.test(piece.value)) return [piece];
    const out: UrlPiece[] = [];
    let last = 0;
    for (const found of piece.value.matchAll(/\{([^{}/]+)\}/g)) {
      const at = found.index;
      const text = (from: number, to: number): UrlPiece => ({ ...piece, value: piece.value.slice(from, to), start: piece.start === null ? null : piece.start + from });
      if (at > last) out.push(text(last, at));
      // `{.id}`, `{;id}`, `{id*}`: a style marker openapi-fetch strips before it reads `params.path`; and a value that
      // is absent at run time leaves the placeholder in the path. Neither is read here.
      const named = /^[\w-]+$/.test(found[1]!) ? (params === 'unknown' ? undefined : params.get(found[1]!)) : undefined;
      const value = named === undefined || holdsNothing(named.node, named.ctx) ? undefined : named;
      // A literal is the text itself; a name stays the expression, so that the rewrite names it as the code does.
      const literal = value === undefined ? undefined : unwrapTS(value.node);
      const fixed = literal?.type === 'Literal' || literal?.type === 'TemplateLiteral' ? staticString(literal, value!.ctx) : undefined;
      if (value === undefined) out.push({ kind: 'expr', node: unknown, region: null, ctx: piece.ctx });
      else if (fixed !== undefined) out.push({ kind: 'text', value: fixed, start: null, region: piece.region, ctx: value.ctx });
      else out.push({ kind: 'expr', node: value.node as TSESTree.Expression, region: piece.region, ctx: value.ctx });
      last = at + found[0].length;
    }
    if (last < piece.value.length) out.push({ ...piece, value: piece.value.slice(last), start: piece.start === null ? null : piece.start + last });
    return out;
  });
}

/** `undefined`, `null`, `void x`, or a const holding one: a path value openapi-fetch does not put in the path. */
function holdsNothing(node: TSESTree.Node, ctx: SourceContext, depth = 0): boolean {
  const expr = unwrapTS(node);
  if (expr.type === 'Literal') return expr.value === null;
  if (expr.type === 'UnaryExpression') return expr.operator === 'void';
  if (expr.type !== 'Identifier' || depth > 8) return false;
  const name = valueOfName(expr, ctx);
  if (name.kind === 'global') return expr.name === 'undefined';
  if (name.kind === 'absent') return true;
  return (name.kind === 'const' || name.kind === 'argument' || name.kind === 'imported') && holdsNothing(name.value.node, name.value.ctx, depth + 1);
}

/** `x.POST('/platform/v1/apps/{id}/assign', { params, body })` through an instance from elsewhere: openapi-fetch's shape. */
export function looksLikeOpenapiFetch(call: TSESTree.CallExpression): boolean {
  const callee = unwrapTS(call.callee);
  if (callee.type !== 'MemberExpression' || !isCapitalVerb(memberName(callee))) return false;
  const url = argumentAt(call, 0);
  const path = url === undefined ? undefined : unwrapTS(url);
  return path?.type === 'Literal' && typeof path.value === 'string' && /\{[^{}/]+\}/.test(path.value);
}
