/**
 * Mock Service Worker: `http.post(route, resolver)` (msw 2) and `rest.post(route, resolver)` (msw 1), with `http` or
 * `rest` imported from `msw`. The handler matches no body; its resolver reads the request in the old shape. What it
 * may read and still follow its calls to v3 is what maps exactly onto the v3 request (msw 1's `req.json()`, `req.body`
 * and `req.params` read as msw 2's `request.json()`, the body and `params`):
 * - an assignee key of the JSON body (`body.business_uid`): `assignee_uid`, when every call sends that key (settle.ts);
 * - a flag compared with "true" (`body.is_internal === 'true'`): the mode it enables
 *   (`body.settings?.assignment_mode === 'internal'`), when every call sends the flag as a static string or not at all;
 * - the path's app code (`params.id`, `const { id } = params`): the body's `app_code_name`, which holds the same
 *   decoded code, read from the body const the resolver already has, or, in a handler that declares its body type,
 *   from one read of the body added for it;
 * - the types of `http.post<Params, Body>` and of `await request.json() as Body`: an empty-params type, and the v3 body
 *   (typed-body.ts's writer).
 * Anything else it reads is left to a person, with a TODO that names it.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { ASSIGNEE_TYPE_OF_KEY, DEPRECATED_KEYS, FLAG_ENABLED_VALUE, MODE_OF_FLAG, V3_ASSIGN, V3Key } from '../facts/contract.js';
import { staticMemberName, valueOfName } from '../recognize/follow.js';
import { findVariable, importOf, type VariableLike } from '../facts/scope.js';
import { forEachCall, isFunction, someNode, unwrapTS } from '../facts/syntax.js';
import { retypeDeprecatedBody } from '../recognize/typed-body.js';
import { fromModule, methodOf, originOf } from './reference.js';
import { readMockRoute, type MockRoute } from './route.js';
import type { BodyKeyRead, FlagKeyRead, MockSite, ResolverEdit } from './site.js';
import { routeMatcher } from './v3-handlers.js';

export function recognizeMsw(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  const method = methodOf(call);
  // `http.all` answers the POST too: found, never rewritten (it would answer every method of the v3 route).
  if (method?.name !== 'post' && method?.name !== 'all') return undefined;
  const object = unwrapTS(method.object);
  const origin = originOf(object, ctx);
  if (!fromModule(origin, ['msw'])) return undefined;
  // `http` imported by name, or reached through the module (`import * as msw from 'msw'`; `msw.http.post`).
  const namespace = object.type === 'MemberExpression' && !object.computed && object.property.type === 'Identifier' &&
    unwrapTS(object.object).type === 'Identifier' && origin.imported === '*' ? object.property.name : undefined;
  const kind = object.type === 'Identifier' ? origin.imported : namespace;
  if (kind !== 'http' && kind !== 'rest') return undefined;
  const read = readMockRoute(call.arguments[0], ctx, true);
  if (read === undefined) return undefined;
  const route = method.name === 'all' ? { ...(read.appCode === undefined ? {} : { appCode: read.appCode }) } : read;
  // A resolver given by reference (`maybeDown`) or made by a factory of the file (`whenDown(503)`) that takes no
  // argument is read where it is written: it reads nothing of the request, and may still fall through.
  const resolver = call.arguments[1] === undefined ? undefined : noArgumentResolver(call.arguments[1], ctx) ?? call.arguments[1];
  const found: Resolver = { reads: [], bodyReads: [], flagReads: [], keyTests: [], edits: [], typed: false };
  if (kind === 'http') {
    if (resolver !== undefined) readResolver(call, resolver, route, ctx, found);
    retypeHandler(call, route, ctx, found);
  } else {
    // msw 1 (`rest.post<RequestBody, Params>`, `(req, res, ctx)`): the body it reads (`await req.json()`, `req.body`)
    // and the app code (`req.params.id`) map as msw 2's do; anything else of the request is left to a person.
    if (resolver !== undefined) readMsw1Resolver(resolver, route, ctx, found);
    // Any read of the request may read its body, which a handler after it then cannot read again.
    found.readsRequest = resolver !== undefined && msw1UsesRequest(resolver, ctx);
    found.typed = (call.typeArguments?.params.length ?? 0) > 0;
  }
  // msw hands every handler the same request: a handler listed before this one that reads the body and falls through
  // leaves it read, and the read added for the app code then throws.
  const first = found.addedRead === undefined || found.reads.length > 0 ? undefined : bodyReaderListedBefore(call, ctx);
  if (first !== undefined) {
    found.reads.push(`${found.addedRead!} (a read of the body added for it would fail: the handler ${first} listed before it may read the body first and fall through to it)`);
  }
  const blocked = found.reads.length > 0;
  // A resolver that may return nothing passes those requests on to the next handler: it answers only some of them.
  const fallsThrough = resolver !== undefined && isFunction(resolver) && !alwaysAnswers(resolver as TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression, ctx);
  return {
    node: call,
    ctx,
    library: 'msw',
    route,
    reads: found.reads,
    ...(!blocked && found.bodyReads.length > 0 ? { bodyReads: found.bodyReads } : {}),
    ...(!blocked && found.flagReads.length > 0 ? { flagReads: found.flagReads } : {}),
    ...(!blocked && found.keyTests.length > 0 ? { keyTests: [...new Set(found.keyTests)] } : {}),
    ...(!blocked && found.edits.length > 0 ? { resolverEdits: found.edits } : {}),
    ...(found.typed ? { typed: true as const } : {}),
    ...(fallsThrough ? { fallsThrough: true as const } : {}),
    ...(found.readsRequest === true ? { readsRequest: true as const } : {}),
    ...(!blocked && found.addedRead !== undefined ? { addsBodyRead: found.addedRead } : {}),
  };
}

/**
 * The function a resolver names (a const of the file) or a factory of the file returns (`const whenDown = (status) =>
 * () => …`), when it takes no argument; undefined otherwise.
 */
function noArgumentResolver(resolver: TSESTree.Node, ctx: SourceContext): TSESTree.Node | undefined {
  const expr = unwrapTS(resolver);
  const constFunction = (node: TSESTree.Node): TSESTree.Node | undefined => {
    if (node.type !== 'Identifier') return undefined;
    const name = valueOfName(node, ctx);
    if (name.kind !== 'const') return undefined;
    const value = unwrapTS(name.value.node);
    return isFunction(value) ? value : undefined;
  };
  let fn = constFunction(expr);
  if (fn === undefined && expr.type === 'CallExpression') {
    const factory = constFunction(unwrapTS(expr.callee));
    const body = factory?.type === 'ArrowFunctionExpression' ? unwrapTS(factory.body) : undefined;
    fn = body !== undefined && isFunction(body) ? body : undefined;
  }
  return fn !== undefined && (fn as TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression).params.length === 0 ? fn : undefined;
}

