/**
 * Never silent about a URL builder that is not read: a call whose URL comes from a function of the program (or a
 * path-to-regexp template) that spells the deprecated route, where what runs, or what it builds for this call, is not
 * known exactly: the name is assigned again (`let assignUrl = ...; assignUrl = ...`), the call is optional
 * (`builders.assign?.(code)`) or goes through `.call` / `.apply`, a parameter's default completes the route
 * (`appUrl(code, action = 'assign')`), the route ends in a slash (`/assign/`), or path-to-regexp is given options
 * (`compile(path, { encode })`) or a numeric id (`:id(\\d+)`); the builder is bound, made by a function from a builder,
 * chosen by a key, a static property of a class, has a body of statements (a check of the code) or a comma expression,
 * changes its text (`.toLowerCase()`, in it or at the call), is completed by a member code may change
 * (`${this.prefix}`), or is passed to a function that POSTs with it. Such a call is reported with the builder named and
 * why, never rewritten (`url-builder-unread`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { moduleOf } from '../recognize/clients/index.js';
import type { SourceContext } from '../facts/context.js';
import { calledFunction, type CalledFunction, returnedExpression, valueOfName } from '../recognize/follow.js';
import { type Reason, ReasonCode } from '../facts/reasons.js';
import { findVariable, importOf } from '../facts/scope.js';
import { isFunction, someNode, staticKey, unwrapTS } from '../facts/syntax.js';
import { readUrl } from '../recognize/url.js';
import { unreadClassMember } from './unread-class-builders.js';

/** How deep the URL expression is walked. */
const MAX_DEPTH = 6;

/** The deprecated route with any segment for the id, `\0` standing for a value not known here, a slash after it or not. */
const LOOSE_ROUTE = /\/platform\/v1\/apps\/[^/?#]+\/assign\/?(?=$|[?#])/;

/** A path-to-regexp placeholder, with a custom pattern (`:id(\\d+)`) or not. */
const PTR_PLACEHOLDER = /:[A-Za-z_$][\w$]*(\([^)]*\))?/g;

/** The obstacles of a call whose URL an unread builder makes, or undefined when no builder here spells the route. */
export function unreadBuilderObstacles(call: TSESTree.CallExpression, ctx: SourceContext): Reason[] | undefined {
  return unreadBuilderArgument(call, ctx)?.obstacles;
}

/** The argument of a call whose URL an unread builder makes (its index), with the obstacles (see `unreadBuilderObstacles`). */
export function unreadBuilderArgument(call: TSESTree.CallExpression, ctx: SourceContext): { index: number; obstacles: Reason[] } | undefined {
  for (const [index, arg] of call.arguments.entries()) {
    if (arg.type === 'SpreadElement' || isFunction(arg)) continue;
    const found = walk(arg, ctx, 0) ?? passedBuilder(call, index, ctx);
    if (found !== undefined) return { index, obstacles: found };
  }
  return undefined;
}

/**
 * A builder handed to a function of the program as a value (`sendVia(assignPath, code, body)`), which calls it to build
 * the URL it sends: what runs there is not read for this call.
 */
function passedBuilder(call: TSESTree.CallExpression, index: number, ctx: SourceContext): Reason[] | undefined {
  const arg = unwrapTS(call.arguments[index]!);
  if (arg.type !== 'Identifier' && arg.type !== 'MemberExpression') return undefined;
  const target = calledFunction(call.callee, ctx);
  const param = target?.fn.params[index];
  if (target === undefined || param?.type !== 'Identifier' || target.fn.body === undefined || target.fn.body === null) return undefined;
  const calls = someNode(target.fn.body, (node) => node.type === 'CallExpression' && unwrapTS(node.callee).type === 'Identifier' &&
    (unwrapTS(node.callee) as TSESTree.Identifier).name === param.name);
  // Only a function that sends a POST: one that makes a builder of it (`withRegion(assignPath)`) is read where it is used.
  if (!calls || !sendsPost(target)) return undefined;
  const candidates = candidatesOf(arg, ctx);
  const why: string[] = [];
  if (!candidates.values.some((value) => candidateText(value.node, call, why, candidates.ctx, 1)?.spells === true)) return undefined;
  const name = ctx.text.slice(arg.range[0], arg.range[1]).replace(/\s+/g, '');
  const callee = ctx.text.slice(call.callee.range[0], call.callee.range[1]).replace(/\s+/g, '');
  const reasons = [...new Set([`passed as a function to ${callee}, which builds the URL with it`, ...why])];
  return [{ code: ReasonCode.urlBuilderUnread, key: `${name} (line ${candidates.values[0]!.line}), ${reasons.join(', ')}` }];
}

