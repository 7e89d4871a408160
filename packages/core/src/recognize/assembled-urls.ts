/**
 * URLs assembled at run time from parts, read only to find the route: an array literal joined (`[base, 'platform',
 * 'v1', 'apps', code, 'assign'].join('/')`), node's `path.join` / `path.posix.join`, `String#concat`, and a `URL` made
 * with dot segments or backslashes (`new URL('./apps/x/assign', '…/platform/v1/')`) or whose `pathname` or `href` is
 * set after it is made. Each gives one expression piece whose `variants` hold the URL the parts make, marked
 * `assembled`: a route found in it is reported (`url-assembled`), never rewritten, since no one span of the source
 * spells it.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { moduleOf } from './clients/modules.js';
import type { SourceContext } from '../facts/context.js';
import { valueOfName } from './follow.js';
import { findVariable, isSingleUse } from '../facts/scope.js';
import { staticString } from '../facts/static-value.js';
import { unwrapTS } from '../facts/syntax.js';
import type { Region, UrlPiece } from './url-piece.js';

type ReadUrl = (node: TSESTree.Node, ctx: SourceContext, region: Region, depth: number) => UrlPiece[];

const PATH_MODULES: ReadonlySet<string> = new Set(['path', 'node:path', 'path/posix', 'node:path/posix']);

/** The piece that stands for an assembled URL, or undefined when the parts make no text. */
export function assembled(node: TSESTree.Node, ctx: SourceContext, region: Region, variants: readonly (readonly UrlPiece[])[]): UrlPiece[] | undefined {
  const read = variants.filter((pieces) => pieces.some((piece) => piece.kind === 'text'));
  return read.length === 0 ? undefined : [{ kind: 'expr', node: node as TSESTree.Expression, region, ctx, variants: read, assembled: true }];
}

/** `[...].join(sep)`, `path.join(...)`, `'…'.concat(...)`: the URL the call assembles, or undefined for another call. */
export function assembledCall(call: TSESTree.CallExpression, ctx: SourceContext, region: Region, depth: number, readUrl: ReadUrl): UrlPiece[] | undefined {
  const callee = unwrapTS(call.callee);
  if (call.arguments.some((arg) => arg.type === 'SpreadElement')) return undefined;
  const args = call.arguments as TSESTree.Expression[];
  const name = callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? callee.property.name
    : callee.type === 'Identifier' ? callee.name : undefined;
  if (name === 'join' && isPathModule(callee, ctx)) {
    const parts = args.map((arg) => readUrl(arg, ctx, null, depth + 1));
    const joined = parts.flatMap((part, i) => (i === 0 ? part : [text('/', ctx), ...part]));
    const normal = normalised(joined, ctx, true);
    return normal === undefined ? undefined : assembled(call, ctx, region, [normal]);
  }
  if (callee.type !== 'MemberExpression') return undefined;
  if (name === 'join' && args.length <= 1) {
    const elements = arrayElements(callee.object, ctx);
    const separator = args[0] === undefined ? ',' : staticString(args[0], ctx);
    if (elements === undefined || separator === undefined) return undefined;
    const joined = elements.flatMap((element, i) => {
      const part = readUrl(element.node, element.ctx, null, depth + 1);
      return i === 0 ? part : [text(separator, ctx), ...part];
    });
    return assembled(call, ctx, region, [joined]);
  }
  if (name === 'concat') {
    const receiver = readUrl(callee.object, ctx, null, depth + 1);
    // `String#concat` of a text; `Array#concat` of an array is no URL.
    if (receiver[0]?.kind !== 'text') return undefined;
    return assembled(call, ctx, region, [[...receiver, ...args.flatMap((arg) => readUrl(arg, ctx, null, depth + 1))]]);
  }
  return undefined;
}

/** `path.join`, `path.posix.join`, an imported `join` of node's path module. */
function isPathModule(callee: TSESTree.Node, ctx: SourceContext): boolean {
  let root = unwrapTS(callee);
  while (root.type === 'MemberExpression') root = unwrapTS(root.object);
  if (root.type !== 'Identifier') return false;
  const module = moduleOf(root, ctx);
  return module !== undefined && PATH_MODULES.has(module);
}

