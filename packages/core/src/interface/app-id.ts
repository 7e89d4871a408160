/**
 * Where a call puts the app's identifier: the `{id}` of the deprecated path and the `app_code_name` of a v3 body.
 * Both take the app's code name (document sections 2 and 4.1); the numeric `app_id` is not accepted there. This module
 * finds those expressions; whether one is a number is a question for the type checker, asked by the front end.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { objectOf } from '../recognize/clients/index.js';
import type { SourceContext } from '../facts/context.js';
import { V3_ASSIGN, V3Key } from '../facts/contract.js';
import { DEFAULT_ANALYSIS_OPTIONS } from '../facts/context.js';
import { mayContainAssignCall, recognizeAssignCall } from '../recognize/recognize.js';
import { constInitOf, findVariable } from '../facts/scope.js';
import { calleePath, propertyOf, unwrapTS } from '../facts/syntax.js';
import { readUrl } from '../recognize/url.js';

/** The property names under which code keeps the numeric id (document section 2: `app_id`). */
export const NUMERIC_APP_ID_PROPERTIES: readonly string[] = ['app_id', 'appId'];

export interface AppIdSite {
  /** The expression that becomes the app's identifier. */
  readonly node: TSESTree.Node;
  /** `path`: the `{id}` of the deprecated path; `body`: `app_code_name` of a v3 body. */
  readonly where: 'path' | 'body';
}

/** A cheap test on a file's text: can it hold either call? */
export function mayContainAppIdSite(text: string): boolean {
  // The deprecated route (`Object.assign` alone is no reason to read a file), or a v3 body or route.
  return mayContainAssignCall(text, DEFAULT_ANALYSIS_OPTIONS) || text.includes(V3Key.appCodeName) || text.includes(V3_ASSIGN.path.split('/').pop()!);
}

/** The app identifier expressions of one call: of the deprecated operation, or of the v3 one. */
export function appIdSitesOf(call: TSESTree.CallExpression, ctx: SourceContext): AppIdSite[] {
  const deprecated = recognizeAssignCall(call, ctx);
  if (deprecated !== undefined) {
    return deprecated.appCode?.kind === 'expression' ? [{ node: deprecated.appCode.node, where: 'path' }] : [];
  }
  return v3AppCodes(call, ctx).map((node) => ({ node, where: 'body' as const }));
}

/**
 * The property read an app identifier comes from, when it is `x.app_id`, `x['appId']`, `String(x.app_id)`,
 * `x.app_id.toString()`, or a name destructured from such a property (`const { app_id } = app`).
 */
export function numericIdPropertyOf(node: TSESTree.Node, ctx: SourceContext, depth = 0): string | undefined {
  const expr = unwrapTS(node);
  if (depth > 4) return undefined;
  if (expr.type === 'MemberExpression') {
    const name = !expr.computed && expr.property.type === 'Identifier'
      ? expr.property.name
      : expr.property.type === 'Literal' && typeof expr.property.value === 'string' ? expr.property.value : undefined;
    return name !== undefined && NUMERIC_APP_ID_PROPERTIES.includes(name) ? name : undefined;
  }
  if (expr.type === 'ChainExpression') return numericIdPropertyOf(expr.expression, ctx, depth + 1);
  if (expr.type === 'CallExpression') {
    // String(x), x.toString(): the same id, as text.
    const [arg] = expr.arguments;
    if (calleePath(expr.callee) === 'String' && arg !== undefined && arg.type !== 'SpreadElement') return numericIdPropertyOf(arg, ctx, depth + 1);
    if (expr.callee.type === 'MemberExpression' && !expr.callee.computed && expr.callee.property.type === 'Identifier' &&
      expr.callee.property.name === 'toString' && expr.arguments.length === 0) {
      return numericIdPropertyOf(expr.callee.object, ctx, depth + 1);
    }
    return undefined;
  }
  if (expr.type === 'TemplateLiteral' && expr.expressions.length === 1 && expr.quasis.every((q) => q.value.cooked === '')) {
    return numericIdPropertyOf(expr.expressions[0]!, ctx, depth + 1);
  }
  if (expr.type === 'Identifier') {
    const variable = findVariable(ctx.getScope(expr), expr.name);
    const def = variable?.defs[0];
    if (variable === undefined || def === undefined || variable.defs.length !== 1) return undefined;
    const init = constInitOf(variable);
    if (init !== undefined) return numericIdPropertyOf(init, ctx, depth + 1);
    // const { app_id } = app; const { appId: code } = app
    const declarator = def.node as TSESTree.Node;
    if (def.type !== 'Variable' || declarator.type !== 'VariableDeclarator' || declarator.id.type !== 'ObjectPattern') return undefined;
    for (const property of declarator.id.properties) {
      if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier') continue;
      const value = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
      if (value.type === 'Identifier' && value.name === expr.name && NUMERIC_APP_ID_PROPERTIES.includes(property.key.name)) {
        return property.key.name;
      }
    }
  }
  return undefined;
}

