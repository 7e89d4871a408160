/**
 * A body whose declared type describes the deprecated body (`const body: AssignAppRequest = {...}`,
 * `{...} satisfies AssignAppRequest`): the value cannot change shape unless its type does. These cases change both
 * together, so that the program still type-checks:
 * - a v3 body type (an interface or type literal whose keys are exactly the v3 body's) is declared in this file, or,
 *   with facts from other files, exported by a module of the program: the annotation names it instead (its import
 *   added, the old type's import removed when nothing else uses it);
 * - the type is an interface or type literal of this file that only this body uses: its members become the v3 body's;
 * - with facts from other files, the type is imported from a module of the program: a `SharedType` is proposed, and
 *   `shared-types.ts` rewrites its members when every use of it in the program is a body migrated in the same run.
 * Anything else (a type from a package, a generic, `extends`, a type used elsewhere) stays `body-typed`.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { AssigneeType, AssignmentMode, DEPRECATED_KEYS, V3Key } from '../facts/contract.js';
import type { BodyObject } from './body.js';
import { findVariable, importOf, isExported, type VariableLike } from '../facts/scope.js';
import { isAsConst, isRecordOfStringsType } from '../facts/syntax.js';
import { fileQuotes } from '../facts/text-facts.js';

/** One edit of a type, in the file of the body or of the type. */
export interface TypeEdit {
  readonly range: readonly [number, number];
  readonly text: string;
  readonly ctx: SourceContext;
}

/** An old body type of another module that the body names: rewritten only if every use of it is such a body. */
export interface SharedType {
  readonly declaration: TypeDeclaration;
  /** The context of the declaration's file. */
  readonly ctx: SourceContext;
  /** The body's annotation, the identifier that names the type. */
  readonly annotation: TSESTree.Identifier;
  /** The declaration's members written as the v3 body's; undefined when they cannot be (the uids typed apart). */
  readonly edit?: TypeEdit;
}

export type Retype =
  | { readonly kind: 'edits'; readonly edits: readonly TypeEdit[] }
  | { readonly kind: 'shared'; readonly shared: SharedType };

const V3_KEYS: ReadonlySet<string> = new Set([V3Key.assigneeType, V3Key.assigneeUid, V3Key.appCodeName, V3Key.settings]);
const UID_KEYS = ['business_uid', 'directory_uid'];

/** The edits that make the body's declared type take the v3 body, or undefined when there is no safe one. */
export function retypeBody(body: BodyObject): Retype | undefined {
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
  // One edit of this file: a type another module declares, or one that needs an import, stays as it is here.
  const retyped = retypeAnnotation(annotation, ctx);
  return retyped?.kind === 'edits' && retyped.edits.length === 1 && retyped.edits[0]!.ctx === ctx ? retyped.edits[0] : undefined;
}

function retypeAnnotation(annotation: TSESTree.TypeNode, ctx: SourceContext): Retype | undefined {
  // A type written where the body is (`const body: { business_uid: string } = ...`) describes that body alone.
  if (annotation.type === 'TSTypeLiteral') {
    const members = membersOf(annotation.members);
    const uid = members === undefined || isV3Shape(members) ? undefined : uidTypeOf(members, ctx);
    return uid === undefined ? undefined : edits({ range: annotation.range, text: v3Members(annotation, uid, ctx), ctx });
  }
  if (annotation.type !== 'TSTypeReference' || annotation.typeName.type !== 'Identifier' || annotation.typeArguments !== undefined) return undefined;
  const name = annotation.typeName;
  const variable = findVariable(ctx.getScope(annotation), name.name);
  if (variable === undefined) return undefined;
  const from = importOf(variable);
  if (from !== undefined) return retypeImported(name, variable, from, ctx);
  const declared = typeDeclarationOf(variable);
  if (declared === undefined) return undefined;
  const members = membersOf(declared);
  if (members === undefined || isV3Shape(members)) return undefined;
  const v3 = v3TypeOf(annotation, ctx);
  if (v3 !== undefined) return edits({ range: name.range, text: v3, ctx });
  // Only this body uses the type: its members can become the v3 body's.
  const exported = isExported(variable) || declared.parent?.type === 'ExportNamedDeclaration' || declared.parent?.type === 'ExportDefaultDeclaration';
  if (variable.references.length !== 1 || exported || declared.typeParameters !== undefined) return undefined;
  if (declared.type === 'TSInterfaceDeclaration' && (declared.extends?.length ?? 0) > 0) return undefined;
  const uid = uidTypeOf(members, ctx);
  if (uid === undefined) return undefined;
  const literal = declared.type === 'TSInterfaceDeclaration' ? declared.body : declared.typeAnnotation as TSESTree.TSTypeLiteral;
  return edits({ range: literal.range, text: v3Members(literal, uid, ctx), ctx });
}

