/**
 * Never silent about a class route builder the exact reading does not follow (class-builders.ts reads a method called
 * on an instance made by `new Routes(base)` in place, or kept in a const or a field set once): a call whose URL a
 * member of a class of the program makes, read loosely, that spells the deprecated route. Loosely means: the instance
 * is followed through what makes it (a subclass that inherits the member, `Object.freeze(…)`, a `Proxy`, a factory of
 * the program, a `let` assigned again, a constructor parameter typed with the class), the member may be an arrow
 * function kept in a field, a getter, or a method bound in a field (`this.routes.assign.bind(this.routes)`), calls of
 * other members through `this` or `super` are read in the class of the instance, a parameter left out takes its
 * default, and a change of the text (`.replace(':code', code)`) is looked through. Such a call is reported with the
 * member named and what the exact reading could not follow (`url-builder-unread`), never rewritten. When nothing
 * stands in the exact reading's way, this says nothing: that reading decides.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { type Reason, ReasonCode } from '../facts/reasons.js';
import { findVariable, importOf } from '../facts/scope.js';
import { isFunction, unwrapTS } from '../facts/syntax.js';
import { lineAt } from '../facts/text-facts.js';
import { enclosingClass } from '../recognize/clients/this-member.js';
import { calledFunction, returnedExpression, staticMemberName } from '../recognize/follow.js';
import { readUrl } from '../recognize/url.js';

type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

interface ClassRef {
  readonly node: ClassNode;
  readonly ctx: SourceContext;
}

/** How deep instances, members and calls are followed. */
const MAX_DEPTH = 6;

