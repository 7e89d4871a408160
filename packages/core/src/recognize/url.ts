/**
 * Reads a URL expression as far as it is static, and finds the deprecated route in it.
 *
 * A URL is read into pieces: text known from the source (with the exact source range it came from, when that text
 * can be edited in place) and expressions that are only known at run time. The route matcher then looks for
 * `platform/v1/apps/<one id>/assign` at the end of the URL, and computes the one source span to replace so that
 * whatever precedes the route (an origin, a base expression) stays.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Bound, SourceContext } from '../facts/context.js';
import { DEPRECATED_ASSIGN, V3_ASSIGN } from '../facts/contract.js';
import { builderUsedUnseen } from '../analysis/builder-uses.js';
import { classBuilderCall } from './class-builders.js';
import { errorMessageMayBeRead } from './error-messages.js';
import { calledFunction, contextForCall, fixedBuilderMember, namespaceFunction, namespaceMember, returnedExpression, thisMethod, valueOfMember, valueOfName } from './follow.js';
import { isUtilFormat } from './not-a-request.js';
import { findVariable, isExported, isNeverReassigned, isSingleUse, usesOf, type VariableLike } from '../facts/scope.js';
import { enclosingName, unwrapTS } from '../facts/syntax.js';
import { fileQuotes, lineAt } from '../facts/text-facts.js';
import { fieldValues } from './class-fields.js';
import { assembled, assembledCall, normalised, urlWrites } from './assembled-urls.js';
import { libraryUrlPieces } from './url-libraries.js';
import { patternTakesUrl, readsUrlMember } from './response-url.js';

import type { Region, UrlEdit, UrlPiece } from './url-piece.js';

export type { Region, UrlEdit, UrlPiece };

const MAX_DEPTH = 8;

/**
 * The pieces `util.format(text, ...args)` makes: the text (static), each `%s` an argument read as a URL, `%%` a
 * percent sign. Another specifier, or an argument left over (format appends those), is a piece not known here.
 */
function formatPieces(call: TSESTree.CallExpression, ctx: SourceContext, depth: number): UrlPiece[] | undefined {
  const [first, ...args] = call.arguments;
  if (first === undefined || first.type === 'SpreadElement' || args.some((arg) => arg.type === 'SpreadElement')) return undefined;
  const text = readUrl(first, ctx, null, depth + 1);
  if (text.length !== 1 || text[0]!.kind !== 'text') return undefined;
  const pieces: UrlPiece[] = [];
  const parts = text[0]!.value.split(/(%[sdifjoOc%])/);
  let next = 0;
  for (const part of parts) {
    if (part === '%%') pieces.push({ kind: 'text', value: '%', start: null, region: null, ctx });
    else if (part === '%s' && args[next] !== undefined) pieces.push(...readUrl(args[next++]!, ctx, null, depth + 1));
    else if (/^%[sdifjoOc]$/.test(part)) return undefined;
    else if (part !== '') pieces.push({ kind: 'text', value: part, start: null, region: null, ctx });
  }
  return next === args.length ? pieces : undefined;
}

/**
 * Reads an expression into URL pieces. `region` is where the expression itself can be edited.
 */
