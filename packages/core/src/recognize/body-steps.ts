/**
 * Bodies built in steps, read as the one object they are when the request is sent: a spread of a same-file const
 * with static keys (`{ ...DEFAULTS, directory_uid }`), and a local object changed with static keys before the call
 * (`if (lock) body.built_in = 'true'`, `payload.business_uid = uid`). Each is read only when every path to the call
 * is known; whatever is not is left to body.ts's reasons.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { type Condition, functionOf } from './conditional.js';
import type { SourceContext } from '../facts/context.js';
import { ASSIGNEE_TYPE_OF_KEY, DeprecatedKey } from '../facts/contract.js';
import type { BodyEntryFacts, ValueClass } from '../plan/plan.js';
import { findVariable, isExported, isNeverReassigned, usesOf, type VariableLike } from '../facts/scope.js';
import { isPure, staticKey, unwrapTS } from '../facts/syntax.js';

/** One key of a body being read: its facts, and where its value is written. */
export interface StepEntry {
  readonly facts: BodyEntryFacts;
  /** The value as written (a property's value, a spread const's literal, the right side of an assignment). */
  readonly node: TSESTree.Node;
  readonly condition?: Condition;
}

/** Keys whose value a condition may choose: the flags. hide_from_market and the assignee are not among them. */
export const FLAG_KEYS: ReadonlySet<string> = new Set([DeprecatedKey.isInternal, DeprecatedKey.preInstalled, DeprecatedKey.builtIn]);

/**
 * The entries a spread adds: the literal of a const declared in this file, with static keys and literal values,
 * whose every use is a spread (so nothing changes it). Undefined when the spread cannot be read that way.
 */
export function spreadEntries(
  spread: TSESTree.SpreadElement,
  ctx: SourceContext,
  classify: (node: TSESTree.Node, ctx: SourceContext) => ValueClass,
): StepEntry[] | undefined {
  const arg = unwrapTS(spread.argument);
  if (arg.type !== 'Identifier') return undefined;
  const variable = findVariable(ctx.getScope(arg), arg.name);
  if (variable === undefined || ctx.bindings?.has(variable) === true || variable.defs.length !== 1) return undefined;
  const def = variable.defs[0]!;
  const declarator = def.node as TSESTree.Node;
  const declaration = def.parent as TSESTree.Node | null | undefined;
  if (def.type !== 'Variable' || declarator.type !== 'VariableDeclarator' || declaration?.type !== 'VariableDeclaration' ||
    declaration.kind !== 'const' || declarator.init === null || isExported(variable)) {
    return undefined;
  }
  // Every use is `...NAME` in an object literal: no code can change it, or pass it where it could be.
  const onlySpread = usesOf(variable).every((ref) => {
    const at = ref.identifier as TSESTree.Node;
    return !ref.isWrite() && at.parent?.type === 'SpreadElement' && at.parent.parent?.type === 'ObjectExpression';
  });
  const init = unwrapTS(declarator.init);
  // Declared before the spread, so the old object never read it before it was made.
  if (!onlySpread || init.type !== 'ObjectExpression' || declarator.range[1] > spread.range[0]) return undefined;
  const entries: StepEntry[] = [];
  for (const property of init.properties) {
    if (property.type !== 'Property' || property.kind !== 'init' || property.method) return undefined;
    const key = staticKey(property);
    if (key === undefined || entries.some((entry) => entry.facts.key === key)) return undefined;
    const value = unwrapTS(property.value);
    // Only literals: they mean the same wherever the new object is written.
    if (value.type !== 'Literal' && !(value.type === 'TemplateLiteral' && value.expressions.length === 0)) return undefined;
    entries.push({ facts: { key, value: classify(value, ctx), pure: true }, node: value });
  }
  return entries;
}

/** A body object changed in steps, read as it is when the request is sent. */
export interface Steps {
  readonly entries: readonly StepEntry[];
  /** The statements that change it, each as the range to remove (whole lines where it holds them alone). */
  readonly removals: readonly (readonly [number, number])[];
}

/**
 * `const body = { ... }` followed, in the same statement list and before the statement that sends it, by
 * `body.key = value;` and `if (test) { body.key = value; } else { ... }` statements, and used nowhere else. `entries`
 * are what the literal holds, from `initial`. Undefined when any path to the call is not known this way.
 */
