/**
 * Never silent about a URL builder that is not read: a call whose URL comes from a function of the program (or a
 * path-to-regexp template) that spells the deprecated route, where what runs, or what it builds for this call, is not
 * known exactly: the name is assigned again (`let assignUrl = ...; assignUrl = ...`), the call is optional
 * (`builders.assign?.(code)`) or goes through `.call` / `.apply`, a parameter's default completes the route
 * (`appUrl(code, action = 'assign')`), the route ends in a slash (`/assign/`), or path-to-regexp is given options
 * (`compile(path, { encode })`) or a numeric id (`:id(\\d+)`). Such a call is reported with the builder named and why,
 * never rewritten (`url-builder-unread`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { moduleOf } from './clients/index.js';
import type { SourceContext } from './context.js';
import { returnedExpression, valueOfName } from './follow.js';
import { type Reason, ReasonCode } from './reasons.js';
import { findVariable, importOf } from './scope.js';
import { isFunction, staticKey, unwrapTS } from './syntax.js';
import { readUrl } from './url.js';

/** How deep the URL expression is walked. */
const MAX_DEPTH = 6;

/** The deprecated route with any segment for the id, `\0` standing for a value not known here, a slash after it or not. */
const LOOSE_ROUTE = /\/platform\/v1\/apps\/[^/?#]+\/assign\/?(?=$|[?#])/;

/** A path-to-regexp placeholder, with a custom pattern (`:id(\\d+)`) or not. */
const PTR_PLACEHOLDER = /:[A-Za-z_$][\w$]*(\([^)]*\))?/g;

/** The obstacles of a call whose URL an unread builder makes, or undefined when no builder here spells the route. */
export function unreadBuilderObstacles(call: TSESTree.CallExpression, ctx: SourceContext): Reason[] | undefined {
  for (const arg of call.arguments) {
    if (arg.type === 'SpreadElement' || isFunction(arg)) continue;
    const found = walk(arg, ctx, 0);
    if (found !== undefined) return found;
  }
  return undefined;
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
      return !expr.computed && expr.property.type === 'Identifier' && expr.property.name === 'href' ? walk(expr.object, ctx, depth + 1) : undefined;
    case 'Identifier': {
      const name = valueOfName(expr, ctx);
      return name.kind === 'const' ? walk(name.value.node, name.value.ctx, depth + 1) : undefined;
    }
    case 'CallExpression':
      return builderCall(expr, ctx) ?? first(expr.arguments, ctx, depth);
    default:
      return undefined;
  }
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
}

function builderCall(call: TSESTree.CallExpression, ctx: SourceContext): Reason[] | undefined {
  let callee = unwrapTS(call.callee);
  const why: string[] = [];
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
  if (candidates.values.length > 1) why.push(`assigned again (line ${candidates.values.slice(1).map((c) => c.line).join(', line ')})`);
  let numeric = false;
  let spells = false;
  for (const candidate of candidates.values) {
    const read = candidateText(candidate.node, call, why, candidates.ctx, 0);
    if (read === undefined) continue;
    spells ||= read.spells;
    numeric ||= read.numeric;
  }
  if (!spells) return undefined;
  const unique = [...new Set(why)];
  if (unique.length === 0 && !numeric) return undefined;
  const line = candidates.values[0]!.line;
  const key = `${name} (line ${line})${unique.length === 0 ? '' : `, ${unique.join(', ')}`}`;
  return [...(numeric ? [{ code: ReasonCode.appIdNumeric }] : []), ...(unique.length === 0 ? [] : [{ code: ReasonCode.urlBuilderUnread, key }])];
}

/** The values the callee may hold: its declaration's and every later assignment's, in this file. */
function candidatesOf(callee: TSESTree.Node, ctx: SourceContext): { values: Candidate[]; ctx: SourceContext } {
  const lineOf = (node: TSESTree.Node) => ctx.text.slice(0, node.range[0]).split('\n').length;
  const none = { values: [], ctx };
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
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && unwrapTS(callee.object).type === 'Identifier') {
    const object = unwrapTS(callee.object) as TSESTree.Identifier;
    const variable = findVariable(ctx.getScope(object), object.name);
    const def = variable?.defs[0]?.node as TSESTree.Node | undefined;
    const init = def?.type === 'VariableDeclarator' && def.init !== null ? unwrapTS(def.init) : undefined;
    if (init?.type !== 'ObjectExpression') return none;
    const key = callee.property.name;
    const property = init.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && staticKey(p) === key);
    return property === undefined ? none : { values: [{ node: unwrapTS(property.value), line: lineOf(property) }], ctx };
  }
  return none;
}

/**
 * Whether a builder's value spells the route, read loosely: a function's returned text with its unknown parts as
 * wildcards and a parameter the call leaves out as its default; a path-to-regexp template with its placeholders
 * filled. Notes on `why` what the exact reading could not follow.
 */
function candidateText(node: TSESTree.Node, call: TSESTree.CallExpression, why: string[], ctx: SourceContext, depth: number): { spells: boolean; numeric: boolean } | undefined {
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
      // A builder made by a function of the program from a template that spells the route (its own `compile`, one
      // that adds a region): what the function makes of it is not read.
      const template = node.arguments.find((arg) => arg.type !== 'SpreadElement' && textOf(arg, ctx, undefined) !== undefined &&
        LOOSE_ROUTE.test(textOf(arg, ctx, undefined)!.replace(PTR_PLACEHOLDER, 'app').split(UNKNOWN).join('app')));
      if (template === undefined) return undefined;
      why.push(`made by ${ctx.text.slice(callee.range[0], callee.range[1]).replace(/\s+/g, '')}(…), a function of the program whose result is not read here`);
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
  const returned = returnedExpression(fn);
  if (returned === undefined) return undefined;
  const defaults = new Map<string, string>();
  fn.params.forEach((param, index) => {
    if (param.type === 'AssignmentPattern' && param.left.type === 'Identifier' && param.right.type === 'Literal' &&
      typeof param.right.value === 'string' && call.arguments[index] === undefined) defaults.set(param.left.name, param.right.value);
  });
  const text = textOf(returned, ctx, defaults);
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

/** The text of an expression, `\0` for what is not known, a parameter named in `defaults` as its default. */
function textOf(node: TSESTree.Node, ctx: SourceContext, defaults: ReadonlyMap<string, string> | undefined): string | undefined {
  const pieces = readUrl(node, ctx, null);
  if (!pieces.some((piece) => piece.kind === 'text')) return undefined;
  return pieces.map((piece) => {
    if (piece.kind === 'text') return piece.value;
    const inner = unwrapTS(piece.node);
    return inner.type === 'Identifier' && defaults?.has(inner.name) === true ? defaults.get(inner.name)! : UNKNOWN;
  }).join('');
}
