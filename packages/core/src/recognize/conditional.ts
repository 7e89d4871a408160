/**
 * Flags whose value is chosen at run time between values known here: `internal ? 'true' : 'false'`,
 * `String(flag)`, or a `let` assigned in branches before the body is built. Each is read as the two values it can
 * send and the condition that chooses between them, so the planner can plan each outcome as a static body and the
 * renderer can test the condition once in the v3 body, where the old body chose the value.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { FLAG_ENABLED_VALUE } from '../facts/contract.js';
import type { BodyEntryFacts, ValueClass } from '../plan/plan.js';
import { findVariable, type VariableLike } from '../facts/scope.js';
import { isPure, unwrapTS } from '../facts/syntax.js';

/** A flag's condition: the expression as written, or (`equalsTrue`) the value compared with "true". */
export interface Condition {
  readonly node: TSESTree.Node;
  readonly equalsTrue?: true;
}

export type Branches = NonNullable<BodyEntryFacts['branches']>;

/** What a flag's value can be and what chooses it; undefined when it is not one of the shapes above. */
export interface FlagChoice {
  readonly branches: Branches;
  readonly condition: Condition;
}

const ON: ValueClass = { kind: 'string', value: FLAG_ENABLED_VALUE };
const OFF: ValueClass = { kind: 'nullish' };

/**
 * Reads a flag's value written in a body object. `classify` is body.ts's reading of a value (consts with literal
 * values are followed), passed in so that both read values the same way.
 */
export function flagChoice(
  node: TSESTree.Node,
  object: TSESTree.ObjectExpression,
  ctx: SourceContext,
  classify: (node: TSESTree.Node, ctx: SourceContext) => ValueClass,
): FlagChoice | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'ConditionalExpression') {
    const whenTrue = classify(expr.consequent, ctx);
    const whenFalse = classify(expr.alternate, ctx);
    if (whenTrue.kind === 'dynamic' || whenFalse.kind === 'dynamic') return undefined;
    // The old body evaluated the test once, here; the new one tests it once, in the same object.
    return { branches: { whenTrue, whenFalse, stable: isPure(expr.test) }, condition: { node: expr.test } };
  }
  if (expr.type === 'CallExpression' && expr.callee.type === 'Identifier' && expr.callee.name === 'String' &&
    findVariable(ctx.getScope(expr), 'String') === undefined && expr.arguments.length === 1) {
    const [arg] = expr.arguments;
    // `String(x)` sends "true" exactly when it is "true": the new body compares the same call's result, made once.
    if (arg === undefined || arg.type === 'SpreadElement') return undefined;
    return { branches: { whenTrue: ON, whenFalse: OFF, stable: isPure(arg) }, condition: { node: expr, equalsTrue: true } };
  }
  if (expr.type === 'Identifier') return letChoice(expr, object, ctx, classify);
  return undefined;
}

/**
 * A `let` whose every value is a string, `undefined` or `false` written in the function that builds the body, before
 * it, outside loops and callbacks: the body sends "true" exactly when the variable holds "true" where the body reads it.
 */
function letChoice(
  id: TSESTree.Identifier,
  object: TSESTree.ObjectExpression,
  ctx: SourceContext,
  classify: (node: TSESTree.Node, ctx: SourceContext) => ValueClass,
): FlagChoice | undefined {
  const variable = findVariable(ctx.getScope(id), id.name);
  if (variable === undefined || ctx.bindings?.has(variable) === true || variable.defs.length !== 1) return undefined;
  const def = variable.defs[0]!;
  const declarator = def.node as TSESTree.Node;
  const declaration = def.parent as TSESTree.Node | null | undefined;
  if (def.type !== 'Variable' || declarator.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier' ||
    declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'let') {
    return undefined;
  }
  const home = functionOf(object);
  if (functionOf(declarator) !== home || inLoop(object, home)) return undefined;
  const values: TSESTree.Node[] = [];
  for (const ref of writesOf(variable)) {
    const at = ref.identifier as TSESTree.Node;
    const assignment = at.parent;
    if (assignment?.type !== 'AssignmentExpression' || assignment.operator !== '=' || assignment.left !== at) return undefined;
    // Written in a callback, in a loop, or after the body is built: what the body reads is not settled by source order.
    if (functionOf(assignment) !== home || inLoop(assignment, home) || assignment.range[1] > object.range[0]) return undefined;
    values.push(assignment.right);
  }
  const states = [declarator.init === null ? OFF : classify(declarator.init, ctx), ...values.map((value) => classify(value, ctx))];
  // Only strings, undefined and false: `name === "true"` then says exactly when the flag is on.
  const settled = states.every((state) => state.kind === 'string' || state.kind === 'nullish' ||
    (state.kind === 'boolean' && !state.value));
  if (!settled) return undefined;
  const on = states.some((state) => state.kind === 'string' && state.value === FLAG_ENABLED_VALUE);
  return { branches: { whenTrue: on ? ON : OFF, whenFalse: OFF, stable: true }, condition: { node: id, equalsTrue: true } };
}

function writesOf(variable: VariableLike) {
  return variable.references.filter((ref) => ref.isWrite() && ref.init !== true);
}

type FunctionOrProgram = TSESTree.Node;

/** The function (or the program) whose own code holds a node. */
export function functionOf(node: TSESTree.Node): FunctionOrProgram {
  let current: TSESTree.Node | undefined = node.parent;
  while (current !== undefined) {
    if (current.type === 'FunctionDeclaration' || current.type === 'FunctionExpression' ||
      current.type === 'ArrowFunctionExpression' || current.type === 'Program') {
      return current;
    }
    current = current.parent;
  }
  return node;
}

const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);

/** Whether a node runs in a loop of its own function. */
export function inLoop(node: TSESTree.Node, home: TSESTree.Node): boolean {
  for (let current = node.parent; current !== undefined && current !== home; current = current.parent) {
    if (LOOPS.has(current.type)) return true;
  }
  return false;
}
