/**
 * Values whose declared type matters. Assignee values that the source declares may be `undefined`, besides an optional parameter (body.ts): a property
 * its type declares optional or `| undefined` (`user.businessUid` with `businessUid?: string`, a field of
 * `Partial<…>`, a class field), a name destructured from such a property (`{ biz }: { biz?: string }`), an optional
 * chain (`user?.biz`) and an environment variable (`process.env.BUSINESS_UID`). JSON drops an undefined value: the old
 * body then named no assignee, which the v3 body cannot say (`assignee-may-be-absent`). Types are read as written in
 * the file, and in a project through the imports of types from the program's modules; a type that cannot be read
 * (another module read file by file, a package) may say so.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { enclosingClass } from './clients/this-member.js';
import { staticMemberName } from './follow.js';
import { findVariable, importOf, type VariableLike } from '../facts/scope.js';
import { unwrapTS } from '../facts/syntax.js';

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
    return field !== undefined && (field.optional === true || (field.typeAnnotation !== undefined && typeMayBeUndefined(field.typeAnnotation.typeAnnotation, ctx)));
  }
  if (object.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(object), object.name);
  const type = declaredType(variable) ?? elementTypeOfLoop(variable, ctx);
  return type !== undefined && propertyMayBeAbsent(type, key, 0, ctx);
}

/**
 * Whether a type, as written, may hold `undefined`: `undefined` or `void`, a union that holds one, a property read
 * through an indexed access that may be absent (`Tenant['businessUid']` with `businessUid?: string`), an alias of one
 * (in a project, declared in another module). A type that cannot be read (imported from a module read file by file, or
 * from a package; an indexed access by a key that is not written out) may.
 */
