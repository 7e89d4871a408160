/**
 * Assignee values that the source declares may be `undefined`, besides an optional parameter (body.ts): a property
 * its type declares optional or `| undefined` (`user.businessUid` with `businessUid?: string`, a field of
 * `Partial<…>`, a class field), a name destructured from such a property (`{ biz }: { biz?: string }`), an optional
 * chain (`user?.biz`) and an environment variable (`process.env.BUSINESS_UID`). JSON drops an undefined value: the old
 * body then named no assignee, which the v3 body cannot say (`assignee-may-be-absent`). Types are read as written in
 * the file; a type from another module is not followed.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from './context.js';
import { enclosingClass } from './clients/this-member.js';
import { staticMemberName } from './follow.js';
import { findVariable, type VariableLike } from './scope.js';
import { unwrapTS } from './syntax.js';

const MAX_TYPE_DEPTH = 4;

/** Whether a member read (or a chain of one) may give `undefined` by what the source declares. */
export function memberMayBeAbsent(node: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(node);
  if (expr.type === 'ChainExpression') return true;
  if (expr.type !== 'MemberExpression') return false;
  if (expr.optional) return true;
  const object = unwrapTS(expr.object);
  // `process.env.X`: set on some machines, not on others.
  if (object.type === 'MemberExpression' && !object.computed && object.property.type === 'Identifier' && object.property.name === 'env' &&
    unwrapTS(object.object).type === 'Identifier' && (unwrapTS(object.object) as TSESTree.Identifier).name === 'process' &&
    findVariable(ctx.getScope(object), 'process') === undefined) return true;
  const key = staticMemberName(expr);
  if (key === undefined) return false;
  if (object.type === 'ThisExpression') {
    const cls = enclosingClass(expr);
    const field = cls?.body.body.find((m): m is TSESTree.PropertyDefinition => m.type === 'PropertyDefinition' && !m.static && !m.computed &&
      m.key.type === 'Identifier' && m.key.name === key);
    return field !== undefined && (field.optional === true || undefinedIn(field.typeAnnotation?.typeAnnotation));
  }
  if (object.type !== 'Identifier') return false;
  const type = declaredType(findVariable(ctx.getScope(object), object.name));
  return type !== undefined && propertyMayBeAbsent(type, key, 0);
}

/** Whether a parameter destructured from an object (`{ biz }: { biz?: string }`) takes a property declared optional. */
export function destructuredMayBeAbsent(variable: VariableLike): boolean {
  const def = variable.defs.length === 1 ? variable.defs[0] : undefined;
  const id = def?.name as TSESTree.Node | undefined;
  if (def?.type !== 'Parameter' || id?.type !== 'Identifier') return false;
  const property = id.parent;
  const pattern = property?.parent;
  if (property?.type !== 'Property' || property.value !== id || pattern?.type !== 'ObjectPattern' || property.computed) return false;
  const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : undefined;
  const type = pattern.typeAnnotation?.typeAnnotation ??
    (pattern.parent?.type === 'AssignmentPattern' ? (pattern.parent.left as TSESTree.ObjectPattern).typeAnnotation?.typeAnnotation : undefined);
  return key !== undefined && type !== undefined && propertyMayBeAbsent(type, key, 0);
}

/** The type a parameter or a variable is declared with, as written. */
function declaredType(variable: VariableLike | undefined): TSESTree.TypeNode | undefined {
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  const id = def?.name as TSESTree.Node | undefined;
  if (id?.type !== 'Identifier' || (def!.type !== 'Parameter' && def!.type !== 'Variable')) return undefined;
  return id.typeAnnotation?.typeAnnotation;
}

function undefinedIn(type: TSESTree.TypeNode | undefined): boolean {
  return type?.type === 'TSUndefinedKeyword' || type?.type === 'TSVoidKeyword' || (type?.type === 'TSUnionType' && type.types.some(undefinedIn));
}

/** Whether the property `key` of a type may be absent or undefined: optional, `| undefined`, or under `Partial`. */
function propertyMayBeAbsent(type: TSESTree.TypeNode, key: string, depth: number): boolean {
  if (depth > MAX_TYPE_DEPTH) return false;
  switch (type.type) {
    case 'TSTypeLiteral':
      return membersSay(type.members, key);
    case 'TSUnionType':
      return type.types.some((t) => propertyMayBeAbsent(t, key, depth + 1));
    case 'TSIntersectionType':
      return type.types.some((t) => propertyMayBeAbsent(t, key, depth + 1));
    case 'TSTypeReference': {
      if (type.typeName.type !== 'Identifier') return false;
      if (type.typeName.name === 'Partial') return true;
      const declared = typeDeclaration(type.typeName);
      if (declared?.type === 'TSInterfaceDeclaration') return membersSay(declared.body.body, key);
      if (declared?.type === 'TSTypeAliasDeclaration') return propertyMayBeAbsent(declared.typeAnnotation, key, depth + 1);
      return false;
    }
    default:
      return false;
  }
}

function membersSay(members: readonly TSESTree.TypeElement[], key: string): boolean {
  return members.some((m) => m.type === 'TSPropertySignature' && !m.computed &&
    (m.key.type === 'Identifier' ? m.key.name : m.key.type === 'Literal' ? String(m.key.value) : undefined) === key &&
    (m.optional === true || undefinedIn(m.typeAnnotation?.typeAnnotation)));
}

/** An interface or type alias of the file, by its name (declared at the top level, exported or not). */
function typeDeclaration(name: TSESTree.Identifier): TSESTree.TSInterfaceDeclaration | TSESTree.TSTypeAliasDeclaration | undefined {
  let root: TSESTree.Node = name;
  while (root.parent !== undefined && root.parent !== null) root = root.parent;
  if (root.type !== 'Program') return undefined;
  for (const statement of root.body) {
    const node = statement.type === 'ExportNamedDeclaration' && statement.declaration !== null && statement.declaration !== undefined ? statement.declaration : statement;
    if ((node.type === 'TSInterfaceDeclaration' || node.type === 'TSTypeAliasDeclaration') && node.id.name === name.name) return node;
  }
  return undefined;
}
