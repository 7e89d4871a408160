/**
 * The partner business report query, `GET {base}/v1/partners/reports/business?email=<EMAIL>` (document sections
 * 4.3 and 5): which calls send it, and what each call is seen to get wrong.
 *
 * Two steps that exchange plain data, so that facts found elsewhere can join later: `recognizeReportQuery` reads one
 * call of this file into `ReportQueryFacts` (what is known here, and `unknown` where the file cannot tell: headers
 * from an imported helper, a key from a parameter), then `checkReportQuery` turns facts into problems. A project
 * scanner that learns what an imported `authHeaders()` returns fills the unknown facts and gets the same problems.
 *
 * With facts from other files (`SourceContext.project`), an imported instance, options object, header const, base URL
 * or URL builder is read where it is written: every node a fact names comes with the context of its file, so that
 * a front end can tell a value written at the call from one written in another module (reported, never edited there).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { type ClientRef, isNeverAClient, isShared, objectOf, type ObjectRef, requiredModule, resolveClient } from '../recognize/clients/index.js';
import { AXIOS_HEADER_SETUP } from '../recognize/clients/axios.js';
import type { Bound, SourceContext } from '../facts/context.js';
import { PARTNER_REPORT } from '../facts/contract.js';
import { valueOfName } from '../recognize/follow.js';
import { staticString } from '../facts/static-value.js';
import { constInitOf, findVariable, importOf, isExported, usesOf } from '../facts/scope.js';
import { calleePath, chainedCalls, isFunction, propertyOf, staticKey, unwrapTS } from '../facts/syntax.js';
import { readUrl, type UrlPiece } from '../recognize/url.js';

/** The header the report takes (document section 5), and its value as this project writes it. */
export const REPORT_AUTH_HEADER = 'Authorization';
/** The document shows `Token token = "<API_KEY>"`; spaces around `=` are accepted, as decisions.md says. */
export const REPORT_AUTH_VALUE = /^Token +token *= *"[^"]*" *$/i;

/** A value the file spells out as far as it can: text, with the expressions it cannot read in between. */
export type Spelled = readonly ({ readonly kind: 'text'; readonly value: string } | { readonly kind: 'expr'; readonly node: TSESTree.Node })[];

export type AuthorizationFacts =
  /** The call sends no Authorization header, and nothing else can add one. */
  | { readonly kind: 'missing' }
  /**
   * The header's value as spelled, with the node that holds it (and the context of the file it is written in), and
   * whether that node can be rewritten for this call alone.
   */
  | {
      readonly kind: 'value';
      readonly node: TSESTree.Node;
      readonly ctx: SourceContext;
      readonly spelled: Spelled;
      readonly editable: boolean;
    }
  /** Not known here: headers from a call or an import, a spread, instance defaults that cannot be read. */
  | { readonly kind: 'unknown' };

export type EmailFacts =
  /**
   * The e-mail is a query value spelled into the URL by this expression, not encoded: the expression in the URL, or
   * the argument a URL builder's call passes for the parameter the builder spells there.
   */
  | {
      readonly kind: 'raw';
      readonly node: TSESTree.Expression;
      /** The file the expression is written in. */
      readonly ctx: SourceContext;
      /**
       * Where `email=<expr>` sits in one template literal, so that it can become `${new URLSearchParams(...)}`; never
       * in a URL builder, whose template every caller shares.
       */
      readonly param?: EmailParam;
      /** The client's own query option (axios `params`, got and ky `searchParams`, ofetch `query`), when it can take the e-mail. */
      readonly queryOption?: QueryOption;
    }
  /** Encoded, passed as a query option, or not visible here. */
  | { readonly kind: 'ok' };

export interface EmailParam {
  /** From `email=` to the `}` that closes the expression. */
  readonly range: readonly [number, number];
  /** `?email=${value}` is the whole query: nothing precedes it after `?`, nothing follows it in the URL. */
  readonly wholeQuery: boolean;
}

export interface QueryOption {
  /** The option's name for this client. */
  readonly key: string;
  /** The options object written at the call, or undefined when the call has no options argument yet. */
  readonly options: TSESTree.ObjectExpression | undefined;
  /** The URL argument, after which a new options argument goes. */
  readonly url: TSESTree.Node;
}

