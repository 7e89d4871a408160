/**
 * Where the program reads back the URL of the response of the request it sends. Every client keeps it: fetch's and
 * ky's `Response.url`, got's `response.url`, `requestUrl` and `redirectUrls`, axios's `response.config.url` and
 * `response.request` (Node's `ClientRequest` with its `path`, the browser's `XMLHttpRequest` with its `responseURL`),
 * superagent's `res.request`. After the rewrite that URL is `/v3/apps/app_assignments`: a test that asserts it, or code
 * that takes the app code out of it, would see another value. A log line that prints it names the URL actually sent,
 * as a message does, and is no such use.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { findVariable, usesOf } from '../facts/scope.js';
import { enclosingName, isFunction, staticKey, unwrapTS } from '../facts/syntax.js';
import { lineAt } from '../facts/text-facts.js';

/** Members of a response that are, or hold, the URL it was sent to. */
const URL_MEMBERS = new Set(['url', 'requestUrl', 'redirectUrls', 'responseURL', 'request', 'req']);
/** Members of axios's `response.config` that are the URL. */
const CONFIG_URL_MEMBERS = new Set(['url', 'baseURL']);
const MAX_DEPTH = 4;

/**
 * The read and its place in the call's file (`` `res.url` in run, line 4 ``) where the response of `request` (a call that sends it, or a call of a function
 * of this file that returns that response) is read for its URL, or undefined. The value is followed through `await`,
 * a `.then` callback's parameter, `.catch`/`.finally`, a variable, destructuring, and the return of a function this
 * file calls.
 */
export function responseUrlRead(request: TSESTree.Node, ctx: SourceContext): string | undefined {
  const at = readAt(request, ctx, 0);
  if (at === undefined) return undefined;
  const name = enclosingName(at) ?? 'the module';
  const text = ctx.text.slice(at.range[0], at.range[1]).replace(/\s+/g, ' ');
  const read = `\`${text.length > 40 ? `${text.slice(0, 39)}…` : text}\` in ${name}`;
  // The read is in the file of the call it holds (its own, or a caller's): the line says where, in either mode.
  return `${read}, line ${lineAt(ctx.text, at.range[0])}`;
}

/** The node where the value of `node` is read for its URL. */
function readAt(node: TSESTree.Node, ctx: SourceContext, depth: number): TSESTree.Node | undefined {
  if (depth > MAX_DEPTH) return undefined;
  let value = node;
  while (value.parent !== undefined && (value.parent.type === 'AwaitExpression' || value.parent.type === 'TSAsExpression' ||
    value.parent.type === 'TSNonNullExpression' || value.parent.type === 'TSSatisfiesExpression' || value.parent.type === 'ChainExpression')) value = value.parent;
  const parent = value.parent;
  if (parent === undefined) return undefined;
  if (parent.type === 'MemberExpression' && parent.object === value) return memberRead(parent, ctx, depth);
  if (parent.type === 'VariableDeclarator' && parent.init === value) return bindingRead(parent.id, ctx, depth);
  if (parent.type === 'AssignmentExpression' && parent.right === value && parent.operator === '=') {
    return parent.left.type === 'Identifier' ? variableRead(parent.left, ctx, depth) : undefined;
  }
  if ((parent.type === 'ReturnStatement' && parent.argument === value) || (parent.type === 'ArrowFunctionExpression' && parent.body === value)) {
    return callersRead(parent, ctx, depth);
  }
  return undefined;
}

function memberRead(member: TSESTree.MemberExpression, ctx: SourceContext, depth: number): TSESTree.Node | undefined {
  const name = memberName(member);
  if (name === undefined) return undefined;
  // `res.url`; `res.config.url`; `res.config` itself handed on or kept may be read for it anywhere.
  if (URL_MEMBERS.has(name) || name === 'config') {
    if (!readsUrlMember(member)) return undefined;
    return name === 'config' && member.parent?.type === 'MemberExpression' && member.parent.object === member ? member.parent : member;
  }
  const call = member.parent;
  if (call?.type !== 'CallExpression' || call.callee !== member) return undefined;
  // `request.then((res) => res.url)`
  if (name === 'then') {
    const callback = call.arguments[0];
    const param = callback !== undefined && isFunction(callback) ? (callback as TSESTree.FunctionLike).params[0] : undefined;
    const fromCallback = param === undefined ? undefined : bindingRead(param, ctx, depth);
    return fromCallback;
  }
  // `request.catch(...)`, `request.finally(...)`: still the response when it succeeds.
  if (name === 'catch' || name === 'finally') return readAt(call, ctx, depth + 1);
  return undefined;
}

/** A binding of the response: a name (each of its reads), or a pattern that takes the URL or the rest. */
function bindingRead(id: TSESTree.Node, ctx: SourceContext, depth: number): TSESTree.Node | undefined {
  if (id.type === 'Identifier') return variableRead(id, ctx, depth);
  if (id.type === 'AssignmentPattern') return bindingRead(id.left, ctx, depth);
  return id.type === 'ObjectPattern' ? patternRead(id) : undefined;
}

/** The property of a pattern that takes the URL of a response, or all of it (`{ url }`, `{ config }`, `{ ...rest }`). */
function patternRead(id: TSESTree.ObjectPattern): TSESTree.Node | undefined {
  for (const property of id.properties) {
    if (property.type === 'RestElement') return property;
    const key = staticKey(property);
    if (key === undefined || URL_MEMBERS.has(key)) return property;
    if (key === 'config') {
      const config = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
      if (config.type !== 'ObjectPattern') return property;
      if (config.properties.some((inner) => inner.type === 'RestElement' || (staticKey(inner) ?? 'url') === 'url' || CONFIG_URL_MEMBERS.has(staticKey(inner) ?? ''))) return property;
    }
  }
  return undefined;
}

