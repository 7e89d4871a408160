/**
 * Mocks are found by reference, as clients are: the library a name comes from (an import, a `require`, a const made
 * from one, through a chain of calls such as `nock(base).matchHeader(...)`), never by the name alone.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { requiredModule } from '../recognize/clients/index.js';
import type { SourceContext } from '../facts/context.js';
import { constInitOf, findVariable, importOf } from '../facts/scope.js';
import { unwrapTS } from '../facts/syntax.js';

const MAX_DEPTH = 6;

/** Where the root name of a chain comes from: its module and imported name, `global` when nothing declares it. */
export type Origin =
  | { readonly kind: 'module'; readonly source: string; readonly imported: string }
  | { readonly kind: 'global'; readonly name: string };

/**
 * The origin of the name at the root of `node` (`a` in `a.b(c).d`, `new A(x)`), following consts; undefined when
 * the root is no name or is declared in a way that does not say (a parameter, a `let`).
 */
export function originOf(node: TSESTree.Node, ctx: SourceContext, depth = 0): Origin | undefined {
  if (depth > MAX_DEPTH) return undefined;
  let expr = unwrapTS(node);
  while (expr.type === 'MemberExpression' || expr.type === 'CallExpression' || expr.type === 'NewExpression' || expr.type === 'AwaitExpression') {
    if (expr.type === 'CallExpression') {
      const required = requiredModule(expr);
      if (required !== undefined) return { kind: 'module', source: required, imported: 'default' };
    }
    expr = unwrapTS(expr.type === 'MemberExpression' ? expr.object : expr.type === 'AwaitExpression' ? expr.argument : expr.callee);
  }
  if (expr.type !== 'Identifier') return undefined;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  if (variable === undefined) return { kind: 'global', name: expr.name };
  const imported = importOf(variable);
  if (imported !== undefined) return { kind: 'module', ...imported };
  const init = constInitOf(variable);
  if (init === undefined) return undefined;
  // `const { http } = require('msw')`
  const declarator = variable.defs[0]?.node as TSESTree.Node | undefined;
  if (declarator?.type === 'VariableDeclarator' && declarator.id.type === 'ObjectPattern') return undefined;
  return originOf(init, ctx, depth + 1);
}

/** True when the origin is one of the modules (or a path under one, `msw/node`). */
export function fromModule(origin: Origin | undefined, modules: readonly string[]): origin is Extract<Origin, { kind: 'module' }> {
  return origin?.kind === 'module' && modules.some((m) => origin.source === m || origin.source.startsWith(`${m}/`));
}

/** The property name of a non-computed member callee: `post` in `http.post(...)`. */
export function methodOf(call: TSESTree.CallExpression): { name: string; object: TSESTree.Node } | undefined {
  const callee = unwrapTS(call.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
  return { name: callee.property.name, object: callee.object };
}