export interface ReportQueryFacts {
  /** 'GET' when the call sends GET (the clients' default), another method's name, or 'unknown'. */
  readonly method: string;
  /** The call sends a body (the node that holds it, where it is written), none, or cannot tell. */
  readonly body: Bound | 'none' | 'unknown';
  readonly authorization: AuthorizationFacts;
  readonly email: EmailFacts;
}

export interface ReportQueryCall {
  readonly node: TSESTree.CallExpression;
  readonly facts: ReportQueryFacts;
}

/** A cheap test on a file's text: can it hold the report query at all? */
export function mayContainReportQuery(text: string): boolean {
  return text.includes('business');
}

/** Recognizes one call of the report query; undefined for any other call. */
export function recognizeReportQuery(call: TSESTree.CallExpression, ctx: SourceContext): ReportQueryCall | undefined {
  // A call that passes a handler defines a route on a server (`app.post(path, handler)`); it does not call one.
  if (call.arguments.some((arg) => isFunction(arg))) return undefined;
  // Cheap before the client is resolved: the call's own URL must spell the last segment of the path.
  if (!ownUrlMentionsPath(call, ctx)) return undefined;
  if (describesRequest(call.callee, ctx)) return undefined;
  const layout = layoutOf(call, ctx);
  if (layout === undefined || layout.url === undefined) return undefined;
  let pieces = readUrl(layout.url.node, layout.url.ctx, null);
  if (layout.base !== undefined) pieces = [...readUrl(layout.base.node, layout.base.ctx, null), ...pieces];
  const match = matchReportPath(pieces);
  if (match === undefined) return undefined;
  return {
    node: call,
    facts: {
      method: layout.method,
      body: layout.body,
      authorization: authorizationOf(layout),
      email: withQueryOption(emailOf(pieces.slice(match)), layout.queryOption),
    },
  };
}

/** The query option is offered only where it replaces the whole query: `?email=${value}` and nothing else. */
function withQueryOption(email: EmailFacts, option: QueryOption | undefined): EmailFacts {
  if (email.kind !== 'raw' || option === undefined || email.param?.wholeQuery !== true) return email;
  return { ...email, queryOption: option };
}

/** What is wrong with a report query, in the order a message lists it. */
export type ReportQueryProblem =
  | { readonly kind: 'method'; readonly method: string }
  | { readonly kind: 'body'; readonly node: TSESTree.Node; readonly ctx: SourceContext }
  | { readonly kind: 'authorization-missing' }
  | {
      readonly kind: 'authorization-form';
      readonly node: TSESTree.Node;
      /** The file the value is written in. */
      readonly ctx: SourceContext;
      /** What the value is: `Bearer`, `Token` without `token=`, or another value. */
      readonly found: 'bearer' | 'token-without-param' | 'other';
      /** The value in the Token form, when the key is visible and the node can be rewritten for this call alone. */
      readonly replacement?: { readonly key: TSESTree.Node | string };
    }
  | {
      readonly kind: 'email-raw';
      readonly node: TSESTree.Expression;
      readonly ctx: SourceContext;
      readonly param?: EmailParam;
      readonly queryOption?: QueryOption;
    };

export function checkReportQuery(facts: ReportQueryFacts): ReportQueryProblem[] {
  const problems: ReportQueryProblem[] = [];
  if (facts.method !== PARTNER_REPORT.method && facts.method !== 'unknown') problems.push({ kind: 'method', method: facts.method });
  if (typeof facts.body === 'object') problems.push({ kind: 'body', node: facts.body.node, ctx: facts.body.ctx });
  const auth = facts.authorization;
  if (auth.kind === 'missing') problems.push({ kind: 'authorization-missing' });
  if (auth.kind === 'value') {
    const problem = authorizationProblem(auth);
    if (problem !== undefined) problems.push(problem);
  }
  if (facts.email.kind === 'raw') {
    const { node, ctx, param, queryOption } = facts.email;
    problems.push({ kind: 'email-raw', node, ctx, ...(param === undefined ? {} : { param }), ...(queryOption === undefined ? {} : { queryOption }) });
  }
  return problems;
}

const EXPR = '\u0000';