const edits = (...list: TypeEdit[]): Retype => ({ kind: 'edits', edits: list });

/**
 * A caller's body typed by the parameter of the function it is passed to (`assignApp(code, body: AssignBody)`): as a
 * body's own annotation, and besides, an exported type of the function's module is proposed for a rewrite of its
 * members, which the whole program decides (every use of it must be this parameter, or another migrated body).
 */
export function retypeParameter(annotation: TSESTree.TSTypeReference, ctx: SourceContext): Retype | undefined {
  // `body: Record<string, string>`: a map of strings, which the v3 body's settings object is not; every body passed
  // there fits `Record<string, unknown>`, and the function (which sends its body as it is given, or it would not be
  // followed) reads no value of it as a string.
  // A default value (`body: Record<string, string> = { directory_uid: 'root' }`) is an old body the widened type would
  // let through to v3 for a call that passes none: the type stays, and so do the bodies.
  const parameter = annotation.parent?.parent;
  const defaulted = parameter?.parent?.type === 'AssignmentPattern' && parameter.parent.left === parameter;
  if (isRecordOfStrings(annotation, ctx)) return defaulted ? undefined : edits({ range: annotation.range, text: 'Record<string, unknown>', ctx });
  const own = retypeAnnotation(annotation, ctx);
  if (own !== undefined || ctx.project === undefined || annotation.typeName.type !== 'Identifier') return own;
  const name = annotation.typeName;
  const variable = findVariable(ctx.getScope(annotation), name.name);
  const declared = variable === undefined || importOf(variable) !== undefined ? undefined : typeDeclarationOf(variable);
  if (declared === undefined || !plainTopLevel(declared)) return undefined;
  const members = membersOf(declared);
  if (members === undefined || isV3Shape(members)) return undefined;
  const uid = uidTypeOf(members, ctx);
  const literal = declared.type === 'TSInterfaceDeclaration' ? declared.body : declared.typeAnnotation as TSESTree.TSTypeLiteral;
  const edit = uid === undefined ? undefined : { range: literal.range, text: v3Members(literal, uid, ctx), ctx };
  return { kind: 'shared', shared: { declaration: declared, ctx, annotation: name, ...(edit === undefined ? {} : { edit }) } };
}

/** `Record<string, string>`, with TypeScript's own `Record`. */
function isRecordOfStrings(annotation: TSESTree.TSTypeReference, ctx: SourceContext): boolean {
  return isRecordOfStringsType(annotation) && findVariable(ctx.getScope(annotation), 'Record') === undefined;
}

/**
 * A body typed by an imported name. Only another file can say what it is (`ProjectFacts.resolveImport`): a package's
 * type, or one the project cannot follow, stays as it is. A v3 body type, here or exported by a module of the program,
 * is named instead; otherwise the old type is proposed for a rewrite of its members, which the whole program decides.
 */
