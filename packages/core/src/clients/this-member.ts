/**
 * `this.http` inside a class: the client a class keeps in a field (`class Sdk { constructor(private readonly http:
 * AxiosInstance) {} }`), read from where the field gets its one value. A field can be read only when nothing else can
 * set it: it is private, protected, `#private` or readonly, and the class sets it in exactly one place (its
 * initializer, one statement of the constructor, or a constructor parameter property). A value taken from a
 * constructor parameter is known only in a method followed from a call on an instance made here (`ctx.receiver`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Bound, SourceContext } from '../context.js';
import { unwrapTS } from '../syntax.js';

type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** The expression a `this.name` field holds, where it is written; undefined when it cannot be pinned down. */
export function thisFieldValue(member: TSESTree.MemberExpression, ctx: SourceContext): Bound | undefined {
  if (unwrapTS(member.object).type !== 'ThisExpression' || member.computed) return undefined;
  const name = member.property.type === 'Identifier' ? member.property.name
    : member.property.type === 'PrivateIdentifier' ? `#${member.property.name}` : undefined;
  const cls = enclosingClass(member);
  if (name === undefined || cls === undefined) return undefined;
  const ctor = cls.body.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor');
  const field = cls.body.body.find((m): m is TSESTree.PropertyDefinition =>
    m.type === 'PropertyDefinition' && !m.static && !m.computed && keyName(m.key) === name);
  const paramIndex = ctor?.value.params.findIndex((p) => p.type === 'TSParameterProperty' && p.parameter.type === 'Identifier' &&
    p.parameter.name === name) ?? -1;
  const param = paramIndex >= 0 ? ctor!.value.params[paramIndex] as TSESTree.TSParameterProperty : undefined;
  // Nothing outside the class (or a subclass, for protected) can set it.
  const guarded = name.startsWith('#') || field?.readonly === true || field?.accessibility === 'private' ||
    field?.accessibility === 'protected' || param?.readonly === true || param?.accessibility === 'private' || param?.accessibility === 'protected';
  if (!guarded) return undefined;
  const writes = assignmentsTo(cls, name);
  const sources = (field?.value != null ? 1 : 0) + (param === undefined ? 0 : 1) + writes.length;
  if (sources !== 1) return undefined;
  if (field?.value != null) return { node: field.value, ctx };
  if (param !== undefined) return receiverArgument(cls, paramIndex, ctx);
  // One assignment, a statement of the constructor itself (not inside a branch or a callback).
  const write = writes[0]!;
  const statement = write.parent;
  if (statement?.type !== 'ExpressionStatement' || statement.parent !== ctor?.value.body) return undefined;
  const value = unwrapTS(write.right);
  // `this.http = http`: a parameter of the constructor, from the `new` that made the instance.
  if (value.type === 'Identifier') {
    const index = ctor.value.params.findIndex((p) => p.type === 'Identifier' && p.name === value.name);
    if (index >= 0) return receiverArgument(cls, index, ctx);
  }
  return { node: write.right, ctx };
}

function receiverArgument(cls: ClassNode, index: number, ctx: SourceContext): Bound | undefined {
  const receiver = ctx.receiver;
  if (receiver === undefined || receiver.cls !== cls) return undefined;
  if (receiver.made.arguments.slice(0, index + 1).some((arg) => arg.type === 'SpreadElement')) return undefined;
  const arg = receiver.made.arguments[index];
  return arg === undefined ? undefined : { node: arg, ctx: receiver.ctx };
}

/** The class whose method (or field initializer) holds the node; `this` of a nested `function` is another one. */
function enclosingClass(node: TSESTree.Node): ClassNode | undefined {
  for (let current = node.parent; current !== undefined; current = current.parent) {
    if (current.type === 'ClassBody') {
      const cls = current.parent;
      return cls?.type === 'ClassDeclaration' || cls?.type === 'ClassExpression' ? cls : undefined;
    }
    if ((current.type === 'FunctionExpression' || current.type === 'FunctionDeclaration') &&
      current.parent?.type !== 'MethodDefinition') return undefined;
  }
  return undefined;
}

/** Every `this.name = ...` (and `this.name ??= ...`) in the class, nested functions included. */
function assignmentsTo(cls: ClassNode, name: string): TSESTree.AssignmentExpression[] {
  const found: TSESTree.AssignmentExpression[] = [];
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const record = node as Record<string, unknown> & { type?: unknown };
    if (typeof record.type !== 'string') return;
    if (record.type === 'AssignmentExpression') {
      const left = unwrapTS((record as unknown as TSESTree.AssignmentExpression).left);
      if (left.type === 'MemberExpression' && unwrapTS(left.object).type === 'ThisExpression' && !left.computed &&
        keyName(left.property) === name) {
        found.push(record as unknown as TSESTree.AssignmentExpression);
      }
    }
    for (const key of Object.keys(record)) {
      if (key === 'parent' || key === 'loc' || key === 'range') continue;
      visit(record[key]);
    }
  };
  visit(cls.body);
  return found;
}

function keyName(key: TSESTree.Node): string | undefined {
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'PrivateIdentifier') return `#${key.name}`;
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : undefined;
}
