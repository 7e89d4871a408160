/**
 * The endpoints of an RTK Query api and the calls that trigger them. An endpoint whose body is its argument
 * (`query: (body) => ({ url, method: 'POST', body })`) is a wrapper: its request is built by whoever triggers it, through
 * the hook the api generates (`const [assign] = useAssignCrmMutation(); assign({ business_uid })`, also
 * `api.useAssignCrmMutation()` and `api.endpoints.assignCrm.useMutation()`) or its thunk
 * (`dispatch(api.endpoints.assignCrm.initiate({ ... }))`). A trigger call is followed into the endpoint's `query` function
 * with its parameter bound to the trigger's argument (recognize.ts `follow`), and the endpoint's uses are counted by
 * what the api generates (merge/endpoint-uses.ts).
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../../facts/context.js';
import { findVariable, importOf } from '../../facts/scope.js';
import { isFunction, propertyOf, staticKey, unwrapTS } from '../../facts/syntax.js';
import { calledFunction, returnedExpression, valueOfName } from '../follow.js';
import { isRtkExport } from './rtk-query.js';

/** A mutation endpoint of an api made by `createApi`, in the file that defines it. */
export interface RtkEndpoint {
  /** The key it is defined under (`assignCrm`). */
  readonly name: string;
  /** `build.mutation({ query })`: the call read as the endpoint's request. */
  readonly request: TSESTree.CallExpression;
  /** Its `query` function. */
  readonly query: TSESTree.FunctionLike;
  /** `createApi({ ... })`. */
  readonly api: TSESTree.CallExpression;
  readonly ctx: SourceContext;
}

/** The hook RTK Query generates for a mutation endpoint: `use` + the name with its first letter upper-cased + `Mutation`. */
export function mutationHookName(endpoint: string): string {
  return `use${endpoint.charAt(0).toUpperCase()}${endpoint.slice(1)}Mutation`;
}

const MAX_DEPTH = 6;

/** The `createApi(...)` call an expression stands for: the call itself, a const holding it, an import of one. */
export function apiCallOf(node: TSESTree.Node, ctx: SourceContext, depth = 0): { call: TSESTree.CallExpression; ctx: SourceContext } | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'CallExpression') return isRtkExport(expr.callee, 'createApi', ctx) ? { call: expr, ctx } : undefined;
  if (expr.type !== 'Identifier' || depth > MAX_DEPTH) return undefined;
  const value = valueOfName(expr, ctx);
  return value.kind === 'const' || value.kind === 'imported' ? apiCallOf(value.value.node, value.value.ctx, depth + 1) : undefined;
}

/** The object of endpoints that `endpoints: (build) => ({ ... })` returns, with the builder's name. */
function endpointsOf(api: TSESTree.CallExpression): { object: TSESTree.ObjectExpression; builder: string } | undefined {
  const options = api.arguments[0] === undefined ? undefined : unwrapTS(api.arguments[0]);
  if (options?.type !== 'ObjectExpression') return undefined;
  const property = propertyOf(options, 'endpoints');
  const fn = property === undefined ? undefined : unwrapTS(property.value);
  if (fn === undefined || !isFunction(fn)) return undefined;
  const param = (fn as TSESTree.FunctionLike).params[0];
  const returned = returnedExpression(fn as TSESTree.FunctionLike);
  const object = returned === undefined ? undefined : unwrapTS(returned);
  if (param?.type !== 'Identifier' || object?.type !== 'ObjectExpression') return undefined;
  return { object, builder: param.name };
}