/** The elements of an array literal, written at the call or in a const that only this call uses; no spread or hole. */
function arrayElements(node: TSESTree.Node, ctx: SourceContext): { node: TSESTree.Node; ctx: SourceContext }[] | undefined {
  let expr = unwrapTS(node);
  let at = ctx;
  if (expr.type === 'Identifier') {
    const name = valueOfName(expr, ctx);
    // Another use of the array may change it (`parts.push(...)`) before it is joined.
    if (name.kind !== 'const' || !isSingleUse(name.variable)) return undefined;
    expr = unwrapTS(name.value.node);
    at = name.value.ctx;
  }
  if (expr.type !== 'ArrayExpression' || expr.elements.some((element) => element === null || element.type === 'SpreadElement')) return undefined;
  return (expr.elements as TSESTree.Expression[]).map((element) => ({ node: element, ctx: at }));
}

function text(value: string, ctx: SourceContext): UrlPiece {
  return { kind: 'text', value, start: null, region: null, ctx };
}

/**
 * The pieces with their text normalised as the URL parser (and `path.join`, with `collapse`) does: backslashes read
 * as slashes, `.` and `..` segments removed, and with `collapse` repeated slashes made one. Undefined when a `..`
 * would remove a part not known here.
 */
export function normalised(pieces: readonly UrlPiece[], ctx: SourceContext, collapse: boolean): UrlPiece[] | undefined {
  const exprs = pieces.filter((piece) => piece.kind === 'expr');
  let flat = pieces.map((piece) => (piece.kind === 'text' ? piece.value : '\u0000')).join('').replace(/\\/g, '/');
  // The origin ends where its host does, or at a part not known here.
  const origin = (/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(flat)?.[0] ?? '').split('\u0000')[0]!;
  const rest = flat.slice(origin.length);
  const queryAt = rest.search(/[?#]/);
  let path = queryAt < 0 ? rest : rest.slice(0, queryAt);
  if (collapse) path = path.replace(/\/{2,}/g, '/');
  const segments = path.split('/');
  const out: string[] = [];
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..' && out.length > 1) out.pop();
      if (last) out.push('');
      return;
    }
    out.push(segment);
  });
  flat = origin + out.join('/') + (queryAt < 0 ? '' : rest.slice(queryAt));
  const texts = flat.split('\u0000');
  if (texts.length !== exprs.length + 1) return undefined;
  return texts.flatMap((value, i) => [...(value === '' ? [] : [text(value, ctx)]), ...(i < exprs.length ? [{ ...exprs[i]!, region: null }] : [])]);
}

/**
 * For a const holding `new URL(...)`: the URLs its `pathname` or `href`, set after it is made, give it (`u.pathname =
 * '/platform/v1/apps/x/assign'` keeps the origin). Empty when nothing sets them.
 */
export function urlWrites(id: TSESTree.Identifier, ctx: SourceContext, made: readonly UrlPiece[], depth: number, readUrl: ReadUrl): UrlPiece[][] {
  const variable = findVariable(ctx.getScope(id), id.name);
  if (variable === undefined) return [];
  const found: UrlPiece[][] = [];
  for (const reference of variable.references) {
    const member = (reference.identifier as TSESTree.Identifier).parent;
    if (member?.type !== 'MemberExpression' || member.object !== reference.identifier || member.computed || member.property.type !== 'Identifier') continue;
    const assignment = member.parent;
    if (assignment?.type !== 'AssignmentExpression' || assignment.left !== member || assignment.operator !== '=') continue;
    const value = readUrl(assignment.right, ctx, null, depth + 1);
    if (member.property.name === 'href') found.push(value);
    if (member.property.name === 'pathname') {
      const first = made[0];
      const origin = first?.kind === 'text' ? /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(first.value)?.[0] : undefined;
      const head = value[0];
      const slash = head?.kind === 'text' && head.value.startsWith('/') ? [] : [text('/', ctx)];
      found.push([origin === undefined ? { kind: 'expr', node: id, region: null, ctx } : text(origin, ctx), ...slash, ...value]);
    }
  }
  return found;
}
