/**
 * Static values as the program spells them: a string written as a literal or a template without expressions,
 * directly or through names (a const, the argument a followed function was given, the value an import resolves to).
 * Names are read by follow.ts `valueOfName`, so a value found in another file is read with that file's context.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from './context.js';
import { valueOfName } from '../recognize/follow.js';
import { MAX_DEPTH, staticKey, unwrapTS } from './syntax.js';

/** A string the program spells out: a literal, a template without expressions, or a name holding one. */
export function staticString(node: TSESTree.Node | undefined, ctx: SourceContext, depth = 0): string | undefined {
  if (node === undefined || depth > MAX_DEPTH) return undefined;
  const expr = unwrapTS(node);
  if (expr.type === 'Literal') return typeof expr.value === 'string' ? expr.value : undefined;
  if (expr.type === 'TemplateLiteral' && expr.expressions.length === 0) return expr.quasis[0]?.value.cooked ?? undefined;
  if (expr.type === 'Identifier') {
    const name = valueOfName(expr, ctx);
    return name.kind === 'const' || name.kind === 'argument' || name.kind === 'imported'
      ? staticString(name.value.node, name.value.ctx, depth + 1)
      : undefined;
  }
  return undefined;
}

/** A member's name: `a.b` and `a['b']` give 'b'; `a[m]` gives null (not known here). */
export function memberName(member: TSESTree.MemberExpression): string | null {
  return staticKey(member) ?? null;
}