function retypeImported(name: TSESTree.Identifier, variable: VariableLike, from: { source: string; imported: string }, ctx: SourceContext): Retype | undefined {
  if (ctx.project === undefined || from.imported === '*') return undefined;
  const found = ctx.project.resolveImport(from.source, from.imported, ctx);
  if (found === undefined) return undefined;
  const declared = found.node;
  if ((declared.type !== 'TSInterfaceDeclaration' && declared.type !== 'TSTypeAliasDeclaration') || !plainTopLevel(declared)) return undefined;
  const members = membersOf(declared);
  if (members === undefined || isV3Shape(members)) return undefined;
  const v3 = v3Named(name, variable, declared, ctx);
  if (v3 === 'refuse') return undefined;
  if (v3 !== undefined) return { kind: 'edits', edits: v3 };
  // A checked JavaScript file names it in a JSDoc type (`import('./types.js').AssignAppRequest`): a use no syntax tree of
  // the program shows, which a rewrite of the type's members would break.
  const jsdoc = new RegExp(`import\\(\\s*['"][^'"]*['"]\\s*\\)\\s*\\.\\s*${declared.id.name}(?![\\w$])`);
  if (ctx.project.anyFileMatches === undefined || ctx.project.anyFileMatches(jsdoc)) return undefined;
  const uid = uidTypeOf(members, found.ctx);
  const literal = declared.type === 'TSInterfaceDeclaration' ? declared.body : declared.typeAnnotation as TSESTree.TSTypeLiteral;
  const edit = uid === undefined ? undefined : { range: literal.range, text: v3Members(literal, uid, found.ctx), ctx: found.ctx };
  return { kind: 'shared', shared: { declaration: declared, ctx: found.ctx, annotation: name, ...(edit === undefined ? {} : { edit }) } };
}

/** A declaration of the module's top level (exported or not), not `declare`d, not generic, extending nothing. */
function plainTopLevel(declared: TypeDeclaration): boolean {
  const parent = declared.parent?.type === 'ExportNamedDeclaration' ? declared.parent.parent : declared.parent;
  if (parent?.type !== 'Program' || declared.declare === true || declared.typeParameters !== undefined) return false;
  if (declared.type === 'TSTypeAliasDeclaration') return declared.typeAnnotation.type === 'TSTypeLiteral';
  return (declared.extends?.length ?? 0) === 0;
}

/**
 * The edits that name a v3 body type at an annotation that names an imported old type: this file's own v3 type, or
 * one a module of the program exports (found by `modulesWith`, or in the old type's module), with its import. The old
 * type's import goes when this annotation was its only use and it can be removed exactly. 'refuse' when a v3 type
 * exists but its name means something else here; undefined when there is none.
 */