function walk(node: TSESTree.Node, ctx: SourceContext, depth: number): Reason[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const expr = unwrapTS(node);
  switch (expr.type) {
    case 'AwaitExpression':
      return walk(expr.argument, ctx, depth + 1);
    case 'ChainExpression':
      return walk(expr.expression, ctx, depth + 1);
    case 'TemplateLiteral':
      return first(expr.expressions, ctx, depth);
    case 'BinaryExpression':
      return expr.operator === '+' ? first([expr.left, expr.right], ctx, depth) : undefined;
    case 'NewExpression':
      return expr.callee.type === 'Identifier' && expr.callee.name === 'URL' ? first(expr.arguments, ctx, depth) : undefined;
    case 'MemberExpression':
      // `routes.assignTemplate`: a getter of a class of the program.
      return !expr.computed && expr.property.type === 'Identifier' && expr.property.name === 'href' ? walk(expr.object, ctx, depth + 1)
        : unreadClassMember(expr, undefined, ctx);
    case 'Identifier': {
      const name = valueOfName(expr, ctx);
      return name.kind === 'const' ? walk(name.value.node, name.value.ctx, depth + 1) : undefined;
    }
    case 'CallExpression': {
      const found = builderCall(expr, ctx) ?? classMemberCall(expr, ctx) ?? first(expr.arguments, ctx, depth);
      if (found !== undefined) return found;
      // `assignPath(code).toLowerCase()`, `routes.assignTemplate.replace(':code', code)`: the builder's text, changed at the call.
      const callee = unwrapTS(expr.callee);
      const object = callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? unwrapTS(callee.object) : undefined;
      if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return undefined;
      const changed = [`its result changed by .${callee.property.name}(…) at the call`];
      if (object?.type === 'CallExpression') return builderCall(object, ctx, changed) ?? classMemberCall(object, ctx, changed);
      return object?.type === 'MemberExpression' ? unreadClassMember(object, undefined, ctx, changed) : undefined;
    }
    default:
      return undefined;
  }
}

/** `routes.assign(code)`: a member of an instance of a class of the program (unread-class-builders.ts). */
function classMemberCall(call: TSESTree.CallExpression, ctx: SourceContext, also: readonly string[] = []): Reason[] | undefined {
  const callee = unwrapTS(call.callee);
  return call.optional || callee.type !== 'MemberExpression' || callee.optional ? undefined : unreadClassMember(callee, call, ctx, also);
}