/** What a resolver reads, as found so far: what holds it back (`reads`, `typed`), and what maps (the rest). */
interface Resolver {
  readonly reads: string[];
  readonly bodyReads: BodyKeyRead[];
  readonly flagReads: FlagKeyRead[];
  /** The assignee keys tested with `in` (`'business_uid' in body`). */
  readonly keyTests: BodyKeyRead['key'][];
  readonly edits: ResolverEdit[];
  typed: boolean;
  /** The read of the route's app code that a read of the body was added for (`params.id`). */
  addedRead?: string;
  /** It reads the request it is given (its body, maybe). */
  readsRequest?: boolean;
}

const ASSIGNEE_KEYS: readonly string[] = Object.keys(ASSIGNEE_TYPE_OF_KEY);
const MODE_FLAGS: readonly string[] = Object.keys(MODE_OF_FLAG);
const EMPTY_PARAMS = 'Record<string, never>';

/**
 * The msw 1 resolver `(req, res, ctx) => ...`: `await req.json()` read as msw 2's `request.json()` (in place, or into
 * one const), `req.body.<key>` as a key of that body (msw 1 parses the JSON body into `req.body`), and
 * `req.params.<name>` of the route's placeholder as the body const's `app_code_name` (the decoded code, as msw 2's
 * `params`), where the resolver declares that const before every such read. Any other read of `req` is named.
 */
/** Whether an msw 1 resolver `(req, res, ctx) => ...` uses its request at all. */
function msw1UsesRequest(resolver: TSESTree.Node, ctx: SourceContext): boolean {
  if (!isFunction(resolver)) return true;
  const fn = resolver as TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression;
  const param = fn.params[0];
  if (param === undefined) return false;
  return param.type !== 'Identifier' || used(param, fn, ctx);
}

function readMsw1Resolver(resolver: TSESTree.Node, route: MockRoute, ctx: SourceContext, out: Resolver): void {
  if (!isFunction(resolver)) return void out.reads.push('its argument');
  const fn = resolver as TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression;
  const param = fn.params[0];
  if (param === undefined) return;
  if (param.type !== 'Identifier') return void out.reads.push('its argument');
  const variable = findVariable(ctx.getScope(fn.body), param.name);
  if (variable === undefined) return;
  const name = param.name;
  const json: (typeof variable.references)[number][] = [];
  const codeReads: TSESTree.MemberExpression[] = [];
  for (const ref of variable.references) {
    if (ref.init === true) continue;
    const id = ref.identifier as TSESTree.Node;
    const member = id.parent;
    const part = member?.type === 'MemberExpression' && member.object === id ? staticMemberName(member) : undefined;
    if (part === 'json') {
      json.push(ref);
      continue;
    }
    const use = member?.parent;
    const inner = use?.type === 'MemberExpression' && use.object === member && !use.computed ? use : undefined;
    if (part === 'body') {
      if (inner === undefined) return void out.reads.push(`${name}.body`);
      if (!readKey(inner, out, ctx)) return;
      continue;
    }
    if (part === 'params' && inner !== undefined && route.param !== undefined && staticMemberName(inner) === route.param && isPlainRead(inner)) {
      codeReads.push(inner);
      continue;
    }
    return void out.reads.push(part === undefined ? name : part === 'params' ? `${name}.params.${route.param ?? 'id'}` : `${name}.${part}`);
  }
  let body: TSESTree.VariableDeclarator | undefined;
  if (json.length > 0) {
    const read = readBodyOf({ ...variable, references: json }, fn, ctx, out);
    if (read === undefined) return;
    body = read.const;
  }
  if (codeReads.length === 0) return;
  const refuse = () => void out.reads.push(`${name}.params.${route.param ?? 'id'}`);
  // The body const, declared before every read of the app code and meaning the same there.
  if (body === undefined) return refuse();
  const bodyName = (body.id as TSESTree.Identifier).name;
  const declared = findVariable(ctx.getScope(body), bodyName);
  if (!codeReads.every((read) => read.range[0] > body.parent.range[1] && enclosingFunction(read) === fn && findVariable(ctx.getScope(read), bodyName) === declared)) return refuse();
  for (const read of codeReads) out.edits.push({ range: read.range, text: `${bodyName}.${V3Key.appCodeName}` });
}

function used(id: TSESTree.Identifier, fn: TSESTree.FunctionLike, ctx: SourceContext): boolean {
  const variable = findVariable(ctx.getScope(fn.body!), id.name);
  return variable !== undefined && variable.references.some((ref) => !ref.init);
}

/** The msw 2 resolver `({ params, request }) => ...`: what it reads of each part, and the edits that map it. */
function readResolver(call: TSESTree.CallExpression, resolver: TSESTree.Node, route: MockRoute, ctx: SourceContext, out: Resolver): void {
  if (!isFunction(resolver)) return void out.reads.push('its argument');
  const fn = resolver as TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression;
  const param = fn.params[0];
  if (param === undefined) return;
  if (param.type === 'Identifier') {
    out.readsRequest = used(param, fn, ctx);
    return void (out.readsRequest && out.reads.push(param.name));
  }
  if (param.type !== 'ObjectPattern') return void out.reads.push('its argument');
  const parts = new Map<string, { property: TSESTree.Property; variable: VariableLike | undefined }>();
  for (const property of param.properties) {
    if (property.type === 'RestElement') return void out.reads.push('its argument');
    const key = property.key.type === 'Identifier' && !property.computed ? property.key.name : undefined;
    const value = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
    if (key === undefined || value.type !== 'Identifier') return void out.reads.push('its argument');
    const variable = findVariable(ctx.getScope(fn.body), value.name);
    parts.set(key, { property, variable: variable?.references.some((ref) => !ref.init) === true ? variable : undefined });
  }
  const request = parts.get('request');
  out.readsRequest = request?.variable !== undefined;
  const body = request?.variable === undefined ? { const: undefined } : readBodyOf(request.variable, fn, ctx, out);
  const params = parts.get('params');
  if (body === undefined) {
    // The body is read in a way that keeps the handler for a person: the TODO names the app code too, when it is read.
    if (params?.variable !== undefined) out.reads.push(`params.${route.param ?? 'id'}`);
    return;
  }
  // Where the handler declares no body type, TypeScript types the JSON body as msw's `DefaultBodyType` (a string, a
  // number, ...), on which an added `(await request.json()).app_code_name` would not compile.
  const bodyTyped = (call.typeArguments?.params.length ?? 0) >= 2;
  if (params?.variable !== undefined) readParams(params.variable, params.property, param, fn, route, body.const, bodyTyped ? request ?? 'absent' : undefined, ctx, out);
}

/**
 * How the resolver reads the JSON body: `(await request.json()).key`, or one `const body = await request.json()`
 * then `body.key`. Undefined (with the read named) for any other use of the request or of the body.
 */