function v3Named(name: TSESTree.Identifier, old: VariableLike, oldType: TypeDeclaration, ctx: SourceContext): TypeEdit[] | 'refuse' | undefined {
  const project = ctx.project!;
  const program = programOf(name);
  if (program === undefined) return undefined;
  const local = v3TypeOf(name, ctx);
  if (local !== undefined) return [{ range: name.range, text: local, ctx }, ...removeImport(old, ctx) ?? []];
  const oldImport = old.defs[0]!.parent as TSESTree.ImportDeclaration;
  // Where a v3 type may be: the old type's module (imported as the old type is), and modules that spell the v3 keys.
  const candidates: { specifier: string; node: TypeDeclaration; name: string }[] = [];
  for (const node of exportedV3Types(programOf(oldType), ctx)) candidates.push({ specifier: oldImport.source.value, node, name: node.id.name });
  for (const module of project.modulesWith?.([V3Key.assigneeUid, V3Key.appCodeName], ctx) ?? []) {
    for (const node of exportedV3Types(module.program, ctx)) if (!candidates.some((c) => c.node === node)) candidates.push({ specifier: module.specifier, node, name: node.id.name });
  }
  // The specifier must name that declaration, as the compiler resolves it from here.
  const reachable = candidates.filter((c) => project.resolveImport(c.specifier, c.name, ctx)?.node === c.node);
  if (candidates.length === 0) return undefined;
  const chosen = reachable[0];
  if (chosen === undefined) return 'refuse';
  const bound = findVariable(ctx.getScope(name), chosen.name);
  if (bound !== undefined) {
    // Already in scope: the same declaration, imported; any other binding of that name is a clash.
    const imported = importOf(bound);
    if (imported === undefined || imported.imported === '*' || project.resolveImport(imported.source, imported.imported, ctx)?.node !== chosen.node) return 'refuse';
    return [{ range: name.range, text: chosen.name, ctx }, ...removeImport(old, ctx) ?? []];
  }
  // A name the file already spells means something else there (a global such as the DOM's Request, a global type of a
  // declaration file): an import of it would hide that.
  if (new RegExp(`(?<![\\w$])${chosen.name}(?![\\w$])`).test(ctx.text)) return 'refuse';
  const rename: TypeEdit = { range: name.range, text: chosen.name, ctx };
  const imports = program.body.filter((statement): statement is TSESTree.ImportDeclaration => statement.type === 'ImportDeclaration');
  // An import of the module (or of one that re-exports the type) takes the name as one more specifier.
  const into = imports.find((decl) => decl.specifiers.some((spec) => spec.type === 'ImportSpecifier') &&
    project.resolveImport(decl.source.value, chosen.name, ctx)?.node === chosen.node);
  const sole = soleUse(old, ctx);
  const oldSpec = old.defs[0]!.node as TSESTree.Node;
  if (into !== undefined) {
    // The old name's specifier becomes the new one where it is in that very import, unaliased.
    if (sole && into === oldImport && oldSpec.type === 'ImportSpecifier' && oldSpec.imported.type === 'Identifier' && oldSpec.imported.name === oldSpec.local.name) {
      return [rename, { range: oldSpec.local.range, text: chosen.name, ctx }];
    }
    const last = into.specifiers[into.specifiers.length - 1]!;
    const typeOnly = into.importKind === 'type' ? '' : 'type ';
    const added: TypeEdit = { range: [last.range[1], last.range[1]], text: `, ${typeOnly}${chosen.name}`, ctx };
    return [rename, added, ...sole ? removeImport(old, ctx) ?? [] : []];
  }
  const last = imports[imports.length - 1];
  if (last === undefined) return undefined;
  const lastText = ctx.text.slice(last.range[0], last.range[1]);
  const quote = ctx.text[last.source.range[0]] === '"' ? '"' : "'";
  const statement = `import type { ${chosen.name} } from ${quote}${chosen.specifier}${quote}${lastText.endsWith(';') ? ';' : ''}`;
  // The old import is the last one and names nothing else: the new one takes its place.
  if (sole && oldImport.specifiers.length === 1 && last === oldImport && !hasComment(oldImport.range, ctx)) {
    return [rename, { range: oldImport.range, text: statement, ctx }];
  }
  const eol = ctx.text.includes('\r\n') ? '\r\n' : '\n';
  // After the last import's line, so that a comment that ends the line stays with it.
  const lineEnd = /[^\r\n]*/.exec(ctx.text.slice(last.range[1]))![0];
  if (/\/\*(?![\s\S]*\*\/)/.test(lineEnd)) return 'refuse';
  const at = last.range[1] + lineEnd.length;
  const removal = sole && !(last === oldImport && oldImport.specifiers.length === 1) ? removeImport(old, ctx) ?? [] : [];
  return [rename, { range: [at, at], text: `${eol}${statement}`, ctx }, ...removal];
}

/** The exported v3 body types a module declares: `export interface` or `export type` with exactly the v3 keys. */
function exportedV3Types(program: TSESTree.Program | undefined, ctx: SourceContext): TypeDeclaration[] {
  const found: TypeDeclaration[] = [];
  for (const statement of program?.body ?? []) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const declared = statement.declaration;
    if ((declared?.type !== 'TSInterfaceDeclaration' && declared?.type !== 'TSTypeAliasDeclaration') || !plainTopLevel(declared)) continue;
    const members = membersOf(declared);
    if (members !== undefined && takesV3Bodies(members) && !mayBeMerged(declared, ctx)) found.push(declared);
  }
  return found;
}

/**
 * The edit that removes an import nothing uses any more (its only use was renamed): the specifier with its comma, or
 * the whole line when it was the import's only one. Undefined when that cannot be done exactly (a comment on the way,
 * another statement on the line); the import then stays.
 */
