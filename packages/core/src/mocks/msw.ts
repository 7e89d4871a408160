/**
 * Mock Service Worker: `http.post(route, resolver)` (msw 2) and `rest.post(route, resolver)` (msw 1), with `http` or
 * `rest` imported from `msw`. The handler matches no body; what its resolver reads of the request (`params.id`, the
 * JSON body) is in the old shape, so a handler that reads it is left to a person.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../context.js';
import { ASSIGNEE_TYPE_OF_KEY } from '../contract.js';
import { staticMemberName } from '../follow.js';
import { findVariable, type VariableLike } from '../scope.js';
import { isFunction, unwrapTS } from '../syntax.js';
import { fromModule, methodOf, originOf } from './reference.js';
import { readMockRoute } from './route.js';
import type { BodyKeyRead, MockSite } from './site.js';

/** The resolver's argument holds these: `params` (the path's `:id`) and `request` (its body). */
const REQUEST_PARTS = ['params', 'request'] as const;

export function recognizeMsw(call: TSESTree.CallExpression, ctx: SourceContext): MockSite | undefined {
  const method = methodOf(call);
  if (method?.name !== 'post') return undefined;
  const object = unwrapTS(method.object);
  const origin = originOf(object, ctx);
  if (!fromModule(origin, ['msw']) || object.type !== 'Identifier' || !['http', 'rest'].includes(origin.imported)) return undefined;
  const route = readMockRoute(call.arguments[0], ctx);
  if (route === undefined) return undefined;
  const resolver = call.arguments[1];
  // `http.post<Params, RequestBody>`: the second type argument describes the body of the request it answers.
  const typed = (call.typeArguments?.params.length ?? 0) >= 2;
  const { reads, bodyReads } = resolver === undefined ? { reads: [], bodyReads: [] } : readsOf(resolver, ctx);
  return {
    node: call,
    ctx,
    library: 'msw',
    route,
    reads,
    ...(bodyReads.length > 0 ? { bodyReads } : {}),
    ...(typed ? { typed: true as const } : {}),
  };
}

/** The assignee keys a resolver may read of the JSON body: each maps to `assignee_uid` when every call agrees. */
const ASSIGNEE_KEYS: readonly string[] = Object.keys(ASSIGNEE_TYPE_OF_KEY);

/**
 * What a resolver reads of the request it is given: each part it names and uses, or the whole argument. Reads of an
 * assignee key of the JSON body (`(await request.json()).business_uid`, or through a const) are listed apart, with
 * where the key is written, since they can follow the calls.
 */
function readsOf(resolver: TSESTree.Node, ctx: SourceContext): { reads: string[]; bodyReads: BodyKeyRead[] } {
  const bodyReads: BodyKeyRead[] = [];
  const reads = partsRead(resolver, ctx, bodyReads);
  return { reads, bodyReads: reads.length === 0 ? bodyReads : [] };
}

function partsRead(resolver: TSESTree.Node, ctx: SourceContext, bodyReads: BodyKeyRead[]): string[] {
  if (!isFunction(resolver)) return ['its argument'];
  const fn = resolver as TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression;
  // msw 1 passes (req, res, ctx): the request is the first argument.
  const param = fn.params[0];
  if (param === undefined) return [];
  const used = (id: TSESTree.Identifier) => {
    const variable = findVariable(ctx.getScope(fn.body), id.name);
    return variable !== undefined && variable.references.some((ref) => !ref.init);
  };
  if (param.type === 'Identifier') return used(param) ? [param.name] : [];
  if (param.type !== 'ObjectPattern') return ['its argument'];
  const reads: string[] = [];
  for (const property of param.properties) {
    if (property.type === 'RestElement') return ['its argument'];
    const key = property.key.type === 'Identifier' ? property.key.name : undefined;
    const value = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
    if (key === undefined || value.type !== 'Identifier') return ['its argument'];
    if (!(REQUEST_PARTS as readonly string[]).includes(key) || !used(value)) continue;
    if (key === 'params') reads.push('params.id');
    else {
      const variable = findVariable(ctx.getScope(fn.body), value.name);
      const keys = variable === undefined ? undefined : assigneeReads(variable, ctx);
      if (keys === undefined) reads.push('the request body');
      else bodyReads.push(...keys);
    }
  }
  return reads;
}

/**
 * Where the request's JSON body is read for an assignee key and nothing else: `(await request.json()).business_uid`,
 * or `const body = await request.json()` and then only `body.business_uid`. Undefined for any other use.
 */
function assigneeReads(request: VariableLike, ctx: SourceContext): BodyKeyRead[] | undefined {
  const found: BodyKeyRead[] = [];
  for (const ref of request.references) {
    if (ref.init === true) continue;
    const id = ref.identifier as TSESTree.Node;
    const member = id.parent;
    const call = member?.parent;
    const awaited = call?.parent;
    if (member?.type !== 'MemberExpression' || member.object !== id || staticMemberName(member) !== 'json' ||
      call?.type !== 'CallExpression' || call.callee !== member || call.arguments.length > 0 || awaited?.type !== 'AwaitExpression') return undefined;
    const use = awaited.parent;
    if (use?.type === 'MemberExpression' && use.object === awaited) {
      const read = keyRead(use);
      if (read === undefined) return undefined;
      found.push(read);
      continue;
    }
    if (use?.type !== 'VariableDeclarator' || use.id.type !== 'Identifier' || use.parent?.type !== 'VariableDeclaration' || use.parent.kind !== 'const') return undefined;
    const body = findVariable(ctx.getScope(use), use.id.name);
    if (body === undefined) return undefined;
    for (const bodyRef of body.references) {
      if (bodyRef.init === true) continue;
      const node = bodyRef.identifier as TSESTree.Node;
      const read = node.parent?.type === 'MemberExpression' && node.parent.object === node ? keyRead(node.parent) : undefined;
      if (read === undefined) return undefined;
      found.push(read);
    }
  }
  return found;
}

function keyRead(member: TSESTree.MemberExpression): BodyKeyRead | undefined {
  if (member.computed || member.property.type !== 'Identifier' || !ASSIGNEE_KEYS.includes(member.property.name)) return undefined;
  // Written to, or called: not a plain read.
  const parent = member.parent;
  if ((parent?.type === 'AssignmentExpression' && parent.left === member) || parent?.type === 'UpdateExpression' ||
    (parent?.type === 'CallExpression' && parent.callee === member)) return undefined;
  return { key: member.property.name as BodyKeyRead['key'], range: member.property.range };
}