function readBodyOf(request: VariableLike, fn: TSESTree.FunctionLike, ctx: SourceContext, out: Resolver): { const: TSESTree.VariableDeclarator | undefined } | undefined {
  let declared: TSESTree.VariableDeclarator | undefined;
  let jsonReads = 0;
  const refuse = (read = 'the request body') => (out.reads.push(read), undefined);
  for (const ref of request.references) {
    if (ref.init === true) continue;
    const id = ref.identifier as TSESTree.Node;
    const member = id.parent;
    const call = member?.parent;
    const awaited = call?.parent;
    // `request.url`, `request.headers`, ...: what else of the old request it reads is named as it is.
    const part = member?.type === 'MemberExpression' && member.object === id ? staticMemberName(member) : undefined;
    if (part !== undefined && part !== 'json') return refuse(`request.${part}`);
    if (member?.type !== 'MemberExpression' || member.object !== id || part !== 'json' ||
      call?.type !== 'CallExpression' || call.callee !== member || call.arguments.length > 0 || awaited?.type !== 'AwaitExpression') return refuse();
    jsonReads += 1;
    // `await request.json() as LegacyBody`: the type goes with the body.
    let use: TSESTree.Node | undefined = awaited.parent;
    let read: TSESTree.Node = awaited;
    if (use?.type === 'TSAsExpression' && use.expression === awaited) {
      const edit = describesNoBody(use.typeAnnotation) ? null : retypeDeprecatedBody(use.typeAnnotation, ctx);
      if (edit === undefined) out.typed = true;
      else if (edit !== null) out.edits.push({ range: edit.range, text: edit.text });
      read = use;
      use = use.parent;
    }
    if (use?.type === 'MemberExpression' && use.object === read) {
      if (!readKey(use, out, ctx)) return undefined;
      continue;
    }
    // `const { business_uid, pre_installed } = await request.json()`: each name read as the key it holds.
    if (use?.type === 'VariableDeclarator' && use.id.type === 'ObjectPattern' && use.parent?.type === 'VariableDeclaration' && use.parent.kind === 'const') {
      if (!readPattern(use as TSESTree.VariableDeclarator & { id: TSESTree.ObjectPattern }, fn, ctx, out)) return undefined;
      continue;
    }
    if (use?.type !== 'VariableDeclarator' || use.id.type !== 'Identifier' || use.parent?.type !== 'VariableDeclaration' || use.parent.kind !== 'const') return refuse();
    // `const body: LegacyBody = await request.json()`: the same.
    const annotation = use.id.typeAnnotation?.typeAnnotation;
    if (annotation !== undefined && !describesNoBody(annotation)) {
      const edit = retypeDeprecatedBody(annotation, ctx);
      if (edit === undefined) out.typed = true;
      else out.edits.push({ range: edit.range, text: edit.text });
    }
    const body = findVariable(ctx.getScope(use), use.id.name);
    if (body === undefined) return refuse();
    for (const bodyRef of body.references) {
      if (bodyRef.init === true) continue;
      const node = bodyRef.identifier as TSESTree.Node;
      // `'business_uid' in body`: whether the assignee is a business.
      const tested = node.parent?.type === 'BinaryExpression' && node.parent.operator === 'in' && node.parent.right === node ? keyTestedIn(node.parent, ctx) : undefined;
      if (tested !== undefined) {
        if (tested.edit === undefined) return refuse(tested.key);
        out.edits.push(tested.edit);
        out.keyTests.push(tested.key as BodyKeyRead['key']);
        continue;
      }
      if (node.parent?.type !== 'MemberExpression' || node.parent.object !== node) return refuse();
      if (!readKey(node.parent, out, ctx)) return undefined;
    }
    declared = use;
  }
  // One read of the body into a const, written in the resolver itself, is where the app code can be read too.
  const own = declared !== undefined && jsonReads === 1 && declared.parent?.parent === fn.body ? declared : undefined;
  return { const: own };
}

/**
 * `const { business_uid, pre_installed } = await request.json()`: the keys of the old body bound to names, each name
 * compared as a key of a body const is (`business_uid === 'biz_1'`, `pre_installed === 'true'`) or read as the
 * assignee. The pattern then binds the v3 fields those reads need (`{ assignee_type, assignee_uid, settings }`), and
 * each read asks the same question of them (`assignee_type === 'business' && assignee_uid === 'biz_1'`,
 * `settings?.assignment_mode === 'pre_installed'`). A default, a rest element, a renamed key, a type on the pattern, a
 * key no v3 field holds, any other use of a name, or a v3 name the resolver already uses keeps the handler, naming
 * what it reads.
 */
function readPattern(declarator: TSESTree.VariableDeclarator & { id: TSESTree.ObjectPattern }, fn: TSESTree.FunctionLike, ctx: SourceContext, out: Resolver): boolean {
  const pattern = declarator.id;
  const refuse = (read = 'the request body') => (out.reads.push(read), false);
  if (pattern.typeAnnotation !== undefined) return refuse();
  const edits: ResolverEdit[] = [];
  const bodyReads: BodyKeyRead[] = [];
  const flagReads: FlagKeyRead[] = [];
  const needed = new Set<string>();
  for (const property of pattern.properties) {
    if (property.type !== 'Property' || property.computed || property.value.type !== 'Identifier') return refuse();
    const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
    if (key === undefined || !(DEPRECATED_KEYS as readonly string[]).includes(key)) return refuse();
    // `business_uid: uid` keeps a name the rewrite would have to explain: left to a person.
    if (property.value.name !== key) return refuse(key);
    if (!ASSIGNEE_KEYS.includes(key) && !MODE_FLAGS.includes(key)) return refuse(key);
    const variable = findVariable(ctx.getScope(declarator), key);
    for (const ref of variable?.references ?? []) {
      if (ref.init === true) continue;
      const id = ref.identifier as TSESTree.Identifier;
      if (ASSIGNEE_KEYS.includes(key)) {
        const compared = assigneeComparison(id, key as BodyKeyRead['key'], ctx);
        if (compared !== undefined) edits.push(compared);
        else if (isPlainRead(id)) bodyReads.push({ key: key as BodyKeyRead['key'], range: id.range });
        else return refuse(key);
        needed.add(V3Key.assigneeType).add(V3Key.assigneeUid);
        continue;
      }
      const compared = comparedWithEnabled(id);
      if (compared === undefined) return refuse(key);
      const quote = compared.raw[0]!;
      flagReads.push({ key: key as FlagKeyRead['key'] });
      edits.push({ range: id.range, text: `${V3Key.settings}?.${V3Key.assignmentMode}` }, { range: compared.range, text: `${quote}${MODE_OF_FLAG[key as keyof typeof MODE_OF_FLAG]}${quote}` });
      needed.add(V3Key.settings);
    }
  }
  // The names bound for the v3 fields must be new to the resolver: no other name of it may be hidden or reused.
  const text = ctx.text.slice(fn.range[0], fn.range[1]);
  const keys = pattern.properties.map((property) => ((property as TSESTree.Property).value as TSESTree.Identifier).name);
  for (const name of needed) {
    if (findVariable(ctx.getScope(declarator), name) !== undefined || new RegExp(`\\b${name}\\b`).test(text)) {
      return refuse(`${keys.join(' and ')} (destructured beside a name of its own, ${name})`);
    }
  }
  const order = [V3Key.assigneeType, V3Key.assigneeUid, V3Key.settings].filter((name) => needed.has(name));
  edits.push({ range: pattern.range, text: order.length === 0 ? '{}' : `{ ${order.join(', ')} }` });
  out.edits.push(...edits);
  out.bodyReads.push(...bodyReads);
  out.flagReads.push(...flagReads);
  return true;
}

