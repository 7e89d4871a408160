/**
 * A body whose declared type describes the deprecated body (`const body: AssignAppRequest = {...}`,
 * `{...} satisfies AssignAppRequest`): the value cannot change shape unless its type does. Two cases change both
 * together, so that the file still type-checks:
 * - the file declares a v3 body type (an interface or type literal whose keys are exactly the v3 body's): the
 *   annotation names it instead;
 * - the type is an interface or type literal of this file that only this body uses: its members become the v3 body's.
 * Anything else (a type from another module, a generic, `extends`, a type used elsewhere) stays `body-typed`.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from './context.js';
import { AssigneeType, AssignmentMode, DEPRECATED_KEYS, V3Key } from './contract.js';
import type { BodyObject } from './body.js';
import { findVariable, isExported, type VariableLike } from './scope.js';
import { isAsConst } from './syntax.js';

/** One edit of a type, in the file of the body. */
export interface TypeEdit {
  readonly range: readonly [number, number];
  readonly text: string;
  readonly ctx: SourceContext;
}

const V3_KEYS: ReadonlySet<string> = new Set([V3Key.assigneeType, V3Key.assigneeUid, V3Key.appCodeName, V3Key.settings]);
const UID_KEYS = ['business_uid', 'directory_uid'];

/** The edit that makes the body's declared type take the v3 body, or undefined when there is no safe one. */
export function retypeBody(body: BodyObject): TypeEdit | undefined {
  const annotations = annotationsOf(body);
  if (annotations === undefined || annotations.length !== 1) return undefined;
  return retypeAnnotation(annotations[0]!, body.ctx);
}

/**
 * The same edit for a type written elsewhere that describes the deprecated body (a mock handler's
 * `http.post<Params, LegacyBody>`): only when every key the type declares is a key of the deprecated body.
 */
export function retypeDeprecatedBody(annotation: TSESTree.TypeNode, ctx: SourceContext): TypeEdit | undefined {
  const literal = annotation.type === 'TSTypeLiteral' ? annotation.members : undefined;
  let declared: TypeDeclaration | undefined;
  if (literal === undefined) {
    if (annotation.type !== 'TSTypeReference' || annotation.typeName.type !== 'Identifier') return undefined;
    const variable = findVariable(ctx.getScope(annotation), annotation.typeName.name);
    declared = variable === undefined ? undefined : typeDeclarationOf(variable);
    if (declared === undefined) return undefined;
  }
  const members = membersOf(literal ?? declared!);
  if (members === undefined || ![...members.keys()].every((key) => (DEPRECATED_KEYS as readonly string[]).includes(key))) return undefined;
  return retypeAnnotation(annotation, ctx);
}

function retypeAnnotation(annotation: TSESTree.TypeNode, ctx: SourceContext): TypeEdit | undefined {
  // A type written where the body is (`const body: { business_uid: string } = ...`) describes that body alone.
  if (annotation.type === 'TSTypeLiteral') {
    const members = membersOf(annotation.members);
    const uid = members === undefined || isV3Shape(members) ? undefined : uidTypeOf(members, ctx);
    return uid === undefined ? undefined : { range: annotation.range, text: v3Members(annotation, uid, ctx), ctx };
  }
  if (annotation.type !== 'TSTypeReference' || annotation.typeName.type !== 'Identifier' || annotation.typeArguments !== undefined) return undefined;
  const name = annotation.typeName;
  const variable = findVariable(ctx.getScope(annotation), name.name);
  const declared = variable === undefined ? undefined : typeDeclarationOf(variable);
  if (declared === undefined) return undefined;
  const members = membersOf(declared);
  if (members === undefined || isV3Shape(members)) return undefined;
  const v3 = v3TypeOf(annotation, ctx);
  if (v3 !== undefined) return { range: name.range, text: v3, ctx };
  // Only this body uses the type: its members can become the v3 body's.
  const exported = isExported(variable!) || declared.parent?.type === 'ExportNamedDeclaration' || declared.parent?.type === 'ExportDefaultDeclaration';
  if (variable!.references.length !== 1 || exported || declared.typeParameters !== undefined) return undefined;
  if (declared.type === 'TSInterfaceDeclaration' && (declared.extends?.length ?? 0) > 0) return undefined;
  const uid = uidTypeOf(members, ctx);
  if (uid === undefined) return undefined;
  const literal = declared.type === 'TSInterfaceDeclaration' ? declared.body : declared.typeAnnotation as TSESTree.TSTypeLiteral;
  return { range: literal.range, text: v3Members(literal, uid, ctx), ctx };
}

/** The type annotations that describe the object: on the consts that lead to it and around it, `as const` aside. */
function annotationsOf(body: BodyObject): TSESTree.TypeNode[] | undefined {
  const found: TSESTree.TypeNode[] = [];
  for (let node: TSESTree.Node = body.object; node.parent != null; node = node.parent) {
    const parent = node.parent;
    if (parent.type === 'TSSatisfiesExpression' || (parent.type === 'TSAsExpression' && !isAsConst(parent))) found.push(parent.typeAnnotation);
    else if (parent.type !== 'TSAsExpression' && parent.type !== 'TSNonNullExpression') break;
  }
  for (const variable of body.via) {
    const declarator = variable.defs[0]?.node as TSESTree.Node | undefined;
    if (declarator?.type !== 'VariableDeclarator' || declarator.id.type !== 'Identifier') return undefined;
    const annotation = declarator.id.typeAnnotation?.typeAnnotation;
    if (annotation !== undefined) found.push(annotation);
    // An annotation of the const's own initializer (`const b = {...} satisfies T` was read above only for the object).
    for (let init = declarator.init; init !== null && (init.type === 'TSSatisfiesExpression' || init.type === 'TSAsExpression'); init = init.expression) {
      if (init.expression !== body.object && !isAsConst(init) && !found.includes(init.typeAnnotation)) found.push(init.typeAnnotation);
    }
  }
  return found;
}

