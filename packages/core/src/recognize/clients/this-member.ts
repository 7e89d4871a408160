/**
 * `this.http` inside a class: the client a class keeps in a field (`class Sdk { constructor(private readonly http:
 * AxiosInstance) {} }`), read from where the field gets its one value. A field can be read only when nothing else can
 * set it: nothing outside the class writes it (a private, `#private` or readonly field cannot be written there; any
 * other field is looked for in this file and in every file of the program; read alone, in a file that exports
 * nothing), no
 * subclass of the class is seen, and the class sets it in exactly one place (its initializer, one statement of the
 * constructor, or a constructor parameter property), with no getter, computed or destructuring write that could set
 * it too. A value taken from a constructor parameter, or from Angular's `inject(HttpClient)` in the initializer, comes
 * from elsewhere; a constructor parameter's is known in a method followed from a call on an instance made here
 * (`ctx.receiver`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Bound, SourceContext } from '../../facts/context.js';
import { findVariable, importOf, isNeverReassigned } from '../../facts/scope.js';
import { unwrapTS } from '../../facts/syntax.js';

type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/**
 * What `this.name` holds: the expression that sets it (`value`); the argument of a constructor parameter, not known
 * in this reading (`parameter`: the instance comes from elsewhere, as an imported one does); or `unknown` (the field
 * cannot be pinned down, or `this` is not an instance of a class seen here). Undefined for a member that is no
 * `this.name`.
 */
export type ThisField =
  | { readonly kind: 'value'; readonly value: Bound }
  | { readonly kind: 'parameter' }
  | { readonly kind: 'unknown' };

export function thisField(member: TSESTree.MemberExpression, ctx: SourceContext): ThisField | undefined {
  if (unwrapTS(member.object).type !== 'ThisExpression' || member.computed) return undefined;
  const name = member.property.type === 'Identifier' ? member.property.name
    : member.property.type === 'PrivateIdentifier' ? `#${member.property.name}` : undefined;
  if (name === undefined) return undefined;
  const cls = enclosingClass(member);
  return cls === undefined ? { kind: 'unknown' } : fieldOfClass(cls, name, ctx);
}

/** What the field `name` of instances of `cls` (a class of `ctx`'s file) holds, by the rules of `thisField`. */
export function fieldOfClass(cls: ClassNode, name: string, ctx: SourceContext): ThisField {
  const unknown: ThisField = { kind: 'unknown' };
  const ctor = cls.body.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor');
  const members = cls.body.body.filter((m) => 'key' in m && !m.computed && keyName(m.key) === name);
  const field = members.find((m): m is TSESTree.PropertyDefinition => m.type === 'PropertyDefinition' && !m.static);
  const paramIndex = ctor?.value.params.findIndex((p) => p.type === 'TSParameterProperty' && p.parameter.type === 'Identifier' &&
    p.parameter.name === name) ?? -1;
  const param = paramIndex >= 0 ? ctor!.value.params[paramIndex] as TSESTree.TSParameterProperty : undefined;
  // A getter, a setter or a method of that name, or a static one: not one field with one value.
  if (members.some((m) => m !== field) || hasSubclass(cls, ctx)) return unknown;
  // A private, `#private` or readonly field is written by nothing outside the class; any other is read like one when
  // nothing outside the class writes it (in this file, and in every other file of the program).
  const guarded = name.startsWith('#') || field?.accessibility === 'private' || param?.accessibility === 'private' ||
    field?.readonly === true || param?.readonly === true;
  // `private` and `readonly` hold only for code the compiler checks: `api['http'] =`, `(api as any).http =`,
  // `Object.assign(api, { http })` and `Object.defineProperty(this, 'http', ...)` write any field.
  if (writtenOutside(cls, name, ctx, guarded)) return unknown;
  const writes = writesTo(cls, name);
  if (writes === 'unknown') return unknown;
  const sources = (field?.value != null ? 1 : 0) + (param === undefined ? 0 : 1) + writes.length;
  if (sources !== 1) return unknown;
  if (field?.value != null) {
    // `http = inject(HttpClient)`: a client the framework hands over, as a constructor parameter is.
    if (isInjected(field.value, ctx)) return constructedMoreThanOnce(cls, ctx) ? unknown : { kind: 'parameter' };
    return { kind: 'value', value: { node: field.value, ctx } };
  }
  if (param !== undefined) return receiverArgument(cls, paramIndex, ctx);
  // One assignment, a statement of the constructor itself (not inside a branch or a callback).
  const write = writes[0]!;
  const statement = write.parent;
  if (statement?.type !== 'ExpressionStatement' || statement.parent !== ctor?.value.body) return unknown;
  const value = unwrapTS(write.right);
  // `this.http = http`: a parameter of the constructor (never written again), from the `new` that made the instance.
  if (value.type === 'Identifier') {
    const index = ctor.value.params.findIndex((p) => p.type === 'Identifier' && p.name === value.name);
    if (index >= 0) {
      const variable = findVariable(ctx.getScope(value), value.name);
      return variable !== undefined && isNeverReassigned(variable) ? receiverArgument(cls, index, ctx) : unknown;
    }
  }
  return { kind: 'value', value: { node: write.right, ctx } };
}

