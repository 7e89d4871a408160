/** Which module a value comes from: an import, a `require(...)`, or a const holding one. */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../../facts/context.js';
import { constInitOf, findVariable, importOf } from '../../facts/scope.js';
import { unwrapTS } from '../../facts/syntax.js';

/** The module of `require('x')`. */
export function requiredModule(call: TSESTree.CallExpression): string | undefined {
  if (call.callee.type !== 'Identifier' || call.callee.name !== 'require') return undefined;
  const arg = call.arguments[0];
  return arg?.type === 'Literal' && typeof arg.value === 'string' ? arg.value : undefined;
}

/** The module an identifier was imported (any export of it) or required from. */
export function moduleOf(id: TSESTree.Identifier, ctx: SourceContext): string | undefined {
  return moduleBinding(id, ctx)?.module;
}

/** The module a value is as a whole (an import namespace or default, a `require` result), for `mod.fetch`. */
export function namespaceModule(node: TSESTree.Node, ctx: SourceContext): string | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'CallExpression') return requiredModule(expr);
  if (expr.type !== 'Identifier') return undefined;
  const binding = moduleBinding(expr, ctx);
  return binding === undefined || (binding.imported !== '*' && binding.imported !== 'default') ? undefined : binding.module;
}

function moduleBinding(id: TSESTree.Identifier, ctx: SourceContext): { module: string; imported: string } | undefined {
  const variable = findVariable(ctx.getScope(id), id.name);
  if (variable === undefined) return undefined;
  const imported = importOf(variable);
  if (imported !== undefined) return { module: imported.source, imported: imported.imported };
  const init = constInitOf(variable);
  const module = init?.type === 'CallExpression' ? requiredModule(init) : undefined;
  return module === undefined ? undefined : { module, imported: 'default' };
}