/**
 * The annotation is the import's one use: one reference, and the name spelled nowhere else in the file (a comment may
 * name it: `{@link Old}`).
 */
function soleUse(variable: VariableLike, ctx: SourceContext): boolean {
  const spelled = ctx.text.match(new RegExp(`(?<![\\w$])${variable.name}(?![\\w$])`, 'g'))?.length ?? 0;
  return variable.references.length === 1 && spelled <= 2;
}

function removeImport(variable: VariableLike, ctx: SourceContext): TypeEdit[] | undefined {
  if (!soleUse(variable, ctx)) return undefined;
  const spec = variable.defs[0]!.node as TSESTree.ImportClause;
  const decl = variable.defs[0]!.parent as TSESTree.ImportDeclaration;
  if (hasComment(decl.range, ctx)) return undefined;
  const specs = decl.specifiers;
  if (specs.length === 1) {
    const start = ctx.text.lastIndexOf('\n', decl.range[0] - 1) + 1;
    const end = /^[ \t]*\r?\n/.exec(ctx.text.slice(decl.range[1]));
    if (end === null || ctx.text.slice(start, decl.range[0]).trim() !== '') return undefined;
    return [{ range: [start, decl.range[1] + end[0].length], text: '', ctx }];
  }
  const index = specs.indexOf(spec);
  if (spec.type !== 'ImportSpecifier' || index < 0) return undefined;
  const range: [number, number] = index < specs.length - 1 ? [spec.range[0], specs[index + 1]!.range[0]] : [specs[index - 1]!.range[1], spec.range[1]];
  // `{ a, b }` and `import d, { a }`: only a comma and spaces may go with the name.
  const rest = ctx.text.slice(...range).replace(ctx.text.slice(...spec.range), '');
  if (!/^[\s,]*$/.test(rest) || specs[index - 1]?.type === 'ImportDefaultSpecifier') return undefined;
  return [{ range, text: '', ctx }];
}

function hasComment(range: readonly [number, number], ctx: SourceContext): boolean {
  return ctx.comments.some((comment) => comment.range[0] >= range[0] && comment.range[1] <= range[1]);
}

