/**
 * Calls that build text rather than send a request: a string helper (`util.format(LEGACY_PATH, code)`,
 * `String.raw`), and any call made only to word a message for a logger (`console.*`, `logger.info`) or an error
 * (`new Error(...)`, `throw`). A path in such a call names the operation; it does not call it, so it is never a site.
 *
 * Only calls that no known client sends are asked about: `console.log(await axios.post(...))` still sends a request.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { constInitOf, findVariable, importOf } from '../facts/scope.js';
import { calleePath, isFunction, unwrapTS } from '../facts/syntax.js';

/** Whether a call whose callee is no known client is a string helper, or is made only to build a message. */
export function isNotARequest(call: TSESTree.CallExpression, ctx: SourceContext): boolean {
  return isStringHelper(call.callee, ctx) || buildsMessage(call, ctx);
}

/** Modules whose functions format strings, by the names that do. */
const STRING_HELPER_MODULES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['util', new Set(['format', 'formatWithOptions', 'inspect'])],
  ['node:util', new Set(['format', 'formatWithOptions', 'inspect'])],
  ['sprintf-js', new Set(['sprintf', 'vsprintf'])],
  ['printf', new Set(['default'])],
  ['format-util', new Set(['default'])],
]);

/** `format(...)` imported from node:util, `util.format(...)`, `String.raw(...)`, `sprintf(...)` from sprintf-js. */
export function isStringHelper(callee: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(callee);
  if (expr.type === 'Identifier') {
    const origin = originOf(expr, ctx);
    return origin !== undefined && origin.member !== '*' && helperOf(origin.module, origin.member);
  }
  if (expr.type !== 'MemberExpression' || expr.computed || expr.property.type !== 'Identifier') return false;
  const object = unwrapTS(expr.object);
  if (object.type !== 'Identifier') return false;
  if (object.name === 'String' && expr.property.name === 'raw') return isGlobal(object, ctx);
  const origin = originOf(object, ctx);
  // `import * as util from 'node:util'`, `import util from 'util'`, `const util = require('util')`.
  return origin !== undefined && (origin.member === '*' || origin.member === 'default') && helperOf(origin.module, expr.property.name);
}

/** `format` of node's util (`util.format`, an imported `format`): what `%s` means is known. */
export function isUtilFormat(callee: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(callee);
  const module = (origin: { module: string; member: string } | undefined) => origin !== undefined && (origin.module === 'util' || origin.module === 'node:util');
  if (expr.type === 'Identifier') {
    const origin = originOf(expr, ctx);
    return module(origin) && origin!.member === 'format';
  }
  if (expr.type !== 'MemberExpression' || expr.computed || expr.property.type !== 'Identifier' || expr.property.name !== 'format') return false;
  const object = unwrapTS(expr.object);
  if (object.type !== 'Identifier') return false;
  const origin = originOf(object, ctx);
  return module(origin) && (origin!.member === '*' || origin!.member === 'default');
}

function helperOf(module: string, member: string): boolean {
  return STRING_HELPER_MODULES.get(module)?.has(member) ?? false;
}

/** Where a name comes from: a module and the member of it (`*` for the module itself). */
function originOf(id: TSESTree.Identifier, ctx: SourceContext): { module: string; member: string } | undefined {
  const variable = findVariable(ctx.getScope(id), id.name);
  if (variable === undefined) return undefined;
  const imported = importOf(variable);
  if (imported !== undefined) return { module: imported.source, member: imported.imported };
  // const util = require('util'); const { format } = require('node:util')
  const def = variable.defs[0]?.node as TSESTree.Node | undefined;
  if (def?.type !== 'VariableDeclarator' || def.init === null) return undefined;
  const init = constInitOf(variable) ?? def.init;
  const module = requiredModule(init);
  if (module === undefined) return undefined;
  if (def.id.type === 'Identifier') return { module, member: '*' };
  if (def.id.type === 'ObjectPattern') {
    for (const property of def.id.properties) {
      if (property.type === 'Property' && !property.computed && property.key.type === 'Identifier' &&
        unwrapTS(property.value).type === 'Identifier' && (unwrapTS(property.value) as TSESTree.Identifier).name === id.name) {
        return { module, member: property.key.name };
      }
    }
  }
  return undefined;
}

function requiredModule(node: TSESTree.Node): string | undefined {
  const expr = unwrapTS(node);
  if (expr.type !== 'CallExpression' || calleePath(expr.callee) !== 'require') return undefined;
  const [arg] = expr.arguments;
  return arg?.type === 'Literal' && typeof arg.value === 'string' ? arg.value : undefined;
}

function isGlobal(id: TSESTree.Identifier, ctx: SourceContext): boolean {
  return findVariable(ctx.getScope(id), id.name) === undefined;
}

/**
 * Whether the call is part of what a message is made of: an argument (however deep in the expression) of an error's
 * constructor, of a `throw`, of a logger's call, or of a template's tag. The walk stops at a function: a callback
 * passed to a logger runs on its own.
 */
function buildsMessage(call: TSESTree.CallExpression, ctx: SourceContext): boolean {
  let child: TSESTree.Node = call;
  for (let node = call.parent; node != null; child = node, node = node.parent) {
    if (isFunction(node) || node.type === 'FunctionDeclaration') return false;
    switch (node.type) {
      // An awaited call yields a response, not text: `new HttpError(await post(...))` still sends a request.
      case 'AwaitExpression':
        return false;
      case 'ThrowStatement':
        return true;
      case 'TaggedTemplateExpression':
        return child !== node.tag;
      case 'NewExpression':
      case 'CallExpression':
        if (child === node.callee) break;
        if (isErrorConstructor(node.callee) || isLogger(node.callee, ctx) || isStringHelper(node.callee, ctx)) return true;
        break;
      default:
        // A statement ends the expression the call belongs to.
        if (node.type.endsWith('Statement') || node.type.endsWith('Declaration') || node.type === 'Program') return false;
    }
  }
  return false;
}

/** `Error`, `TypeError`, `HttpError`, `createError`: what a thrown or rejected error is made with. */
function isErrorConstructor(callee: TSESTree.Node): boolean {
  const expr = unwrapTS(callee);
  const name = expr.type === 'Identifier' ? expr.name
    : expr.type === 'MemberExpression' && !expr.computed && expr.property.type === 'Identifier' ? expr.property.name
    : undefined;
  if (name === undefined) return false;
  return /^(?:[A-Z]\w*)?Error$/.test(name) || name === 'createError';
}

/** Log levels as the methods of console, pino, winston, bunyan, consola and their kind are named. */
const LOG_METHODS: ReadonlySet<string> = new Set([
  'log', 'trace', 'debug', 'info', 'warn', 'warning', 'error', 'fatal', 'verbose', 'silly', 'notice', 'crit', 'critical', 'alert', 'emerg',
]);

/** `console.warn`, `logger.info`, `this.log.error`, `req.log.debug`: a method named for a log level of a logger. */
function isLogger(callee: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(callee);
  if (expr.type !== 'MemberExpression' || expr.computed || expr.property.type !== 'Identifier') return false;
  if (!LOG_METHODS.has(expr.property.name)) return false;
  const object = unwrapTS(expr.object);
  const name = object.type === 'Identifier' ? object.name
    : object.type === 'MemberExpression' && !object.computed && object.property.type === 'Identifier' ? object.property.name
    : undefined;
  if (name === undefined) return false;
  if (name === 'console') return object.type !== 'Identifier' || isGlobal(object, ctx);
  return /^(?:log|logs|logger|\w*Logger|\w*Log)$/i.test(name);
}