/**
 * Whether the field `name` of instances of `cls` holds, from construction on, the one value it is given: a field (not a
 * getter, a method or a static member) that the class sets in at most one place (its initializer, a constructor
 * parameter property, or one statement of the constructor), that nothing outside the class writes, and that no
 * subclass may redeclare. Its value need not be known: two reads of it, made at the same moment, read the same thing.
 */
export function fieldNeverReassigned(cls: ClassNode, name: string, ctx: SourceContext): boolean {
  const ctor = cls.body.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor');
  const members = cls.body.body.filter((m) => 'key' in m && !m.computed && keyName(m.key) === name);
  const field = members.find((m): m is TSESTree.PropertyDefinition => m.type === 'PropertyDefinition' && !m.static);
  const param = ctor?.value.params.find((p): p is TSESTree.TSParameterProperty => p.type === 'TSParameterProperty' &&
    p.parameter.type === 'Identifier' && p.parameter.name === name);
  if ((field === undefined && param === undefined) || members.some((m) => m !== field) || hasSubclass(cls, ctx)) return false;
  const guarded = name.startsWith('#') || field?.accessibility === 'private' || param?.accessibility === 'private' ||
    field?.readonly === true || param?.readonly === true;
  if (writtenOutside(cls, name, ctx, guarded)) return false;
  const writes = writesTo(cls, name);
  if (writes === 'unknown' || (field?.value != null ? 1 : 0) + (param === undefined ? 0 : 1) + writes.length > 1) return false;
  return writes.every((write) => write.parent?.type === 'ExpressionStatement' && write.parent.parent === ctor?.value.body);
}

/** `inject(HttpClient)` of Angular: the instance comes from the injector, as a constructor parameter's would. */
function isInjected(value: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(value);
  if (expr.type !== 'CallExpression' || expr.callee.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(expr.callee), expr.callee.name);
  const imported = variable === undefined ? undefined : importOf(variable);
  return imported?.source === '@angular/core' && imported.imported === 'inject';
}

/**
 * Whether code outside the class may write the field: a write of `.name` (or `['name']`, or `Object.defineProperty`
 * of that name) in this file outside the class, or in any other file of the program; `this.name` there is another
 * class's field (a subclass is looked for on its own). Read alone, a module that
 * exports anything may hand an instance to code that writes it.
 */