/**
 * A read of a value that is neither written nor called nor deleted: `received.push(business_uid)`. Not a shorthand
 * property (`{ business_uid }`), whose name is also the key it writes.
 */
function isPlainRead(id: TSESTree.Node): boolean {
  const parent = id.parent;
  return !((parent?.type === 'AssignmentExpression' && parent.left === id) || parent?.type === 'UpdateExpression' ||
    (parent?.type === 'Property' && parent.shorthand) ||
    (parent?.type === 'CallExpression' && parent.callee === id) || (parent?.type === 'MemberExpression' && parent.object === id) ||
    (parent?.type === 'Property' && parent.parent?.type === 'ObjectPattern') || (parent?.type === 'UnaryExpression' && parent.operator === 'typeof'));
}

/** One read of a key of the JSON body: an assignee key, a flag compared with "true", or a read named as it stays. */
function readKey(member: TSESTree.MemberExpression, out: Resolver, ctx: SourceContext): boolean {
  const key = staticMemberName(member);
  const parent = member.parent;
  const plain = !member.computed && member.property.type === 'Identifier' &&
    !((parent?.type === 'AssignmentExpression' && parent.left === member) || parent?.type === 'UpdateExpression' ||
      (parent?.type === 'CallExpression' && parent.callee === member) || (parent?.type === 'UnaryExpression' && parent.operator === 'delete'));
  if (key === undefined || !plain || !(DEPRECATED_KEYS as readonly string[]).includes(key)) {
    out.reads.push(key !== undefined && (DEPRECATED_KEYS as readonly string[]).includes(key) ? key : 'the request body');
    return false;
  }
  if (ASSIGNEE_KEYS.includes(key)) {
    // `body.business_uid === X`: the same question of the v3 body, exact whatever the calls send.
    const compared = assigneeComparison(member, key as BodyKeyRead['key'], ctx);
    if (compared !== undefined) {
      out.edits.push(compared);
      return true;
    }
    out.bodyReads.push({ key: key as BodyKeyRead['key'], range: member.property.range });
    return true;
  }
  const compared = MODE_FLAGS.includes(key) ? comparedWithEnabled(member) : undefined;
  if (compared === undefined) {
    // Passed on, tested for truth, compared with anything but "true": not one v3 field says the same.
    out.reads.push(key);
    return false;
  }
  const mode = MODE_OF_FLAG[key as keyof typeof MODE_OF_FLAG];
  const quote = compared.raw[0]!;
  out.flagReads.push({ key: key as FlagKeyRead['key'] });
  out.edits.push(
    { range: member.property.range, text: `${V3Key.settings}?.${V3Key.assignmentMode}` },
    { range: compared.range, text: `${quote}${mode}${quote}` },
  );
  return true;
}

/**
 * `body.business_uid === X` (or `!==`, `==`, `!=`, either side; `X` a string literal, a template without
 * expressions or a name, read once and without side effects): the same question of the v3 body,
 * `body.assignee_type === 'business' && body.assignee_uid === X`. The body must be a name (a const), so that it is
 * read twice at no cost. Undefined for any other read.
 */
function assigneeComparison(member: TSESTree.MemberExpression | TSESTree.Identifier, key: BodyKeyRead['key'], ctx: SourceContext): ResolverEdit | undefined {
  // `body?.business_uid` is a chain around the member.
  const read = member.parent?.type === 'ChainExpression' ? member.parent : member;
  const parent = read.parent;
  if (parent?.type !== 'BinaryExpression' || !['===', '!==', '==', '!='].includes(parent.operator)) return undefined;
  // `body.` before each v3 field; nothing for a name destructured from the body (`business_uid === X`).
  let owner = '';
  if (member.type === 'MemberExpression') {
    // A name, or a name's member (msw 1's `req.body`): read twice at no cost.
    const object = member.object;
    const plain = object.type === 'Identifier' ||
      (object.type === 'MemberExpression' && !object.computed && !object.optional && object.object.type === 'Identifier');
    if (!plain) return undefined;
    owner = `${ctx.text.slice(object.range[0], object.range[1])}${member.optional ? '?.' : '.'}`;
  }
  const other = parent.left === read ? parent.right : parent.left;
  // `X` must be a string: `business_uid === X` asks `assignee_type === 'business' && assignee_uid === X` only when X is
  // never undefined (or null, for `==`); a parameter, a `let` or a value read from the environment may be.
  const plain = (other.type === 'Literal' && typeof other.value === 'string') ||
    (other.type === 'TemplateLiteral' && other.expressions.length === 0) ||
    (other.type === 'Identifier' && isStringConst(other, ctx));
  if (!plain) return undefined;
  const quote = other.type === 'Literal' && /^['"]/.test(other.raw) ? other.raw[0]! : quoteOf(ctx);
  const value = ctx.text.slice(other.range[0], other.range[1]);
  const type = `${quote}${ASSIGNEE_TYPE_OF_KEY[key]}${quote}`;
  const negated = parent.operator.startsWith('!');
  const uid = `${owner}${V3Key.assigneeUid}`;
  const uidTest = parent.left === read ? `${uid} ${parent.operator} ${value}` : `${value} ${parent.operator} ${uid}`;
  const text = negated
    ? `${owner}${V3Key.assigneeType} !== ${type} || ${uidTest}`
    : `${owner}${V3Key.assigneeType} === ${type} && ${uidTest}`;
  return { range: parent.range, text: standsAlone(parent, negated ? '||' : '&&') || parenthesized(parent, ctx) ? text : `(${text})` };
}

/** A name of a const whose value is a string written out (a literal or a template): never undefined, never null. */
function isStringConst(id: TSESTree.Identifier, ctx: SourceContext): boolean {
  const variable = findVariable(ctx.getScope(id), id.name);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || (def.parent as TSESTree.VariableDeclaration).kind !== 'const') return false;
  const init = (def.node as TSESTree.VariableDeclarator).init;
  const value = init == null ? undefined : unwrapTS(init);
  return value !== undefined && ((value.type === 'Literal' && typeof value.value === 'string') || value.type === 'TemplateLiteral');
}

/**
 * `'business_uid' in body`: `body.assignee_type === 'business'`; a flag or another key has no such question in v3. The
 * same question only where every call sends the key with a value that is never undefined (`JSON.stringify` drops an
 * undefined key, while the v3 body always names its assignee type): settle.ts checks it (`keyTests`).
 */
