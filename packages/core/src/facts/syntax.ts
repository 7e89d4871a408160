/**
 * Small, tree-level helpers over ESTree (as produced by espree and @typescript-eslint/typescript-estree).
 */
import type { TSESTree } from '@typescript-eslint/types';

type Node = TSESTree.Node;

/** How many names, instances or nested expressions a reader follows before it says "not known here". */
export const MAX_DEPTH = 8;

/** TypeScript-only wrappers that do not change a value: `x as T`, `x!`, `x satisfies T`, `<T>x`. */
export function unwrapTS(node: Node): Node {
  let current = node;
  for (;;) {
    switch (current.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
        current = current.expression;
        continue;
      default:
        return current;
    }
  }
}

/** True for `x as const`: the only type wrapper that says nothing about the shape of the body. */
export function isAsConst(node: Node): boolean {
  return (
    node.type === 'TSAsExpression' &&
    node.typeAnnotation.type === 'TSTypeReference' &&
    node.typeAnnotation.typeName.type === 'Identifier' &&
    node.typeAnnotation.typeName.name === 'const'
  );
}

/** The static name of a property key: `a`, `'a'`, `['a']`; undefined for a computed key. */
export function staticKey(property: TSESTree.Property | TSESTree.MemberExpression): string | undefined {
  const key = property.type === 'Property' ? property.key : property.property;
  if (!property.computed && key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) {
    return String(key.value);
  }
  if (key.type === 'TemplateLiteral' && key.expressions.length === 0) return key.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** The property of an object literal with a static key, if there is exactly one. */
export function propertyOf(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  const found = object.properties.filter(
    (p): p is TSESTree.Property => p.type === 'Property' && staticKey(p) === name,
  );
  return found.length === 1 ? found[0] : undefined;
}

/** The member path of a callee as written: `api.request`, `sdk.apps.assign`, `callApi`; undefined otherwise. */
export function calleePath(node: Node): string | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'Identifier') return expr.name;
  if (expr.type === 'ThisExpression') return 'this';
  if (expr.type === 'MemberExpression' && !expr.computed && expr.property.type === 'Identifier') {
    const object = calleePath(expr.object);
    return object === undefined ? undefined : `${object}.${expr.property.name}`;
  }
  return undefined;
}

/**
 * True when evaluating the expression cannot have side effects (so moving or dropping it changes nothing):
 * literals, identifiers, member chains, templates of those.
 */
export function isPure(node: Node): boolean {
  const expr = unwrapTS(node);
  switch (expr.type) {
    case 'Literal':
    case 'Identifier':
    case 'ThisExpression':
      return true;
    case 'TemplateLiteral':
      return expr.expressions.every(isPure);
    case 'MemberExpression':
      return isPure(expr.object) && (!expr.computed || expr.property.type === 'Literal');
    case 'UnaryExpression':
      return expr.operator !== 'delete' && isPure(expr.argument);
    default:
      return false;
  }
}

/** True for a function value: a route handler, a callback. */
export function isFunction(node: Node): boolean {
  return node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';
}

/** Calls `visit` for every CallExpression under `root`, outer calls first. */
export function forEachCall(root: Node, visit: (call: TSESTree.CallExpression) => void): void {
  someNode(root, (node) => {
    if (node.type === 'CallExpression') visit(node);
    return false;
  });
}

/**
 * Whether `test` holds for a node under `root` (itself included), in source order. `enter` says whether to look
 * inside a node (nested functions, for one), and is not asked of `root`.
 */
export function someNode(root: Node, test: (node: Node) => boolean, enter: (node: Node) => boolean = () => true): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.type !== 'string') continue;
    if (test(node as Node)) return true;
    if (node !== root && !enter(node as Node)) continue;
    const keys = Object.keys(record);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (key === 'parent' || key === 'loc' || key === 'range' || key === 'tokens' || key === 'comments') continue;
      const value = record[key];
      if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
  return false;
}