/** The deprecated route with any segment for the id, a slash after it or not. */
const LOOSE_ROUTE = /\/platform\/v1\/apps\/[^/?#]+\/assign\/?(?=$|[?#])/;

/** The parameter defaults a reading used (`version = 'v1'`), and whether it may use them: set for one reading at a time. */
const defaultsUsed = new Set<string>();
let useDefaults = true;

/** Stands for a part of a URL not known here. */
const UNKNOWN = '\u0000';

const spellsRoute = (text: string) => LOOSE_ROUTE.test(text.split(UNKNOWN).join('app'));

/**
 * The obstacles of a member of a class instance called (`routes.assign(code)`) or read (`routes.assignTemplate`) that
 * spells the route where the exact reading stops; `also` notes what the call does to its text.
 */
export function unreadClassMember(member: TSESTree.MemberExpression, call: TSESTree.CallExpression | undefined, ctx: SourceContext,
  also: readonly string[] = []): Reason[] | undefined {
  const name = staticMemberName(member);
  if (name === undefined) return undefined;
  const instance = instanceOf(member.object, ctx, 0);
  if (instance === undefined || instance.refs.length === 0) return undefined;
  const why = [...instance.why, ...also];
  defaultsUsed.clear();
  useDefaults = true;
  let spells = false;
  let at: string | undefined;
  for (const ref of instance.refs) {
    const found = memberOf(ref, name, 0);
    if (found === undefined) continue;
    const notes: string[] = [];
    const read = memberText(found, ref, call?.arguments ?? [], ctx, notes, call === undefined, 0);
    if (read === undefined || !read.some(spellsRoute)) continue;
    if (defaultsUsed.size > 0) {
      // Read again with the defaults unknown: a route that needs them is completed by a parameter left out.
      useDefaults = false;
      const without = memberText(found, ref, call?.arguments ?? [], ctx, [], call === undefined, 0);
      useDefaults = true;
      if (without?.some(spellsRoute) !== true) notes.push(`a parameter left out takes its default (${[...defaultsUsed].join(', ')}) to complete the route`);
    }
    spells = true;
    at ??= where(found.member, found.owner.ctx);
    if (found.owner.node !== ref.node) why.push(`inherited by ${className(ref.node)} from ${className(found.owner.node)}`);
    why.push(...notes);
  }
  const unique = [...new Set(why)];
  if (!spells || unique.length === 0) return undefined;
  const named = ctx.text.slice(member.range[0], member.range[1]).replace(/\s+/g, '');
  return [{ code: ReasonCode.urlBuilderUnread, key: `${named} (${at}), ${unique.join(', ')}` }];
}

/** The classes an expression's value may be an instance of, with what the exact reading would not follow to them. */
function instanceOf(node: TSESTree.Node, ctx: SourceContext, depth: number): { refs: ClassRef[]; why: string[] } | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const expr = unwrapTS(node);
  switch (expr.type) {
    case 'ThisExpression': {
      const cls = enclosingClass(expr);
      return cls === undefined ? undefined : { refs: [{ node: cls, ctx }], why: [] };
    }
    case 'NewExpression': {
      const callee = unwrapTS(expr.callee);
      if (callee.type === 'Identifier' && callee.name === 'Proxy' && findVariable(ctx.getScope(callee), 'Proxy') === undefined) {
        const target = expr.arguments[0];
        const inner = target === undefined || target.type === 'SpreadElement' ? undefined : instanceOf(target, ctx, depth + 1);
        return inner === undefined ? undefined : { refs: inner.refs, why: [...inner.why, 'its instance is wrapped in a Proxy, whose handler may return other members'] };
      }
      const ref = callee.type === 'Identifier' ? classRefOf(callee, ctx) : undefined;
      return ref === undefined ? undefined : { refs: [ref], why: [] };
    }
    case 'CallExpression': {
      const callee = unwrapTS(expr.callee);
      const text = ctx.text.slice(callee.range[0], callee.range[1]).replace(/\s+/g, '');
      if (text === 'Object.freeze' || text === 'Object.seal') {
        const target = expr.arguments[0];
        const inner = target === undefined || target.type === 'SpreadElement' ? undefined : instanceOf(target, ctx, depth + 1);
        return inner === undefined ? undefined : { refs: inner.refs, why: [...inner.why, `its instance is made by ${text}(…), which is not read as a builder's instance`] };
      }
      // A factory of the program (`routesFor(base)` returning `new Routes(base)`).
      const target = calledFunction(callee, ctx);
      const returned = target === undefined ? undefined : returnedExpression(target.fn);
      const inner = returned === undefined ? undefined : instanceOf(returned, target!.ctx, depth + 1);
      return inner === undefined ? undefined
        : { refs: inner.refs, why: [...inner.why, `its instance is made by ${text}(…) (${where(target!.fn, target!.ctx)}), a function of the program whose result is not read as a builder's instance`] };
    }
    case 'Identifier':
      return nameInstance(expr, ctx, depth);
    case 'MemberExpression': {
      const field = staticMemberName(expr);
      if (field === undefined) return undefined;
      const owner = instanceOf(expr.object, ctx, depth + 1);
      if (owner === undefined) return undefined;
      const refs: ClassRef[] = [];
      const why = [...owner.why];
      for (const ref of owner.refs) {
        const inner = fieldInstance(ref, field, depth + 1);
        if (inner === undefined) continue;
        refs.push(...inner.refs);
        why.push(...inner.why);
      }
      return refs.length === 0 ? undefined : { refs, why };
    }
    default:
      return undefined;
  }
}