const V3_PATH = V3_ASSIGN.path;

/** `app_code_name` values of the body of a call to `POST /v3/apps/app_assignments`, as far as the file shows them. */
function v3AppCodes(call: TSESTree.CallExpression, ctx: SourceContext): TSESTree.Node[] {
  const [first, ...rest] = call.arguments;
  if (first === undefined || first.type === 'SpreadElement') return [];
  const config = objectOf(first, ctx);
  const url = config === undefined ? first : propertyOf(config.object, 'url')?.value;
  if (url === undefined || !endsWithV3Path(url, ctx)) return [];
  const found: TSESTree.Node[] = [];
  for (const arg of config === undefined ? rest : [first, ...rest]) {
    if (arg.type === 'SpreadElement') continue;
    const object = bodyObject(arg, ctx);
    const direct = object === undefined ? undefined : propertyOf(object, V3Key.appCodeName);
    if (direct !== undefined) {
      found.push(direct.value);
      continue;
    }
    // fetch/got/ky/ofetch options, axios config: the body sits under one of these keys.
    const options = objectOf(arg, ctx);
    for (const key of ['body', 'json', 'data']) {
      const value = options === undefined ? undefined : propertyOf(options.object, key)?.value;
      const body = value === undefined ? undefined : bodyObject(value, ctx);
      const code = body === undefined ? undefined : propertyOf(body, V3Key.appCodeName);
      if (code !== undefined) found.push(code.value);
    }
  }
  // superagent: `.post(url).send({ ... })`
  let current: TSESTree.Node = call;
  while (current.parent?.type === 'MemberExpression' && current.parent.object === current && current.parent.parent?.type === 'CallExpression') {
    const member = current.parent;
    const next = member.parent as TSESTree.CallExpression;
    if (!member.computed && member.property.type === 'Identifier' && member.property.name === 'send' && next.arguments[0] !== undefined) {
      const body = bodyObject(next.arguments[0], ctx);
      const code = body === undefined ? undefined : propertyOf(body, V3Key.appCodeName);
      if (code !== undefined) found.push(code.value);
    }
    current = next;
  }
  return found;
}

/** An object literal, directly, through consts, or inside `JSON.stringify(...)`. */
function bodyObject(node: TSESTree.Node, ctx: SourceContext): TSESTree.ObjectExpression | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'CallExpression' && calleePath(expr.callee) === 'JSON.stringify' && expr.arguments[0] !== undefined) {
    return bodyObject(expr.arguments[0], ctx);
  }
  return objectOf(expr, ctx)?.object;
}

function endsWithV3Path(url: TSESTree.Node, ctx: SourceContext): boolean {
  const flat = readUrl(url, ctx, null).map((piece) => (piece.kind === 'text' ? piece.value : '\u0000')).join('');
  const at = flat.lastIndexOf(V3_PATH);
  if (at < 0) return false;
  const rest = flat.slice(at + V3_PATH.length);
  return rest === '' || rest.startsWith('?');
}