export function readSteps(
  variable: VariableLike,
  object: TSESTree.ObjectExpression,
  initial: readonly StepEntry[],
  ctx: SourceContext,
  classify: (node: TSESTree.Node, ctx: SourceContext) => ValueClass,
): Steps | undefined {
  const def = variable.defs[0];
  const declaration = def?.parent as TSESTree.Node | null | undefined;
  if (variable.defs.length !== 1 || def?.type !== 'Variable' || declaration?.type !== 'VariableDeclaration' ||
    declaration.kind !== 'const' || isExported(variable)) {
    return undefined;
  }
  const list = statementList(declaration);
  if (list === undefined) return undefined;
  const mutations = new Map<TSESTree.ExpressionStatement, { key: string; value: TSESTree.Expression }>();
  let use: TSESTree.Node | undefined;
  for (const ref of usesOf(variable)) {
    const found = mutationAt(ref.identifier as TSESTree.Node);
    if (found !== undefined) mutations.set(found.statement, found);
    else if (use === undefined && !ref.isWrite()) use = ref.identifier as TSESTree.Node;
    else return undefined;
  }
  if (use === undefined || mutations.size === 0) return undefined;
  // The call runs in the declaring function, in statement order: not in a function that may run before the changes.
  if (functionOf(use) !== functionOf(declaration)) return undefined;
  const start = list.indexOf(declaration);
  const end = list.findIndex((statement) => contains(statement, use));
  if (start < 0 || end <= start) return undefined;

  // The statements between the declaration and the call that change the body; each mutation belongs to one of them.
  const holders: TSESTree.Statement[] = [];
  for (const statement of mutations.keys()) {
    const holder = holderOf(statement, list);
    if (holder === undefined) return undefined;
    const index = list.indexOf(holder);
    if (index <= start || index >= end) return undefined;
    if (!holders.includes(holder)) holders.push(holder);
  }
  holders.sort((a, b) => a.range[0] - b.range[0]);

  const entries = new Map<string, StepEntry>(initial.map((entry) => [entry.facts.key, entry]));
  const settle = (key: string, value: TSESTree.Expression): StepEntry | undefined => {
    const previous = entries.get(key);
    // A value the old code evaluated and the new one drops must have no side effects.
    if (previous !== undefined && (!previous.facts.pure || previous.facts.branches !== undefined)) return undefined;
    // The assignee's value moves into the object, written earlier: only a literal, or a name that holds the same there.
    if (key in ASSIGNEE_TYPE_OF_KEY && !isLiteral(value) && !isSettledName(value, object, ctx)) return undefined;
    return { facts: { key, value: classify(value, ctx), pure: isPure(value) }, node: value };
  };
  for (const holder of holders) {
    if (holder.type === 'ExpressionStatement') {
      const mutation = mutations.get(holder)!;
      const entry = settle(mutation.key, mutation.value);
      if (entry === undefined) return undefined;
      entries.set(mutation.key, entry);
      continue;
    }
    if (holder.type !== 'IfStatement') return undefined;
    const sides = [holder.consequent, holder.alternate].map((branch) => branch === null || branch === undefined ? [] : sideOf(branch, mutations));
    const [whenTrue, whenFalse] = sides;
    if (whenTrue === undefined || whenFalse === undefined) return undefined;
    const keys = new Set([...whenTrue, ...whenFalse].map((m) => m.key));
    for (const key of keys) {
      if (!FLAG_KEYS.has(key)) return undefined;
      const previous = entries.get(key);
      if (previous !== undefined && (previous.facts.branches !== undefined || !previous.facts.pure)) return undefined;
      const before: ValueClass = previous?.facts.value ?? { kind: 'nullish' };
      const valueIn = (side: readonly { key: string; value: TSESTree.Expression }[]): ValueClass | undefined => {
        const set = side.filter((m) => m.key === key);
        if (set.length > 1) return undefined;
        return set[0] === undefined ? before : classify(set[0].value, ctx);
      };
      const yes = valueIn(whenTrue);
      const no = valueIn(whenFalse);
      if (yes === undefined || no === undefined || yes.kind === 'dynamic' || no.kind === 'dynamic') return undefined;
      entries.set(key, {
        facts: { key, value: { kind: 'dynamic' }, pure: true, branches: { whenTrue: yes, whenFalse: no, stable: isSettledTest(holder.test, object, ctx) } },
        node: holder.test,
        condition: { node: holder.test },
      });
    }
  }
  const removals = holders.map((holder) => wholeLines(holder, ctx.text));
  // Comments in a statement that goes would be lost.
  if (ctx.comments.some((comment) => removals.some(([a, b]) => comment.range[0] >= a && comment.range[1] <= b))) return undefined;
  return { entries: [...entries.values()], removals };
}

