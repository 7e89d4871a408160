/**
 * What a field of an API client class may hold, for finding the route in a URL built from it: the base URL of the
 * usual "base API client" (`constructor(protected readonly baseUrl: string)` given `super('https://…/platform/v1')`, a
 * subclass's `override baseUrl = '…'`, a `private readonly baseUrl`, a `static readonly baseUrl`). Every value the
 * classes seen write to the field counts, none of them certain: a route found with one is reported, never rewritten
 * (the field is shared by every call of the class, and a subclass or another instance may hold another value).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { enclosingClass } from './clients/this-member.js';
import type { Bound, SourceContext } from '../facts/context.js';
import { valueOfName } from './follow.js';
import { findVariable } from '../facts/scope.js';
import { forEachCall, someNode, unwrapTS } from '../facts/syntax.js';

type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** How many classes up and down a hierarchy are looked at. */
const MAX_CLASSES = 8;

/**
 * The values written to `this.name` (or to the static `Cls.name`) by the classes seen: field initializers, `this.name =`
 * assignments, and for a constructor parameter property the arguments of `super(...)` and `new C(...)` that fill it, and its default.
 * Undefined when the member is no field of a class read here.
 */
export function fieldValues(member: TSESTree.MemberExpression, ctx: SourceContext): Bound[] | undefined {
  if (member.computed || member.property.type !== 'Identifier') return undefined;
  const name = member.property.name;
  const object = unwrapTS(member.object);
  if (object.type === 'Identifier') {
    const variable = findVariable(ctx.getScope(object), object.name);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (def?.type !== 'ClassName') return undefined;
    const cls = def.node as ClassNode;
    return written({ node: cls, ctx }, name, true);
  }
  if (object.type !== 'ThisExpression') return undefined;
  const cls = enclosingClass(member);
  if (cls === undefined) return undefined;
  const found: Bound[] = [];
  // The class a followed method runs for (`this.request(...)` in a subclass), and the classes between it and this one.
  const self = ctx.self !== undefined && ctx.self.node !== cls ? ancestors(ctx.self) : [];
  const mine = ancestors({ node: cls, ctx });
  for (const at of unique([...self, ...mine, ...descendants({ node: cls, ctx })])) found.push(...written(at, name, false));
  // A constructor parameter property of a class in the chain: what `super(...)` and `new C(...)` pass it.
  for (const [index, at] of mine.entries()) {
    const position = parameterIndex(at.node, name);
    if (position >= 0) found.push(...filledBy(at, position, [...self, ...mine.slice(0, index)]));
  }
  return found.length === 0 ? undefined : found;
}

interface ClassBound {
  readonly node: ClassNode;
  readonly ctx: SourceContext;
}

function unique(classes: readonly ClassBound[]): ClassBound[] {
  return classes.filter((c, i) => classes.findIndex((d) => d.node === c.node) === i);
}

/** The class and the classes it extends, nearest first (in this file, or imported through the project). */
function ancestors(start: ClassBound): ClassBound[] {
  const chain: ClassBound[] = [start];
  for (let at = start; chain.length < MAX_CLASSES;) {
    const parent = at.node.superClass == null ? undefined : unwrapTS(at.node.superClass);
    if (parent?.type !== 'Identifier') break;
    const next = classNamed(parent, at.ctx);
    if (next === undefined) break;
    chain.push(next);
    at = next;
  }
  return chain;
}

function classNamed(id: TSESTree.Identifier, ctx: SourceContext): ClassBound | undefined {
  const variable = findVariable(ctx.getScope(id), id.name);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type === 'ClassName') return { node: def.node as ClassNode, ctx };
  const value = valueOfName(id, ctx, true);
  if (value.kind !== 'const' && value.kind !== 'imported') return undefined;
  const node = unwrapTS(value.value.node);
  return node.type === 'ClassDeclaration' || node.type === 'ClassExpression' ? { node, ctx: value.value.ctx } : undefined;
}

/** The classes of the class's file that extend it, directly or not. */
function descendants(start: ClassBound): ClassBound[] {
  const all = classesOf(start.node);
  const found: ClassBound[] = [];
  const names = new Set([start.node.id?.name].filter((n): n is string => n !== undefined));
  for (let grown = true; grown && found.length < MAX_CLASSES;) {
    grown = false;
    for (const cls of all) {
      const parent = cls.superClass == null ? undefined : unwrapTS(cls.superClass);
      if (parent?.type !== 'Identifier' || !names.has(parent.name) || found.some((f) => f.node === cls)) continue;
      found.push({ node: cls, ctx: start.ctx });
      if (cls.id != null) names.add(cls.id.name);
      grown = true;
    }
  }
  return found;
}