/** The statement that holds a node: where a comment about the node goes. Needs parent links. */
export function enclosingStatement(node: Node): Node {
  let current: Node = node;
  while (current.parent !== undefined) {
    const parent: Node = current.parent;
    if (parent.type === 'Program' || parent.type === 'BlockStatement' || parent.type === 'StaticBlock' ||
      parent.type === 'SwitchCase' || parent.type === 'TSModuleBlock' || parent.type === 'ClassBody') {
      return current;
    }
    current = parent;
  }
  return current;
}

/** One call chained on another: `.set(name, value)` in `request.post(url).set(name, value).send(body)`. */
export interface ChainedCall {
  readonly name: string;
  readonly args: readonly TSESTree.CallExpressionArgument[];
}

/**
 * The calls chained on a call, in order, up to the first link that is not `.name(...)`: where superagent keeps its
 * headers, body and content type. Needs parent links.
 */
export function chainedCalls(call: TSESTree.CallExpression): ChainedCall[] {
  const chain: ChainedCall[] = [];
  for (let current: Node = call; ;) {
    const member: Node | undefined = current.parent;
    if (member?.type !== 'MemberExpression' || member.object !== current || member.property.type !== 'Identifier') break;
    const next: Node | undefined = member.parent;
    if (next?.type !== 'CallExpression' || next.callee !== member) break;
    chain.push({ name: member.property.name, args: next.arguments });
    current = next;
  }
  return chain;
}

/** `Record<string, string>` as written (whether `Record` is TypeScript's own is for the caller to check). */
export function isRecordOfStringsType(type: TSESTree.TypeNode): type is TSESTree.TSTypeReference {
  const params = type.type === 'TSTypeReference' ? type.typeArguments?.params : undefined;
  return type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && type.typeName.name === 'Record' &&
    params?.length === 2 && params[0]!.type === 'TSStringKeyword' && params[1]!.type === 'TSStringKeyword';
}

/** Functions of a test runner whose callback is a test or a suite: `it('title', () => …)`, `describe.each(…)('title', …)`. */
const TEST_FUNCTIONS = /^(?:it|test|describe|suite|specify)$/;

/**
 * The name of the innermost named function, method or variable-held function around a node, or the test or suite
 * whose callback holds it (`the test "lists an app"`).
 */
export function enclosingName(node: TSESTree.Node): string | undefined {
  for (let current = node.parent, from: TSESTree.Node = node; current != null; from = current, current = current.parent) {
    if (current.type === 'CallExpression' && isFunction(from) && current.arguments.includes(from as TSESTree.CallExpressionArgument)) {
      let callee: TSESTree.Node = current.callee;
      while (callee.type === 'MemberExpression' || callee.type === 'CallExpression') callee = callee.type === 'MemberExpression' ? callee.object : callee.callee;
      const title = current.arguments[0];
      if (callee.type === 'Identifier' && TEST_FUNCTIONS.test(callee.name) && title?.type === 'Literal' && typeof title.value === 'string') {
        return `the ${callee.name === 'describe' || callee.name === 'suite' ? 'suite' : 'test'} ${JSON.stringify(title.value)}`;
      }
    }
    if (current.type === 'FunctionDeclaration' && current.id !== null) return current.id.name;
    if (current.type === 'MethodDefinition' && !current.computed && current.key.type === 'Identifier') return current.key.name;
    if ((current.type === 'ArrowFunctionExpression' || current.type === 'FunctionExpression') &&
      current.parent?.type === 'VariableDeclarator' && current.parent.id.type === 'Identifier') return current.parent.id.name;
  }
  return undefined;
}

/**
 * The regular expression a regex literal writes, without its global and sticky flags (so that `test` keeps no state
 * between uses); undefined for another node, or a pattern this engine refuses.
 */
export function literalRegex(node: Node): RegExp | undefined {
  if (node.type !== 'Literal' || !('regex' in node) || node.regex == null) return undefined;
  try {
    return new RegExp(node.regex.pattern, node.regex.flags.replace(/[gy]/g, ''));
  } catch {
    return undefined;
  }
}