type TypeDeclaration = TSESTree.TSInterfaceDeclaration | TSESTree.TSTypeAliasDeclaration;

function typeDeclarationOf(variable: VariableLike): TypeDeclaration | undefined {
  if (variable.defs.length !== 1) return undefined;
  const node = variable.defs[0]!.node as TSESTree.Node;
  if (node.type === 'TSInterfaceDeclaration') return node.declare === true ? undefined : node;
  if (node.type === 'TSTypeAliasDeclaration' && node.typeAnnotation.type === 'TSTypeLiteral') return node.declare === true ? undefined : node;
  return undefined;
}

function membersOf(declared: TypeDeclaration | readonly TSESTree.TypeElement[]): Map<string, TSESTree.TSPropertySignature> | undefined {
  const members = 'type' in declared
    ? declared.type === 'TSInterfaceDeclaration' ? declared.body.body : (declared.typeAnnotation as TSESTree.TSTypeLiteral).members
    : declared;
  const byKey = new Map<string, TSESTree.TSPropertySignature>();
  for (const member of members) {
    if (member.type !== 'TSPropertySignature' || member.computed) return undefined;
    const key = member.key.type === 'Identifier' ? member.key.name : member.key.type === 'Literal' ? String(member.key.value) : undefined;
    if (key === undefined || byKey.has(key)) return undefined;
    byKey.set(key, member);
  }
  return byKey;
}

function isV3Shape(members: ReadonlyMap<string, unknown>): boolean {
  return [...members.keys()].every((key) => V3_KEYS.has(key)) &&
    [V3Key.assigneeType, V3Key.assigneeUid, V3Key.appCodeName].every((key) => members.has(key));
}

/** A type of this file, visible where the body is annotated, whose keys are exactly the v3 body's. */
function v3TypeOf(at: TSESTree.Node, ctx: SourceContext): string | undefined {
  let program: TSESTree.Node = at;
  while (program.parent != null) program = program.parent;
  if (program.type !== 'Program') return undefined;
  for (const statement of program.body) {
    const declared = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declared?.type !== 'TSInterfaceDeclaration' && declared?.type !== 'TSTypeAliasDeclaration') continue;
    if (declared.typeParameters !== undefined || (declared.type === 'TSInterfaceDeclaration' && (declared.extends?.length ?? 0) > 0)) continue;
    if (declared.type === 'TSTypeAliasDeclaration' && declared.typeAnnotation.type !== 'TSTypeLiteral') continue;
    const members = membersOf(declared);
    if (members === undefined || !isV3Shape(members)) continue;
    // The name must mean this declaration where the body's annotation is written.
    const variable = findVariable(ctx.getScope(at), declared.id.name);
    if (variable?.defs[0]?.node === declared && variable.defs.length === 1) return declared.id.name;
  }
  return undefined;
}

/** The type of the assignee's uid as the old type declares it (`string`), with its optionality; one for both keys. */
function uidTypeOf(members: ReadonlyMap<string, TSESTree.TSPropertySignature>, ctx: SourceContext): { text: string; optional: boolean } | undefined {
  const uids = UID_KEYS.map((key) => members.get(key)).filter((member) => member !== undefined);
  const texts = new Set(uids.map((member) => member.typeAnnotation === undefined ? 'any' : textOf(member.typeAnnotation.typeAnnotation, ctx)));
  if (texts.size !== 1) return undefined;
  return { text: [...texts][0]!, optional: uids.every((member) => member.optional === true) };
}

/** The v3 body's members, written in the layout of the literal they replace. */
function v3Members(literal: TSESTree.TSInterfaceBody | TSESTree.TSTypeLiteral, uid: { text: string; optional: boolean }, ctx: SourceContext): string {
  const original = textOf(literal, ctx);
  const quote = /"/.test(original) && !/'/.test(original) ? '"' : "'";
  const union = (values: readonly string[]) => values.map((value) => `${quote}${value}${quote}`).join(' | ');
  const members = [
    `${V3Key.assigneeType}: ${union(Object.values(AssigneeType))}`,
    `${V3Key.assigneeUid}${uid.optional ? '?' : ''}: ${uid.text}`,
    `${V3Key.appCodeName}: string`,
    `${V3Key.settings}?: { ${V3Key.assignmentMode}: ${union(Object.values(AssignmentMode))} }`,
  ];
  const separator = /,\s*(?:\r?\n|\})/.test(original) && !/;/.test(original) ? ',' : ';';
  const eol = original.includes('\r\n') ? '\r\n' : '\n';
  const firstLine = /\{[ \t]*\r?\n([ \t]*)\S/.exec(original);
  if (firstLine === null) return `{ ${members.join(`${separator} `)} }`;
  const indent = firstLine[1]!;
  const closing = /\r?\n([ \t]*)\}$/.exec(original)?.[1] ?? '';
  return `{${eol}${members.map((member) => `${indent}${member}${separator}`).join(eol)}${eol}${closing}}`;
}

function textOf(node: TSESTree.Node, ctx: SourceContext): string {
  return ctx.text.slice(node.range[0], node.range[1]);
}