function programOf(node: TSESTree.Node): TSESTree.Program | undefined {
  let top: TSESTree.Node = node;
  while (top.parent != null) top = top.parent;
  return top.type === 'Program' ? top : undefined;
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

export type TypeDeclaration = TSESTree.TSInterfaceDeclaration | TSESTree.TSTypeAliasDeclaration;

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

/**
 * A type that takes every v3 body the rewrite writes: `assignee_type` a string (or a union with both assignee types),
 * `assignee_uid` and `app_code_name` strings, `settings` optional with `assignment_mode` a string (or a union with both
 * modes); nothing else. A type of the v3 keys with narrower members would not take them.
 */
function takesV3Bodies(members: ReadonlyMap<string, TSESTree.TSPropertySignature>): boolean {
  if (!isV3Shape(members)) return false;
  const typeOf = (key: string) => members.get(key)?.typeAnnotation?.typeAnnotation;
  const isString = (type: TSESTree.TypeNode | undefined) => type?.type === 'TSStringKeyword';
  const takes = (type: TSESTree.TypeNode | undefined, values: readonly string[]) => isString(type) || (type?.type === 'TSUnionType' &&
    values.every((value) => type.types.some((t) => t.type === 'TSLiteralType' && t.literal.type === 'Literal' && t.literal.value === value)) &&
    type.types.every((t) => t.type === 'TSLiteralType' && t.literal.type === 'Literal' && typeof t.literal.value === 'string'));
  const required = [V3Key.assigneeType, V3Key.assigneeUid, V3Key.appCodeName].every((key) => members.get(key)?.optional !== true);
  if (!required || !takes(typeOf(V3Key.assigneeType), Object.values(AssigneeType)) || !isString(typeOf(V3Key.assigneeUid)) || !isString(typeOf(V3Key.appCodeName))) return false;
  const settings = members.get(V3Key.settings);
  if (settings === undefined) return true;
  const literal = settings.typeAnnotation?.typeAnnotation;
  if (settings.optional !== true || literal?.type !== 'TSTypeLiteral') return false;
  const inner = membersOf(literal.members);
  return inner !== undefined && inner.size === 1 && inner.get(V3Key.assignmentMode)?.optional !== true &&
    takes(inner.get(V3Key.assignmentMode)?.typeAnnotation?.typeAnnotation, Object.values(AssignmentMode));
}

/** An interface that other code may extend: merged with another block, or augmented by `declare module`/`global`. */
function mayBeMerged(declared: TypeDeclaration, ctx: SourceContext): boolean {
  if (declared.type !== 'TSInterfaceDeclaration') return false;
  const program = programOf(declared);
  const same = (program?.body ?? []).filter((statement) => {
    const node = statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
    return node != null && 'id' in node && node.id?.type === 'Identifier' && node.id.name === declared.id.name;
  });
  if (same.length > 1 || /\bdeclare\s+(?:module|global)\b/.test(ctx.text)) return true;
  const project = ctx.project;
  if (project === undefined) return false;
  // An interface of a module is augmented only by `declare module '<a specifier of that module>'`; `declare global`
  // and an augmentation of a package (`declare module 'rxjs'`, the types a project writes for its dependencies) do not
  // reach it. An interface of a script is global: any augmentation may.
  const isModule = program?.body.some((statement) => statement.type === 'ImportDeclaration' || statement.type === 'ExportNamedDeclaration' ||
    statement.type === 'ExportDefaultDeclaration' || statement.type === 'ExportAllDeclaration') === true;
  if (!isModule || project.textsMatching === undefined || ctx.file === undefined) return project.anyFileMatches?.(/\bdeclare\s+(?:module|global)\b/) === true;
  const base = /([^/\\]+?)(?:\.d)?\.[cm]?[jt]sx?$/.exec(ctx.file)?.[1];
  const folder = /([^/\\]+)[/\\][^/\\]+$/.exec(ctx.file)?.[1];
  const names = new Set([base, base === 'index' ? folder : undefined].filter((name) => name !== undefined));
  const AUGMENTED = /\bdeclare\s+module\s+(['"])([^'"]+)\1/g;
  return project.textsMatching(/\bdeclare\s+module\s+['"]/).some((text) => [...text.matchAll(AUGMENTED)].some(([, , specifier]) => {
    if (/^(?:[.~/#]|@\/)/.test(specifier!)) return true;
    const last = /([^/]+?)(?:\.[cm]?[jt]sx?)?$/.exec(specifier!)?.[1];
    return last !== undefined && names.has(last);
  }));
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
    if (members === undefined || !takesV3Bodies(members) || mayBeMerged(declared, ctx)) continue;
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
  // The type's own quotes, else the file's.
  const counts = /["']/.test(original) ? undefined : fileQuotes(literal, ctx.tokens);
  const quote = counts !== undefined ? (counts.double > counts.single ? '"' : "'") : /"/.test(original) && !/'/.test(original) ? '"' : "'";
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
  // Members written one per line with nothing after them (a file without semicolons): the same.
  const written = literal.type === 'TSTypeLiteral' ? literal.members : literal.body;
  const bare = written.length > 0 && !/[;,]/.test(original.slice(1, -1).replace(/\{[^{}]*\}/g, ''));
  if (bare) {
    const indent = firstLine[1]!;
    const closing = /\r?\n([ \t]*)\}$/.exec(original)?.[1] ?? '';
    return `{${eol}${members.map((member) => `${indent}${member}`).join(eol)}${eol}${closing}}`;
  }
  const indent = firstLine[1]!;
  const closing = /\r?\n([ \t]*)\}$/.exec(original)?.[1] ?? '';
  return `{${eol}${members.map((member) => `${indent}${member}${separator}`).join(eol)}${eol}${closing}}`;
}

function textOf(node: TSESTree.Node, ctx: SourceContext): string {
  return ctx.text.slice(node.range[0], node.range[1]);
}