function writtenOutside(cls: ClassNode, name: string, ctx: SourceContext, guarded: boolean): boolean {
  const escaped = name.replace(/[$#]/g, '\\$&');
  // Writes the compiler lets through whatever the field's modifiers say; anywhere, the class itself included.
  const bypass = new RegExp(`\\[\\s*['"\`]${escaped}['"\`]\\s*\\]\\s*=(?!=)|\\bas\\s+[^;()]*\\)\\s*\\.\\s*${escaped}\\s*=(?!=)|` +
    `Object\\s*\\.\\s*assign\\s*\\([^;]*?[{,]\\s*${escaped}\\s*[:,}]|defineProperty\\s*\\([^)]*['"\`]${escaped}['"\`]`);
  if (bypass.test(ctx.text)) return true;
  // Only a file that spells the name can write it: the program's files are searched for the name once (the search is
  // kept per pattern), and the two patterns, which are slow to run over text, only over those.
  const named = new RegExp(escaped);
  if (otherFileMatches(bypass, named, ctx) === true) return true;
  if (guarded) return false;
  const write = new RegExp(`(?:(?<!\\bthis\\s*)\\.\\s*${escaped}\\b|(?<!\\bthis\\s*)\\[\\s*['"\`]${escaped}['"\`]\\s*\\])\\s*(?:(?:\\*\\*|<<|>>>?|&&|\\|\\||\\?\\?|[-+*/%&|^])?=(?!=)|[\\]}])|defineProperty\\s*\\([^)]*['"\`]${escaped}['"\`]`, 'g');
  for (const match of ctx.text.matchAll(write)) {
    if (match.index < cls.range[0] || match.index >= cls.range[1]) return true;
  }
  return otherFileMatches(new RegExp(write.source), named, ctx) ?? /\bexport\b|\bexports\b/.test(ctx.text);
}

/**
 * Whether a file of the program other than `ctx`'s matches `pattern`, looked for among the files that match `named`
 * (a pattern any match of `pattern` matches too); undefined when the program's files cannot be searched.
 */
function otherFileMatches(pattern: RegExp, named: RegExp, ctx: SourceContext): boolean | undefined {
  const project = ctx.project;
  if (project?.textsMatching !== undefined) return project.textsMatching(named).some((text) => text !== ctx.text && pattern.test(text));
  if (project?.filesMatching !== undefined) return project.filesMatching(pattern).some((file) => file.ctx.text !== ctx.text);
  return undefined;
}

function receiverArgument(cls: ClassNode, index: number, ctx: SourceContext): ThisField {
  const receiver = ctx.receiver;
  // Made in more than one place, the instances may hold different clients: one reading of the method is not all.
  if (receiver === undefined || receiver.cls !== cls) return constructedMoreThanOnce(cls, ctx) ? { kind: 'unknown' } : { kind: 'parameter' };
  if (receiver.made.arguments.slice(0, index + 1).some((arg) => arg.type === 'SpreadElement')) return { kind: 'unknown' };
  const arg = receiver.made.arguments[index];
  return arg === undefined ? { kind: 'unknown' } : { kind: 'value', value: { node: arg, ctx: receiver.ctx } };
}

/**
 * The class whose instance method (or field initializer) holds the node. `this` of a nested `function`, of an
 * object literal's method or of a static member is something else: undefined.
 */
export function enclosingClass(node: TSESTree.Node): ClassNode | undefined {
  for (let current = node.parent; current !== undefined; current = current.parent) {
    if (current.type === 'ClassBody') {
      const cls = current.parent;
      return cls?.type === 'ClassDeclaration' || cls?.type === 'ClassExpression' ? cls : undefined;
    }
    if ((current.type === 'MethodDefinition' || current.type === 'PropertyDefinition' || current.type === 'StaticBlock') &&
      ('static' in current && current.static === true || current.type === 'StaticBlock')) return undefined;
    if ((current.type === 'FunctionExpression' || current.type === 'FunctionDeclaration') &&
      current.parent?.type !== 'MethodDefinition') return undefined;
  }
  return undefined;
}

/** `new C(...)` written twice in this file, or twice in one file of the program. */
function constructedMoreThanOnce(cls: ClassNode, ctx: SourceContext): boolean {
  const name = cls.id?.name;
  if (name === undefined) return true;
  const one = `\\bnew\\s+${name.replace(/\$/g, '\\$')}\\s*[(<]`;
  const twice = new RegExp(`${one}[\\s\\S]*${one}`);
  return twice.test(ctx.text) || ctx.project?.anyFileMatches?.(twice) === true;
}

/** A class of this file (or, with project facts, of the program) that extends this one. */
export function hasSubclass(cls: ClassNode, ctx: SourceContext): boolean {
  const name = cls.id?.name;
  if (name === undefined) return /\bextends\b/.test(ctx.text.slice(cls.range[1]));
  const escaped = name.replace(/\$/g, '\\$');
  const pattern = new RegExp(`\\bextends\\s+(?:[\\w$]+\\s*\\.\\s*)?${escaped}\\b`);
  if (pattern.test(ctx.text) || ctx.project?.anyFileMatches?.(pattern) === true) return true;
  // Imported under another name (`import Api from './api'` of a default export, `import { AppsApi as Base }`), then
  // extended by that name.
  const renamed = new RegExp(`\\bimport\\s*\\{[^}]*\\b${escaped}\\s+as\\s+([\\w$]+)[^}]*\\}[\\s\\S]*\\bextends\\s+\\1\\b`);
  const asDefault = /\bimport\s+([\w$]+)\s*(?:,\s*\{[^}]*\}\s*)?from\b[\s\S]*\bextends\s+\1\b/;
  const isDefault = cls.parent?.type === 'ExportDefaultDeclaration' || new RegExp(`\\bexport\\s+default\\s+${escaped}\\b|\\b${escaped}\\s+as\\s+default\\b`).test(ctx.text);
  return ctx.project?.anyFileMatches?.(renamed) === true || (isDefault && ctx.project?.anyFileMatches?.(asDefault) === true);
}

/**
 * Every `this.name = ...` (and `this.name ??= ...`) in the class, nested functions included; 'unknown' when the class
 * may write it in a way that cannot be read (`this[key] = ...`, a destructuring target, `Object.assign(this, ...)`).
 */
function writesTo(cls: ClassNode, name: string): TSESTree.AssignmentExpression[] | 'unknown' {
  const found: TSESTree.AssignmentExpression[] = [];
  let unknown = false;
  const targets = (pattern: TSESTree.Node): void => {
    const node = unwrapTS(pattern);
    if (node.type === 'MemberExpression') {
      if (unwrapTS(node.object).type === 'ThisExpression' && (node.computed || keyName(node.property) === name)) unknown = true;
    } else if (node.type === 'ArrayPattern') {
      for (const element of node.elements) if (element !== null) targets(element);
    } else if (node.type === 'ObjectPattern') {
      for (const property of node.properties) targets(property.type === 'Property' ? property.value : property.argument);
    } else if (node.type === 'RestElement') {
      targets(node.argument);
    } else if (node.type === 'AssignmentPattern') {
      targets(node.left);
    }
  };
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || unknown) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const record = node as Record<string, unknown> & { type?: unknown };
    if (typeof record.type !== 'string') return;
    if (record.type === 'AssignmentExpression') {
      const assignment = record as unknown as TSESTree.AssignmentExpression;
      const left = unwrapTS(assignment.left);
      if (left.type === 'MemberExpression' && unwrapTS(left.object).type === 'ThisExpression') {
        if (left.computed) unknown = true;
        else if (keyName(left.property) === name) found.push(assignment);
      } else {
        targets(left);
      }
    }
    if (record.type === 'CallExpression') {
      const call = record as unknown as TSESTree.CallExpression;
      const callee = unwrapTS(call.callee);
      if (callee.type === 'MemberExpression' && !callee.computed && keyName(callee.property) === 'assign' &&
        call.arguments[0] !== undefined && unwrapTS(call.arguments[0]).type === 'ThisExpression') unknown = true;
    }
    for (const key of Object.keys(record)) {
      if (key === 'parent' || key === 'loc' || key === 'range') continue;
      visit(record[key]);
    }
  };
  visit(cls.body);
  return unknown ? 'unknown' : found;
}

function keyName(key: TSESTree.Node): string | undefined {
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'PrivateIdentifier') return `#${key.name}`;
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : undefined;
}