function authorizationProblem(auth: Extract<AuthorizationFacts, { kind: 'value' }>): ReportQueryProblem | undefined {
  // The scheme must be visible: `${scheme} ${key}` or an expression alone (`apiKey`, `header()`) may hold anything.
  if (auth.spelled[0]?.kind !== 'text') return undefined;
  const flat = auth.spelled.map((piece) => (piece.kind === 'text' ? piece.value : EXPR)).join('');
  // `Token token="${key}"`, with the key inside the quotes, is right whatever the key holds.
  if (REPORT_AUTH_VALUE.test(flat.split(EXPR).join('key'))) return undefined;
  // `Token token=${quoted}`: the quotes may be in the expression.
  if (new RegExp(`^\\s*Token +token *= *${EXPR}`, 'i').test(flat)) return undefined;
  const bearer = /^\s*Bearer\b/i.exec(flat);
  const token = /^\s*Token\b(?! *token *=)/i.exec(flat);
  const found = bearer !== null ? 'bearer' : token !== null ? 'token-without-param' : 'other';
  let replacement: { key: TSESTree.Node | string } | undefined;
  if (found !== 'other' && auth.editable) {
    // `Bearer <key>` / `Token <key>`: the key is the one text or expression after the scheme and its spaces.
    const rest = auth.spelled.map((piece, i) => (i === 0 && piece.kind === 'text' ? { ...piece, value: piece.value.replace(/^\s*\w+ +/, '') } : piece))
      .filter((piece) => piece.kind !== 'text' || piece.value !== '');
    const first = auth.spelled[0];
    const schemeThenSpace = first?.kind === 'text' && /^\s*\w+ +/.test(first.value);
    if (schemeThenSpace && rest.length === 1) {
      const only = rest[0]!;
      if (only.kind === 'expr') replacement = { key: only.node };
      else if (/^[^\s"'`\\$]+$/.test(only.value)) replacement = { key: only.value };
    }
  }
  return { kind: 'authorization-form', node: auth.node, ctx: auth.ctx, found, ...(replacement === undefined ? {} : { replacement }) };
}

// ---------------------------------------------------------------------------------------------------------------
// The path

const REPORT_PATH = PARTNER_REPORT.path.slice(1);

const LAST_SEGMENT = PARTNER_REPORT.path.slice(PARTNER_REPORT.path.lastIndexOf('/') + 1);

/** The first argument, or the `url` of a config object there, read as a URL, holds the path's last segment. */
function ownUrlMentionsPath(call: TSESTree.CallExpression, ctx: SourceContext): boolean {
  const first = call.arguments[0];
  if (first === undefined || first.type === 'SpreadElement') return false;
  const config = objectOf(first, ctx);
  const url = config === undefined ? first : propertyOf(config.object, 'url')?.value;
  return url !== undefined && readUrl(url, config?.ctx ?? ctx, null).some((piece) => piece.kind === 'text' && piece.value.includes(LAST_SEGMENT));
}

/** The index of the first piece after the report path, when the URL ends with it (a query may follow). */
function matchReportPath(pieces: readonly UrlPiece[]): number | undefined {
  let flat = '';
  const owner: number[] = [];
  pieces.forEach((piece, index) => {
    const text = piece.kind === 'text' ? piece.value : EXPR;
    flat += text;
    for (let i = 0; i < text.length; i++) owner.push(index);
  });
  if (/\s/.test(flat.split(EXPR).join(''))) return undefined;
  let from = 0;
  for (;;) {
    const at = flat.indexOf(REPORT_PATH, from);
    if (at < 0) return undefined;
    from = at + 1;
    const prev = flat[at - 1];
    if (!(at === 0 || prev === '/' || prev === EXPR)) continue;
    const end = at + REPORT_PATH.length;
    const next = flat[end];
    if (next !== undefined && next !== '?' && next !== '#' && next !== EXPR) continue;
    return next === undefined ? pieces.length : owner[end - 1]!;
  }
}

/**
 * The `email` query value: raw when an expression that is not encoded follows `email=`. Each piece is read in the
 * context of the file (and the followed call) it comes from: in a URL builder, a parameter stands for the caller's
 * argument, which is then the raw value, written at the call.
 */
function emailOf(pieces: readonly UrlPiece[]): EmailFacts {
  const param = `${PARTNER_REPORT.emailParam}=`;
  for (let i = 0; i < pieces.length - 1; i++) {
    const piece = pieces[i]!;
    const next = pieces[i + 1]!;
    if (piece.kind !== 'text' || next.kind !== 'expr') continue;
    const at = piece.value.lastIndexOf(param);
    if (at < 0 || piece.value.slice(at + param.length) !== '' || !/(?:^|[?&])$/.test(piece.value.slice(0, at))) continue;
    if (isEncoded(next.node, next.ctx)) return { kind: 'ok' };
    const source = argumentSource({ node: next.node, ctx: next.ctx });
    const node = source.node as TSESTree.Expression;
    // A builder's template is shared by all its callers: the query is rewritten there for none of them.
    if (piece.builtBy !== undefined || source.node !== next.node) return { kind: 'raw', node, ctx: source.ctx };
    return { kind: 'raw', node, ctx: source.ctx, ...paramSpan(piece, next.node, at) };
  }
  return { kind: 'ok' };
}

/** A parameter of a followed function, back to the argument its caller passed (and so on, up the calls). */
function argumentSource(value: Bound): Bound {
  let current = value;
  for (let depth = 0; depth < 8; depth++) {
    const expr = unwrapTS(current.node);
    if (expr.type !== 'Identifier') break;
    const name = valueOfName(expr, current.ctx);
    if (name.kind !== 'argument') break;
    current = name.value;
  }
  return current;
}

/** `email=${value}` written in one template literal, followed by the end of the literal or by `&`. */
function paramSpan(piece: Extract<UrlPiece, { kind: 'text' }>, node: TSESTree.Expression, at: number): { param?: EmailParam } {
  const template = piece.owner;
  if (template?.type !== 'TemplateLiteral' || piece.start === null) return {};
  const index = template.expressions.indexOf(node);
  if (index < 0) return {};
  const after = template.quasis[index + 1]?.value.cooked ?? '';
  if (after !== '' && !after.startsWith('&') && !after.startsWith('#')) return {};
  // From `email=` to the `}` that closes the expression.
  const start = piece.start + at;
  const end = template.quasis[index + 1]!.range[0] + 1;
  const wholeQuery = piece.value[at - 1] === '?' && after === '' && index === template.expressions.length - 1;
  return { param: { range: [start, end], wholeQuery } };
}

/** `encodeURIComponent(...)` of the global, or a name that holds one (a const, a caller's argument, an imported const). */
function isEncoded(node: TSESTree.Node, ctx: SourceContext, depth = 0): boolean {
  const expr = unwrapTS(node);
  if (expr.type === 'CallExpression') {
    return calleePath(expr.callee) === 'encodeURIComponent' && findVariable(ctx.getScope(expr), 'encodeURIComponent') === undefined;
  }
  if (expr.type === 'Identifier' && depth < 4) {
    const name = valueOfName(expr, ctx);
    return (name.kind === 'const' || name.kind === 'argument' || name.kind === 'imported') && isEncoded(name.value.node, name.value.ctx, depth + 1);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// The Authorization header

/** A header value found in an object (`headers: { Authorization: ... }`) or a superagent `.set(...)`. */
interface HeaderSource {
  readonly value: TSESTree.Node;
  /** The file the value is written in. */
  readonly ctx: SourceContext;
  /** The object the value sits in is shared with other code (consts used elsewhere, an import, an instance's options). */
  readonly shared: boolean;
}

/** A headers object, where it is written; `shared` when other code uses it too, so it cannot be edited for one call. */
interface HeaderObject {
  readonly object: TSESTree.ObjectExpression;
  readonly ctx: SourceContext;
  readonly shared: boolean;
  /** Reached through names other code may write through (an import, `headers.Authorization = …`): it may gain a header. */
  readonly mayGrow: boolean;
}

type Headers = HeaderObject | 'absent' | 'unknown';

/**
 * The Authorization header a call sends: its own (options, superagent `.set`), else the one of the innermost instance
 * that sets it (axios, got, ky and ofetch merge an instance's headers into each call's). Anything that may set headers
 * behind the objects read here (options that cannot be read, axios defaults or interceptors, hooks) makes a header
 * that is not the call's own unknown.
 */
function authorizationOf(layout: Layout): AuthorizationFacts {
  if (layout.headers === 'unknown' || layout.chainHeaders === 'unknown') return { kind: 'unknown' };
  const own = layout.headers === 'absent' ? [] : headerValues(layout.headers);
  if (own === 'unknown') return { kind: 'unknown' };
  const found = [...(layout.chainHeaders ?? []), ...own];
  if (found.length > 1) return { kind: 'unknown' };
  if (found.length === 1) return valueOf(found[0]!);
  if (layout.headersMayChange === true || (layout.headers !== 'absent' && layout.headers.mayGrow)) return { kind: 'unknown' };
  for (const defaults of [...(layout.defaultHeaders ?? [])].reverse()) {
    if (defaults === 'unknown') return { kind: 'unknown' };
    const values = headerValues(defaults);
    if (values === 'unknown' || values.length > 1) return { kind: 'unknown' };
    if (values.length === 1) return valueOf(values[0]!);
    if (defaults.mayGrow) return { kind: 'unknown' };
  }
  return { kind: 'missing' };
}

/** axios headers by method (`headers: { common: { Authorization } }`): merged into a GET's headers too. */
const AXIOS_HEADER_GROUPS = new Set(['common', 'get', 'head', 'delete', 'options', 'post', 'put', 'patch']);

/** The Authorization values of a headers object; unknown when a spread, a computed key or a group may hold one. */
function headerValues(headers: HeaderObject): HeaderSource[] | 'unknown' {
  const found: HeaderSource[] = [];
  for (const property of headers.object.properties) {
    if (property.type === 'SpreadElement') return 'unknown';
    const key = staticKey(property);
    if (key === undefined || AXIOS_HEADER_GROUPS.has(key.toLowerCase())) return 'unknown';
    if (key.toLowerCase() === REPORT_AUTH_HEADER.toLowerCase()) found.push({ value: property.value, ctx: headers.ctx, shared: headers.shared });
  }
  return found;
}

function valueOf(source: HeaderSource): AuthorizationFacts {
  const { spelled, editable } = spell(source.value, source.ctx);
  return { kind: 'value', node: source.value, ctx: source.ctx, spelled, editable: editable && !source.shared };
}

/** A header value as text and expressions; editable when it is written here, not in a const. */
function spell(node: TSESTree.Node, ctx: SourceContext): { spelled: Spelled; editable: boolean } {
  const expr = unwrapTS(node);
  if (expr.type === 'Literal' && typeof expr.value === 'string') return { spelled: [{ kind: 'text', value: expr.value }], editable: true };
  if (expr.type === 'TemplateLiteral') {
    const spelled: ({ kind: 'text'; value: string } | { kind: 'expr'; node: TSESTree.Node })[] = [];
    let editable = true;
    expr.quasis.forEach((quasi, i) => {
      if (quasi.value.cooked === null) editable = false;
      else if (quasi.value.cooked !== '') spelled.push({ kind: 'text', value: quasi.value.cooked });
      const inner = expr.expressions[i];
      if (inner !== undefined) spelled.push({ kind: 'expr', node: inner });
    });
    return { spelled, editable };
  }
  if (expr.type === 'BinaryExpression' && expr.operator === '+') {
    const left = spell(expr.left, ctx);
    const right = spell(expr.right, ctx);
    const hasText = [...left.spelled, ...right.spelled].some((piece) => piece.kind === 'text');
    if (hasText) return { spelled: [...left.spelled, ...right.spelled], editable: left.editable && right.editable };
  }
  if (expr.type === 'Identifier') {
    // A const of this file, or one another module exports (with facts from other files).
    const name = valueOfName(expr, ctx);
    const init = name.kind === 'const' || name.kind === 'imported' ? name.value : undefined;
    const type = init === undefined ? undefined : unwrapTS(init.node).type;
    if (init !== undefined && (type === 'Literal' || type === 'TemplateLiteral' || type === 'BinaryExpression')) {
      // A const elsewhere: read, never rewritten from here.
      return { spelled: spell(init.node, init.ctx).spelled, editable: false };
    }
  }
  // Any other expression is kept as it is written: a rewrite moves its text, it does not change it.
  return { spelled: [{ kind: 'expr', node: expr }], editable: true };
}

// ---------------------------------------------------------------------------------------------------------------
// Layouts: where each client keeps URL, method, headers and body.

interface Layout {
  /** The URL, where it is written (an options object may come from another file). */
  readonly url: Bound | undefined;
  /** The base URL, where it is written (an instance's, in another file with facts from the project). */
  readonly base?: Bound;
  readonly method: string;
  /** The headers the call itself sends. */
  readonly headers: Headers;
  /** superagent: headers set along the chain with `.set(...)`. */
  readonly chainHeaders?: readonly HeaderSource[] | 'unknown';
  /** The headers of the instances the call goes through, outermost first: 'unknown' where their options cannot be read. */
  readonly defaultHeaders?: readonly (HeaderObject | 'unknown')[];
  readonly body: Bound | 'none' | 'unknown';
  /** Something other than the objects read here may set headers: options this file cannot read, hooks, axios setup. */
  readonly headersMayChange?: boolean;
  /** Where the client's query option could take the e-mail instead of the URL. */
  readonly queryOption?: QueryOption;
}

/** Each client's option for query parameters. */
const QUERY_OPTION: Readonly<Record<string, string>> = { axios: 'params', got: 'searchParams', ky: 'searchParams', ofetch: 'query' };
const QUERY_KEYS = ['params', 'searchParams', 'query', 'qs'];

/** `client(url)` or `client(url, { ... })` with an object written at the call that sets no query parameters yet. */
function queryOptionOf(library: string, url: TSESTree.Node, options: TSESTree.Node | undefined): { queryOption?: QueryOption } {
  const key = QUERY_OPTION[library];
  if (key === undefined) return {};
  if (options === undefined) return { queryOption: { key, options: undefined, url } };
  if (options.type !== 'ObjectExpression') return {};
  const plain = options.properties.every((p) => p.type === 'Property' && !QUERY_KEYS.includes(staticKey(p) ?? QUERY_KEYS[0]!));
  return plain ? { queryOption: { key, options, url } } : {};
}

const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
const BODY_KEYS: Readonly<Record<string, readonly string[]>> = {
  fetch: ['body'],
  axios: ['data'],
  got: ['json', 'body', 'form'],
  ky: ['json', 'body'],
  ofetch: ['body'],
  superagent: [],
  unresolved: ['body', 'json', 'data'],
};

function layoutOf(call: TSESTree.CallExpression, ctx: SourceContext): Layout | undefined {
  const callee = unwrapTS(call.callee);
  const [first, second, third] = call.arguments;
  if (first === undefined || first.type === 'SpreadElement') return undefined;
  const url: Bound = { node: first, ctx };
  const direct = resolveClient(callee, ctx);
  if (direct !== undefined) {
    if (direct.library === 'superagent') return undefined;
    if (direct.library === 'axios' && second === undefined) {
      const config = objectOf(first, ctx);
      if (config !== undefined) return withDefaults(configLayout(config, 'axios', undefined), direct, ctx);
    }
    const layout = optionsLayout(url, second, direct.library, ctx, undefined);
    const option = second?.type === 'SpreadElement' || call.arguments.length > 2 ? {} : queryOptionOf(direct.library, first, second);
    return withDefaults({ ...layout, ...option }, direct, ctx);
  }
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
    const verb = callee.property.name.toLowerCase();
    const owner = resolveClient(callee.object, ctx);
    if (owner !== undefined) {
      if (owner.library === 'superagent') return VERBS.has(verb) ? chainLayout(call, url, verb.toUpperCase(), ctx) : undefined;
      if (owner.library === 'axios' && verb === 'request') {
        const config = objectOf(first, ctx);
        return config === undefined ? undefined : withDefaults(configLayout(config, 'axios', undefined), owner, ctx);
      }
      if (!VERBS.has(verb)) return undefined;
      // axios.post(url, data, config): the body is the second argument.
      if (owner.library === 'axios' && ['post', 'put', 'patch'].includes(verb)) {
        const layout = optionsLayout(url, third, 'axios', ctx, verb.toUpperCase());
        const body = second === undefined || second.type === 'SpreadElement' || isNoValue(second, ctx) ? 'none' : { node: second, ctx };
        return withDefaults({ ...layout, body }, owner, ctx);
      }
      const layout = optionsLayout(url, second, owner.library, ctx, verb.toUpperCase());
      const option = verb !== 'get' || second?.type === 'SpreadElement' || call.arguments.length > 2 ? {} : queryOptionOf(owner.library, first, second);
      return withDefaults({ ...layout, ...option }, owner, ctx);
    }
  }
  if (callee.type === 'Super' || isNeverAClient(callee)) return undefined;
  // A callee the file cannot resolve (an instance from another module, a wrapper): read by the shape of its arguments.
  const name = callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier'
    ? callee.property.name.toLowerCase()
    : undefined;
  const method = name !== undefined && VERBS.has(name) ? name.toUpperCase() : undefined;
  const layout = optionsLayout(url, second, 'unresolved', ctx, method);
  // An unknown callee may add headers of its own (an instance made elsewhere merges its defaults into the call's).
  return layout.headers === 'absent' ? { ...layout, headers: 'unknown', method: method ?? 'unknown' } : { ...layout, headersMayChange: true };
}

function optionsLayout(url: Bound, optionsNode: TSESTree.Node | undefined, library: string, ctx: SourceContext, method: string | undefined): Layout {
  if (optionsNode === undefined) return { url, method: method ?? (library === 'unresolved' ? 'unknown' : 'GET'), headers: 'absent', body: 'none' };
  if (optionsNode.type === 'SpreadElement') return { url, method: method ?? 'unknown', headers: 'unknown', body: 'unknown' };
  const options = objectOf(optionsNode, ctx);
  if (options === undefined || options.object.properties.some((p) => p.type === 'SpreadElement')) {
    return { url, method: method ?? 'unknown', headers: 'unknown', body: 'unknown' };
  }
  return configLayout(options, library, method, url);
}

/**
 * Option keys with which a client sets or changes a request's headers behind its `headers` object: hooks, and
 * credentials sent as an Authorization header of their own (axios `auth`, got `username` / `password`).
 */
const HEADER_HOOKS = ['hooks', 'handlers', 'transformRequest', 'onRequest', 'auth', 'username', 'password'];

/**
 * An options object that holds method, headers and body (and for axios, maybe the URL), read in the file it is
 * written in. `url` is the call's URL argument, when the URL is not in the object.
 */
function configLayout(options: ObjectRef, library: string, method: string | undefined, url?: Bound): Layout {
  const { object, ctx } = options;
  const shared = isShared(options);
  const grows = mayGrow(options);
  const methodProperty = propertyOf(object, 'method');
  const spelledMethod = methodProperty === undefined ? undefined : staticString(methodProperty.value, ctx);
  const resolvedMethod = methodProperty === undefined
    ? method ?? (library === 'unresolved' ? 'unknown' : 'GET')
    : spelledMethod === undefined ? 'unknown' : spelledMethod.toUpperCase();
  const headersProperty = propertyOf(object, 'headers');
  let headers: Headers = 'absent';
  if (headersProperty !== undefined) {
    const ref = objectOf(headersProperty.value, ctx);
    headers = ref === undefined ? 'unknown' : { object: ref.object, ctx: ref.ctx, shared: shared || isShared(ref), mayGrow: grows || mayGrow(ref) };
  }
  const bodyKey = (BODY_KEYS[library] ?? []).find((key) => propertyOf(object, key) !== undefined);
  const bodyValue = bodyKey === undefined ? undefined : propertyOf(object, bodyKey)!.value;
  const body = bodyValue === undefined || isNoValue(bodyValue, ctx) ? 'none' : { node: bodyValue, ctx };
  const urlProperty = propertyOf(object, 'url')?.value;
  const urlBound = url ?? (urlProperty === undefined ? undefined : { node: urlProperty, ctx });
  const base = propertyOf(object, 'baseURL')?.value ?? propertyOf(object, 'prefixUrl')?.value;
  const hooks = HEADER_HOOKS.some((key) => object.properties.some((p) => p.type === 'Property' && staticKey(p) === key));
  return {
    url: urlBound,
    ...(base === undefined ? {} : { base: { node: base, ctx } }),
    method: resolvedMethod,
    headers,
    body,
    // Options that may be written through (`options.headers = …`) may gain headers this call does not show.
    ...(hooks || (grows && headers === 'absent') ? { headersMayChange: true } : {}),
  };
}

/**
 * An object reached through names that other code may write through: an import or an export (any module of the
 * program may), or a const that is assigned through (`headers.Authorization = token`, `delete headers.x`) or given to
 * `Object.assign`.
 */
function mayGrow(ref: ObjectRef): boolean {
  return ref.exported === true ||
    ref.via.some((variable) => isExported(variable) || usesOf(variable).some((use) => writesThrough(use.identifier as TSESTree.Node)));
}

function writesThrough(id: TSESTree.Node): boolean {
  let node = id;
  while (node.parent?.type === 'MemberExpression' && node.parent.object === node) node = node.parent;
  const parent = node.parent;
  if (node !== id) {
    return (parent?.type === 'AssignmentExpression' && parent.left === node) || parent?.type === 'UpdateExpression' ||
      (parent?.type === 'UnaryExpression' && parent.operator === 'delete');
  }
  return parent?.type === 'CallExpression' && parent.arguments[0] === node &&
    ['Object.assign', 'Object.defineProperty', 'Object.defineProperties'].includes(calleePath(parent.callee) ?? '');
}

/**
 * What an instance was made with (`axios.create({ baseURL, headers })`): its base URL and headers count at every call,
 * read where the instance is made. axios defaults or a request interceptor set in the call's file, the instance's or
 * (with facts from other files) anywhere in the program may set the header of every call.
 */
function withDefaults(layout: Layout, client: ClientRef, ctx: SourceContext): Layout {
  const base = layout.base ?? client.base;
  const defaults = client.defaults ?? [];
  const setup = AXIOS_HEADER_SETUP;
  const axiosSetup = client.library === 'axios' && (setup.test(ctx.text) ||
    defaults.some((options) => options !== 'unknown' && setup.test(options.ctx.text)) ||
    ctx.project?.anyFileMatches?.(setup) === true);
  let headersMayChange = layout.headersMayChange === true || axiosSetup;
  const defaultHeaders: (HeaderObject | 'unknown')[] = [];
  for (const options of defaults) {
    if (options === 'unknown') {
      defaultHeaders.push('unknown');
      continue;
    }
    const instance = configLayout(options, client.library, undefined);
    if (instance.headersMayChange === true) headersMayChange = true;
    // Instance headers are shared by every call through the instance: read, never edited from one call.
    if (instance.headers === 'unknown') defaultHeaders.push('unknown');
    else if (instance.headers !== 'absent') defaultHeaders.push({ ...instance.headers, shared: true });
  }
  return {
    ...layout,
    ...(base === undefined ? {} : { base }),
    ...(defaultHeaders.length === 0 ? {} : { defaultHeaders }),
    ...(headersMayChange ? { headersMayChange: true } : {}),
  };
}

/** superagent: `.set('Authorization', v)`, `.set({ Authorization: v })` and `.send(body)` along the chain. */
function chainLayout(call: TSESTree.CallExpression, url: Bound, method: string, ctx: SourceContext): Layout {
  const headers: HeaderSource[] = [];
  let unknown = false;
  let body: Bound | 'none' = 'none';
  for (const { name: link, args: [arg, value] } of chainedCalls(call)) {
    if (link === 'send' && arg !== undefined) body = { node: arg, ctx };
    if (link === 'set' && arg !== undefined) {
      const ref = objectOf(arg, ctx);
      if (ref !== undefined) {
        for (const property of ref.object.properties) {
          if (property.type === 'SpreadElement' || staticKey(property) === undefined) unknown = true;
          else if (staticKey(property)!.toLowerCase() === 'authorization') headers.push({ value: property.value, ctx: ref.ctx, shared: isShared(ref) });
        }
      } else {
        const name = staticString(arg, ctx);
        if (name === undefined) unknown = true;
        else if (name.toLowerCase() === 'authorization' && value !== undefined && value.type !== 'SpreadElement') headers.push({ value, ctx, shared: false });
      }
    }
  }
  return { url, method, headers: 'absent', chainHeaders: unknown ? 'unknown' : headers, body };
}

/** `undefined` or `null`: the clients send no body for either. */
function isNoValue(node: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(node);
  if (expr.type === 'Literal' && expr.value === null && !('regex' in expr) && !('bigint' in expr)) return true;
  return expr.type === 'Identifier' && expr.name === 'undefined' && findVariable(ctx.getScope(expr), 'undefined') === undefined;
}

/** Modules and globals whose calls describe requests (mocks, assertions, test clients) rather than send them. */
const TEST_MODULES: ReadonlySet<string> = new Set(['nock', 'msw', 'axios-mock-adapter', 'fetch-mock', 'jest-fetch-mock', 'supertest', 'sinon', 'vitest', '@jest/globals', 'chai']);
const TEST_GLOBALS: ReadonlySet<string> = new Set(['expect', 'jest', 'vi', 'cy', 'sinon', 'nock', 'assert', 'should']);

/** `nock(base).get(path)`, `request(app).post(path)` from supertest, `expect(...)`: never the query itself. */
function describesRequest(callee: TSESTree.Node, ctx: SourceContext): boolean {
  let node = unwrapTS(callee);
  while (node.type === 'MemberExpression' || node.type === 'CallExpression') {
    node = unwrapTS(node.type === 'MemberExpression' ? node.object : node.callee);
  }
  if (node.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(node), node.name);
  if (variable === undefined) return TEST_GLOBALS.has(node.name);
  const imported = importOf(variable);
  const init = constInitOf(variable);
  const module = imported?.source ?? (init?.type === 'CallExpression' ? requiredModule(init) : undefined);
  return module !== undefined && TEST_MODULES.has(module);
}