function variableRead(id: TSESTree.Identifier, ctx: SourceContext, depth: number): TSESTree.Node | undefined {
  const variable = findVariable(ctx.getScope(id), id.name);
  if (variable === undefined) return undefined;
  for (const ref of usesOf(variable)) {
    const at = readAt(ref.identifier as TSESTree.Node, ctx, depth + 1);
    if (at !== undefined) return at;
  }
  return undefined;
}

/**
 * The response returned by a function: read where this file calls it. Callers in other modules are the project's to
 * see (a wrapper's callers are findings of their own, each read where it is).
 */
function callersRead(from: TSESTree.Node, ctx: SourceContext, depth: number): TSESTree.Node | undefined {
  let fn: TSESTree.Node | undefined = from.type === 'ArrowFunctionExpression' ? from : from.parent;
  while (fn !== undefined && !isFunction(fn) && fn.type !== 'FunctionDeclaration') fn = fn.parent;
  if (fn === undefined) return undefined;
  const id = fn.type === 'FunctionDeclaration' ? fn.id
    : fn.parent?.type === 'VariableDeclarator' && fn.parent.init === fn && fn.parent.id.type === 'Identifier' ? fn.parent.id : null;
  if (id === null || id === undefined) return undefined;
  const variable = findVariable(ctx.getScope(id), id.name);
  if (variable === undefined) return undefined;
  for (const ref of usesOf(variable)) {
    const use = ref.identifier as TSESTree.Node;
    const call = use.parent;
    if (call?.type !== 'CallExpression' || unwrapTS(call.callee) !== use) continue;
    const at = readAt(call, ctx, depth + 1);
    if (at !== undefined) return at;
  }
  return undefined;
}

/** A value printed by a log line (`console.info(\`sent to ${res.url}\`)`): it names the URL actually sent. */
function printedByLog(node: TSESTree.Node): boolean {
  let at = node;
  while (at.parent?.type === 'TemplateLiteral' || (at.parent?.type === 'BinaryExpression' && at.parent.operator === '+')) at = at.parent;
  const call = at.parent;
  if (call?.type !== 'CallExpression' || !call.arguments.includes(at as TSESTree.CallExpressionArgument)) return false;
  const callee = unwrapTS(call.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return false;
  const owner = unwrapTS(callee.object);
  return owner.type === 'Identifier' && /^(?:console|logger|log)$/.test(owner.name) &&
    /^(?:log|debug|info|warn|error|trace)$/.test(callee.property.name);
}

/**
 * Whether `fn` returns the response of `request`, one of its own calls: `return fetch(...)`, `=> axios.post(...)`,
 * `const res = await fetch(...); ...; return res`. A caller of `fn` then holds that response.
 */
export function returnsResponse(request: TSESTree.Node, fn: TSESTree.FunctionLike, ctx: SourceContext): boolean {
  let value = request;
  while (value.parent !== undefined && (value.parent.type === 'AwaitExpression' || value.parent.type === 'TSAsExpression' ||
    value.parent.type === 'TSNonNullExpression' || value.parent.type === 'TSSatisfiesExpression')) value = value.parent;
  const parent = value.parent;
  if (parent?.type === 'ReturnStatement' && parent.argument === value) return true;
  if (parent?.type === 'ArrowFunctionExpression' && parent.body === value) return parent === fn;
  if (parent?.type !== 'VariableDeclarator' || parent.init !== value || parent.id.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(parent.id), parent.id.name);
  return variable !== undefined && usesOf(variable).some((ref) => {
    let use = ref.identifier as TSESTree.Node;
    while (use.parent?.type === 'TSAsExpression' || use.parent?.type === 'TSNonNullExpression') use = use.parent;
    return use.parent?.type === 'ReturnStatement' && use.parent.argument === use;
  });
}

/**
 * A member read that is, or holds, the URL a response was sent to (`res.url`, `res.config.url`, `res.request`), a log
 * line aside: what `responseUrlRead` looks for, also where a helper's response is read (url.ts), which counts a log
 * line that prints it too (`logs: 'read'`): the helper's URL is the caller's, and the log then names another than it sent.
 */
export function readsUrlMember(member: TSESTree.MemberExpression, logs: 'read' | 'not-read' = 'not-read'): boolean {
  const onlyLogged = (node: TSESTree.Node) => logs === 'not-read' && printedByLog(node);
  const name = memberName(member);
  if (name === undefined) return false;
  if (URL_MEMBERS.has(name)) return !onlyLogged(member);
  if (name !== 'config') return false;
  const next = member.parent;
  if (next?.type !== 'MemberExpression' || next.object !== member) return true;
  const inner = memberName(next);
  return inner === undefined || (CONFIG_URL_MEMBERS.has(inner) && !onlyLogged(next));
}

/** A pattern that takes the URL of a response, or all of it: `{ url }`, `{ config }`, `{ ...rest }`. */
export function patternTakesUrl(pattern: TSESTree.ObjectPattern): boolean {
  return patternRead(pattern) !== undefined;
}

/** `a.b`, and `a['b']` with a string written out. */
function memberName(member: TSESTree.MemberExpression): string | undefined {
  if (!member.computed) return member.property.type === 'Identifier' ? member.property.name : undefined;
  const property = unwrapTS(member.property);
  return property.type === 'Literal' && typeof property.value === 'string' ? property.value : undefined;
}