/** A name that holds an instance: its declaration's value and every later assignment's, or the class its type names. */
function nameInstance(id: TSESTree.Identifier, ctx: SourceContext, depth: number): { refs: ClassRef[]; why: string[] } | undefined {
  const variable = findVariable(ctx.getScope(id), id.name);
  if (variable === undefined || ctx.bindings?.has(variable) === true) return undefined;
  const def = variable.defs[0];
  if (variable.defs.length !== 1 || def === undefined) return undefined;
  if (def.type === 'Parameter') {
    const ref = typedClass(def.name as TSESTree.Identifier, ctx);
    return ref === undefined ? undefined : { refs: [ref], why: [`its instance is a parameter (${id.name}, ${where(def.name as TSESTree.Node, ctx)}) typed ${className(ref.node)}, which its callers pass`] };
  }
  if (def.type === 'ImportBinding') {
    const imported = importOf(variable);
    if (imported === undefined || imported.imported === '*' || ctx.project === undefined) return undefined;
    const value = ctx.project.resolveImport(imported.source, imported.imported, ctx);
    const declarator = value?.node.parent;
    if (value !== undefined && declarator?.type === 'VariableDeclarator' && declarator.id.type === 'Identifier') {
      const declared = findVariable(value.ctx.getScope(declarator), declarator.id.name);
      return declared === undefined ? undefined : variableInstance(declared, declarator, value.ctx, depth);
    }
    return value === undefined ? exportedLet(imported.source, imported.imported, ctx, depth) : undefined;
  }
  const node = def.node as TSESTree.Node;
  return node.type === 'VariableDeclarator' ? variableInstance(variable, node, ctx, depth) : undefined;
}

/**
 * `export let routes = new Routes(base)` in the module an import names (found by its path, relative to the importing
 * file): the exact reading follows only an exported const, since the module may assign the let again.
 */
function exportedLet(source: string, name: string, ctx: SourceContext, depth: number): { refs: ClassRef[]; why: string[] } | undefined {
  if (ctx.file === undefined || !source.startsWith('.')) return undefined;
  const stem = (path: string) => path.replace(/\.[cm]?[jt]sx?$/, '').replace(/\/index$/, '');
  const parts: string[] = [];
  for (const part of `${ctx.file.split('/').slice(0, -1).join('/')}/${source}`.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  const wanted = stem(parts.join('/'));
  const pattern = new RegExp(`\\bexport\\s+(?:let|var)\\s+${name.replace(/\$/g, '\\$')}\\b`);
  const file = ctx.project?.filesMatching?.(pattern).find((candidate) => candidate.ctx.file !== undefined && stem(candidate.ctx.file) === wanted);
  if (file === undefined) return undefined;
  for (const statement of file.program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : undefined;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind === 'const') continue;
    const declarator = declaration.declarations.find((d) => d.id.type === 'Identifier' && d.id.name === name);
    const declared = declarator === undefined ? undefined : findVariable(file.ctx.getScope(declarator), name);
    if (declarator === undefined || declared === undefined) continue;
    const found = variableInstance(declared, declarator, file.ctx, depth);
    return found === undefined ? undefined
      : { refs: found.refs, why: [...found.why, `its instance is kept in an exported ${declaration.kind} (${name}, ${where(declarator, file.ctx)}), which its module may assign again`] };
  }
  return undefined;
}

function variableInstance(variable: NonNullable<ReturnType<typeof findVariable>>, declarator: TSESTree.VariableDeclarator, ctx: SourceContext,
  depth: number): { refs: ClassRef[]; why: string[] } | undefined {
  const values: { node: TSESTree.Node; line: number }[] = declarator.init === null ? [] : [{ node: declarator.init, line: lineAt(ctx.text, declarator.range[0]) }];
  for (const ref of variable.references) {
    const id = ref.identifier as TSESTree.Node;
    const parent = id.parent;
    if (ref.isWrite() && ref.init !== true && parent?.type === 'AssignmentExpression' && parent.left === id) {
      values.push({ node: parent.right, line: lineAt(ctx.text, parent.range[0]) });
    }
  }
  const refs: ClassRef[] = [];
  const why: string[] = [];
  for (const value of values) {
    const inner = instanceOf(value.node, ctx, depth + 1);
    if (inner === undefined) continue;
    refs.push(...inner.refs);
    why.push(...inner.why);
  }
  if (values.length > 1) {
    why.push(`${declarator.id.type === 'Identifier' ? declarator.id.name : 'its instance'} is assigned again (${ctx.file === undefined ? 'line ' : `${ctx.file}:`}${values.slice(1).map((v) => v.line).join(', ')})`);
  }
  return refs.length === 0 ? undefined : { refs, why };
}