export function typeMayBeUndefined(type: TSESTree.TypeNode, ctx: SourceContext | undefined, depth = 0): boolean {
  if (depth > MAX_TYPE_DEPTH) return true;
  switch (type.type) {
    case 'TSUndefinedKeyword':
    case 'TSVoidKeyword':
      return true;
    case 'TSUnionType':
      return type.types.some((t) => typeMayBeUndefined(t, ctx, depth + 1));
    case 'TSIntersectionType':
      return type.types.every((t) => typeMayBeUndefined(t, ctx, depth + 1));
    case 'TSIndexedAccessType': {
      const index = type.indexType;
      const keys = index.type === 'TSUnionType' ? index.types : [index];
      return keys.some((key) => key.type !== 'TSLiteralType' || key.literal.type !== 'Literal' || typeof key.literal.value !== 'string' ||
        propertyMayBeAbsent(type.objectType, key.literal.value, depth + 1, ctx));
    }
    case 'TSTypeReference': {
      if (type.typeName.type !== 'Identifier') return true;
      const name = type.typeName.name;
      const declared = typeDeclaration(type.typeName, ctx);
      if (declared !== undefined) return declared.node.type === 'TSTypeAliasDeclaration' && typeMayBeUndefined(declared.node.typeAnnotation, declared.ctx, depth + 1);
      const variable = ctx === undefined ? undefined : findVariable(ctx.getScope(type.typeName), name);
      if (variable !== undefined) {
        // Imported from what is not read here; a type parameter is what its constraint says.
        if (importOf(variable) !== undefined) return true;
        const param = variable.defs.length === 1 && variable.defs[0]!.type === 'Type' ? variable.defs[0]!.node as TSESTree.Node : undefined;
        if (param?.type === 'TSTypeParameter') return param.constraint === undefined || typeMayBeUndefined(param.constraint, ctx, depth + 1);
        return false;
      }
      // The global types that keep or drop `undefined`.
      const first = type.typeArguments?.params[0];
      if (name === 'NonNullable') return false;
      if ((name === 'Exclude' || name === 'Extract' || name === 'Readonly') && first !== undefined) return typeMayBeUndefined(first, ctx, depth + 1);
      return false;
    }
    default:
      return false;
  }
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

/** Generic types whose properties are those of their first type argument, as optional as there. */
const SAME_PROPERTIES: ReadonlySet<string> = new Set(['Readonly', 'Pick', 'Omit', 'NonNullable', 'Exclude', 'Extract']);

/**
 * Whether the property `key` of a type may be absent or undefined: optional, `| undefined`, under `Partial` or a
 * mapped type that makes it optional, through `Pick`/`Omit`/`Readonly`/`NonNullable` (which keep a property's
 * optionality), an intersection or an interface it extends; a type declared in another module is read there when the
 * project resolves its import. A type whose declaration cannot be read (a module not read, a package) may say it is.
 */
function propertyMayBeAbsent(type: TSESTree.TypeNode, key: string, depth: number, ctx?: SourceContext): boolean {
  if (depth > MAX_TYPE_DEPTH) return true;
  switch (type.type) {
    case 'TSTypeLiteral':
      return membersSay(type.members, key, depth, ctx);
    case 'TSUnionType':
    case 'TSIntersectionType':
      return type.types.some((t) => propertyMayBeAbsent(t, key, depth + 1, ctx));
    case 'TSMappedType':
      if (type.optional === '-') return false;
      if (type.optional === true || type.optional === '+') return true;
      return type.constraint?.type === 'TSTypeOperator' && type.constraint.operator === 'keyof' && type.constraint.typeAnnotation !== undefined
        ? propertyMayBeAbsent(type.constraint.typeAnnotation, key, depth + 1, ctx) : true;
    case 'TSTypeReference': {
      if (type.typeName.type !== 'Identifier') return true;
      const name = type.typeName.name;
      const args = type.typeArguments?.params ?? [];
      if (name === 'Partial') return true;
      if (name === 'Required') return false;
      if (SAME_PROPERTIES.has(name)) {
        return args[0] === undefined || propertyMayBeAbsent(args[0], key, depth + 1, ctx);
      }
      const declared = typeDeclaration(type.typeName, ctx);
      if (declared === undefined) return true;
      return declarationSays(declared.node, key, depth, declared.ctx);
    }
    default:
      return false;
  }
}

/** What an interface (its members, then the interfaces it extends) or a type alias says of `key`. */
function declarationSays(node: TSESTree.TSInterfaceDeclaration | TSESTree.TSTypeAliasDeclaration, key: string, depth: number, ctx: SourceContext | undefined): boolean {
  if (node.type === 'TSTypeAliasDeclaration') return propertyMayBeAbsent(node.typeAnnotation, key, depth + 1, ctx);
  if (membersSay(node.body.body, key, depth, ctx)) return true;
  if (hasMember(node.body.body, key)) return false;
  return (node.extends ?? []).some((heritage) => heritage.expression.type !== 'Identifier' ||
    propertyMayBeAbsent({ type: 'TSTypeReference', typeName: heritage.expression, typeArguments: heritage.typeArguments, range: heritage.range, loc: heritage.loc, parent: heritage } as unknown as TSESTree.TSTypeReference,
      key, depth + 1, ctx));
}

function hasMember(members: readonly TSESTree.TypeElement[], key: string): boolean {
  return members.some((m) => m.type === 'TSPropertySignature' && !m.computed &&
    (m.key.type === 'Identifier' ? m.key.name : m.key.type === 'Literal' ? String(m.key.value) : undefined) === key);
}

function membersSay(members: readonly TSESTree.TypeElement[], key: string, depth: number, ctx: SourceContext | undefined): boolean {
  return members.some((m) => m.type === 'TSPropertySignature' && !m.computed &&
    (m.key.type === 'Identifier' ? m.key.name : m.key.type === 'Literal' ? String(m.key.value) : undefined) === key &&
    (m.optional === true || (m.typeAnnotation !== undefined && typeMayBeUndefined(m.typeAnnotation.typeAnnotation, ctx, depth + 1))));
}

/**
 * An interface or type alias by its name: declared at the top level of the file (exported or not) or, in a project,
 * imported from a module the project resolves.
 */
function typeDeclaration(name: TSESTree.Identifier, ctx: SourceContext | undefined):
  { node: TSESTree.TSInterfaceDeclaration | TSESTree.TSTypeAliasDeclaration; ctx: SourceContext | undefined } | undefined {
  let root: TSESTree.Node = name;
  while (root.parent !== undefined && root.parent !== null) root = root.parent;
  if (root.type !== 'Program') return undefined;
  for (const statement of root.body) {
    const node = statement.type === 'ExportNamedDeclaration' && statement.declaration !== null && statement.declaration !== undefined ? statement.declaration : statement;
    if ((node.type === 'TSInterfaceDeclaration' || node.type === 'TSTypeAliasDeclaration') && node.id.name === name.name) return { node, ctx };
  }
  if (ctx?.project === undefined) return undefined;
  const variable = findVariable(ctx.getScope(name), name.name);
  const imported = variable === undefined ? undefined : importOf(variable);
  if (imported === undefined || imported.imported === '*') return undefined;
  const found = ctx.project.resolveImport(imported.source, imported.imported, ctx);
  const node = found === undefined ? undefined : unwrapTS(found.node);
  return node?.type === 'TSInterfaceDeclaration' || node?.type === 'TSTypeAliasDeclaration' ? { node, ctx: found!.ctx } : undefined;
}

/**
 * Whether a member read (`app.app_id`, also of a `for (const app of apps)` element) is declared a number by the type
 * of what it is read from: a property typed `number`, a number literal, `bigint`, a union that holds one, or an alias
 * of one, read through the same declarations as `memberMayBeAbsent` (interfaces, aliases, `Pick`/`Readonly`/...,
 * intersections, extended interfaces, imported types in a project). An app id of such a type is a number id, never a
 * code name. A type that cannot be read says nothing.
 */
export function memberDeclaredNumber(node: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(node);
  if (expr.type !== 'MemberExpression') return false;
  const key = staticMemberName(expr);
  const object = unwrapTS(expr.object);
  if (key === undefined) return false;
  if (object.type === 'ThisExpression') {
    const cls = enclosingClass(expr);
    const field = cls?.body.body.find((m): m is TSESTree.PropertyDefinition => m.type === 'PropertyDefinition' && !m.static && !m.computed &&
      m.key.type === 'Identifier' && m.key.name === key);
    const annotation = field?.typeAnnotation?.typeAnnotation;
    return annotation !== undefined && numberIn(annotation, 0, ctx);
  }
  if (object.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(object), object.name);
  const type = declaredType(variable) ?? elementTypeOfLoop(variable, ctx);
  return type !== undefined && propertyIsNumber(type, key, 0, ctx);
}

/** The element type of the array a `for (const x of xs)` loop variable walks, `xs` declared `T[]`, `Array<T>`, `readonly T[]`. */
function elementTypeOfLoop(variable: VariableLike | undefined, ctx: SourceContext): TSESTree.TypeNode | undefined {
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  const declarator = def?.node as TSESTree.Node | undefined;
  const declaration = declarator?.parent;
  const loop = declaration?.parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier' || loop?.type !== 'ForOfStatement' || loop.left !== declaration) return undefined;
  const iterated = unwrapTS(loop.right);
  if (iterated.type !== 'Identifier') return undefined;
  let type = declaredType(findVariable(ctx.getScope(iterated), iterated.name));
  if (type?.type === 'TSTypeOperator' && type.operator === 'readonly') type = type.typeAnnotation;
  if (type?.type === 'TSArrayType') return type.elementType;
  if (type?.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && (type.typeName.name === 'Array' || type.typeName.name === 'ReadonlyArray')) {
    return type.typeArguments?.params[0];
  }
  return undefined;
}

function propertyIsNumber(type: TSESTree.TypeNode, key: string, depth: number, ctx: SourceContext | undefined): boolean {
  if (depth > MAX_TYPE_DEPTH) return false;
  switch (type.type) {
    case 'TSTypeLiteral':
      return membersNumber(type.members, key, depth, ctx);
    case 'TSUnionType':
    case 'TSIntersectionType':
      return type.types.some((t) => propertyIsNumber(t, key, depth + 1, ctx));
    case 'TSTypeReference': {
      if (type.typeName.type !== 'Identifier') return false;
      const name = type.typeName.name;
      const args = type.typeArguments?.params ?? [];
      if (name === 'Partial' || name === 'Required' || SAME_PROPERTIES.has(name)) return args[0] !== undefined && propertyIsNumber(args[0], key, depth + 1, ctx);
      const declared = typeDeclaration(type.typeName, ctx);
      if (declared === undefined) return false;
      if (declared.node.type === 'TSTypeAliasDeclaration') return propertyIsNumber(declared.node.typeAnnotation, key, depth + 1, declared.ctx);
      if (membersNumber(declared.node.body.body, key, depth, declared.ctx)) return true;
      if (hasMember(declared.node.body.body, key)) return false;
      return (declared.node.extends ?? []).some((heritage) => heritage.expression.type === 'Identifier' &&
        propertyIsNumber({ type: 'TSTypeReference', typeName: heritage.expression, typeArguments: heritage.typeArguments, range: heritage.range, loc: heritage.loc, parent: heritage } as unknown as TSESTree.TSTypeReference,
          key, depth + 1, declared.ctx));
    }
    default:
      return false;
  }
}

function membersNumber(members: readonly TSESTree.TypeElement[], key: string, depth: number, ctx: SourceContext | undefined): boolean {
  return members.some((m) => m.type === 'TSPropertySignature' && !m.computed &&
    (m.key.type === 'Identifier' ? m.key.name : m.key.type === 'Literal' ? String(m.key.value) : undefined) === key &&
    m.typeAnnotation !== undefined && numberIn(m.typeAnnotation.typeAnnotation, depth, ctx));
}

/** `number`, `bigint`, a number literal, a union that holds one, or an alias of one. */
function numberIn(type: TSESTree.TypeNode, depth: number, ctx: SourceContext | undefined): boolean {
  if (depth > MAX_TYPE_DEPTH) return false;
  if (type.type === 'TSNumberKeyword' || type.type === 'TSBigIntKeyword') return true;
  if (type.type === 'TSLiteralType') return type.literal.type === 'Literal' && typeof type.literal.value === 'number';
  if (type.type === 'TSUnionType') return type.types.some((t) => numberIn(t, depth + 1, ctx));
  if (type.type === 'TSTypeReference' && type.typeName.type === 'Identifier') {
    const declared = typeDeclaration(type.typeName, ctx);
    return declared?.node.type === 'TSTypeAliasDeclaration' && numberIn(declared.node.typeAnnotation, depth + 1, declared.ctx);
  }
  return false;
}

/** Whether a type, as written, is or may be a number (`number`, `bigint`, a number literal, a union or alias holding one). */
export function numberTyped(type: TSESTree.TypeNode, ctx: SourceContext): boolean {
  return numberIn(type, 0, ctx);
}