/** The mutation endpoint `name` of an api, when it is defined once, inline, with a `query` function. */
export function endpointOf(api: { call: TSESTree.CallExpression; ctx: SourceContext }, name: string): RtkEndpoint | undefined {
  const endpoints = endpointsOf(api.call);
  if (endpoints === undefined) return undefined;
  // A spread may define the name again, after or before: which definition wins is not read here.
  if (endpoints.object.properties.some((property) => property.type !== 'Property')) return undefined;
  const defined = endpoints.object.properties.filter((property) => property.type === 'Property' && !property.computed && staticKey(property) === name);
  const property = defined.length === 1 ? defined[0] as TSESTree.Property : undefined;
  const request = property === undefined ? undefined : unwrapTS(property.value);
  if (request?.type !== 'CallExpression') return undefined;
  const callee = unwrapTS(request.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'mutation' ||
    unwrapTS(callee.object).type !== 'Identifier' || (unwrapTS(callee.object) as TSESTree.Identifier).name !== endpoints.builder) return undefined;
  const definition = request.arguments[0] === undefined ? undefined : unwrapTS(request.arguments[0]);
  const query = definition?.type === 'ObjectExpression' ? propertyOf(definition, 'query') : undefined;
  const value = query === undefined ? undefined : unwrapTS(query.value);
  let fn: TSESTree.FunctionLike | undefined;
  if (value !== undefined && isFunction(value)) fn = value as TSESTree.FunctionLike;
  else if (value?.type === 'Identifier') {
    const target = calledFunction(value, api.ctx);
    fn = target?.ctx === api.ctx ? target.fn : undefined;
  }
  return fn === undefined ? undefined : { name, request, query: fn, api: api.call, ctx: api.ctx };
}

/** The endpoint whose hook (`use<Name>Mutation`) an api defines: none when no endpoint is named so. */
function endpointOfHook(api: { call: TSESTree.CallExpression; ctx: SourceContext }, hook: string): RtkEndpoint | undefined {
  const endpoints = endpointsOf(api.call);
  const name = endpoints?.object.properties.flatMap((property) => {
    const key = property.type === 'Property' && !property.computed ? staticKey(property) : undefined;
    return key !== undefined && mutationHookName(key) === hook ? [key] : [];
  });
  return name?.length === 1 ? endpointOf(api, name[0]!) : undefined;
}

/**
 * The endpoint a member chain names: `api.endpoints.<name>` read for `member` (`initiate`, `useMutation`), or
 * `api.use<Name>Mutation`.
 */
function endpointOfMember(member: TSESTree.MemberExpression, ctx: SourceContext, hookMember: string | undefined): RtkEndpoint | undefined {
  if (member.computed || member.property.type !== 'Identifier') return undefined;
  const object = unwrapTS(member.object);
  if (hookMember === undefined) {
    const api = apiCallOf(object, ctx);
    return api === undefined ? undefined : endpointOfHook(api, member.property.name);
  }
  if (member.property.name !== hookMember || object.type !== 'MemberExpression' || object.computed || object.property.type !== 'Identifier') return undefined;
  const endpoints = unwrapTS(object.object);
  if (endpoints.type !== 'MemberExpression' || endpoints.computed || endpoints.property.type !== 'Identifier' || endpoints.property.name !== 'endpoints') return undefined;
  const api = apiCallOf(endpoints.object, ctx);
  return api === undefined ? undefined : endpointOf(api, object.property.name);
}

/**
 * The endpoint a hook callee stands for: `useAssignCrmMutation` destructured from the api (here, or exported and
 * imported), `api.useAssignCrmMutation`, `api.endpoints.assignCrm.useMutation`.
 */
function endpointOfHookCallee(callee: TSESTree.Node, ctx: SourceContext, depth = 0): RtkEndpoint | undefined {
  const expr = unwrapTS(callee);
  if (expr.type === 'MemberExpression') return endpointOfMember(expr, ctx, 'useMutation') ?? endpointOfMember(expr, ctx, undefined);
  if (expr.type !== 'Identifier' || depth > MAX_DEPTH) return undefined;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  if (variable === undefined || variable.defs.length !== 1) return undefined;
  const imported = importOf(variable);
  if (imported !== undefined) {
    if (ctx.project === undefined || imported.imported === '*') return undefined;
    const value = ctx.project.resolveImport(imported.source, imported.imported, ctx);
    return value === undefined ? undefined : endpointOfHookBinding(value.node, value.ctx);
  }
  const def = variable.defs[0]!;
  return def.type === 'Variable' ? endpointOfHookBinding(findBinding(def.node as TSESTree.Node, def.name.range), ctx) : undefined;
}

