/**
 * jQuery: `$.post(url, data)`, `$.ajax(url, settings)`, `$.ajax(settings)`. jQuery sends an object body form-encoded
 * (`settings[assignment_mode]=...`), never as JSON: a POST is found and left to a person. `$.ajax` sends GET unless
 * `type` or `method` says otherwise. Calls take a response callback, so a function argument does not mean a route.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { unreadable } from '../body.js';
import type { SourceContext } from '../../facts/context.js';
import { ReasonCode } from '../../facts/reasons.js';
import { findVariable } from '../../facts/scope.js';
import { memberName, staticString } from '../../facts/static-value.js';
import { propertyOf, unwrapTS } from '../../facts/syntax.js';
import { moduleOf } from './modules.js';
import { optionsOf } from './options.js';
import type { CallLayout, Method } from './spec.js';

/** `$.post`, `jQuery.ajax`: the global jQuery, or one imported from 'jquery'. */
export function isJQuery(callee: TSESTree.Node, ctx: SourceContext): boolean {
  if (callee.type !== 'MemberExpression') return false;
  const root = unwrapTS(callee.object);
  if (root.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(root), root.name);
  if (variable === undefined) return root.name === '$' || root.name === 'jQuery';
  return moduleOf(root, ctx) === 'jquery';
}

export function jqueryLayout(call: TSESTree.CallExpression, callee: TSESTree.MemberExpression, ctx: SourceContext): CallLayout | undefined {
  const name = memberName(callee);
  const [first, second] = call.arguments;
  if (first === undefined || first.type === 'SpreadElement') return undefined;
  const form = unreadable(ReasonCode.bodyFormEncoded);
  if (name === 'post') return { client: 'unresolved', url: first, method: 'post', body: form };
  if (name !== 'ajax') return undefined;
  // $.ajax(url, settings) or $.ajax(settings)
  const settings = optionsOf(second ?? first, ctx);
  if (typeof settings === 'string') return { client: 'unresolved', url: second === undefined ? undefined : first, method: 'dynamic', body: form };
  const url = second === undefined ? propertyOf(settings.object, 'url')?.value : first;
  const typeKey = propertyOf(settings.object, 'type') ?? propertyOf(settings.object, 'method');
  const type = typeKey === undefined ? 'GET' : staticString(typeKey.value, ctx);
  const method: Method = type === undefined ? 'dynamic' : type.toUpperCase() === 'POST' ? 'post' : type.toUpperCase() === 'GET' ? 'unspecified' : 'other';
  return { client: 'unresolved', url, method, body: form };
}