function statementList(statement: TSESTree.Node): TSESTree.Node[] | undefined {
  const parent = statement.parent;
  if (parent?.type === 'BlockStatement' || parent?.type === 'Program' || parent?.type === 'StaticBlock') return parent.body;
  return undefined;
}

function contains(outer: TSESTree.Node, inner: TSESTree.Node): boolean {
  return inner.range[0] >= outer.range[0] && inner.range[1] <= outer.range[1];
}

/** `NAME.key = value;` as a statement of its own, with a static key. */
function mutationAt(id: TSESTree.Node): { statement: TSESTree.ExpressionStatement; key: string; value: TSESTree.Expression } | undefined {
  const member = id.parent;
  if (member?.type !== 'MemberExpression' || member.object !== id) return undefined;
  const assignment = member.parent;
  if (assignment?.type !== 'AssignmentExpression' || assignment.operator !== '=' || assignment.left !== member) return undefined;
  const statement = assignment.parent;
  if (statement?.type !== 'ExpressionStatement') return undefined;
  const key = staticKey(member);
  return key === undefined ? undefined : { statement, key, value: assignment.right };
}

/** The statement of `list` that holds a mutation: the mutation itself, or an `if` whose branches hold only mutations. */
function holderOf(statement: TSESTree.ExpressionStatement, list: readonly TSESTree.Node[]): TSESTree.Statement | undefined {
  if (list.includes(statement)) return statement;
  let parent = statement.parent;
  if (parent?.type === 'BlockStatement') parent = parent.parent;
  return parent?.type === 'IfStatement' && list.includes(parent) ? parent : undefined;
}

/** The mutations one branch of an `if` makes; undefined when it does anything else. */
function sideOf(
  branch: TSESTree.Statement,
  mutations: ReadonlyMap<TSESTree.ExpressionStatement, { key: string; value: TSESTree.Expression }>,
): { key: string; value: TSESTree.Expression }[] | undefined {
  const statements = branch.type === 'BlockStatement' ? branch.body : [branch];
  const found: { key: string; value: TSESTree.Expression }[] = [];
  for (const statement of statements) {
    const mutation = statement.type === 'ExpressionStatement' ? mutations.get(statement) : undefined;
    if (mutation === undefined) return undefined;
    found.push(mutation);
  }
  return found;
}

function isLiteral(node: TSESTree.Node): boolean {
  const expr = unwrapTS(node);
  return expr.type === 'Literal' || (expr.type === 'TemplateLiteral' && expr.expressions.length === 0);
}

/**
 * A name that holds the same value where the object is written as where it is read later: never reassigned, and
 * declared before the object (or a parameter, an import).
 */
function isSettledName(node: TSESTree.Node, object: TSESTree.ObjectExpression, ctx: SourceContext): boolean {
  const expr = unwrapTS(node);
  if (expr.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  if (variable === undefined || variable !== findVariable(ctx.getScope(object), expr.name) || !isNeverReassigned(variable)) return false;
  const def = variable.defs[0];
  if (def === undefined) return false;
  if (def.type === 'ImportBinding' || def.type === 'Parameter') return true;
  return def.type === 'Variable' && def.name.range[1] <= object.range[0];
}

/** An `if` test the object can evaluate instead: a settled name, or its negation. */
function isSettledTest(test: TSESTree.Expression, object: TSESTree.ObjectExpression, ctx: SourceContext): boolean {
  const expr = unwrapTS(test);
  if (expr.type === 'UnaryExpression' && expr.operator === '!') return isSettledTest(expr.argument, object, ctx);
  return isSettledName(expr, object, ctx);
}

/** A statement's range, widened to its whole lines when nothing else shares them. */
function wholeLines(statement: TSESTree.Node, text: string): readonly [number, number] {
  const lineStart = text.lastIndexOf('\n', statement.range[0] - 1) + 1;
  const eol = text.indexOf('\n', statement.range[1]);
  const lineEnd = eol < 0 ? text.length : eol + 1;
  if (text.slice(lineStart, statement.range[0]).trim() !== '' || text.slice(statement.range[1], lineEnd).trim() !== '') return statement.range;
  return [lineStart, lineEnd];
}