function first(nodes: readonly TSESTree.Node[], ctx: SourceContext, depth: number): Reason[] | undefined {
  for (const node of nodes) {
    if (node.type === 'SpreadElement' || isFunction(node)) continue;
    const found = walk(node, ctx, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A value a builder's name may hold: a function, or a path-to-regexp `compile(...)` call; with the line it is set on. */
interface Candidate {
  readonly node: TSESTree.Node;
  readonly line: number;
  /** One of the members of an object chosen by a key known only at run time. */
  readonly chosen?: true;
  /** A static property of a class, which any code may assign. */
  readonly staticField?: true;
  /** The object literal the builder is a method of: what `this` is in it. */
  readonly self?: TSESTree.ObjectExpression;
  /** Returned by a getter. */
  readonly getter?: true;
  /** A member of a namespace. */
  readonly inNamespace?: true;
  /** A function called where it is written. */
  readonly inPlace?: true;
}

/** `export const name = …` (or an exported function) in the body of a namespace the identifier names, in this file. */
function namespaceMember(id: TSESTree.Identifier, name: string, ctx: SourceContext): TSESTree.Node | undefined {
  const variable = findVariable(ctx.getScope(id), id.name);
  const declared = variable?.defs[0]?.node as TSESTree.Node | undefined;
  if (declared?.type !== 'TSModuleDeclaration' || declared.body?.type !== 'TSModuleBlock') return undefined;
  for (const statement of declared.body.body) {
    if (statement.type !== 'ExportNamedDeclaration' || statement.declaration == null) continue;
    const declaration = statement.declaration;
    if (declaration.type === 'FunctionDeclaration' && declaration.id?.name === name) return declaration;
    if (declaration.type === 'VariableDeclaration') {
      const found = declaration.declarations.find((d) => d.id.type === 'Identifier' && d.id.name === name && d.init !== null);
      if (found !== undefined) return unwrapTS(found.init!);
    }
  }
  return undefined;
}

function builderCall(call: TSESTree.CallExpression, ctx: SourceContext, also: readonly string[] = []): Reason[] | undefined {
  let callee = unwrapTS(call.callee);
  const why: string[] = [...also];
  if (call.optional || (callee.type === 'MemberExpression' && callee.optional)) why.push('called through ?. (only when it is set)');
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' &&
    (callee.property.name === 'call' || callee.property.name === 'apply')) {
    why.push(`called through .${callee.property.name}, with a this and arguments of its own`);
    callee = unwrapTS(callee.object);
  }
  if (callee.type === 'ChainExpression') callee = unwrapTS(callee.expression);
  const name = ctx.text.slice(callee.range[0], callee.range[1]).replace(/\s+/g, '');
  const candidates = candidatesOf(callee, ctx);
  if (candidates.values.length === 0) return undefined;
  if (candidates.values.length > 1 && !candidates.values.every((value) => value.chosen === true)) why.push(`assigned again (line ${candidates.values.slice(1).map((c) => c.line).join(', line ')})`);
  let numeric = false;
  let spells = false;
  for (const candidate of candidates.values) {
    const read = candidateText(candidate.node, call, why, candidates.ctx, 0, candidate.self);
    if (read === undefined) continue;
    spells ||= read.spells;
    numeric ||= read.numeric;
    if (read.spells && candidate.chosen === true) why.push('chosen from an object by a key known only at run time');
    if (read.spells && candidate.staticField === true) why.push('a static property of a class, which other code may assign');
    if (read.spells && candidate.getter === true) why.push('returned by a getter, which makes it again each time it is read');
    if (read.spells && candidate.inNamespace === true) why.push('a member of a namespace, which this tool does not read as a builder');
    if (read.spells && candidate.inPlace === true) why.push('a function called where it is written, which this tool does not read as a builder');
  }
  if (!spells) return undefined;
  const unique = [...new Set(why)];
  if (unique.length === 0 && !numeric) return undefined;
  const line = candidates.values[0]!.line;
  const where = candidates.ctx !== ctx && candidates.ctx.file !== undefined ? `${candidates.ctx.file}:${line}` : `line ${line}`;
  const key = `${name} (${where})${unique.length === 0 ? '' : `, ${unique.join(', ')}`}`;
  return [...(numeric ? [{ code: ReasonCode.appIdNumeric }] : []), ...(unique.length === 0 ? [] : [{ code: ReasonCode.urlBuilderUnread, key }])];
}

/** The values the callee may hold: its declaration's and every later assignment's, in this file. */
function candidatesOf(callee: TSESTree.Node, ctx: SourceContext): { values: Candidate[]; ctx: SourceContext } {
  const lineOf = (node: TSESTree.Node) => ctx.text.slice(0, node.range[0]).split('\n').length;
  const none = { values: [], ctx };
  // `((c) => \`/platform/v1/apps/${c}/assign\`)(code)`: a builder called where it is written.
  if (isFunction(callee)) return { values: [{ node: callee, line: lineOf(callee), inPlace: true }], ctx };
  if (callee.type === 'MemberExpression' && unwrapTS(callee.object).type === 'Identifier' && !callee.computed && callee.property.type === 'Identifier') {
    // `Routes.assign(code)` with `namespace Routes { export const assign = (c) => … }`.
    const member = namespaceMember(unwrapTS(callee.object) as TSESTree.Identifier, callee.property.name, ctx);
    if (member !== undefined) return { values: [{ node: member, line: lineOf(member), inNamespace: true }], ctx };
  }
  if (callee.type === 'Identifier') {
    const variable = findVariable(ctx.getScope(callee), callee.name);
    if (variable === undefined || importOf(variable) !== undefined) return none;
    const values: Candidate[] = [];
    for (const def of variable.defs) {
      const node = def.node as TSESTree.Node;
      // A parameter with a default (`build = tenantPath`): read through its name, which says a caller may pass another.
      if (def.type === 'Parameter') {
        if (parameterDefault(def.name as TSESTree.Node) !== undefined) values.push({ node: def.name as TSESTree.Node, line: lineOf(def.name as TSESTree.Node) });
      } else if (node.type === 'FunctionDeclaration') values.push({ node, line: lineOf(node) });
      else if (node.type === 'VariableDeclarator' && node.init !== null) values.push({ node: unwrapTS(node.init), line: lineOf(node) });
    }
    for (const ref of variable.references) {
      const id = ref.identifier as TSESTree.Node;
      const parent = id.parent;
      if (ref.isWrite() && ref.init !== true && parent?.type === 'AssignmentExpression' && parent.left === id) {
        values.push({ node: unwrapTS(parent.right), line: lineOf(parent) });
      }
    }
    return { values, ctx };
  }
  if (callee.type === 'MemberExpression' && unwrapTS(callee.object).type === 'Identifier') {
    const object = unwrapTS(callee.object) as TSESTree.Identifier;
    const owner = ownerOf(object, ctx);
    if (owner === undefined) return none;
    const at = owner.ctx;
    const lineIn = (node: TSESTree.Node) => at.text.slice(0, node.range[0]).split('\n').length;
    const key = !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : staticKeyOf(callee.property);
    if (owner.node.type === 'ObjectExpression') {
      const properties = owner.node.properties.filter((p): p is TSESTree.Property => p.type === 'Property');
      // `byRegion[region](code)`: any of its members may run.
      if (key === undefined) return { values: properties.map((p) => ({ node: unwrapTS(p.value), line: lineIn(p), chosen: true })), ctx: at };
      const property = properties.find((p) => !p.computed && staticKey(p) === key);
      if (property === undefined) return none;
      // `get assign() { return (c) => … }`: the builder the getter returns, made again each time it is read.
      const returned = property.kind === 'get' && isFunction(property.value) ? returnedExpression(property.value as TSESTree.FunctionLike) : undefined;
      if (returned !== undefined) return { values: [{ node: unwrapTS(returned), line: lineIn(property), self: owner.node, getter: true }], ctx: at };
      return { values: [{ node: unwrapTS(property.value), line: lineIn(property), self: owner.node }], ctx: at };
    }
    // `Routes.assign(code)` with `static assign = (code) => …`: a property of the class, which any code may assign.
    const field = key === undefined ? undefined : owner.node.body.body.find((m): m is TSESTree.PropertyDefinition =>
      m.type === 'PropertyDefinition' && m.static && !m.computed && m.key.type === 'Identifier' && m.key.name === key && m.value !== null);
    return field === undefined ? none : { values: [{ node: unwrapTS(field.value!), line: lineIn(field), staticField: true }], ctx: at };
  }
  return none;
}

/**
 * Whether a function of the program may send a POST: it spells `POST` or calls a `.post` method, or a function of the
 * program it calls does (two calls deep).
 */
export function sendsPost(target: CalledFunction, depth = 0): boolean {
  if (/['"`]POST['"`]|\.post\s*\(/i.test(target.ctx.text.slice(target.fn.range[0], target.fn.range[1]))) return true;
  if (depth >= 2 || target.fn.body === undefined || target.fn.body === null) return false;
  return someNode(target.fn.body, (node) => {
    if (node.type !== 'CallExpression') return false;
    const inner = calledFunction(node.callee, target.ctx);
    return inner !== undefined && inner.fn !== target.fn && sendsPost(inner, depth + 1);
  });
}

/** `o['assign']`: a string written as the key. */
function staticKeyOf(node: TSESTree.Node): string | undefined {
  const key = unwrapTS(node);
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : undefined;
}

/** The object literal or class a name stands for: declared in the file, or (in a project) imported. */
function ownerOf(id: TSESTree.Identifier, ctx: SourceContext): { node: TSESTree.ObjectExpression | TSESTree.ClassDeclaration | TSESTree.ClassExpression; ctx: SourceContext } | undefined {
  const variable = findVariable(ctx.getScope(id), id.name);
  const def = variable?.defs[0];
  const declared = def?.node as TSESTree.Node | undefined;
  if (declared?.type === 'ClassDeclaration') return { node: declared, ctx };
  if (declared?.type === 'VariableDeclarator' && declared.init !== null) {
    const init = unwrapTS(declared.init);
    return init.type === 'ObjectExpression' || init.type === 'ClassExpression' ? { node: init, ctx } : undefined;
  }
  const imported = variable === undefined ? undefined : importOf(variable);
  if (imported === undefined || imported.imported === '*') return undefined;
  const value = ctx.project?.resolveImport(imported.source, imported.imported, ctx);
  const node = value === undefined ? undefined : unwrapTS(value.node);
  return node?.type === 'ObjectExpression' || node?.type === 'ClassDeclaration' || node?.type === 'ClassExpression' ? { node, ctx: value!.ctx } : undefined;
}

/**
 * Whether a builder's value spells the route, read loosely: a function's returned text with its unknown parts as
 * wildcards and a parameter the call leaves out as its default; a path-to-regexp template with its placeholders
 * filled. Notes on `why` what the exact reading could not follow.
 */
function candidateText(node: TSESTree.Node, call: TSESTree.CallExpression, why: string[], ctx: SourceContext, depth: number,
  self?: TSESTree.ObjectExpression): { spells: boolean; numeric: boolean } | undefined {
  if (depth > MAX_DEPTH) return undefined;
  // A builder chosen by a condition (`TENANT ? (c) => … : (c) => …`): either may run.
  if (node.type === 'ConditionalExpression' || node.type === 'LogicalExpression') {
    const branches = node.type === 'ConditionalExpression' ? [node.consequent, node.alternate] : [node.left, node.right];
    const reads = branches.map((branch) => candidateText(unwrapTS(branch), call, why, ctx, depth + 1));
    if (!reads.some((read) => read?.spells === true)) return undefined;
    why.push('chosen at run time by a condition');
    return { spells: true, numeric: reads.some((read) => read?.numeric === true) };
  }
  // Another name for a builder (`const assignPath = build`), or a parameter whose default is one: a caller may pass another.
  if (node.type === 'Identifier') {
    const variable = findVariable(ctx.getScope(node), node.name);
    const def = variable?.defs.length === 1 ? variable.defs[0]!.node as TSESTree.Node : undefined;
    const defaulted = parameterDefault(node) ??
      (def !== undefined && variable!.defs[0]!.type === 'Parameter' ? parameterDefault(variable!.defs[0]!.name as TSESTree.Node) : undefined);
    if (defaulted !== undefined) {
      const read = candidateText(unwrapTS(defaulted), call, why, ctx, depth + 1);
      if (read?.spells === true) why.push(`a parameter (${node.name}) whose default builds the route, and whose callers may pass another builder`);
      return read;
    }
    const values = candidatesOf(node, ctx).values;
    const reads = values.map((value) => candidateText(value.node, call, why, ctx, depth + 1));
    return reads.some((read) => read?.spells === true) ? { spells: true, numeric: reads.some((read) => read?.numeric === true) } : undefined;
  }
  if (node.type === 'CallExpression') {
    const callee = unwrapTS(node.callee);
    const root = callee.type === 'MemberExpression' ? unwrapTS(callee.object) : callee;
    if (root.type !== 'Identifier' || moduleOf(root, ctx) !== 'path-to-regexp') {
      const made = ctx.text.slice(callee.range[0], callee.range[1]).replace(/\s+/g, '');
      // `assignPath.bind(null)`: the builder with a this and arguments of its own.
      if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && callee.property.name === 'bind' &&
        candidateText(unwrapTS(callee.object), call, why, ctx, depth + 1)?.spells === true) {
        why.push('made by .bind, with a this and arguments of its own');
        return { spells: true, numeric: false };
      }
      // A builder made by a function of the program from a template that spells the route (its own `compile`, one
      // that adds a region), or from a builder (`withRegion(assignPath)`): what the function makes of it is not read.
      const template = node.arguments.find((arg) => arg.type !== 'SpreadElement' && textOf(arg, ctx, undefined) !== undefined &&
        LOOSE_ROUTE.test(textOf(arg, ctx, undefined)!.replace(PTR_PLACEHOLDER, 'app').split(UNKNOWN).join('app')));
      const builder = template !== undefined ? undefined : node.arguments.find((arg) => (arg.type === 'Identifier' || isFunction(arg)) &&
        candidateText(arg, call, [], ctx, depth + 1)?.spells === true);
      if (template === undefined && builder === undefined) return undefined;
      why.push(builder === undefined ? `made by ${made}(…), a function of the program whose result is not read here`
        : `made by ${made}(${isFunction(builder) ? 'a function that builds the route' : ctx.text.slice(builder.range[0], builder.range[1])}), a function of the program whose result is not read here`);
      return { spells: true, numeric: false };
    }
    const template = node.arguments[0];
    const text = template === undefined ? undefined : textOf(template, ctx, undefined);
    if (text === undefined) return undefined;
    const numeric = [...text.matchAll(PTR_PLACEHOLDER)].some((m) => m[1] !== undefined && /^\(\\*d\+?\*?\)$|^\(\[0-9\]\+\)$/.test(m[1]));
    const filled = text.replace(PTR_PLACEHOLDER, 'app');
    if (!LOOSE_ROUTE.test(filled)) return undefined;
    if (node.arguments.length > 1) {
      const options = node.arguments[1]!;
      const keys = options.type === 'ObjectExpression'
        ? options.properties.map((p) => (p.type === 'Property' ? staticKey(p) ?? '…' : '…')).join(', ') : ctx.text.slice(options.range[0], options.range[1]);
      why.push(`compiled by path-to-regexp with options (${keys}) that change the path it builds from the app code`);
    }
    if (/:[A-Za-z_$][\w$]*\(/.test(text) && !numeric) why.push('its placeholder has a pattern of its own');
    return { spells: true, numeric };
  }
  if (node.type !== 'FunctionDeclaration' && !isFunction(node)) return undefined;
  const fn = node as TSESTree.FunctionLike;
  let returned = returnedExpression(fn);
  if (returned === undefined) {
    // A body of statements (a check of the code that throws, a change of it) before the route is returned.
    const texts = returnsOf(fn).map((value) => textOf(value, ctx, undefined, self ?? null));
    if (!texts.some((text) => text !== undefined && LOOSE_ROUTE.test(text.split(UNKNOWN).join('app')))) return undefined;
    why.push('a body of statements that runs before it returns the route (a check or a change of the code), which is not read exactly');
    return { spells: true, numeric: false };
  }
  returned = unwrapTS(returned) as TSESTree.Expression;
  // `(calls++, template)`: the parts before the last run first.
  if (returned.type === 'SequenceExpression') {
    const last = returned.expressions[returned.expressions.length - 1]!;
    const text = textOf(last, ctx, undefined, self ?? null);
    if (text === undefined || !LOOSE_ROUTE.test(text.split(UNKNOWN).join('app'))) return undefined;
    why.push('a comma expression whose other parts run before the route is built');
    return { spells: true, numeric: false };
  }
  // A tagged template (\`url\`/platform/v1/apps/${c}/assign\`\`): the tag makes the text, and may change its values.
  if (returned.type === 'TaggedTemplateExpression') {
    const text = textOf(returned.quasi, ctx, undefined, self ?? null);
    if (text === undefined || !LOOSE_ROUTE.test(text.split(UNKNOWN).join('app'))) return undefined;
    why.push(`the route is a template given to the tag ${ctx.text.slice(returned.tag.range[0], returned.tag.range[1])}, which makes the text and may change its values`);
    return { spells: true, numeric: false };
  }
  // \`new URL(path, BASE).pathname\`, \`new Request(url).url\`: a part of an object made of the route.
  if (returned.type === 'MemberExpression' && !returned.computed && returned.property.type === 'Identifier' &&
    (returned.property.name === 'pathname' || returned.property.name === 'url')) {
    const made = unwrapTS(returned.object);
    const first = made.type === 'NewExpression' && made.callee.type === 'Identifier' && (made.callee.name === 'URL' || made.callee.name === 'Request') ? made.arguments[0] : undefined;
    const text = first === undefined || first.type === 'SpreadElement' ? undefined : textOf(first, ctx, undefined, self ?? null);
    if (text === undefined || !LOOSE_ROUTE.test(text.split(UNKNOWN).join('app'))) return undefined;
    why.push(`it returns .${returned.property.name} of a ${(made as TSESTree.NewExpression).callee.type === 'Identifier' ? ((made as TSESTree.NewExpression).callee as TSESTree.Identifier).name : ''} made of the route, which this tool does not read as a URL`);
    return { spells: true, numeric: false };
  }
  // `template.toLowerCase()`, `.replace(…)`: the text the builder spells, changed before it is returned.
  const changed = returned.type === 'CallExpression' ? unwrapTS(returned.callee) : undefined;
  if (changed?.type === 'MemberExpression' && !changed.computed && changed.property.type === 'Identifier' &&
    textOf(returned, ctx, undefined, self ?? null) === undefined) {
    const text = textOf(changed.object, ctx, undefined, self ?? null);
    if (text === undefined || !LOOSE_ROUTE.test(text.split(UNKNOWN).join('app'))) return undefined;
    why.push(`the text it builds changed by .${changed.property.name}(…) before it is returned`);
    return { spells: true, numeric: false };
  }
  const defaults = new Map<string, string>();
  fn.params.forEach((param, index) => {
    if (param.type === 'AssignmentPattern' && param.left.type === 'Identifier' && param.right.type === 'Literal' &&
      typeof param.right.value === 'string' && call.arguments[index] === undefined) defaults.set(param.left.name, param.right.value);
  });
  const text = textOf(returned, ctx, defaults, self ?? null);
  // `${this.prefix}/apps/${code}/assign`, `${cfg.prefix}/…`: the route only with a member that code may change.
  const exactText = textOf(returned, ctx, defaults);
  if (text !== undefined && LOOSE_ROUTE.test(text.split(UNKNOWN).join('app')) &&
    (exactText === undefined || !LOOSE_ROUTE.test(exactText.split(UNKNOWN).join('app')))) {
    why.push('the route completed by a member of an object read when it runs, which code may change');
  }
  const wrapped = text !== undefined && LOOSE_ROUTE.test(text.split(UNKNOWN).join('app')) ? undefined : wrappedBuilder(returned, call, ctx, depth);
  if (wrapped !== undefined) {
    why.push(`wraps ${wrapped} and adds to what it builds`);
    return { spells: true, numeric: false };
  }
  if (text === undefined) return undefined;
  const exact = text.split(UNKNOWN).join('app');
  if (!LOOSE_ROUTE.test(exact)) return undefined;
  if ([...defaults.values()].some((value) => text.includes(value)) && !LOOSE_ROUTE.test(textOf(returned, ctx, new Map())!.split(UNKNOWN).join('app'))) {
    why.push(`a parameter left out takes its default (${[...defaults.entries()].map(([k, v]) => `${k} = '${v}'`).join(', ')}) to complete the route`);
  }
  if (/\/assign\/(?=$|[?#])/.test(exact)) why.push('the route it builds ends in /assign/ (a trailing slash)');
  return { spells: true, numeric: false };
}

/** `build = tenantPath`: the default of a parameter, given its name's node. */
function parameterDefault(name: TSESTree.Node): TSESTree.Node | undefined {
  const parent = name.parent;
  return parent?.type === 'AssignmentPattern' && parent.left === name ? parent.right : undefined;
}

/**
 * A builder called inside what a function returns (`(p) => \`/eu${toPath(p)}\``) that spells the route: its name and
 * line, or undefined.
 */
function wrappedBuilder(returned: TSESTree.Node, call: TSESTree.CallExpression, ctx: SourceContext, depth: number): string | undefined {
  const expr = unwrapTS(returned);
  const parts = expr.type === 'TemplateLiteral' ? expr.expressions : expr.type === 'BinaryExpression' && expr.operator === '+' ? [expr.left, expr.right] : [expr];
  for (const part of parts) {
    const inner = unwrapTS(part);
    if (inner.type === 'BinaryExpression' || inner.type === 'TemplateLiteral') {
      const found = wrappedBuilder(inner, call, ctx, depth + 1);
      if (found !== undefined) return found;
      continue;
    }
    if (inner.type !== 'CallExpression') continue;
    const callee = unwrapTS(inner.callee);
    const candidates = candidatesOf(callee, ctx);
    const ignored: string[] = [];
    if (candidates.values.some((value) => candidateText(value.node, call, ignored, candidates.ctx, depth + 1)?.spells === true)) {
      return `${ctx.text.slice(callee.range[0], callee.range[1]).replace(/\s+/g, '')} (line ${candidates.values[0]!.line})`;
    }
  }
  return undefined;
}

/** Stands for a part of a URL not known here. */
const UNKNOWN = '\u0000';

/**
 * The text of an expression, `\0` for what is not known, a parameter named in `defaults` as its default. With `self`
 * (the object literal a method belongs to), a member read of `this` or of a const object literal is read loosely as the
 * string it is written with, whether or not code may change it.
 */
function textOf(node: TSESTree.Node, ctx: SourceContext, defaults: ReadonlyMap<string, string> | undefined, self?: TSESTree.ObjectExpression | null): string | undefined {
  const pieces = readUrl(node, ctx, null);
  if (!pieces.some((piece) => piece.kind === 'text')) return undefined;
  return pieces.map((piece) => {
    if (piece.kind === 'text') return piece.value;
    const inner = unwrapTS(piece.node);
    if (inner.type === 'MemberExpression' && self !== undefined) return looseMember(inner, ctx, self) ?? UNKNOWN;
    return inner.type === 'Identifier' && defaults?.has(inner.name) === true ? defaults.get(inner.name)! : UNKNOWN;
  }).join('');
}

/** `this.prefix` in a method of `self`, or `cfg.prefix` of a const object literal: the string the member is written with. */
function looseMember(member: TSESTree.MemberExpression, ctx: SourceContext, self: TSESTree.ObjectExpression | null): string | undefined {
  const object = unwrapTS(member.object);
  let literal: TSESTree.Node | undefined = object.type === 'ThisExpression' && self !== null ? self : undefined;
  if (object.type === 'Identifier') {
    const def = findVariable(ctx.getScope(object), object.name)?.defs[0]?.node as TSESTree.Node | undefined;
    literal = def?.type === 'VariableDeclarator' && def.init !== null ? unwrapTS(def.init) : undefined;
  }
  if (literal?.type !== 'ObjectExpression' || member.computed || member.property.type !== 'Identifier') return undefined;
  const key = member.property.name;
  const property = literal.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && staticKey(p) === key);
  const value = property === undefined ? undefined : unwrapTS(property.value);
  if (value?.type === 'Literal' && typeof value.value === 'string') return value.value;
  return value?.type === 'TemplateLiteral' && value.expressions.length === 0 ? value.quasis[0]?.value.cooked ?? undefined : undefined;
}

/** The values a function with a body of statements returns (not those of functions inside it). */
function returnsOf(fn: TSESTree.FunctionLike): TSESTree.Node[] {
  const found: TSESTree.Node[] = [];
  if (fn.body === undefined || fn.body === null || fn.body.type !== 'BlockStatement') return found;
  someNode(fn.body, (node) => {
    if (node.type === 'ReturnStatement' && node.argument !== null) found.push(node.argument);
    return false;
  }, (node) => node === fn.body || !isFunction(node));
  return found;
}