/** A field of an instance of the class (or of a class it extends): the values written to it, or the class its type names. */
function fieldInstance(ref: ClassRef, field: string, depth: number): { refs: ClassRef[]; why: string[] } | undefined {
  for (let current: ClassRef | undefined = ref, level = 0; current !== undefined && level <= MAX_DEPTH; current = superOf(current), level++) {
    const cls = current.node;
    const ctx = current.ctx;
    const ctor = cls.body.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor');
    const param = ctor?.value.params.find((p): p is TSESTree.TSParameterProperty => p.type === 'TSParameterProperty' &&
      p.parameter.type === 'Identifier' && p.parameter.name === field);
    const declared = cls.body.body.find((m): m is TSESTree.PropertyDefinition => m.type === 'PropertyDefinition' && !m.static && !m.computed &&
      m.key.type === 'Identifier' && m.key.name === field);
    const values: TSESTree.Node[] = [];
    if (declared?.value != null) values.push(declared.value);
    collect(cls.body, (node) => {
      if (node.type === 'AssignmentExpression' && node.operator === '=') {
        const left = unwrapTS(node.left);
        if (left.type === 'MemberExpression' && unwrapTS(left.object).type === 'ThisExpression' && staticMemberName(left) === field) values.push(node.right);
      }
    });
    if (param === undefined && declared === undefined && values.length === 0) continue;
    if (param !== undefined && param.parameter.type === 'Identifier') {
      const typed = typedClass(param.parameter, ctx);
      return typed === undefined ? undefined
        : { refs: [typed], why: [`its instance is a constructor parameter (${className(cls)}.${field}, ${where(param, ctx)}), which its callers pass`] };
    }
    const refs: ClassRef[] = [];
    const why: string[] = [];
    for (const value of values) {
      const inner = instanceOf(value, ctx, depth + 1);
      if (inner === undefined) continue;
      refs.push(...inner.refs);
      why.push(...inner.why);
    }
    if (values.length > 1) why.push(`${className(cls)}.${field} is assigned more than once`);
    if (refs.length === 0 && values.length === 0 && declared?.typeAnnotation !== undefined) {
      const typed = typedClass(declared.key as TSESTree.Identifier, ctx, declared.typeAnnotation);
      return typed === undefined ? undefined : { refs: [typed], why: [`its instance is a field (${className(cls)}.${field}, ${where(declared, ctx)}) that the class does not set`] };
    }
    return refs.length === 0 ? undefined : { refs, why };
  }
  return undefined;
}

/** Every node under `root` (functions included). */
function collect(root: TSESTree.Node, visit: (node: TSESTree.Node) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      stack.push(...(node as unknown[]));
      continue;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.type !== 'string') continue;
    visit(node as TSESTree.Node);
    for (const key of Object.keys(record)) {
      if (key === 'parent' || key === 'loc' || key === 'range') continue;
      const value = record[key];
      if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
}