/** The identifier of a declarator's pattern at a range (the binding a definition names). */
function findBinding(declarator: TSESTree.Node, range: readonly [number, number]): TSESTree.Node {
  if (declarator.type !== 'VariableDeclarator' || declarator.id.type !== 'ObjectPattern') return declarator;
  for (const property of declarator.id.properties) {
    if (property.type === 'Property' && property.value.range[0] === range[0] && property.value.range[1] === range[1]) return property.value;
  }
  return declarator;
}

/** A binding of `const { useAssignCrmMutation } = api`: the endpoint whose hook it takes. */
export function endpointOfHookBinding(binding: TSESTree.Node, ctx: SourceContext): RtkEndpoint | undefined {
  const destructured = hookDestructuring(binding);
  if (destructured === undefined) return undefined;
  const api = apiCallOf(destructured.api, ctx);
  return api === undefined ? undefined : endpointOfHook(api, destructured.key);
}

/** `const { <key>: binding } = <api>`: the key and the api expression. */
export function hookDestructuring(binding: TSESTree.Node): { key: string; api: TSESTree.Expression } | undefined {
  const property = binding.parent;
  if (binding.type !== 'Identifier' || property?.type !== 'Property' || property.value !== binding || property.computed) return undefined;
  const pattern = property.parent;
  const declarator = pattern?.parent;
  if (pattern?.type !== 'ObjectPattern' || declarator?.type !== 'VariableDeclarator' || declarator.id !== pattern || declarator.init === null) return undefined;
  if (declarator.parent?.type !== 'VariableDeclaration' || declarator.parent.kind !== 'const') return undefined;
  const key = staticKey(property);
  return key === undefined ? undefined : { key, api: declarator.init };
}

/**
 * The endpoint a call triggers, with the argument it passes: `<api>.endpoints.<name>.initiate(arg)`, or a trigger
 * taken from the endpoint's hook (`const [assign] = useAssignCrmMutation(); assign(arg)`). Undefined for any other call.
 */
export function triggeredEndpoint(call: TSESTree.CallExpression, ctx: SourceContext): RtkEndpoint | undefined {
  const callee = unwrapTS(call.callee);
  if (callee.type === 'MemberExpression') return endpointOfMember(callee, ctx, 'initiate');
  if (callee.type !== 'Identifier') return undefined;
  const variable = findVariable(ctx.getScope(callee), callee.name);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  const declarator = def?.type === 'Variable' ? def.node as TSESTree.Node : undefined;
  if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'ArrayPattern' || declarator.init === null) return undefined;
  if (declarator.parent?.type !== 'VariableDeclaration' || declarator.parent.kind !== 'const') return undefined;
  const first = declarator.id.elements[0];
  if (first?.type !== 'Identifier' || first.range[0] !== def!.name.range[0]) return undefined;
  const hook = unwrapTS(declarator.init);
  return hook.type === 'CallExpression' ? endpointOfHookCallee(hook.callee, ctx) : undefined;
}

/** The endpoint whose `query` a function is (`assignCrm: build.mutation({ query: (body) => ... })`), in its own file. */
export function endpointOfQuery(fn: TSESTree.FunctionLike, ctx: SourceContext): RtkEndpoint | undefined {
  const query = fn.parent;
  const definition = query?.parent;
  const request = definition?.parent;
  const property = request?.parent;
  if (query?.type !== 'Property' || query.value !== fn || staticKey(query) !== 'query' || definition?.type !== 'ObjectExpression' ||
    request?.type !== 'CallExpression' || request.arguments[0] !== definition || property?.type !== 'Property' || property.value !== request) return undefined;
  const name = property.computed ? undefined : staticKey(property);
  let api: TSESTree.Node | undefined = property.parent;
  for (let i = 0; i < 6 && api !== undefined && api.type !== 'CallExpression'; i++) api = api.parent;
  if (name === undefined || api?.type !== 'CallExpression' || !isRtkExport(api.callee, 'createApi', ctx)) return undefined;
  const endpoint = endpointOf({ call: api, ctx }, name);
  return endpoint?.query === fn ? endpoint : undefined;
}