const fileClasses = new WeakMap<TSESTree.Node, ClassNode[]>();

/** The classes declared at the top level of the file that holds `node`. */
function classesOf(node: TSESTree.Node): ClassNode[] {
  let root: TSESTree.Node = node;
  while (root.parent != null) root = root.parent;
  let classes = fileClasses.get(root);
  if (classes === undefined) {
    classes = [];
    if (root.type === 'Program') {
      for (const statement of root.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
        if (declaration?.type === 'ClassDeclaration') classes.push(declaration);
      }
    }
    fileClasses.set(root, classes);
  }
  return classes;
}

/** The values a class writes to its field `name`: the initializer, and every `this.name = value` in its body. */
function written(at: ClassBound, name: string, isStatic: boolean): Bound[] {
  const found: Bound[] = [];
  for (const member of at.node.body.body) {
    if (member.type === 'PropertyDefinition' && !member.computed && member.key.type === 'Identifier' && member.key.name === name &&
      member.static === isStatic && member.value != null) found.push({ node: member.value, ctx: at.ctx });
  }
  if (isStatic) return found;
  for (const right of thisAssignments(at.node).get(name) ?? []) found.push({ node: right, ctx: at.ctx });
  return found;
}

const assignmentsOfClass = new WeakMap<ClassNode, ReadonlyMap<string, readonly TSESTree.Expression[]>>();

/** The values a class's body assigns to `this.name` (`this.name = value`), by name: its body walked once. */
export function thisAssignments(cls: ClassNode): ReadonlyMap<string, readonly TSESTree.Expression[]> {
  let found = assignmentsOfClass.get(cls);
  if (found !== undefined) return found;
  const byName = new Map<string, TSESTree.Expression[]>();
  someNode(cls.body, (node) => {
    if (node.type === 'AssignmentExpression') {
      const left = unwrapTS(node.left);
      if (node.operator === '=' && left.type === 'MemberExpression' && !left.computed && unwrapTS(left.object).type === 'ThisExpression' &&
        left.property.type === 'Identifier') byName.set(left.property.name, [...(byName.get(left.property.name) ?? []), node.right]);
    }
    return false;
  });
  assignmentsOfClass.set(cls, (found = byName));
  return found;
}

/** The position of the constructor parameter property `name` of the class, or -1. */
function parameterIndex(cls: ClassNode, name: string): number {
  const ctor = cls.body.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor');
  return ctor?.value.params.findIndex((p) => p.type === 'TSParameterProperty' && nameOfParameter(p.parameter) === name) ?? -1;
}

/** `base` of `private base: string` and of `private base = '/platform/v1'`. */
function nameOfParameter(parameter: TSESTree.TSParameterProperty['parameter']): string | undefined {
  const target = parameter.type === 'AssignmentPattern' ? parameter.left : parameter;
  return target.type === 'Identifier' ? target.name : undefined;
}

/** The default of the constructor parameter property at `position` (`constructor(private base = '/platform/v1')`). */
function parameterDefault(owner: ClassBound, position: number): Bound[] {
  const ctor = owner.node.body.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor');
  const param = ctor?.value.params[position];
  return param?.type === 'TSParameterProperty' && param.parameter.type === 'AssignmentPattern' ? [{ node: param.parameter.right, ctx: owner.ctx }] : [];
}

/**
 * What fills the constructor parameter at `position` of `owner`: the `super(...)` arguments of its subclasses (the
 * chain below it, and those of its file), and `new C(...)` of it or of a subclass that declares no constructor (in
 * the files of the classes, and, with project facts, in every file that names them).
 */
