/**
 * URL builders from packages, read as the URL they build: `urlcat(base, '/platform/v1/apps/:id/assign', { id })`,
 * `urljoin(base, 'platform/v1/apps', code, 'assign')` (url-join), and path-to-regexp's
 * `compile('/platform/v1/apps/:id/assign')({ id })`. Each is read exactly as the library builds its URL, so that the
 * route is found where it is spelled and the rewrite builds the v3 URL the same way, from the same base:
 * - urlcat joins base and path with one slash (one trailing slash of the base and one leading slash of the path go),
 *   fills `:name` from the params, encoded, and puts every param the path does not name into the query string: the
 *   params object goes with the route only when it holds the route's id alone;
 * - url-join strips the slashes around every part and joins the parts with one slash, and treats `?`, `&` and `#` in
 *   a part as the start of a query or fragment: a part that holds one is not read;
 * - compile fills `:name` from the object its function is given and ignores the object's other keys: the template is
 *   edited where it is written, when the compiled function serves this call alone.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { valueOfName } from './follow.js';
import { findVariable, importOf, isSingleUse } from '../facts/scope.js';
import { staticKey, unwrapTS } from '../facts/syntax.js';
import { staticString } from '../facts/static-value.js';
import { assembled } from './assembled-urls.js';
import type { Region, UrlEdit, UrlPiece } from './url-piece.js';

type ReadUrl = (node: TSESTree.Node, ctx: SourceContext, region: Region, depth: number) => UrlPiece[];
type TextPiece = Extract<UrlPiece, { kind: 'text' }>;

/** The library a callee comes from, by its import or `require`: urlcat, url-join, or path-to-regexp's `compile`. */
function libraryOf(callee: TSESTree.Node, ctx: SourceContext): 'urlcat' | 'url-join' | 'compile' | undefined {
  const expr = unwrapTS(callee);
  if (expr.type !== 'Identifier') return undefined;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  if (variable === undefined) return undefined;
  const imported = importOf(variable) ?? requiredAs(variable);
  if (imported === undefined) return undefined;
  if (imported.source === 'urlcat' && (imported.imported === 'default' || imported.imported === 'urlcat')) return 'urlcat';
  if (imported.source === 'url-join' && imported.imported === 'default') return 'url-join';
  if (imported.source === 'path-to-regexp' && imported.imported === 'compile') return 'compile';
  return undefined;
}

/** `const urljoin = require('url-join')`, `const { compile } = require('path-to-regexp')`. */
function requiredAs(variable: NonNullable<ReturnType<typeof findVariable>>): { source: string; imported: string } | undefined {
  const def = variable.defs.length === 1 ? variable.defs[0] : undefined;
  const declarator = def?.node as TSESTree.Node | undefined;
  if (declarator?.type !== 'VariableDeclarator' || declarator.init === null || (def!.parent as TSESTree.Node | null)?.type !== 'VariableDeclaration' ||
    (def!.parent as TSESTree.VariableDeclaration).kind !== 'const') return undefined;
  const init = unwrapTS(declarator.init);
  const required = (node: TSESTree.Node): string | undefined => node.type === 'CallExpression' && node.callee.type === 'Identifier' &&
    node.callee.name === 'require' && node.arguments[0]?.type === 'Literal' && typeof node.arguments[0].value === 'string' ? node.arguments[0].value : undefined;
  if (declarator.id.type === 'Identifier') {
    const module = required(init);
    if (module !== undefined) return { source: module, imported: 'default' };
    // require('urlcat').default
    if (init.type === 'MemberExpression' && !init.computed && init.property.type === 'Identifier' && init.property.name === 'default') {
      const inner = required(unwrapTS(init.object));
      return inner === undefined ? undefined : { source: inner, imported: 'default' };
    }
    return undefined;
  }
  if (declarator.id.type !== 'ObjectPattern') return undefined;
  const module = required(init);
  const property = declarator.id.properties.find((p): p is TSESTree.Property => p.type === 'Property' && p.value.type === 'Identifier' &&
    p.value.name === variable.name);
  const key = property === undefined || property.computed ? undefined : staticKey(property);
  return module === undefined || key === undefined ? undefined : { source: module, imported: key };
}