function keyTestedIn(test: TSESTree.BinaryExpression, ctx: SourceContext): { key: string; edit?: ResolverEdit } | undefined {
  const left = test.left;
  const key = left.type === 'Literal' && typeof left.value === 'string' ? left.value : undefined;
  if (key === undefined || !(DEPRECATED_KEYS as readonly string[]).includes(key)) return undefined;
  if (!ASSIGNEE_KEYS.includes(key) || test.right.type !== 'Identifier') return { key };
  const quote = left.type === 'Literal' && /^['"]/.test(left.raw) ? left.raw[0]! : quoteOf(ctx);
  const text = `${test.right.name}.${V3Key.assigneeType} === ${quote}${ASSIGNEE_TYPE_OF_KEY[key as BodyKeyRead['key']]}${quote}`;
  return { key, edit: { range: test.range, text: standsAlone(test, '&&') || parenthesized(test, ctx) ? text : `(${text})` } };
}

/**
 * Whether an expression that becomes `a && b` (or `a || b`, `joined`) reads the same without parentheses where it is:
 * a statement, a declaration, a test, an argument, or a link of a chain of the same operator (`&&` also of `||`).
 */
function standsAlone(node: TSESTree.Node, joined: '&&' | '||'): boolean {
  const parent = node.parent;
  switch (parent?.type) {
    case 'LogicalExpression':
      return parent.operator === joined || (joined === '&&' && parent.operator === '||');
    case 'VariableDeclarator':
    case 'ExpressionStatement':
    case 'ReturnStatement':
    case 'IfStatement':
    case 'WhileStatement':
    case 'ConditionalExpression':
      return true;
    case 'ArrowFunctionExpression':
      return parent.body === node;
    case 'CallExpression':
      return parent.callee !== node;
    default:
      return false;
  }
}

/** Whether the source already wraps the expression in parentheses (`!('business_uid' in body)`). */
function parenthesized(node: TSESTree.Node, ctx: SourceContext): boolean {
  return /\(\s*$/.test(ctx.text.slice(Math.max(0, node.range[0] - 20), node.range[0])) && /^\s*\)/.test(ctx.text.slice(node.range[1], node.range[1] + 20));
}

/** The file's quote, from its string literals: single unless double ones are the more. */
function quoteOf(ctx: SourceContext): string {
  const singles = (ctx.text.match(/'/g) ?? []).length;
  const doubles = (ctx.text.match(/"/g) ?? []).length;
  return doubles > singles ? '"' : "'";
}

/** The literal "true" that `flag === 'true'` (or `!==`, `==`, `!=`, either side) compares the flag with. */
function comparedWithEnabled(member: TSESTree.MemberExpression | TSESTree.Identifier): TSESTree.StringLiteral | undefined {
  const parent = member.parent;
  if (parent?.type !== 'BinaryExpression' || !['===', '!==', '==', '!='].includes(parent.operator)) return undefined;
  const other = parent.left === member ? parent.right : parent.left;
  if (other.type !== 'Literal' || other.value !== FLAG_ENABLED_VALUE || !/^['"]/.test(other.raw)) return undefined;
  return other;
}

/**
 * `params.id` and `const { id } = params`: the app code, which the v3 body carries as `app_code_name`. Read from the
 * body const the resolver declares before every read, or, when the resolver does not read the body at all and reads
 * the app code once, from one read of the body added there. Anything else keeps the TODO.
 */
function readParams(
  params: VariableLike,
  property: TSESTree.Property,
  pattern: TSESTree.ObjectPattern,
  fn: TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression,
  route: MockRoute,
  body: TSESTree.VariableDeclarator | undefined,
  /** The request part, where a read of the body may be added ('absent': not destructured); undefined: none may. */
  request: { property: TSESTree.Property; variable: VariableLike | undefined } | 'absent' | undefined,
  ctx: SourceContext,
  out: Resolver,
): void {
  const name = route.param;
  // The TODO names what the handler reads: the member it reads when it reads one, else the route's param.
  const read = (member?: TSESTree.Node) => `params.${(member?.type === 'MemberExpression' ? staticMemberName(member) : undefined) ?? name ?? 'id'}`;
  const refuse = (member?: TSESTree.Node) => void out.reads.push(read(member));
  // A type written on the pattern names `params` too: it would no longer describe the argument.
  if (name === undefined || pattern.typeAnnotation !== undefined) return refuse((params.references.find((ref) => ref.init !== true)?.identifier as TSESTree.Node | undefined)?.parent);
  const sites: ({ kind: 'member'; node: TSESTree.MemberExpression } | { kind: 'pattern'; node: TSESTree.VariableDeclarator; key: TSESTree.Property })[] = [];
  for (const ref of params.references) {
    if (ref.init === true) continue;
    const id = ref.identifier as TSESTree.Node;
    const parent = id.parent;
    // Read in the resolver's own body: not in a nested function, not in a parameter's default (no `await` there).
    if (enclosingFunction(id) !== fn || id.range[0] < fn.body.range[0] || id.range[1] > fn.body.range[1]) return refuse(parent);
    if (parent?.type === 'MemberExpression' && parent.object === id && !parent.computed && staticMemberName(parent) === name) {
      const use = parent.parent;
      if ((use?.type === 'AssignmentExpression' && use.left === parent) || use?.type === 'UpdateExpression' ||
        (use?.type === 'CallExpression' && use.callee === parent) || (use?.type === 'UnaryExpression' && use.operator === 'delete')) return refuse(parent);
      sites.push({ kind: 'member', node: parent });
      continue;
    }
    // `const { id } = params`, `const { id: code } = params`.
    if (parent?.type === 'VariableDeclarator' && parent.init === id && parent.id.type === 'ObjectPattern' && parent.parent?.type === 'VariableDeclaration' &&
      parent.parent.kind === 'const' && parent.id.properties.length === 1) {
      const only = parent.id.properties[0]!;
      if (only.type === 'Property' && !only.computed && only.key.type === 'Identifier' && only.key.name === name && only.value.type === 'Identifier') {
        sites.push({ kind: 'pattern', node: parent, key: only });
        continue;
      }
    }
    return refuse(parent);
  }
  if (sites.length === 0) return;
  const appCode = V3Key.appCodeName;
  const rewrite = (read: (site: (typeof sites)[number]) => string) => {
    for (const site of sites) {
      if (site.kind === 'member') out.edits.push({ range: site.node.range, text: `${read(site)}.${appCode}` });
      else {
        const local = (site.key.value as TSESTree.Identifier).name;
        out.edits.push({ range: site.key.range, text: `${appCode}: ${local}` }, { range: site.node.init!.range, text: read(site) });
      }
    }
  };
  if (body !== undefined) {
    // The body const, declared before every read and meaning the same there.
    const bodyName = (body.id as TSESTree.Identifier).name;
    const declared = findVariable(ctx.getScope(body), bodyName);
    if (!sites.every((site) => site.node.range[0] > body.parent.range[1] && findVariable(ctx.getScope(site.node), bodyName) === declared)) return refuse();
    rewrite(() => bodyName);
    out.edits.push(removeProperty(property, pattern, ctx));
    return;
  }
  // No read of the body yet: one read is added where the app code is read, once, outside any loop, in a resolver that
  // always answers (one that falls through passes the request on to the next handler, which may read the body itself).
  if (request === undefined || (request !== 'absent' && request.variable !== undefined) || sites.length !== 1 || fn.generator ||
    insideLoop(sites[0]!.node, fn) || !alwaysAnswers(fn, ctx)) return refuse();
  const requestName = request === 'absent' ? 'request' : ((request.property.value.type === 'AssignmentPattern' ? request.property.value.left : request.property.value) as TSESTree.Identifier).name;
  // A new `request` binding must not hide a name the resolver uses.
  if (request === 'absent' && /\brequest\b/.test(ctx.text.slice(fn.range[0], fn.range[1]))) return refuse();
  rewrite((site) => (site.kind === 'member' ? `(await ${requestName}.json())` : `await ${requestName}.json()`));
  out.addedRead = read(sites[0]!.node);
  out.edits.push(request === 'absent' ? { range: property.range, text: 'request' } : removeProperty(property, pattern, ctx));
  if (!fn.async) out.edits.push({ range: [fn.range[0], fn.range[0]], text: 'async ' });
}

/**
 * Whether a resolver answers on every path: its expression body or every `return` makes a response (a call or a `new`,
 * such as `HttpResponse.json(...)`), and its block ends in one (or a `throw`). Anything else may give `undefined`.
 */
function alwaysAnswers(fn: TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression | TSESTree.FunctionDeclaration, ctx: SourceContext, depth = 0): boolean {
  const answer = (node: TSESTree.Node | null | undefined) => {
    const expr = node == null ? undefined : unwrapTS(node.type === 'AwaitExpression' ? node.argument : node);
    return expr !== undefined && (expr.type === 'NewExpression' || (expr.type === 'CallExpression' && callAnswers(expr, fn, ctx, depth)));
  };
  if (fn.body.type !== 'BlockStatement') return answer(fn.body);
  const last = fn.body.body[fn.body.body.length - 1];
  if (last?.type !== 'ReturnStatement' && last?.type !== 'ThrowStatement') return false;
  // Every return of the resolver itself (not of a function inside it) makes a response.
  return !someNode(fn.body, (node) => node.type === 'ReturnStatement' && !answer(node.argument), (node) => !isFunction(node));
}

/**
 * Whether a call a resolver returns makes a response: msw's or the platform's (`HttpResponse.json(…)`,
 * `Response.error()`), `passthrough()` or `fetch(…)`, msw 1's `res(…)` (the resolver's second parameter), or a function
 * of the file whose every return makes one. Any other function's result may be `undefined`, and msw then passes the
 * request on.
 */
function callAnswers(call: TSESTree.CallExpression, fn: TSESTree.FunctionLike, ctx: SourceContext, depth: number): boolean {
  const callee = unwrapTS(call.callee);
  const base = callee.type === 'MemberExpression' ? unwrapTS(callee.object) : callee;
  if (base.type !== 'Identifier') return false;
  if (callee.type === 'MemberExpression') return base.name === 'HttpResponse' || base.name === 'Response' || isParam(base.name, fn, 1);
  if (base.name === 'passthrough' || base.name === 'fetch' || isParam(base.name, fn, 1)) return true;
  if (depth >= 3) return false;
  const variable = findVariable(ctx.getScope(call), base.name);
  const declared = variable?.defs[0]?.node as TSESTree.Node | undefined;
  const target = declared?.type === 'VariableDeclarator' && declared.init != null && declared.parent.kind === 'const'
    ? unwrapTS(declared.init)
    : declared;
  if (target?.type !== 'ArrowFunctionExpression' && target?.type !== 'FunctionExpression' && target?.type !== 'FunctionDeclaration') return false;
  return alwaysAnswers(target, ctx, depth + 1);
}

function isParam(name: string, fn: TSESTree.FunctionLike, index: number): boolean {
  const param = fn.params[index];
  return param?.type === 'Identifier' && param.name === name;
}

/**
 * An msw handler listed before this one in the same list (`setupServer(a, b)`, `server.use(a, b)`, `[a, b]`) that may
 * answer POST /v3/apps/app_assignments, may read the request and may fall through, in words; undefined when none.
 */
function bodyReaderListedBefore(call: TSESTree.CallExpression, ctx: SourceContext): string | undefined {
  const parent = call.parent;
  const list = parent?.type === 'CallExpression' ? parent.arguments : parent?.type === 'ArrayExpression' ? parent.elements : undefined;
  if (list === undefined) return undefined;
  return bodyReaderAmong(list.slice(0, list.indexOf(call)), ctx, 0);
}

/**
 * The first of these handlers (a spread list `...common` read where it is written, in this module or another) that
 * may answer POST /v3/apps/app_assignments, may read the request and may fall through, in words. A spread that cannot
 * be read may hold such a handler.
 */
function bodyReaderAmong(list: readonly (TSESTree.Node | null)[], ctx: SourceContext, depth: number): string | undefined {
  const text = (node: TSESTree.Node) => ctx.text.slice(node.range[0], node.range[1]).replace(/\s+/g, ' ');
  for (const element of list) {
    if (element?.type === 'SpreadElement') {
      const spread = unwrapTS(element.argument);
      let array: TSESTree.ArrayExpression | undefined = spread.type === 'ArrayExpression' ? spread : undefined;
      let arrayCtx = ctx;
      if (spread.type === 'Identifier') {
        const name = valueOfName(spread, ctx);
        const value = name.kind === 'const' || name.kind === 'imported' ? unwrapTS(name.value.node) : undefined;
        if (value?.type === 'ArrayExpression' && (name.kind === 'const' || name.kind === 'imported')) {
          array = value;
          arrayCtx = name.value.ctx;
        }
      }
      if (array === undefined || depth >= 4) return `...${text(spread)}, which cannot be read,`;
      const inner = bodyReaderAmong(array.elements, arrayCtx, depth + 1);
      if (inner !== undefined) return inner;
      continue;
    }
    let handler = element === null ? undefined : unwrapTS(element);
    let handlerCtx = ctx;
    if (handler?.type === 'Identifier') {
      const name = valueOfName(handler, ctx);
      if (name.kind === 'const' || name.kind === 'imported') {
        handler = unwrapTS(name.value.node);
        handlerCtx = name.value.ctx;
      }
    }
    const found = handler?.type === 'CallExpression' ? bodyReaderIn(handler, handlerCtx) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

const overrides = new WeakMap<TSESTree.Node, string | null>();

/**
 * An override a file installs (`server.use(http.post('*', async ({ request }) => { await request.json(); … }))`, in a
 * test or a setup file's `beforeEach`) that may answer POST /v3/apps/app_assignments, read the body and fall through,
 * in words (`http.post('*', …) in test/setup.ts`); undefined when there is none. msw runs an override before the
 * server's own handlers, of whatever module: a body read added to one of them would then fail.
 */
export function bodyReadingOverrideIn(program: TSESTree.Node, ctx: SourceContext): string | undefined {
  const known = overrides.get(program);
  if (known !== undefined) return known ?? undefined;
  let place: string | undefined;
  forEachCall(program, (call) => {
    if (place !== undefined) return;
    const parent = call.parent;
    const callee = parent?.type === 'CallExpression' && parent.arguments.includes(call) ? unwrapTS(parent.callee) : undefined;
    if (callee?.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'use') return;
    const found = bodyReaderIn(call, ctx);
    if (found !== undefined) place = ctx.file === undefined ? found : `${found} in ${ctx.file}`;
  });
  // `server.use(...dryRunHandlers)`: a list read where it is written, in this module or another; one that cannot be
  // read may hold such an override. A list installed one by one (`server.use(list[0]!)`, `for (const h of list)
  // server.use(h)`, `list.forEach((h) => server.use(h))`, `server.use.apply(server, list)`) is installed as well.
  forEachCall(program, (call) => {
    if (place !== undefined) return;
    const lists = installedLists(call, ctx);
    if (lists.length === 0) return;
    const found = bodyReaderAmong(lists, ctx, 0);
    if (found !== undefined) place = ctx.file === undefined ? found : `${found}, installed in ${ctx.file},`;
  });
  overrides.set(program, place ?? null);
  return place;
}

/**
 * The lists of handlers a call installs, each as a spread of it: `server.use(...list)`, an element of a list
 * (`server.use(list[0]!)`), the variable of a loop over one (`for (const h of list) server.use(h)`), the parameter of
 * a function given to its `forEach` (`list.forEach((h) => server.use(h))`), `server.use.apply(server, list)`.
 */
function installedLists(call: TSESTree.CallExpression, ctx: SourceContext): TSESTree.SpreadElement[] {
  const callee = unwrapTS(call.callee);
  // `server.use.apply(server, list)`, `server.use.call(server, ...list)`
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && ['apply', 'call'].includes(callee.property.name)) {
    const use = unwrapTS(callee.object);
    if (use.type !== 'MemberExpression' || use.computed || use.property.type !== 'Identifier' || use.property.name !== 'use' || !serverOrigin(use.object, ctx)) return [];
    const list = call.arguments[1];
    if (callee.property.name === 'call') return call.arguments.slice(1).filter((argument) => argument.type === 'SpreadElement');
    return list === undefined ? [] : [list.type === 'SpreadElement' ? list : asSpread(list)];
  }
  if (!usesServer(call, ctx)) return [];
  return call.arguments.flatMap((argument): TSESTree.SpreadElement[] => {
    if (argument.type === 'SpreadElement') return [argument];
    const list = listOfElement(unwrapTS(argument), ctx);
    return list === undefined ? [] : [asSpread(list)];
  });
}

/** The list an element comes from: `list[0]`, a `for…of` variable, a `forEach` callback's parameter. */
function listOfElement(expr: TSESTree.Node, ctx: SourceContext): TSESTree.Node | undefined {
  if (expr.type === 'MemberExpression' && expr.computed) return unwrapTS(expr.object);
  if (expr.type !== 'Identifier') return undefined;
  const def = findVariable(ctx.getScope(expr), expr.name)?.defs[0];
  const node = def?.node as TSESTree.Node | undefined;
  if (node?.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.parent?.type === 'VariableDeclaration' && node.parent.parent?.type === 'ForOfStatement' &&
    node.parent.parent.left === node.parent) return unwrapTS(node.parent.parent.right);
  if (def?.type === 'Parameter' && (node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression') && node.params[0]?.type === 'Identifier' && node.params[0].name === expr.name) {
    const outer = node.parent;
    const method = outer?.type === 'CallExpression' && outer.arguments[0] === node ? methodOf(outer) : undefined;
    if (method !== undefined && ['forEach', 'map', 'flatMap'].includes(method.name)) return unwrapTS(method.object);
  }
  return undefined;
}

function asSpread(argument: TSESTree.Node): TSESTree.SpreadElement {
  return { type: 'SpreadElement', argument, range: argument.range, loc: argument.loc, parent: argument.parent } as TSESTree.SpreadElement;
}

function serverOrigin(object: TSESTree.Node, ctx: SourceContext): boolean {
  const origin = originOf(object, ctx);
  return origin?.kind === 'module' && (/^[./]/.test(origin.source) || fromModule(origin, ['msw']));
}

/**
 * `server.use(…)` (or `worker.use`) on a server of msw, or on one a module of the program makes and exports
 * (`import { server } from './server'`), not `app.use(…)` of a web framework.
 */
function usesServer(call: TSESTree.CallExpression, ctx: SourceContext): boolean {
  const method = methodOf(call);
  if (method?.name !== 'use') return false;
  const origin = originOf(method.object, ctx);
  if (origin?.kind !== 'module') return false;
  return /^[./]/.test(origin.source) || fromModule(origin, ['msw']);
}

/** This msw handler, in words, when it may answer POST /v3/apps/app_assignments, read the request and fall through. */
function bodyReaderIn(handler: TSESTree.CallExpression, ctx: SourceContext): string | undefined {
  if (!isMswHandler(handler, ctx)) return undefined;
  const matches = routeMatcher(handler.arguments[0], ctx);
  if (matches !== undefined && !matches(V3_ASSIGN.path)) return undefined;
  const resolver = handler.arguments[1];
  if (resolver === undefined || resolver.type === 'SpreadElement') return undefined;
  if (isFunction(resolver)) {
    const fn = resolver as TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression;
    if (!readsItsRequest(fn, ctx) || alwaysAnswers(fn, ctx)) return undefined;
  }
  const text = (node: TSESTree.Node) => ctx.text.slice(node.range[0], node.range[1]).replace(/\s+/g, ' ');
  const route = handler.arguments[0];
  return `${text(handler.callee)}(${route === undefined ? '' : text(route)}, …)`;
}

/** `http.post(…)`, `http.all(…)`, msw 1's `rest.post(…)`: a handler of msw that POST requests reach. */
function isMswHandler(call: TSESTree.CallExpression, ctx: SourceContext): boolean {
  const method = methodOf(call);
  if (method?.name !== 'post' && method?.name !== 'all') return false;
  const object = unwrapTS(method.object);
  const origin = originOf(object, ctx);
  if (!fromModule(origin, ['msw'])) return false;
  const kind = object.type === 'Identifier' ? origin.imported : object.type === 'MemberExpression' && !object.computed && object.property.type === 'Identifier' ? object.property.name : undefined;
  return kind === 'http' || kind === 'rest';
}

/** Whether a resolver may read the request it is given: msw 2's `request` (or the whole argument), msw 1's `req`. */
function readsItsRequest(fn: TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression, ctx: SourceContext): boolean {
  const param = fn.params[0];
  if (param === undefined) return false;
  if (param.type === 'Identifier') return used(param, fn, ctx);
  if (param.type !== 'ObjectPattern') return true;
  return param.properties.some((property) => {
    if (property.type === 'RestElement' || property.computed || property.key.type !== 'Identifier') return true;
    const value = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
    return property.key.name === 'request' && (value.type !== 'Identifier' || used(value, fn, ctx));
  });
}

/** The edit that removes one property of a pattern, with the comma that separates it from its neighbour. */
function removeProperty(property: TSESTree.Property, pattern: TSESTree.ObjectPattern, ctx: SourceContext): ResolverEdit {
  const index = pattern.properties.indexOf(property);
  const next = pattern.properties[index + 1];
  if (next !== undefined) return { range: [property.range[0], next.range[0]], text: '' };
  const previous = pattern.properties[index - 1];
  if (previous !== undefined) return { range: [previous.range[1], property.range[1]], text: '' };
  // The only property (not reached: the body is read through another): the pattern keeps taking the argument.
  return { range: property.range, text: ctx.text.slice(property.range[0], property.range[1]) };
}

function enclosingFunction(node: TSESTree.Node): TSESTree.Node | undefined {
  for (let at = node.parent; at !== undefined; at = at.parent) if (isFunction(at)) return at;
  return undefined;
}

/**
 * A type that says nothing of the body's keys (`any`, `unknown`, `object`, `Record<string, unknown>`): the v3 body
 * fits it as the old one did, so it needs no edit and holds nothing back.
 */
function describesNoBody(type: TSESTree.TypeNode): boolean {
  if (type.type === 'TSAnyKeyword' || type.type === 'TSUnknownKeyword' || type.type === 'TSObjectKeyword') return true;
  if (type.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier' || type.typeName.name !== 'Record') return false;
  const [key, value] = type.typeArguments?.params ?? [];
  return key?.type === 'TSStringKeyword' && (value?.type === 'TSUnknownKeyword' || value?.type === 'TSAnyKeyword');
}

function insideLoop(node: TSESTree.Node, fn: TSESTree.Node): boolean {
  for (let at = node.parent; at !== undefined && at !== fn; at = at.parent) {
    if (['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement'].includes(at.type)) return true;
  }
  return false;
}

/**
 * The types of `http.post<Params, RequestBody>`: the params type of the old route (`{ id: string }`) becomes one with
 * no params, since the v3 route has none; the body type becomes the v3 body's (typed-body.ts). A type that cannot be
 * rewritten so holds the handler back.
 */
function retypeHandler(call: TSESTree.CallExpression, route: MockRoute, ctx: SourceContext, out: Resolver): void {
  const [paramsType, bodyType] = call.typeArguments?.params ?? [];
  if (paramsType !== undefined) {
    const keys = paramsType.type === 'TSTypeLiteral'
      ? paramsType.members.map((m) => (m.type === 'TSPropertySignature' && !m.computed && m.key.type === 'Identifier' ? m.key.name : undefined))
      : undefined;
    if (keys !== undefined && keys.length === 1 && route.param !== undefined && keys[0] === route.param) {
      out.edits.push({ range: paramsType.range, text: EMPTY_PARAMS });
    } else if (!(keys !== undefined && keys.length === 0) && paramsType.type !== 'TSNeverKeyword' && !isMswPathParams(paramsType, ctx)) {
      out.reads.push('params');
    }
  }
  if (bodyType !== undefined && !describesNoBody(bodyType)) {
    const edit = retypeDeprecatedBody(bodyType, ctx);
    if (edit === undefined) out.typed = true;
    else out.edits.push({ range: edit.range, text: edit.text });
  }
}

/** msw's own `PathParams` (any params): still right for a route without any. */
function isMswPathParams(type: TSESTree.TypeNode, ctx: SourceContext): boolean {
  if (type.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier' || type.typeArguments !== undefined) return false;
  const variable = findVariable(ctx.getScope(type), type.typeName.name);
  const imported = variable === undefined ? undefined : importOf(variable);
  return imported !== undefined && (imported.source === 'msw' || imported.source.startsWith('msw/')) && imported.imported === 'PathParams';
}

/**
 * A matcher function of the request body (nock's `.post(path, (body) => ...)`, axios-mock-adapter's
 * `{ asymmetricMatch: (body) => ... }`): its parameter is the parsed JSON body, read by the same rules as an msw
 * resolver's body const. The route named the app and v3 carries it in the body, so the rewritten matcher also asks
 * `body.app_code_name === '<app>'`: one edit replaces the function's expression with
 * `body.app_code_name === '<app>' && (<the mapped expression>)`. Undefined when the node is no such function;
 * `reads` names what keeps it for a person (a block body, another parameter, the body passed on).
 */
export function readBodyMatcher(node: TSESTree.Node, appCode: string | undefined, ctx: SourceContext): Pick<MockSite, 'reads' | 'bodyReads' | 'flagReads' | 'keyTests' | 'resolverEdits' | 'checksAppCode'> | undefined {
  if (node.type !== 'ArrowFunctionExpression' && node.type !== 'FunctionExpression') return undefined;
  const out: Resolver = { reads: [], bodyReads: [], flagReads: [], keyTests: [], edits: [], typed: false };
  const param = node.params[0];
  if (node.params.length !== 1 || param?.type !== 'Identifier' || param.typeAnnotation !== undefined) return { reads: ['the matcher\'s arguments'] };
  const expression = node.body.type === 'BlockStatement' ? undefined : node.body;
  if (expression === undefined) return { reads: ['the request body (in a function body with statements)'] };
  if (appCode === undefined) return { reads: ['the request body, for any app'] };
  const variable = findVariable(ctx.getScope(node.body), param.name);
  for (const ref of variable?.references ?? []) {
    if (ref.init === true) continue;
    const id = ref.identifier as TSESTree.Node;
    const tested = id.parent?.type === 'BinaryExpression' && id.parent.operator === 'in' && id.parent.right === id ? keyTestedIn(id.parent, ctx) : undefined;
    if (tested !== undefined) {
      if (tested.edit === undefined) return { reads: [tested.key] };
      out.edits.push(tested.edit);
      out.keyTests.push(tested.key as BodyKeyRead['key']);
      continue;
    }
    if (id.parent?.type !== 'MemberExpression' || id.parent.object !== id) return { reads: ['the request body'] };
    if (!readKey(id.parent, out, ctx)) return { reads: out.reads };
  }
  if (out.reads.length > 0) return { reads: out.reads };
  // The reads mapped inside the expression, then the app code asked first.
  const [start, end] = expression.range;
  const inner = [...out.edits, ...out.bodyReads.map((read) => ({ range: read.range, text: V3Key.assigneeUid }))]
    .sort((a, b) => b.range[0] - a.range[0]);
  let text = ctx.text.slice(start, end);
  for (const edit of inner) {
    if (edit.range[0] < start || edit.range[1] > end) return { reads: ['the request body'] };
    text = text.slice(0, edit.range[0] - start) + edit.text + text.slice(edit.range[1] - start);
  }
  const quote = quoteOf(ctx);
  const wrapped = `${param.name}.${V3Key.appCodeName} === ${quote}${appCode}${quote} && (${text})`;
  return {
    reads: [],
    ...(out.bodyReads.length > 0 ? { bodyReads: out.bodyReads } : {}),
    ...(out.flagReads.length > 0 ? { flagReads: out.flagReads } : {}),
    ...(out.keyTests.length > 0 ? { keyTests: [...new Set(out.keyTests)] } : {}),
    resolverEdits: [{ range: [start, end], text: wrapped }],
    checksAppCode: true,
  };
}