function filledBy(owner: ClassBound, position: number, below: readonly ClassBound[]): Bound[] {
  const found: Bound[] = [];
  // Whether some construction seen passes nothing there (`new Routes()`, `super()`), or none is seen at all: then the
  // parameter's default fills it.
  let defaulted = false;
  const subclasses = unique([...below, ...descendants(owner)]).filter((c) => c.node !== owner.node);
  // A subclass passes its own arguments on through `super(...)`; one without a constructor is made with the owner's.
  const direct = subclasses.filter((c) => {
    const parent = c.node.superClass == null ? undefined : unwrapTS(c.node.superClass);
    return parent?.type === 'Identifier' && owner.node.id != null && (parent.name === owner.node.id.name || classNamed(parent, c.ctx)?.node === owner.node);
  });
  const made: ClassBound[] = [owner];
  for (const sub of direct) {
    const ctor = sub.node.body.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor');
    if (ctor === undefined) {
      made.push(sub);
      continue;
    }
    for (const call of superCalls(ctor.value)) {
      const arg = call.arguments[position];
      if (arg !== undefined && arg.type !== 'SpreadElement') found.push({ node: arg, ctx: sub.ctx });
      else if (arg === undefined && !call.arguments.some((a) => a.type === 'SpreadElement')) defaulted = true;
    }
  }
  const news = made.flatMap(madeWith);
  for (const { node, ctx } of news) {
    const arg = node.arguments[position];
    const spread = node.arguments.slice(0, position + 1).some((a) => a.type === 'SpreadElement');
    if (arg !== undefined && !spread) found.push({ node: arg, ctx });
    else if (arg === undefined && !spread) defaulted = true;
  }
  if (defaulted || (news.length === 0 && found.length === 0)) found.push(...parameterDefault(owner, position));
  return found;
}

function superCalls(fn: TSESTree.FunctionLike): TSESTree.CallExpression[] {
  const calls: TSESTree.CallExpression[] = [];
  if (fn.body != null) forEachCall(fn.body, (call) => {
    if (call.callee.type === 'Super') calls.push(call);
  });
  return calls;
}

/** Each `new C(...)` of the class: in its file, and in the program's files that name it. */
function madeWith(cls: ClassBound): { node: TSESTree.NewExpression; ctx: SourceContext }[] {
  const name = cls.node.id?.name;
  if (name === undefined) return [];
  const pattern = new RegExp(`\\bnew\\s+${name.replace(/\$/g, '\\$')}\\s*[(<]`);
  const files: { program: TSESTree.Node; ctx: SourceContext }[] = [];
  let root: TSESTree.Node = cls.node;
  while (root.parent != null) root = root.parent;
  if (pattern.test(cls.ctx.text)) files.push({ program: root, ctx: cls.ctx });
  for (const file of cls.ctx.project?.filesMatching?.(pattern) ?? []) {
    if (file.ctx.text !== cls.ctx.text) files.push({ program: file.program, ctx: file.ctx });
  }
  const found: { node: TSESTree.NewExpression; ctx: SourceContext }[] = [];
  for (const file of files) {
    someNode(file.program, (node) => {
      if (node.type === 'NewExpression') {
        const callee = unwrapTS(node.callee);
        if (callee.type === 'Identifier' && callee.name === name) found.push({ node, ctx: file.ctx });
      }
      return false;
    });
  }
  return found;
}

/**
 * The texts a class, the classes it extends and those that extend it (in its file, or imported through the project)
 * hand over as a base URL: field initializers, `this.x =` assignments, `super(...)` arguments and the arguments of
 * `new C(...)` in the file. Read for a request helper that cannot be followed (`this.request('POST', '/apps/x/assign')`
 * with `BaseApi` in a module not read here): the class's base is what the helper most likely puts before the path.
 */
export function classBaseValues(cls: ClassNode, ctx: SourceContext): Bound[] {
  const start = { node: cls, ctx };
  const classes = unique([...ancestors(start), ...descendants(start)]);
  const found: Bound[] = [];
  for (const at of classes) {
    for (const member of at.node.body.body) {
      if (member.type === 'PropertyDefinition' && member.value != null) found.push({ node: member.value, ctx: at.ctx });
    }
    const ctor = at.node.body.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor');
    if (ctor !== undefined) {
      for (const call of superCalls(ctor.value)) {
        for (const arg of call.arguments) if (arg.type !== 'SpreadElement') found.push({ node: arg, ctx: at.ctx });
      }
    }
    for (const made of madeWith(at)) {
      for (const arg of made.node.arguments) if (arg.type !== 'SpreadElement') found.push({ node: arg, ctx: made.ctx });
    }
  }
  return found;
}