/** The class a declared type names (`routes: Routes`). */
function typedClass(id: TSESTree.Identifier, ctx: SourceContext, annotation = id.typeAnnotation): ClassRef | undefined {
  const type = annotation?.typeAnnotation;
  if (type?.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier') return undefined;
  return classRefOf(type.typeName, ctx);
}

/** The class a name stands for: declared in the file, or (in a project) imported. */
function classRefOf(id: TSESTree.Identifier, ctx: SourceContext): ClassRef | undefined {
  const variable = findVariable(ctx.getScope(id), id.name);
  const def = variable?.defs[0];
  const node = def?.node as TSESTree.Node | undefined;
  if (node?.type === 'ClassDeclaration') return { node, ctx };
  if (node?.type === 'VariableDeclarator' && node.init !== null && unwrapTS(node.init).type === 'ClassExpression') {
    return { node: unwrapTS(node.init) as TSESTree.ClassExpression, ctx };
  }
  const imported = variable === undefined ? undefined : importOf(variable);
  if (imported === undefined || imported.imported === '*' || ctx.project === undefined) return undefined;
  const value = ctx.project.resolveImport(imported.source, imported.imported, ctx);
  const found = value === undefined ? undefined : unwrapTS(value.node);
  return found?.type === 'ClassDeclaration' || found?.type === 'ClassExpression' ? { node: found, ctx: value!.ctx } : undefined;
}

function superOf(ref: ClassRef): ClassRef | undefined {
  const superClass = ref.node.superClass == null ? undefined : unwrapTS(ref.node.superClass);
  return superClass?.type === 'Identifier' ? classRefOf(superClass, ref.ctx) : undefined;
}

type Member = TSESTree.MethodDefinition | TSESTree.PropertyDefinition;

/** The member of that name an instance of the class has: its own, or the nearest class it extends declares. */
function memberOf(ref: ClassRef, name: string, depth: number): { member: Member; owner: ClassRef } | undefined {
  for (let current: ClassRef | undefined = ref, level = depth; current !== undefined && level <= MAX_DEPTH; current = superOf(current), level++) {
    const found = current.node.body.body.find((m): m is Member => (m.type === 'MethodDefinition' || m.type === 'PropertyDefinition') && !m.static &&
      !m.computed && m.key.type === 'Identifier' && m.key.name === name && (m.type !== 'MethodDefinition' || m.kind !== 'set'));
    if (found !== undefined) return { member: found, owner: current };
  }
  return undefined;
}

interface Env {
  /** The class of the instance: where `this.x` is looked up. */
  readonly instance: ClassRef;
  /** The class that declares the function read: where `super.x` starts. */
  readonly owner: ClassRef;
  readonly ctx: SourceContext;
  /** The texts of the function's parameters, as the call gives them or their defaults. */
  readonly params: ReadonlyMap<string, string[]>;
  readonly notes: string[];
}

/**
 * The texts a member makes when called with `args` (or read, for a getter): a method, a getter, an arrow function in a
 * field, or a field that holds a bound member. Notes what the exact reading would not follow.
 */
function memberText(found: { member: Member; owner: ClassRef }, instance: ClassRef, args: readonly TSESTree.CallExpressionArgument[],
  argCtx: SourceContext | Env, notes: string[], read: boolean, depth: number): string[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const { member, owner } = found;
  const name = `${className(owner.node)}.${(member.key as TSESTree.Identifier).name} (${where(member, owner.ctx)})`;
  if (member.type === 'MethodDefinition') {
    if (member.kind === 'get') {
      if (!read) return undefined;
      notes.push(`a template returned by the getter ${name}`);
      return functionText(member.value, [], argCtx, found, instance, notes, depth);
    }
    if (read || member.kind !== 'method') return undefined;
    return functionText(member.value, args, argCtx, found, instance, notes, depth);
  }
  if (read) return undefined;
  // A field: an arrow function, or values written to it in the class (`this.assignUrl = this.routes.assign.bind(…)`).
  const values: TSESTree.Node[] = member.value == null ? [] : [member.value];
  collect(owner.node.body, (node) => {
    if (node.type === 'AssignmentExpression' && node.operator === '=') {
      const left = unwrapTS(node.left);
      if (left.type === 'MemberExpression' && unwrapTS(left.object).type === 'ThisExpression' && staticMemberName(left) === (member.key as TSESTree.Identifier).name) {
        values.push(node.right);
      }
    }
  });
  const texts: string[] = [];
  for (const value of values.map((v) => unwrapTS(v))) {
    if (isFunction(value)) {
      const inner = functionText(value as TSESTree.FunctionLike, args, argCtx, found, instance, notes, depth);
      if (inner?.some(spellsRoute) === true) notes.push(`${name} is a function kept in a field, which code may assign on the instance`);
      texts.push(...(inner ?? []));
      continue;
    }
    // `this.routes.assign.bind(this.routes)`: the member bound, called with the call's arguments.
    const callee = value.type === 'CallExpression' ? unwrapTS(value.callee) : undefined;
    if (callee?.type === 'MemberExpression' && staticMemberName(callee) === 'bind' && value.type === 'CallExpression' && value.arguments.length <= 1) {
      const bound = unwrapTS(callee.object);
      if (bound.type !== 'MemberExpression') continue;
      const boundName = staticMemberName(bound);
      const target = boundName === undefined ? undefined : instanceOf(bound.object, owner.ctx, depth + 1);
      for (const ref of target?.refs ?? []) {
        const inner = memberOf(ref, boundName!, 0);
        const text = inner === undefined ? undefined : memberText(inner, ref, args, argCtx, notes, false, depth + 1);
        if (text?.some(spellsRoute) === true) {
          notes.push(...target!.why, `${name} holds ${owner.ctx.text.slice(bound.range[0], bound.range[1]).replace(/\s+/g, '')} made by .bind, with a this and arguments of its own`);
        }
        texts.push(...(text ?? []));
      }
    }
  }
  if (values.length > 1 && texts.some(spellsRoute)) notes.push(`${name} is assigned more than once`);
  return texts.length === 0 ? undefined : texts;
}

/** The texts a function returns, with its parameters bound to the arguments' texts, or to their defaults. */
function functionText(fn: TSESTree.FunctionLike, args: readonly TSESTree.CallExpressionArgument[], argCtx: SourceContext | Env,
  found: { member: Member; owner: ClassRef }, instance: ClassRef, notes: string[], depth: number): string[] | undefined {
  const params = new Map<string, string[]>();
  fn.params.forEach((param, index) => {
    const arg = args[index];
    const given = arg === undefined || arg.type === 'SpreadElement' ? undefined
      : 'params' in argCtx ? textIn(arg, argCtx, depth + 1) : [plainText(arg, argCtx)];
    if (param.type === 'Identifier') params.set(param.name, given ?? [UNKNOWN]);
    else if (param.type === 'AssignmentPattern' && param.left.type === 'Identifier') {
      const right = unwrapTS(param.right);
      const fallback = right.type === 'Literal' && typeof right.value === 'string' ? right.value : undefined;
      if (given === undefined && fallback !== undefined && useDefaults) defaultsUsed.add(`${param.left.name} = '${fallback}'`);
      params.set(param.left.name, given ?? [(useDefaults ? fallback : undefined) ?? UNKNOWN]);
    }
  });
  const env: Env = { instance, owner: found.owner, ctx: found.owner.ctx, params, notes };
  const returned = returnedExpression(fn);
  const returns = returned === undefined ? returnsOf(fn) : [returned];
  if (returns.length === 0) return undefined;
  const texts = returns.flatMap((node) => textIn(node, env, depth + 1));
  if (returned === undefined && texts.some(spellsRoute)) {
    notes.push('a body of statements that runs before it returns the route (a check or a change of the code), which is not read exactly');
  }
  return texts;
}

/** The text of an expression outside a class's methods: what the exact URL reading finds, `\0` for the rest. */
function plainText(node: TSESTree.Node, ctx: SourceContext): string {
  const pieces = readUrl(node, ctx, null);
  return pieces.map((piece) => (piece.kind === 'text' ? piece.value : UNKNOWN)).join('');
}

/** The texts an expression in a member of the class makes (more than one where a name may hold more than one). */
function textIn(node: TSESTree.Node, env: Env, depth: number): string[] {
  if (depth > MAX_DEPTH * 3) return [UNKNOWN];
  const expr = unwrapTS(node);
  switch (expr.type) {
    case 'Literal':
      return [typeof expr.value === 'string' ? expr.value : UNKNOWN];
    case 'TemplateLiteral': {
      let texts = [''];
      expr.quasis.forEach((quasi, i) => {
        texts = texts.map((text) => text + (quasi.value.cooked ?? ''));
        const inner = expr.expressions[i];
        if (inner !== undefined) {
          const parts = textIn(inner, env, depth + 1);
          texts = texts.flatMap((text) => parts.map((part) => text + part)).slice(0, 16);
        }
      });
      return texts;
    }
    case 'BinaryExpression': {
      if (expr.operator !== '+' || (expr.left as TSESTree.Node).type === 'PrivateIdentifier') return [UNKNOWN];
      const left = textIn(expr.left, env, depth + 1);
      const right = textIn(expr.right, env, depth + 1);
      return left.flatMap((l) => right.map((r) => l + r)).slice(0, 16);
    }
    case 'Identifier': {
      const param = env.params.get(expr.name);
      return param ?? [plainText(expr, env.ctx)];
    }
    case 'MemberExpression': {
      const object = unwrapTS(expr.object);
      const name = staticMemberName(expr);
      if (object.type === 'ThisExpression' && name !== undefined) {
        const found = memberOf(env.instance, name, 0);
        if (found?.member.type === 'MethodDefinition' && found.member.kind === 'get') {
          return memberText(found, env.instance, [], env, env.notes, true, depth + 1) ?? [UNKNOWN];
        }
      }
      return [UNKNOWN];
    }
    case 'CallExpression': {
      const callee = unwrapTS(expr.callee);
      if (callee.type !== 'MemberExpression') return [plainText(expr, env.ctx)];
      const object = unwrapTS(callee.object);
      const name = staticMemberName(callee);
      if (name === undefined) return [UNKNOWN];
      if (object.type === 'ThisExpression' || object.type === 'Super') {
        const from = object.type === 'Super' ? superOf(env.owner) : env.instance;
        const found = from === undefined ? undefined : memberOf(from, name, 0);
        return (found === undefined ? undefined : memberText(found, env.instance, expr.arguments, env, env.notes, false, depth + 1)) ?? [UNKNOWN];
      }
      // `template.replace(':code', code)`, `.toLowerCase()`: the text changed.
      const inner = textIn(object, env, depth + 1);
      if (inner.some(spellsRoute)) env.notes.push(`the text it builds changed by .${name}(…) before it is returned`);
      return inner.some(spellsRoute) ? inner : [plainText(expr, env.ctx)];
    }
    default:
      return [plainText(expr, env.ctx)];
  }
}

/** The values a function with a body of statements returns (not those of functions inside it). */
function returnsOf(fn: TSESTree.FunctionLike): TSESTree.Node[] {
  const found: TSESTree.Node[] = [];
  if (fn.body === undefined || fn.body === null || fn.body.type !== 'BlockStatement') return found;
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.type !== 'string') return;
    if (node !== fn.body && isFunction(node as TSESTree.Node)) return;
    if (record.type === 'ReturnStatement' && record.argument != null) found.push(record.argument as TSESTree.Node);
    for (const key of Object.keys(record)) {
      if (key === 'parent' || key === 'loc' || key === 'range') continue;
      visit(record[key]);
    }
  };
  visit(fn.body);
  return found;
}

function className(cls: ClassNode): string {
  if (cls.id != null) return cls.id.name;
  return cls.parent?.type === 'VariableDeclarator' && cls.parent.id.type === 'Identifier' ? cls.parent.id.name : 'the class';
}

function where(node: TSESTree.Node, ctx: SourceContext): string {
  return ctx.file === undefined ? `line ${lineAt(ctx.text, node.range[0])}` : `${ctx.file}:${lineAt(ctx.text, node.range[0])}`;
}