export function readUrl(node: TSESTree.Node, ctx: SourceContext, region: Region = node, depth = 0): UrlPiece[] {
  const expr = unwrapTS(node);
  if (depth > MAX_DEPTH) return [{ kind: 'expr', node: expr as TSESTree.Expression, region, ctx }];
  switch (expr.type) {
    case 'Literal': {
      if (typeof expr.value === 'string') {
        const exact = expr.raw.slice(1, -1) === expr.value;
        return [{ kind: 'text', value: expr.value, start: exact ? expr.range[0] + 1 : null, region, ctx, owner: expr }];
      }
      if (typeof expr.value === 'number') {
        return [{ kind: 'text', value: String(expr.value), start: null, region, ctx, numeric: true }];
      }
      break;
    }
    case 'TemplateLiteral': {
      const pieces: UrlPiece[] = [];
      expr.quasis.forEach((quasi, i) => {
        const exact = quasi.value.raw === quasi.value.cooked;
        if (quasi.value.cooked === null) {
          pieces.push({ kind: 'expr', node: expr, region: null, ctx });
        } else if (quasi.value.cooked !== '') {
          pieces.push({ kind: 'text', value: quasi.value.cooked, start: exact ? quasi.range[0] + 1 : null, region, ctx, owner: expr });
        }
        const inner = expr.expressions[i];
        if (inner !== undefined) pieces.push(...readUrl(inner, ctx, region, depth + 1));
      });
      return pieces;
    }
    case 'BinaryExpression': {
      if (expr.operator === '+') {
        const left = readUrl(expr.left, ctx, region, depth + 1);
        const right = readUrl(expr.right, ctx, region, depth + 1);
        // `+` joins only when one side is a string; `1 + 2` adds.
        const isString = (pieces: UrlPiece[]) => pieces.some((p) => p.kind === 'text' && p.numeric !== true);
        if (isString(left) || isString(right)) return [...left, ...right];
      }
      break;
    }
    case 'Identifier': {
      const name = valueOfName(expr, ctx);
      let inner: UrlPiece[] | undefined;
      // A const used only here can be edited where it is declared; a shared one cannot. The same holds for a
      // caller's argument bound to a parameter: it is written at the caller, and edited there only when the
      // function reads the parameter here alone. A value another module exports is never edited for one call.
      if (name.kind === 'const' || name.kind === 'argument') {
        // The response of the request the helper makes with it tells the URL again (`res.url`, `throw res`).
        const responseUse = name.kind === 'argument' ? responseUrlUse(expr, ctx) : undefined;
        const innerRegion = responseUse === undefined && (isSingleUse(name.variable) || (name.kind === 'argument' && usedBesidesOnlyInMessages(name.variable, expr, ctx))) ? name.value.node : null;
        inner = readUrl(name.value.node, name.value.ctx, innerRegion, depth + 1);
        // A parameter the helper also uses elsewhere: that use is why the caller's URL is not edited.
        const usedByHelper = name.kind === 'argument' && innerRegion === null ? responseUse ?? otherUseOf(name.variable, expr, ctx) : undefined;
        if (usedByHelper !== undefined) inner = inner.map((piece) => (piece.kind === 'text' && piece.usedByHelper === undefined ? { ...piece, usedByHelper } : piece));
        // A URL whose pathname or href is set after it is made (`u.pathname = '/platform/v1/apps/x/assign'`).
        if (name.kind === 'const' && isNewUrl(name.value.node, name.value.ctx)) {
          const writes = urlWrites(expr, ctx, inner, depth, readUrl);
          const read = writes.length === 0 ? undefined : assembled(expr, ctx, region, [...writes, inner]);
          if (read !== undefined) return read;
        }
      } else if (name.kind === 'imported') {
        inner = readUrl(name.value.node, name.value.ctx, null, depth + 1);
      }
      // A name that holds no known text (`const code = app.code`) stays the expression it is named by here.
      // A name for a value that differs per environment keeps what it may hold.
      if (inner?.length === 1 && inner[0]!.kind === 'expr' && inner[0]!.variants !== undefined) return [{ ...inner[0]!, region }];
      if (inner === undefined || !inner.some((piece) => piece.kind === 'text')) break;
      const whole = inner.length === 1;
      const named: Bound = { node: expr, ctx };
      return inner.map((piece) => (piece.kind === 'text'
        ? whole ? { ...piece, viaConstant: expr, whole: [named, ...(piece.whole ?? [])], at: region } : { ...piece, viaConstant: expr }
        : piece));
    }
    case 'LogicalExpression':
    case 'ConditionalExpression': {
      // A value that differs per environment or condition: each branch read on its own, none of them certain.
      const branches = expr.type === 'LogicalExpression'
        ? (expr.operator === '&&' ? [expr.right] : [expr.left, expr.right])
        : [expr.consequent, expr.alternate];
      const variants = branches.map((branch) => readUrl(branch, ctx, null, depth + 1)).filter((pieces) => pieces.some((p) => p.kind === 'text'));
      if (variants.length > 0) return [{ kind: 'expr', node: expr, region, ctx, variants }];
      break;
    }
    case 'MemberExpression': {
      // `new URL(...).href`: the URL itself.
      if (!expr.computed && expr.property.type === 'Identifier' && expr.property.name === 'href' && isNewUrl(expr.object, ctx)) {
        return readUrl(expr.object, ctx, region, depth + 1);
      }
      // `shared.ASSIGN` of `import * as shared`: what the module exports, read as a named import of it is.
      const exported = namespaceMember(expr, ctx);
      if (exported !== undefined) {
        const inner = readUrl(exported.node, exported.ctx, null, depth + 1);
        if (inner.length === 1 && inner[0]!.kind === 'expr' && inner[0]!.variants !== undefined) return [{ ...inner[0]!, region }];
        if (!inner.some((piece) => piece.kind === 'text')) break;
        const named: Bound = { node: expr, ctx };
        return inner.map((piece) => (piece.kind === 'text'
          ? inner.length === 1 ? { ...piece, viaConstant: expr, whole: [named, ...(piece.whole ?? [])], at: region } : { ...piece, viaConstant: expr }
          : piece));
      }
      // A member of a map or enum the program declares (`APPS.crm`, `AppCode.Crm`): the text it holds, which the
      // member expression stands for where it is written, as a const's name does. The map itself is never edited.
      const member = valueOfMember(expr, ctx);
      if (member.kind === 'unknown') {
        // A field of an API client class (`this.baseUrl`, `Api.baseUrl`): what the classes write to it, none certain.
        const variants = (fieldValues(expr, ctx) ?? []).map((value) => readUrl(value.node, value.ctx, null, depth + 1))
          .filter((pieces) => pieces.some((piece) => piece.kind === 'text'));
        if (variants.length > 0) return [{ kind: 'expr', node: expr, region, ctx, variants }];
        break;
      }
      const inner = member.kind === 'value' ? readUrl(member.value.node, member.value.ctx, null, depth + 1) : [];
      if (inner.length === 0 || inner.some((piece) => piece.kind !== 'text' || piece.numeric === true)) {
        return [{ kind: 'expr', node: expr, region, ctx, notConstant: true }];
      }
      const named: Bound = { node: expr, ctx };
      return inner.length === 1 && inner[0]!.kind === 'text' ? [{ ...inner[0]!, whole: [named], at: region }] : inner;
    }
    case 'TaggedTemplateExpression': {
      // String.raw`...`: the template's raw text. Read to find the route; never edited.
      const tag = unwrapTS(expr.tag);
      if (tag.type !== 'MemberExpression' || tag.computed || tag.object.type !== 'Identifier' || tag.object.name !== 'String' ||
        tag.property.type !== 'Identifier' || tag.property.name !== 'raw' || !isGlobal(tag.object, ctx)) break;
      const pieces: UrlPiece[] = [];
      expr.quasi.quasis.forEach((quasi, i) => {
        if (quasi.value.raw !== '') pieces.push({ kind: 'text', value: quasi.value.raw, start: null, region: null, ctx });
        const inner = expr.quasi.expressions[i];
        if (inner !== undefined) pieces.push(...readUrl(inner, ctx, null, depth + 1));
      });
      return pieces;
    }
    case 'CallExpression': {
      // util.format(path, code): `%s` puts an argument's text there. Read to find the route; never edited.
      if (isUtilFormat(expr.callee, ctx)) {
        const formatted = formatPieces(expr, ctx, depth);
        if (formatted !== undefined) return formatted;
        break;
      }
      // A URL builder from a package (urlcat, url-join, path-to-regexp's compile): the URL it builds.
      const built = libraryUrlPieces(expr, ctx, region, depth, readUrl);
      if (built !== undefined) return built;
      // `new URL(...).toString()`: the URL itself.
      if (isUrlToString(expr, ctx)) return readUrl((unwrapTS(expr.callee) as TSESTree.MemberExpression).object, ctx, region, depth + 1);
      // `[...].join('/')`, `path.join(...)`, `'…'.concat(...)`: the URL the parts make, read and never edited.
      const joined = assembledCall(expr, ctx, region, depth, readUrl);
      if (joined !== undefined) return joined;
      // A URL builder of the program (`assignAppUrl(base, code)`): what it returns, read with its parameters bound to
      // this call's arguments. Its text is the builder's, shared by every call of it: never edited for one call.
      const target = calledFunction(expr.callee, ctx) ?? thisMethod(expr.callee, ctx) ?? namespaceFunction(expr.callee, ctx);
      const returned = target === undefined ? undefined : returnedExpression(target.fn);
      if (target === undefined || returned === undefined) break;
      const inner = readUrl(returned, contextForCall(target, expr, ctx), null, depth + 1);
      if (!inner.some((piece) => piece.kind === 'text')) break;
      const withBase = inner.some((piece) => piece.kind === 'text' && piece.againstBase === true);
      const builder = { call: expr, region, ctx, ...(withBase ? { withBase: true as const } : {}) };
      return inner.map((piece) => ({ ...piece, region: null, builder, ...(piece.kind === 'text' ? { builtBy: expr } : {}) }));
    }
    case 'NewExpression': {
      // new URL(path, base): an absolute path keeps only the base's origin, which is what the migration keeps too.
      if (expr.callee.type === 'Identifier' && expr.callee.name === 'URL' && isGlobal(expr.callee, ctx)) {
        const [path, base] = expr.arguments;
        if (path !== undefined && path.type !== 'SpreadElement') {
          const pathPieces = readUrl(path, ctx, region, depth + 1);
          const first = pathPieces[0];
          const absolute = first?.kind === 'text' && /^(?:[a-z][a-z\d+.-]*:)?[/\\]/i.test(first.value);
          // `./`, `../` and backslashes, which the URL parser resolves: the URL they make, read and never edited.
          const dotted = pathPieces.some((piece) => piece.kind === 'text' && /(?:^|[/\\])\.\.?(?:[/\\]|$)|\\/.test(piece.value));
          const resolved = absolute || base === undefined ? pathPieces
            : base.type === 'SpreadElement' ? undefined
            // A relative path replaces what follows the last slash of the base's path (the WHATWG URL parser):
            // `new URL('apps/x/assign', 'https://h/platform/v1')` is https://h/platform/apps/x/assign.
            : resolveAgainst(readUrl(base, ctx, null, depth + 1).map(asClientBase), pathPieces, ctx);
          if (resolved !== undefined && dotted) {
            const normal = normalised(resolved, ctx, false);
            const read = normal === undefined ? undefined : assembled(expr, ctx, region, [normal]);
            if (read !== undefined) return read;
          }
          // A path against a base: the URL's origin is the base's, which a builder's call replaced by the path would lose.
          if (resolved !== undefined && absolute && base !== undefined && first?.kind === 'text' && /^[/\\]/.test(first.value)) {
            return resolved.map((piece) => (piece.kind === 'text' ? { ...piece, againstBase: true as const } : piece));
          }
          if (resolved !== undefined) return resolved;
        }
      }
      break;
    }
    default:
      break;
  }
  return [{ kind: 'expr', node: expr as TSESTree.Expression, region, ctx }];
}

