/**
 * Mock Service Worker: `http.post(route, resolver)` (msw 2) and `rest.post(route, resolver)` (msw 1), with `http` or
 * `rest` imported from `msw`. The handler matches no body; what its resolver reads of the request (`params.id`, the
 * JSON body) is in the old shape, so a handler that reads it is left to a person.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../context.js';
import { findVariable } from '../scope.js';
import { isFunction, unwrapTS } from '../syntax.js';
import { fromModule, methodOf, originOf } from './reference.js';
import { readMockRoute } from './route.js';
import type { MockSite } from './site.js';

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
  return { node: call, ctx, library: 'msw', route, reads: resolver === undefined ? [] : readsOf(resolver, ctx), ...(typed ? { typed: true as const } : {}) };
}

/** What a resolver reads of the request it is given: each part it names and uses, or the whole argument. */
function readsOf(resolver: TSESTree.Node, ctx: SourceContext): string[] {
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
    if ((REQUEST_PARTS as readonly string[]).includes(key) && used(value)) reads.push(key === 'params' ? 'params.id' : 'the request body');
  }
  return reads;
}