/**
 * The pieces of a URL a library call builds, or undefined when the call is no such library call, or builds its URL in
 * a way read here would not be exact (a spread, a part with a query or fragment, a modifier in a template).
 */
export function libraryUrlPieces(call: TSESTree.CallExpression, ctx: SourceContext, region: Region, depth: number, readUrl: ReadUrl): UrlPiece[] | undefined {
  const callee = unwrapTS(call.callee);
  if (call.arguments.some((arg) => arg.type === 'SpreadElement')) return undefined;
  const args = call.arguments as TSESTree.Expression[];
  // compile('/platform/v1/apps/:id/assign')({ id }), or a const that holds the compiled function.
  const compiled = compiledTemplate(callee, ctx);
  if (compiled !== undefined) {
    const params = args[0];
    if (args.length !== 1 || params === undefined) return undefined;
    const template = readUrl(compiled.template, compiled.ctx, compiled.region, depth + 1);
    const filled = fillPlaceholders(template, params, ctx, compiled.region, depth, readUrl, 'ignore');
    if (filled === undefined) return undefined;
    const builder = { call, region, ctx };
    // compile's function throws on a value that is not a non-empty string matching its parameter (`''`, a number):
    // nothing was sent then. Only values known here to pass keep that true of the v3 path, which checks nothing.
    const passes = filled.params.properties.every((property) => {
      const value = property.type === 'Property' ? staticString(property.value, ctx) : undefined;
      return value !== undefined && /^[^/?#]+$/.test(value);
    });
    const pieces = passes ? filled.pieces : filled.pieces.map((piece) => (piece.kind === 'text' ? { ...piece, checkedBy: 'compile' as const } : piece));
    return compiled.shared ? pieces.map((piece) => (piece.kind === 'text' ? { ...piece, region: null, builtBy: call, builder } : { ...piece, region: null, builder })) : pieces;
  }
  switch (libraryOf(callee, ctx)) {
    case 'urlcat':
      return urlcatPieces(call, args, ctx, region, depth, readUrl);
    case 'url-join': {
      // url-join's array form (`urljoin([base, 'platform/v1/apps', code, 'assign'])`) and parts it drops (`''`, `'/'`):
      // the URL it joins, read and never edited.
      const only = args.length === 1 ? unwrapTS(args[0]!) : undefined;
      const parts = only?.type === 'ArrayExpression' && only.elements.every((element) => element !== null && element.type !== 'SpreadElement')
        ? only.elements : args;
      const dropped = parts.filter((part) => !isDroppedPart(part, ctx));
      if (parts === args && dropped.length === args.length) return urljoinPieces(call, args, ctx, region, depth, readUrl);
      const joined = urljoinPieces(call, dropped, ctx, null, depth, readUrl);
      return joined === undefined ? undefined : assembled(call, ctx, region, [joined]);
    }
    default:
      return undefined;
  }
}

/** A part url-join drops: text that is empty or only slashes. */
function isDroppedPart(part: TSESTree.Node, ctx: SourceContext): boolean {
  const value = staticString(part, ctx);
  return value !== undefined && /^\/*$/.test(value);
}

/** The template of a compiled path-to-regexp function, where it is written, and whether other calls share it. */
function compiledTemplate(callee: TSESTree.Node, ctx: SourceContext): { template: TSESTree.Node; ctx: SourceContext; region: Region; shared: boolean } | undefined {
  const compileCall = (node: TSESTree.Node, at: SourceContext): TSESTree.CallExpression | undefined => {
    const expr = unwrapTS(node);
    return expr.type === 'CallExpression' && expr.arguments.length === 1 && expr.arguments[0]!.type !== 'SpreadElement' &&
      libraryOf(expr.callee, at) === 'compile' ? expr : undefined;
  };
  const inline = compileCall(callee, ctx);
  if (inline !== undefined) return { template: inline.arguments[0]!, ctx, region: inline.arguments[0]!, shared: false };
  const expr = unwrapTS(callee);
  if (expr.type !== 'Identifier') return undefined;
  const name = valueOfName(expr, ctx);
  // A compiled function another module exports (a routes module of path builders): its template is every importer's.
  if (name.kind === 'imported') {
    const exported = compileCall(name.value.node, name.value.ctx);
    return exported === undefined ? undefined : { template: exported.arguments[0]!, ctx: name.value.ctx, region: null, shared: true };
  }
  if (name.kind !== 'const' || name.value.ctx !== ctx) return undefined;
  const made = compileCall(name.value.node, ctx);
  if (made === undefined) return undefined;
  const shared = !isSingleUse(name.variable);
  return { template: made.arguments[0]!, ctx, region: shared ? null : made.arguments[0]!, shared };
}

/** urlcat's path placeholders, path-to-regexp's plain parameters. */
const PLACEHOLDER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Replaces each `:name` of a template's static text with the pieces of `params.name`. `unused`: what a key of params
 * the template does not name does: urlcat puts it into the query string ('query'), compile ignores it ('ignore').
 * Gives the pieces and the keys used, or undefined when params is not a plain object literal with static keys, or
 * the template has a placeholder params does not fill, or a modifier (`:id?`, `{...}`, `*`, `(`).
 */
function fillPlaceholders(template: readonly UrlPiece[], paramsNode: TSESTree.Node, ctx: SourceContext, region: Region, depth: number,
  readUrl: ReadUrl, unused: 'query' | 'ignore'): { pieces: UrlPiece[]; used: Set<string>; params: TSESTree.ObjectExpression } | undefined {
  const params = unwrapTS(paramsNode);
  if (params.type !== 'ObjectExpression') return undefined;
  const values = new Map<string, TSESTree.Node>();
  for (const property of params.properties) {
    if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.method) return undefined;
    const key = staticKey(property);
    if (key === undefined || values.has(key)) return undefined;
    values.set(key, property.value);
  }
  const used = new Set<string>();
  const pieces: UrlPiece[] = [];
  for (const piece of template) {
    if (piece.kind !== 'text') {
      pieces.push(piece);
      continue;
    }
    if (/[{}*()]|:[A-Za-z_][A-Za-z0-9_]*[?+*]/.test(piece.value)) return undefined;
    let last = 0;
    for (const found of piece.value.matchAll(PLACEHOLDER)) {
      const value = values.get(found[1]!);
      if (value === undefined) return undefined;
      used.add(found[1]!);
      if (found.index > last) pieces.push(sliceOf(piece, last, found.index));
      pieces.push(...readUrl(value, ctx, region, depth + 1).map((inner) => ({ ...inner, region })));
      last = found.index + found[0].length;
    }
    if (last < piece.value.length) pieces.push(sliceOf(piece, last, piece.value.length));
  }
  if (unused === 'query' && [...values.keys()].some((key) => !used.has(key))) {
    // The keys the path does not name go into the query string.
    pieces.push({ kind: 'text', value: '?', start: null, region: null, ctx }, { kind: 'expr', node: params, region: null, ctx });
  }
  return { pieces, used, params };
}

function sliceOf(piece: TextPiece, from: number, to: number): TextPiece {
  return { ...piece, value: piece.value.slice(from, to), start: piece.start === null ? null : piece.start + from };
}

/**
 * `urlcat(base, path, params)`, `urlcat(base, path)`, `urlcat(template, params)`: the base joined to the path with one
 * slash, the placeholders filled. When the params hold the route's id and nothing else, the rewrite drops them with
 * the placeholder (the v3 path names none): the edit that removes them goes with the route.
 */
function urlcatPieces(call: TSESTree.CallExpression, args: readonly TSESTree.Expression[], ctx: SourceContext, region: Region, depth: number,
  readUrl: ReadUrl): UrlPiece[] | undefined {
  const last = args[args.length - 1];
  const hasParams = last !== undefined && unwrapTS(last).type === 'ObjectExpression';
  const paths = hasParams ? args.slice(0, -1) : args;
  if (paths.length === 0 || paths.length > 2) return undefined;
  const pathNode = paths[paths.length - 1]!;
  let path = readUrl(pathNode, ctx, region, depth + 1);
  let dropParams: UrlEdit | undefined;
  if (hasParams) {
    const filled = fillPlaceholders(path, last, ctx, region, depth, readUrl, 'query');
    if (filled === undefined) return undefined;
    path = filled.pieces;
    const range: [number, number] = [pathNode.range[1], last.range[1]];
    const commented = ctx.comments.some((comment) => comment.range[0] >= range[0] && comment.range[1] <= range[1]);
    if (filled.used.size === filled.params.properties.length && !commented) dropParams = { range, text: '', ctx };
  }
  if (dropParams !== undefined) path = path.map((piece) => ({ ...piece, dropWith: dropParams }));
  if (paths.length === 1) return path;
  const base = readUrl(paths[0]!, ctx, null, depth + 1).map(asBase);
  // join(base, '/', path): one trailing slash of the base and one leading slash of the path give way to one slash.
  const lastBase = base[base.length - 1];
  if (lastBase?.kind === 'text' && lastBase.value.endsWith('/')) base[base.length - 1] = { ...lastBase, value: lastBase.value.slice(0, -1), start: null };
  const first = path[0];
  if (first?.kind === 'text' && first.value.startsWith('/')) path[0] = sliceOf(first, 1, first.value.length);
  const emptyBase = base.every((piece) => piece.kind === 'text' && piece.value === '');
  return emptyBase ? path : [...base, { kind: 'text', value: '/', start: null, region: null, ctx, fromClientBase: true }, ...path];
}

function asBase(piece: UrlPiece): UrlPiece {
  return piece.kind === 'text' ? { ...piece, start: null, region: null, fromClientBase: true } : { ...piece, region: null };
}

/**
 * `urljoin(...parts)`: every part but the first loses its leading slashes, every part but the last its trailing ones,
 * and the parts are joined with one slash. The text between two parts is the separator the library writes; an edit
 * may span from one part's literal to another's, which only removes whole arguments between them.
 */
function urljoinPieces(call: TSESTree.CallExpression, args: readonly TSESTree.Expression[], ctx: SourceContext, region: Region, depth: number,
  readUrl: ReadUrl): UrlPiece[] | undefined {
  if (args.length < 2) return undefined;
  const pieces: UrlPiece[] = [];
  for (const [index, arg] of args.entries()) {
    const part: UrlPiece[] = readUrl(arg, ctx, region, depth + 1).map((piece): UrlPiece => (piece.kind === 'text' ? { ...piece, joinedBy: call } : piece));
    // `?`, `&` and `#` start a query or a fragment, which url-join rewrites: what precedes is read (never edited),
    // what follows is a query or fragment not known here, so a route before it is found and left for a person.
    const query = part.findIndex((piece) => piece.kind === 'text' && /[?&#]/.test(piece.value));
    if (query >= 0) {
      const piece = part[query] as TextPiece;
      const at = piece.value.search(/[?&#]/);
      const before = [...part.slice(0, query), { ...piece, value: piece.value.slice(0, at) }]
        .map((inner, i) => (inner.kind === 'text' ? { ...inner, value: i === 0 && index > 0 ? inner.value.replace(/^\/+/, '') : inner.value, start: null, region: null } : { ...inner, region: null }))
        .filter((inner) => inner.kind !== 'text' || inner.value !== '');
      const lastBefore = before[before.length - 1];
      if (lastBefore?.kind === 'text') before[before.length - 1] = { ...lastBefore, value: lastBefore.value.replace(/\/+$/, '') };
      if (index > 0 && before.length > 0) pieces.push({ kind: 'text', value: '/', start: null, region: null, ctx });
      pieces.push(...before, { kind: 'text', value: piece.value[at] === '#' ? '#' : '?', start: null, region: null, ctx }, { kind: 'expr', node: call, region: null, ctx });
      return pieces;
    }
    const first = part[0];
    if (index > 0 && first?.kind === 'text') {
      const stripped = first.value.replace(/^\/+/, '');
      part[0] = sliceOf(first, first.value.length - stripped.length, first.value.length);
    }
    const lastAt = part.length - 1;
    const last = part[lastAt];
    if (index < args.length - 1 && last?.kind === 'text') part[lastAt] = sliceOf(last, 0, last.value.replace(/\/+$/, '').length);
    if (part.some((piece) => piece.kind === 'text' && piece.value === '')) return undefined;
    if (index > 0) pieces.push({ kind: 'text', value: '/', start: null, region, ctx, joinedBy: call });
    pieces.push(...part);
  }
  return pieces;
}