/** `new URL(...)` of the global URL. */
function isNewUrl(node: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(node);
  return expr.type === 'NewExpression' && expr.callee.type === 'Identifier' && expr.callee.name === 'URL' && isGlobal(expr.callee, ctx);
}

/** `new URL(...).toString()`, which is its `href`. */
function isUrlToString(call: TSESTree.CallExpression, ctx: SourceContext): boolean {
  const callee = unwrapTS(call.callee);
  return call.arguments.length === 0 && callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' &&
    callee.property.name === 'toString' && isNewUrl(callee.object, ctx);
}

/**
 * A relative path resolved against a base URL: the base up to the last slash of its path, then the path. A base whose
 * text is not all known keeps its unknown part as it is (what follows is the path's, which is all a rewrite changes).
 */
function resolveAgainst(base: UrlPiece[], path: UrlPiece[], ctx: SourceContext): UrlPiece[] {
  const last = base[base.length - 1];
  if (last === undefined || last.kind !== 'text') return [...base, ...path];
  if (base.every((piece) => piece.kind === 'text')) {
    const text = base.map((piece) => (piece as { value: string }).value).join('');
    const origin = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(text)?.[0];
    const rest = origin === undefined ? text : text.slice(origin.length);
    const dir = rest.split(/[?#]/)[0]!;
    const kept = (origin ?? '') + (dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/') + 1) : '/');
    return [{ kind: 'text', value: kept, start: null, region: null, ctx, fromClientBase: true }, ...path];
  }
  // What follows the last slash gives way to the path; with no slash in the known text, where it ends is not known,
  // but it is the same before and after a rewrite of the path.
  const cut = last.value.lastIndexOf('/');
  return [...base.slice(0, -1), ...(cut < 0 ? [] : [{ ...last, value: last.value.slice(0, cut + 1) }]), ...path];
}

function isGlobal(id: TSESTree.Identifier, ctx: SourceContext): boolean {
  return findVariable(ctx.getScope(id), id.name) === undefined;
}

function asClientBase(piece: UrlPiece): UrlPiece {
  return piece.kind === 'text' ? { ...piece, start: null, region: null, fromClientBase: true } : { ...piece, region: null };
}

/**
 * Joins a client's base URL and a relative path the way axios, ky and got do: exactly one slash between.
 * `absoluteUrlWins`: the client sends an absolute URL without its base (axios, unless `allowAbsoluteUrls: false`).
 */
export function joinBase(base: readonly UrlPiece[], path: readonly UrlPiece[], absoluteUrlWins = false): UrlPiece[] {
  const firstPath = path[0];
  const lastBase = base[base.length - 1];
  if (firstPath?.kind === 'text' && /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(firstPath.value)) return [...path];
  const mark = (piece: UrlPiece): UrlPiece => (absoluteUrlWins && piece.kind === 'text' ? { ...piece, absoluteUrlWins: true } : piece);
  const joined = base.map(asClientBase).map(mark);
  const baseEndsInSlash = lastBase?.kind === 'text' && lastBase.value.endsWith('/');
  const pathStartsWithSlash = firstPath?.kind === 'text' && firstPath.value.startsWith('/');
  if (!baseEndsInSlash && !pathStartsWithSlash) {
    joined.push(mark({ kind: 'text', value: '/', start: null, region: null, ctx: (lastBase ?? firstPath)!.ctx, fromClientBase: true }));
  }
  if (baseEndsInSlash && pathStartsWithSlash && lastBase.kind === 'text') {
    joined[joined.length - 1] = mark({ ...lastBase, value: lastBase.value.slice(0, -1), start: null, region: null, fromClientBase: true });
  }
  return [...joined, ...path];
}

/** One deprecated-route shape: what precedes the id and what follows it. */
export interface RouteShape {
  readonly before: string;
  readonly after: string;
  /** The text that replaces `before + id + after`; null when the v3 location is unknown. */
  readonly replacement: string | null;
}

export const DEFAULT_ROUTE: RouteShape = {
  before: `${DEPRECATED_ASSIGN.prefix.slice(1)}/apps/`,
  after: '/assign',
  replacement: V3_ASSIGN.path.slice(1),
};

/** Turns a configured route (`/gateway/apps/{id}/assign`) into a shape. */
export function routeShape(path: string, v3Path: string | undefined): RouteShape | undefined {
  const at = path.indexOf('{id}');
  if (at < 0) return undefined;
  return {
    before: path.slice(0, at).replace(/^\//, ''),
    after: path.slice(at + '{id}'.length),
    replacement: v3Path === undefined ? null : v3Path.replace(/^\//, ''),
  };
}

/** The `{id}` as found in the URL. */
export type IdPieces =
  | { readonly kind: 'text'; readonly value: string; readonly names?: readonly Bound[] }
  | { readonly kind: 'expr'; readonly node: TSESTree.Expression; readonly ctx: SourceContext; readonly notConstant?: true }
  | { readonly kind: 'composite' };

export interface RouteMatch {
  readonly route: RouteShape;
  /** The literals that spell the start and the end of the route, where the source spells them. */
  readonly routeAt: readonly Bound[];
  readonly id: IdPieces;
  /** The source range to replace with the v3 path, or why there is none. */
  readonly edit:
    | {
        readonly ok: true;
        readonly range: readonly [number, number];
        readonly text: string;
        readonly ctx: SourceContext;
        /** A second edit the rewrite needs: `/platform/v1` removed from a base const that only this call uses. */
        readonly also?: UrlEdit;
      }
    | {
        readonly ok: false;
        readonly reason: 'url-prefix-in-base' | 'url-not-editable' | 'route-without-v3' | 'url-built-by-function' | 'url-assembled' | 'url-builder-checks' | 'url-used-by-helper' | 'url-path-unusual';
        /** With `url-prefix-in-base`: the v3 URL the call should request, when everything before the route is static. */
        readonly target?: string;
        /** With `url-used-by-helper`: the helper and where it uses the URL besides sending it. */
        readonly key?: string;
      };
}


interface Located {
  readonly pieceIndex: number;
  readonly offset: number;
}

/**
 * Where a helper uses its URL parameter besides the request this call reads, named for a reason:
 * `send (src/http.ts:51)`, or `send` per file.
 */
function otherUseOf(variable: VariableLike, use: TSESTree.Identifier, ctx: SourceContext): string | undefined {
  const other = usesOf(variable).find((ref) => ref.identifier !== use);
  if (other === undefined) return undefined;
  const named = enclosingName(use) ?? 'the function it is passed to';
  return ctx.file === undefined ? named : `${named} (${ctx.file}:${lineAt(ctx.text, other.identifier.range[0])})`;
}

/**
 * Where the helper reads the URL back from the response of the request it sends with its URL parameter: `res.url`,
 * `const { url } = res`, the response thrown (`throw res`, `Promise.reject(res)`: a `Response` keeps its `url`) or
 * handed to a constructor (`new HttpError(res)`, whose message or fields may be made of `res.url`). The helper named with
 * that line (`send (src/http.ts:4)`), or undefined.
 */
function responseUrlUse(use: TSESTree.Identifier, ctx: SourceContext): string | undefined {
  let node: TSESTree.Node = use;
  while (node.parent !== undefined && (node.parent.type === 'TemplateLiteral' || node.parent.type === 'TSAsExpression' ||
    node.parent.type === 'TSNonNullExpression' || (node.parent.type === 'CallExpression' && node.parent.callee.type === 'Identifier' &&
      node.parent.callee.name === 'String' && node.parent.arguments[0] === node))) node = node.parent;
  const sent = node.parent;
  if ((sent?.type !== 'CallExpression' && sent?.type !== 'NewExpression') || !sent.arguments.includes(node)) return undefined;
  let response: TSESTree.Node = sent;
  while (response.parent?.type === 'AwaitExpression' || response.parent?.type === 'TSAsExpression' || response.parent?.type === 'TSNonNullExpression') response = response.parent;
  const named = (at: TSESTree.Node): string => {
    const helper = enclosingName(use) ?? 'the function it is passed to';
    return ctx.file === undefined ? helper : `${helper} (${ctx.file}:${lineAt(ctx.text, at.range[0])})`;
  };
  // `(await fetch(url)).url`
  if (readsUrlOrEscapes(response, ctx)) return named(response);
  const declarator = response.parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.init !== response) return undefined;
  if (declarator.id.type !== 'Identifier') return undefined;
  const variable = findVariable(ctx.getScope(declarator.id), declarator.id.name);
  const at = variable === undefined ? undefined : usesOf(variable).find((ref) => readsUrlOrEscapes(ref.identifier as TSESTree.Node, ctx));
  return at === undefined ? undefined : named(at.identifier as TSESTree.Node);
}

/** A response read for its `url` (`res.url`, `res['url']`, `const { url } = res`), thrown, rejected with, or handed to a constructor (an error's). */
function readsUrlOrEscapes(node: TSESTree.Node, ctx: SourceContext): boolean {
  const parent = node.parent;
  if (parent === undefined) return false;
  if (parent.type === 'TSAsExpression' || parent.type === 'TSNonNullExpression') return readsUrlOrEscapes(parent, ctx);
  // The members and patterns that hold the URL sent are the same ones a call's own response is read by.
  if (parent.type === 'MemberExpression' && parent.object === node) return readsUrlMember(parent, 'read');
  if (parent.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'ObjectPattern') return patternTakesUrl(parent.id);
  if (parent.type === 'ThrowStatement') return true;
  // `new HttpError(res)`: an object made of the response (an error, as a rule) may keep its URL.
  if (parent.type === 'NewExpression' && parent.arguments.includes(node as TSESTree.CallExpressionArgument)) return true;
  if (parent.type === 'CallExpression' && parent.arguments.includes(node as TSESTree.CallExpressionArgument)) {
    const callee = unwrapTS(parent.callee);
    return callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'Identifier' && callee.object.name === 'Promise' &&
      callee.property.type === 'Identifier' && callee.property.name === 'reject' && isGlobal(callee.object, ctx);
  }
  return false;
}

/**
 * A helper's path parameter used besides the request only in what it says (`throw new Error(\`${method} ${path}
 * failed\`)`, `new ApiError(status, path)`, `console.warn(path)`): the caller's argument, rewritten, changes the request
 * and the words of such a message, which then name the URL actually sent.
 */
function usedBesidesOnlyInMessages(variable: VariableLike, use: TSESTree.Identifier, ctx: SourceContext): boolean {
  if (isExported(variable)) return false;
  const others = usesOf(variable).filter((ref) => ref.identifier !== use);
  return others.length > 0 && others.every((ref) => {
    let node = ref.identifier as TSESTree.Node;
    // The value as it is, made a string (`String(url)`).
    const asString = (at: TSESTree.Node): boolean => at.parent?.type === 'CallExpression' && at.parent.arguments.length === 1 &&
      at.parent.arguments[0] === at && at.parent.callee.type === 'Identifier' && at.parent.callee.name === 'String' &&
      findVariable(ctx.getScope(at.parent.callee), 'String') === undefined;
    while (asString(node)) node = node.parent!;
    const asIs = node;
    // Inside the text of a message: a template literal or a string concatenation.
    while (node.parent?.type === 'TemplateLiteral' || (node.parent?.type === 'BinaryExpression' && node.parent.operator === '+')) node = node.parent;
    const parent = node.parent;
    if (parent?.type === 'NewExpression' && parent.arguments.includes(node as TSESTree.Expression)) {
      const callee = unwrapTS(parent.callee);
      if (callee.type !== 'Identifier' || !/Error$/.test(callee.name)) return false;
      // The language's own `Error`, the path in its message: in a project where nothing may read an error's message
      // (error-messages.ts), the message names the URL actually sent, as a log line does.
      if (callee.name === 'Error' && parent.arguments[0] === node && findVariable(ctx.getScope(callee), 'Error') === undefined &&
        !errorMessageMayBeRead(ctx)) return true;
      // An error's message reaches the program in too many ways to follow (`e.message.endsWith('/assign')`,
      // `String(e)`, a test's `rejects.toThrow('…/assign')`), through a class of the program whose constructor may do
      // anything with it: words made of the path, or the path as the message, are a use. Only the path itself kept by
      // a class of the program in a field that nothing of the program reads is not; and the language's `Error`, whose
      // message alone keeps it, where nothing in the program may read a message (above).
      return node === asIs && findVariable(ctx.getScope(callee), callee.name) !== undefined &&
        keptUnread(callee, parent.arguments.indexOf(node as TSESTree.Expression), ctx);
    }
    if (parent?.type === 'CallExpression' && parent.arguments.includes(node as TSESTree.Expression)) {
      const callee = unwrapTS(parent.callee);
      return callee.type === 'MemberExpression' && unwrapTS(callee.object).type === 'Identifier' &&
        /^(?:console|logger|log)$/.test((unwrapTS(callee.object) as TSESTree.Identifier).name) && !callee.computed &&
        callee.property.type === 'Identifier' && /^(?:log|debug|info|warn|error|trace)$/.test(callee.property.name);
    }
    return false;
  });
}

/**
 * Whether an error class of the program, given a value as its `index`th argument, only makes a message of it or keeps
 * it in a field that no file of the program reads (`constructor(readonly status: number, readonly path: string)`,
 * with no `.path` read anywhere). Seen only in a project: a file read alone cannot tell who catches the error.
 */
function keptUnread(callee: TSESTree.Identifier, index: number, ctx: SourceContext): boolean {
  if (ctx.project?.anyFileMatches === undefined || index < 0) return false;
  const project = ctx.project as Required<Pick<NonNullable<SourceContext['project']>, 'anyFileMatches'>>;
  const name = valueOfName(callee, ctx);
  // `class ApiError extends Error` in this file, or the class another module exports.
  const def = name.kind === 'unknown' && name.variable.defs.length === 1 ? name.variable.defs[0] : undefined;
  const cls = def?.type === 'ClassName' ? def.node as TSESTree.Node : name.kind === 'const' || name.kind === 'imported' ? unwrapTS(name.value.node) : undefined;
  if (cls?.type !== 'ClassDeclaration' && cls?.type !== 'ClassExpression') return false;
  const ctor = cls.body.body.find((member): member is TSESTree.MethodDefinition => member.type === 'MethodDefinition' && member.kind === 'constructor');
  const param = ctor?.value.params[index];
  if (ctor === undefined || param === undefined) return false;
  // Decided once per run and parameter: the answer reads every file of the program.
  const known = keptUnreadOf.get(project)?.get(param);
  if (known !== undefined) return known;
  const kept = paramKeptUnread(cls, ctor, param, name.kind === 'imported' ? name.value.ctx : ctx, project);
  keptUnreadOf.set(project, (keptUnreadOf.get(project) ?? new Map<TSESTree.Node, boolean>()).set(param, kept));
  return kept;
}

const keptUnreadOf = new WeakMap<object, Map<TSESTree.Node, boolean>>();

const ERROR_READ_WHOLESALE = new RegExp([
  String.raw`\bObject\.(?:values|entries|keys|assign|fromEntries|getOwnPropertyNames|getOwnPropertyDescriptors?)\(`,
  String.raw`\bReflect\.\w+\(`,
  String.raw`\bstructuredClone\(`,
  String.raw`\bfor\s*\(\s*(?:(?:const|let|var)\s+)?[\w$]+\s+in\b`,
  // JSON.stringify of anything but an object literal, or of one with a spread or an error-like name in it.
  String.raw`\bJSON\.stringify\(\s*(?!\{)`,
  String.raw`\bJSON\.stringify\(\s*\{[^}]*(?:\.\.\.|\b(?:e|ex|err|error|reason|cause|exception|[\w$]*(?:Err|Error))\b)`,
  // A computed member whose key is a name or an expression, not a number or a written string.
  String.raw`[\w$)\]](?:\?\.)?\[\s*(?![\d'"\]])`,
].join('|'));

/** Matchers and assertions that compare two values field by field (each own field, not the message alone). */
const EQUALITY = 'toEqual|toStrictEqual|deepEqual|deepStrictEqual|notDeepEqual|notDeepStrictEqual|eql|isDeepEqual|toMatchObject|rejects|throws';
const ERROR_NAMES = String.raw`(?:e|ex|err|error|reason|cause|caught|exception|[\w$]*(?:Err|Error))`;
const ERROR_COMPARED_WHOLE = new RegExp([
  // A rejection compared whole: `await expect(p).rejects.toEqual(...)`.
  String.raw`\brejects\s*\.\s*(?:not\s*\.\s*)?(?:toEqual|toStrictEqual)\(`,
  // A caught error compared whole: `expect(err).toEqual(...)`, `assert.deepStrictEqual(err, ...)`.
  String.raw`\bexpect\(\s*${ERROR_NAMES}\s*\)\s*\.\s*(?:not\s*\.\s*)?(?:toEqual|toStrictEqual)\(`,
  String.raw`\b(?:deepEqual|deepStrictEqual|notDeepEqual|notDeepStrictEqual|isDeepEqual)\(\s*${ERROR_NAMES}\s*,`,
].join('|'));

function paramKeptUnread(
  cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression,
  ctor: TSESTree.MethodDefinition,
  param: TSESTree.Parameter,
  classCtx: SourceContext,
  project: { anyFileMatches(pattern: RegExp): boolean },
): boolean {
  const fields: string[] = [];
  let id: TSESTree.Identifier;
  if (param.type === 'TSParameterProperty') {
    if (param.parameter.type !== 'Identifier') return false;
    id = param.parameter;
    fields.push(id.name);
  } else if (param.type === 'Identifier') {
    id = param;
  } else {
    return false;
  }
  const variable = findVariable(classCtx.getScope(ctor.value.body ?? ctor.value), id.name);
  if (variable === undefined) return false;
  for (const ref of usesOf(variable)) {
    const at = ref.identifier as TSESTree.Node;
    const parent = at.parent;
    // `this.path = path`: a field. Anything else holds: `super(\`${status} from ${path}\`)` puts it in the message, and
    // a message reaches the program in too many ways to follow (`String(err)`, `\`${err}\``, `const { message } = err`,
    // a parameter typed `Error`, a test's `rejects.toThrow('…/assign')`).
    if (parent?.type === 'AssignmentExpression' && parent.right === at && parent.left.type === 'MemberExpression' &&
      parent.left.object.type === 'ThisExpression' && !parent.left.computed && parent.left.property.type === 'Identifier') {
      fields.push(parent.left.property.name);
      continue;
    }
    return false;
  }
  // A class that only stores: nothing in it but the constructor, and no subclass of it reads what it keeps in its own way.
  if (cls.body.body.some((member) => member !== ctor)) return false;
  if (cls.id != null && project.anyFileMatches(new RegExp(`\\bextends\\s+${cls.id.name}\\b`))) return false;
  // The program reads no object's fields in a way that could reach an error's: wholesale (`Object.values(err)`,
  // `Reflect.get(err, 'url')`, `for (const k in err)`, `keyof HttpError`), serialised (`JSON.stringify(err)`, or an
  // object literal holding a spread or an error), or by a key that is not written out (`err[key]`).
  if (project.anyFileMatches(ERROR_READ_WHOLESALE) ||
    (cls.id != null && project.anyFileMatches(new RegExp(`\\bkeyof\\s+(?:typeof\\s+)?${cls.id.name}\\b`)))) return false;
  // Compared whole, as equality matchers and deep-equal assertions do, every own field, the URL among them:
  // `rejects.toStrictEqual(new HttpError(409, '…/assign'))`, `expect(err).toEqual(…)`, `assert.deepStrictEqual(err, …)`.
  if (project.anyFileMatches(ERROR_COMPARED_WHOLE) ||
    (cls.id != null && project.anyFileMatches(new RegExp(`\\b(?:${EQUALITY})\\(\\s*new\\s+${cls.id.name}\\b`)))) return false;
  // Read nowhere: not as a member, not destructured (`const { path } = err`, `catch ({ path })`,
  // `({ path }: ApiError) =>`), not by a string key.
  return fields.every((field) => !/^[A-Za-z_$][\w$]*$/.test(field) ? false : !project.anyFileMatches(
    new RegExp(`(?<!\\bthis)\\??\\.${field}\\b|\\{(?:[^{}]*,)?\\s*${field}\\s*(?=[,}:=])[^{}]*\\}\\s*(?:[=:)](?![=>]))|\\[['"\`]${field}['"\`]\\]`)));
}

/**
 * Finds the deprecated route at the end of a URL. Returns undefined when the URL is not the deprecated operation:
 * another route, a sibling (`/unassign`, `/install_app`), a route definition with a `:id` placeholder, or text
 * that is not a URL at all (a log message with spaces).
 */
export function matchRoute(pieces: readonly UrlPiece[], routes: readonly RouteShape[]): RouteMatch | undefined {
  // Whitespace is never part of a URL: log messages and error strings end here.
  if (pieces.some((p) => p.kind === 'text' && /\s/.test(p.value))) return undefined;
  for (const route of routes) {
    const match = matchOne(pieces, route);
    if (match !== undefined) return match;
  }
  // A part that differs per environment (`process.env.BASE ?? 'https://…/platform/v1'`): the route in one of its
  // values is the deprecated call there, but what precedes it is not known, so it is never rewritten.
  for (const [index, piece] of pieces.entries()) {
    if (piece.kind !== 'expr' || piece.variants === undefined) continue;
    for (const variant of piece.variants) {
      const spelled = variant.map((p) => (p.kind === 'text' ? { ...p, start: null, region: null } : { ...p, region: null }));
      const match = matchRoute([...pieces.slice(0, index), ...spelled, ...pieces.slice(index + 1)], routes);
      if (match === undefined) continue;
      const routeEndsOutside = pieces.slice(index + 1).some((p) => p.kind === 'text' && p.value.includes(match.route.after));
      return { ...match, edit: { ok: false, reason: routeEndsOutside ? 'url-prefix-in-base' : piece.assembled === true ? 'url-assembled' : 'url-not-editable' } };
    }
  }
  return undefined;
}

/**
 * The route of a call's URL spelled otherwise than exactly: a trailing slash (`…/assign/`), a doubled slash in the path
 * (`/v1//apps/`, which a server merging slashes routes as the route) or a dot segment (`/./assign`, which the URL
 * parser removes). The request is, or may be, the deprecated one, so the call is reported, never rewritten
 * (`url-path-unusual`, naming what was spelled otherwise); undefined when the URL is not the route even so.
 */
export function matchRouteSpelledOtherwise(pieces: readonly UrlPiece[], routes: readonly RouteShape[]): RouteMatch | undefined {
  const found = new Set<string>();
  const lastText = pieces.findLastIndex((piece) => piece.kind === 'text');
  const plain = pieces.map((piece, index): UrlPiece => {
    if (piece.kind !== 'text') return piece;
    let value = piece.value;
    const undotted = value.replace(/\/\.(?=\/|$|[?#])/g, '');
    if (undotted !== value) found.add('a dot segment (/./)');
    // Not the `//` of `https://` or of a protocol-relative URL at the start.
    const single = undotted.replace(/(?<=[^:/])\/{2,}/g, '/');
    if (single !== undotted) found.add('a doubled slash (//)');
    const trailing = single.replace(index === lastText ? /\/assign\/(?=$|[?#])/ : /\/assign\/(?=[?#])/, '/assign');
    if (trailing !== single) found.add('a trailing slash (/assign/)');
    value = trailing;
    return value === piece.value ? piece : { ...piece, value, start: null };
  });
  if (found.size === 0) return undefined;
  const match = matchRoute(plain, routes);
  return match === undefined ? undefined : { ...match, edit: { ok: false, reason: 'url-path-unusual', key: [...found].join(', ') } };
}

function matchOne(pieces: readonly UrlPiece[], route: RouteShape): RouteMatch | undefined {
  // Flatten text into one string with a marker per expression, remembering where each character came from.
  const chars: { piece: number; offset: number }[] = [];
  let flat = '';
  pieces.forEach((piece, index) => {
    if (piece.kind === 'text') {
      for (let i = 0; i < piece.value.length; i++) chars.push({ piece: index, offset: i });
      flat += piece.value;
    } else {
      chars.push({ piece: index, offset: -1 });
      flat += '\u0000';
    }
  });
  // The route's `before` must start the URL, follow a slash, or follow an expression (a base).
  let from = 0;
  for (;;) {
    const at = flat.indexOf(route.before, from);
    if (at < 0) return undefined;
    from = at + 1;
    const prev = flat[at - 1];
    if (!(at === 0 || prev === '/' || prev === '\u0000')) continue;
    // `http://platform/v1/apps/...`, `//platform/...`: `platform` is a host there, and the path is another one.
    if (prev === '/' && flat[at - 2] === '/' && (at === 2 || flat[at - 3] === ':')) continue;
    const idStart = at + route.before.length;
    const afterAt = flat.indexOf(route.after, idStart);
    if (afterAt <= idStart) continue;
    const idFlat = flat.slice(idStart, afterAt);
    // One path segment: `?x=/assign` is a query, `#/assign` a fragment, `..` climbs out of the route.
    if (/[/?#]/.test(idFlat) || idFlat === '.' || idFlat === '..') continue;
    const tailStart = afterAt + route.after.length;
    const tail = flat.slice(tailStart);
    // `/assignments`, `/assign/x`: another route.
    if (tail !== '' && !tail.startsWith('?') && !tail.startsWith('#') && !tail.startsWith('\u0000')) continue;
    const id = readId(pieces, chars.slice(idStart, afterAt));
    if (id === undefined) continue;
    const start: Located = { pieceIndex: chars[at]!.piece, offset: chars[at]!.offset };
    const endChar = chars[tailStart - 1]!;
    const end: Located = { pieceIndex: endChar.piece, offset: endChar.offset + 1 };
    const routeAt = [pieces[start.pieceIndex]!, pieces[end.pieceIndex]!].flatMap((piece) =>
      piece.kind === 'text' && piece.owner !== undefined ? [{ node: piece.owner, ctx: piece.ctx }] : []);
    const locate = (index: number): Located => ({ pieceIndex: chars[index]!.piece, offset: chars[index]!.offset });
    const edit = withDropped(editFor(pieces, start, end, tail !== '', route), pieces.slice(start.pieceIndex, end.pieceIndex + 1));
    return { route, id, edit: edit.ok ? edit : baseRewrite(pieces, flat, at, locate, end, tail !== '', route) ?? withTarget(edit, flat, at, route), routeAt };
  }
}

/** An edit of the route with what must go with it (urlcat's params, which would otherwise move into the query). */
function withDropped(edit: RouteMatch['edit'], route: readonly UrlPiece[]): RouteMatch['edit'] {
  const dropped = [...new Set(route.flatMap((piece) => (piece.dropWith === undefined ? [] : [piece.dropWith])))];
  if (!edit.ok || dropped.length === 0) return edit;
  if (dropped.length > 1 || edit.also !== undefined) return { ok: false, reason: 'url-not-editable' };
  return { ...edit, also: dropped[0]! };
}

function readId(pieces: readonly UrlPiece[], chars: readonly { piece: number; offset: number }[]): IdPieces | undefined {
  const used = [...new Set(chars.map((c) => c.piece))];
  if (used.length === 1) {
    const piece = pieces[used[0]!]!;
    if (piece.kind === 'expr') return { kind: 'expr', node: piece.node, ctx: piece.ctx, ...(piece.notConstant === true ? { notConstant: true as const } : {}) };
    const value = chars.map((c) => piece.value[c.offset]).join('');
    // Placeholders of route definitions and docs: `:id`, `{id}`, `[id]`.
    if (/^(?::|\{|\[)/.test(value)) return undefined;
    return piece.whole !== undefined && value === piece.value ? { kind: 'text', value, names: piece.whole } : { kind: 'text', value };
  }
  const texts = chars.filter((c) => pieces[c.piece]!.kind === 'text');
  if (texts.length === chars.length) {
    // Text split over several literals: still one static value.
    return { kind: 'text', value: chars.map((c) => (pieces[c.piece] as { value: string }).value[c.offset]).join('') };
  }
  return { kind: 'composite' };
}

/**
 * The replaced span must leave valid code: both ends in one literal or one template, or in two string literals with
 * the same quotes and nothing but `+`, names and spaces between them (no parentheses, no nested template).
 */
function spansOneToken(
  first: Extract<UrlPiece, { kind: 'text' }>,
  last: Extract<UrlPiece, { kind: 'text' }>,
): boolean {
  if (first.owner === undefined || last.owner === undefined) return false;
  if (first.owner === last.owner) return true;
  // Two parts of one `urljoin(...)`: whatever lies between them is whole arguments, which the edit removes.
  if (first.joinedBy !== undefined && first.joinedBy === last.joinedBy) return true;
  if (first.owner.type !== 'Literal' || last.owner.type !== 'Literal') return false;
  if (first.owner.raw[0] !== last.owner.raw[0]) return false;
  // Comments are judged on their own (a rewrite that would lose one is refused with that reason).
  const between = first.ctx.text.slice(first.owner.range[1], last.owner.range[0]).replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  return /^[\s+\w$.]*$/.test(between);
}

/** The v3 URL for a call whose `/platform/v1` sits in a base, when all that precedes the route is static text. */
function withTarget(edit: Extract<RouteMatch['edit'], { ok: false }>, flat: string, at: number, route: RouteShape): RouteMatch['edit'] {
  if (edit.reason !== 'url-prefix-in-base' || route.replacement === null) return edit;
  const prefix = flat.slice(0, at);
  return prefix.includes('\u0000') ? edit : { ...edit, target: prefix + route.replacement };
}

const PLATFORM_V1 = DEPRECATED_ASSIGN.prefix.slice(1);

/**
 * An exact rewrite for a route whose `/platform/v1` sits in a base, where one exists:
 * - axios sends an absolute URL as it is, whatever the base: with a base that is all static text (an origin and
 *   `/platform/v1`), the call's relative path becomes the absolute v3 URL;
 * - a base const of this file that only this call uses ends in `/platform/v1`: that suffix is removed from it, and the
 *   call's `apps/{id}/assign` becomes `v3/apps/app_assignments`, so the const keeps its origin (or whatever precedes).
 */
function baseRewrite(
  pieces: readonly UrlPiece[],
  flat: string,
  at: number,
  locate: (index: number) => Located,
  end: Located,
  hasTail: boolean,
  route: RouteShape,
): RouteMatch['edit'] | undefined {
  if (hasTail || route.replacement === null || !route.before.startsWith(`${PLATFORM_V1}/`)) return undefined;
  const last = pieces[end.pieceIndex]!;
  if (last.kind !== 'text' || last.region === null || last.start === null || last.builtBy !== undefined) return undefined;
  const first = pieces[locate(at).pieceIndex]!;
  if (first.kind !== 'text') return undefined;
  const appsAt = locate(at + PLATFORM_V1.length + 1);
  // The call's own part of the URL: from the piece that spells `apps/` to the end of the route, one editable region.
  const callPart = (from: number): boolean => pieces.slice(from, end.pieceIndex + 1).every((piece) =>
    piece.region === last.region || (piece.kind === 'text' && piece.whole !== undefined && piece.at === last.region));
  if (first.fromClientBase === true && first.absoluteUrlWins === true) {
    const pathStart = pieces.findIndex((piece) => piece.kind !== 'text' || piece.fromClientBase !== true);
    const opening = pieces[pathStart];
    const prefix = flat.slice(0, at);
    const base = flat.slice(0, pieces.slice(0, pathStart).reduce((n, p) => n + (p.kind === 'text' ? p.value.length : 1), 0));
    if (opening?.kind !== 'text' || opening.start === null || opening.region !== last.region || !callPart(pathStart)) return undefined;
    if (!/^https?:\/\/[^/]+\//i.test(prefix) || prefix.includes('\u0000') || !/^\/?$/.test(base.slice(at + PLATFORM_V1.length))) return undefined;
    // The first character of the call's URL literal, which must be the start of its text.
    if (opening.owner === undefined || opening.start !== opening.owner.range[0] + 1 || !spansOneToken(opening, last)) return undefined;
    const target = prefix + route.replacement;
    if (/[\s'"`\\$]/.test(target)) return undefined;
    return { ok: true, range: [opening.start, last.start + end.offset], text: target, ctx: last.ctx };
  }
  // A base const of this file used by this call alone: its region is its initializer, never the call's.
  if (first.fromClientBase === true || first.viaConstant === undefined || first.region === null || first.region === last.region ||
    first.ctx !== last.ctx) return undefined;
  const platformEnd = locate(at + PLATFORM_V1.length - 1);
  const startOffset = locate(at).offset;
  if (first.start === null || platformEnd.pieceIndex !== locate(at).pieceIndex || first.value[startOffset - 1] !== '/') return undefined;
  // `/platform/v1` ends the const's text (a trailing slash may follow), and the call spells the rest.
  if (!/^\/?$/.test(first.value.slice(platformEnd.offset + 1))) return undefined;
  const next = pieces[locate(at).pieceIndex + 1];
  const opening = pieces[appsAt.pieceIndex]!;
  if (next === undefined || next.region !== last.region || opening.kind !== 'text' || opening.start === null || !callPart(appsAt.pieceIndex)) return undefined;
  if (!spansOneToken(opening, last)) return undefined;
  const removeFrom = first.start + startOffset - 1;
  return {
    ok: true,
    range: [opening.start + appsAt.offset, last.start + end.offset],
    text: route.replacement,
    ctx: last.ctx,
    also: { range: [removeFrom, removeFrom + 1 + PLATFORM_V1.length], text: '', ctx: first.ctx },
  };
}

function editFor(
  pieces: readonly UrlPiece[],
  start: Located,
  end: Located,
  hasTail: boolean,
  route: RouteShape,
): RouteMatch['edit'] {
  const first = pieces[start.pieceIndex]!;
  const last = pieces[end.pieceIndex]!;
  if (first.kind !== 'text' || last.kind !== 'text') return { ok: false, reason: 'url-not-editable' };
  if (first.checkedBy !== undefined || last.checkedBy !== undefined) return { ok: false, reason: 'url-builder-checks' };
  if (first.builtBy !== undefined) return builderCallEdit(pieces, start, end, hasTail, route) ?? { ok: false, reason: 'url-built-by-function' };
  if (first.region === null || first.region !== last.region) {
    // The route starts in a base URL or constant that other calls share.
    // A shared constant that holds the whole route is not a base: it cannot be edited for this call alone.
    const inBase = first.fromClientBase === true ||
      (first.viaConstant !== undefined && (last.kind !== 'text' || last.viaConstant !== first.viaConstant));
    if (!inBase && first.usedByHelper !== undefined) return { ok: false, reason: 'url-used-by-helper', key: first.usedByHelper };
    return { ok: false, reason: inBase ? 'url-prefix-in-base' : 'url-not-editable' };
  }
  if (route.replacement === null) return { ok: false, reason: 'route-without-v3' };
  if (hasTail || first.start === null || last.start === null) return { ok: false, reason: 'url-not-editable' };
  // Everything between the two ends must belong to the same editable region.
  // A piece inside the span that is the whole value of a name written in the region (`${code}`, whatever `code`
  // holds) goes with the name: the edit removes the name, not the text it stands for.
  for (let i = start.pieceIndex; i <= end.pieceIndex; i++) {
    const piece = pieces[i]!;
    const inside = i !== start.pieceIndex && i !== end.pieceIndex;
    if (piece.region !== first.region && !(inside && piece.kind === 'text' && piece.whole !== undefined && piece.at === first.region)) {
      return { ok: false, reason: 'url-not-editable' };
    }
  }
  const range: [number, number] = [first.start + start.offset, last.start + end.offset];
  if (!spansOneToken(first, last)) return { ok: false, reason: 'url-not-editable' };
  return { ok: true, range, text: route.replacement, ctx: first.ctx };
}

/**
 * A shared URL builder's call that builds the route and nothing else (`new URL(assignPath({ code }), BASE)` with
 * `assignPath = compile('/platform/v1/apps/:code/assign')`, `this.routes.assign(code)` returning
 * `\`/platform/v1/apps/${code}/assign\``): the call, written where only this call reads it, is replaced whole by the v3
 * path as a string. Its arguments are names, literals or objects of them, so nothing is lost with them but the code
 * name, which the v3 body carries.
 */
function builderCallEdit(pieces: readonly UrlPiece[], start: Located, end: Located, hasTail: boolean, route: RouteShape): RouteMatch['edit'] | undefined {
  const first = pieces[start.pieceIndex]!;
  const builder = first.builder;
  if (builder === undefined || builder.region === null || hasTail || route.replacement === null || first.kind !== 'text') return undefined;
  if (builder.withBase === true) {
    const named = builder.ctx.text.slice(builder.call.callee.range[0], builder.call.callee.range[1]);
    return { ok: false, reason: 'url-built-by-function', key: `${named} makes a URL against a base, whose origin the v3 path written in place of its call would lose` };
  }
  const own = pieces.flatMap((piece, index) => (piece.builder?.call === builder.call ? [index] : []));
  // A method of a class may write a field of its instance before the route (`${this.base}/platform/v1/…`): one piece.
  const lead = own[0] === start.pieceIndex - 1 && start.offset <= 1 ? pieces[own[0]] : undefined;
  if (own[0] !== start.pieceIndex - (lead === undefined ? 0 : 1) || own[own.length - 1] !== end.pieceIndex ||
    own.length !== end.pieceIndex - own[0] + 1) return undefined;
  const last = pieces[end.pieceIndex]!;
  if (last.kind !== 'text' || end.offset !== last.value.length) return undefined;
  // Before the route, the builder writes a slash at most, or an origin as plain text (`https://api.example.com`), which
  // the replacement keeps: the whole of what it builds is the route.
  const before = first.value.slice(0, start.offset);
  if (!/^(?:https?:\/\/[\w.:-]+)?\/?$/.test(before) || !builder.call.arguments.every(isPlainArgument)) return undefined;
  // A method of a class called on an instance: fixed only when the whole program shows nothing that may replace it.
  const method = classBuilderCall(builder.call, builder.ctx, lead);
  if (method?.ok === false) return { ok: false, reason: 'url-built-by-function', key: method.key };
  if (method === undefined && (lead !== undefined || !fixedCallee(builder.call, builder.ctx))) return undefined;
  // A test that replaces the builder's module, or a mock that builds its route with it, is a use no name shows.
  const unseen = method === undefined ? builderUsedUnseen(builder.call, builder.ctx) : undefined;
  if (unseen !== undefined) return { ok: false, reason: 'url-built-by-function', key: unseen };
  if (method?.prefix !== undefined) {
    return { ok: true, range: builder.call.range, text: `\`\${${method.prefix}}${before}${route.replacement}\``, ctx: builder.ctx };
  }
  // Written inside a template (`${routes.assign(code)}`): the text takes the place of the whole `${…}`.
  const inTemplate = placeholderAround(builder.call, builder.ctx);
  if (inTemplate !== undefined) {
    return { ok: true, range: inTemplate, text: `${before}${route.replacement}`.replace(/[\\`]|\$\{/g, (c) => `\\${c}`), ctx: builder.ctx };
  }
  const { single, double } = fileQuotes(builder.call, builder.ctx.tokens);
  const quote = double > single ? '"' : "'";
  return { ok: true, range: builder.call.range, text: `${quote}${before}${route.replacement}${quote}`, ctx: builder.ctx };
}

/**
 * The range of the `${…}` that holds an expression of an untagged template literal, found in the text (so that it does
 * not depend on how a parser spans a template's elements); undefined elsewhere or with a comment inside.
 */
function placeholderAround(expr: TSESTree.Node, ctx: SourceContext): [number, number] | undefined {
  const template = expr.parent;
  if (template?.type !== 'TemplateLiteral' || !template.expressions.includes(expr as TSESTree.Expression) || template.parent?.type === 'TaggedTemplateExpression') return undefined;
  const open = /\$\{\s*$/.exec(ctx.text.slice(template.range[0], expr.range[0]));
  const close = /^\s*\}/.exec(ctx.text.slice(expr.range[1], template.range[1]));
  if (open === null || close === null) return undefined;
  return [template.range[0] + open.index, expr.range[1] + close[0].length];
}

/**
 * A builder called by a name that always holds it: a const, a function never assigned again, or an import of one
 * (not a method a subclass may override, nor `f?.()`); or a member of an object literal nothing can change
 * (`fixedBuilderMember`).
 */
function fixedCallee(call: TSESTree.CallExpression, ctx: SourceContext): boolean {
  const callee = call.callee;
  if (!call.optional && callee.type === 'MemberExpression') return fixedBuilderMember(callee, ctx);
  if (call.optional || callee.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(callee), callee.name);
  if (variable === undefined || !isNeverReassigned(variable)) return false;
  const name = valueOfName(callee, ctx);
  if (name.kind === 'const') return true;
  if (name.kind === 'imported') {
    // The exporting module's binding: a `const` or a function declaration that module never assigns again.
    const value = unwrapTS(name.value.node);
    const declarator = value.parent;
    if (value.type === 'FunctionDeclaration') {
      const declared = value.id === null ? undefined : findVariable(name.value.ctx.getScope(value), value.id.name);
      return declared !== undefined && isNeverReassigned(declared);
    }
    return declarator?.type === 'VariableDeclarator' && declarator.parent?.type === 'VariableDeclaration' && declarator.parent.kind === 'const';
  }
  return variable.defs.length === 1 && variable.defs[0]!.type === 'FunctionName';
}

/** An argument whose evaluation does nothing but read: a name, a literal, `this.x`, an object or array of them. */
function isPlainArgument(node: TSESTree.Node): boolean {
  const expr = unwrapTS(node);
  switch (expr.type) {
    case 'Identifier':
    case 'Literal':
    case 'ThisExpression':
      return true;
    case 'TemplateLiteral':
      return expr.expressions.every(isPlainArgument);
    case 'MemberExpression':
      return !expr.computed && (expr.object.type === 'Identifier' || expr.object.type === 'ThisExpression');
    case 'ObjectExpression':
      return expr.properties.every((property) => property.type === 'Property' && !property.computed && property.kind === 'init' && !property.method &&
        isPlainArgument(property.value));
    default:
      return false;
  }
}

export type { VariableLike };
