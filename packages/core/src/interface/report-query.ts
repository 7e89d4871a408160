/**
 * The partner business report query, `GET {base}/v1/partners/reports/business?email=<EMAIL>` (document sections
 * 4.3 and 5): which calls send it, and what each call is seen to get wrong.
 *
 * Two steps that exchange plain data, so that facts found elsewhere can join later: `recognizeReportQuery` reads one
 * call of this file into `ReportQueryFacts` (what is known here, and `unknown` where the file cannot tell: headers
 * from an imported helper, a key from a parameter), then `checkReportQuery` turns facts into problems. A project
 * scanner that learns what an imported `authHeaders()` returns fills the unknown facts and gets the same problems.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { type ClientRef, isNeverAClient, isShared, objectOf, requiredModule, resolveClient } from '../clients/index.js';
import type { Bound, SourceContext } from '../context.js';
import { PARTNER_REPORT } from '../contract.js';
import { constInitOf, findVariable, importOf, isSingleUse } from '../scope.js';
import { calleePath, chainedCalls, isFunction, propertyOf, staticKey, unwrapTS } from '../syntax.js';
import { readUrl, type UrlPiece } from '../url.js';

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
   * The header's value as spelled, with the node that holds it, whether that node can be rewritten for this call
   * alone, and the key when the value is `<scheme> <key>` with one key.
   */
  | {
      readonly kind: 'value';
      readonly node: TSESTree.Node;
      readonly spelled: Spelled;
      readonly editable: boolean;
    }
  /** Not known here: headers from a call or an import, a spread, instance defaults that cannot be read. */
  | { readonly kind: 'unknown' };

export type EmailFacts =
  /** The e-mail is a query value spelled into the URL by this expression, not encoded. */
  | {
      readonly kind: 'raw';
      readonly node: TSESTree.Expression;
      /** Where `email=<expr>` sits in one template literal, so that it can become `${new URLSearchParams(...)}`. */
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
  /** The call sends a body (the node that holds it), none, or cannot tell. */
  readonly body: TSESTree.Node | 'none' | 'unknown';
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
  let pieces = readUrl(layout.url, ctx, null);
  if (layout.base !== undefined) pieces = [...readUrl(layout.base.node, layout.base.ctx, null), ...pieces];
  const match = matchReportPath(pieces);
  if (match === undefined) return undefined;
  const headerAuth = authorizationOf(layout.headers, layout.chainHeaders, ctx);
  const authorization = headerAuth.kind === 'missing' && layout.defaultsUnknown ? { kind: 'unknown' as const } : headerAuth;
  return {
    node: call,
    facts: {
      method: layout.method,
      body: layout.body,
      authorization,
      email: withQueryOption(emailOf(pieces.slice(match), ctx), layout.queryOption),
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
  | { readonly kind: 'body'; readonly node: TSESTree.Node }
  | { readonly kind: 'authorization-missing' }
  | {
      readonly kind: 'authorization-form';
      readonly node: TSESTree.Node;
      /** What the value is: `Bearer`, `Token` without `token=`, or another value. */
      readonly found: 'bearer' | 'token-without-param' | 'other';
      /** The value in the Token form, when the key is visible and the node can be rewritten for this call alone. */
      readonly replacement?: { readonly key: TSESTree.Node | string };
    }
  | { readonly kind: 'email-raw'; readonly node: TSESTree.Expression; readonly param?: EmailParam; readonly queryOption?: QueryOption };

export function checkReportQuery(facts: ReportQueryFacts): ReportQueryProblem[] {
  const problems: ReportQueryProblem[] = [];
  if (facts.method !== PARTNER_REPORT.method && facts.method !== 'unknown') problems.push({ kind: 'method', method: facts.method });
  if (typeof facts.body === 'object') problems.push({ kind: 'body', node: facts.body });
  const auth = facts.authorization;
  if (auth.kind === 'missing') problems.push({ kind: 'authorization-missing' });
  if (auth.kind === 'value') {
    const problem = authorizationProblem(auth);
    if (problem !== undefined) problems.push(problem);
  }
  if (facts.email.kind === 'raw') {
    const { node, param, queryOption } = facts.email;
    problems.push({ kind: 'email-raw', node, ...(param === undefined ? {} : { param }), ...(queryOption === undefined ? {} : { queryOption }) });
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
  return { kind: 'authorization-form', node: auth.node, found, ...(replacement === undefined ? {} : { replacement }) };
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
  return url !== undefined && readUrl(url, ctx, null).some((piece) => piece.kind === 'text' && piece.value.includes(LAST_SEGMENT));
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

/** The `email` query value: raw when an expression that is not encoded follows `email=`. */
function emailOf(pieces: readonly UrlPiece[], ctx: SourceContext): EmailFacts {
  const param = `${PARTNER_REPORT.emailParam}=`;
  for (let i = 0; i < pieces.length - 1; i++) {
    const piece = pieces[i]!;
    const next = pieces[i + 1]!;
    if (piece.kind !== 'text' || next.kind !== 'expr') continue;
    const at = piece.value.lastIndexOf(param);
    if (at < 0 || piece.value.slice(at + param.length) !== '' || !/(?:^|[?&])$/.test(piece.value.slice(0, at))) continue;
    if (isEncoded(next.node, ctx)) return { kind: 'ok' };
    return { kind: 'raw', node: next.node, ...paramSpan(piece, next.node, at) };
  }
  return { kind: 'ok' };
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

function isEncoded(node: TSESTree.Node, ctx: SourceContext, depth = 0): boolean {
  const expr = unwrapTS(node);
  if (expr.type === 'CallExpression') {
    return calleePath(expr.callee) === 'encodeURIComponent' && findVariable(ctx.getScope(expr), 'encodeURIComponent') === undefined;
  }
  if (expr.type === 'Identifier' && depth < 4) {
    const variable = findVariable(ctx.getScope(expr), expr.name);
    const init = variable === undefined ? undefined : constInitOf(variable);
    return init !== undefined && isEncoded(init, ctx, depth + 1);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// The Authorization header

/** A header value found in an object (`headers: { Authorization: ... }`) or a superagent `.set(...)`. */
interface HeaderSource {
  readonly value: TSESTree.Node;
  /** The object the value sits in is reached through consts that other code also uses. */
  readonly shared: boolean;
}

/** The headers object of a call; `shared` when other code uses it too, so it cannot be edited for this call. */
type Headers = { readonly object: TSESTree.ObjectExpression; readonly shared: boolean } | 'absent' | 'unknown';

function authorizationOf(headers: Headers, chain: readonly HeaderSource[] | 'unknown' | undefined, ctx: SourceContext): AuthorizationFacts {
  if (headers === 'unknown' || chain === 'unknown') return { kind: 'unknown' };
  const found: HeaderSource[] = [...(chain ?? [])];
  if (headers !== 'absent') {
    for (const property of headers.object.properties) {
      if (property.type === 'SpreadElement') return { kind: 'unknown' };
      const key = staticKey(property);
      if (key === undefined) return { kind: 'unknown' };
      if (key.toLowerCase() === REPORT_AUTH_HEADER.toLowerCase()) {
        found.push({ value: property.value, shared: headers.shared });
      }
    }
  }
  if (found.length === 0) return { kind: 'missing' };
  if (found.length > 1) return { kind: 'unknown' };
  const source = found[0]!;
  const { spelled, editable } = spell(source.value, ctx);
  return { kind: 'value', node: source.value, spelled, editable: editable && !source.shared };
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
    const variable = findVariable(ctx.getScope(expr), expr.name);
    const init = variable === undefined ? undefined : constInitOf(variable);
    if (init !== undefined && (init.type === 'Literal' || init.type === 'TemplateLiteral' || init.type === 'BinaryExpression')) {
      // A const elsewhere: read, never rewritten from here.
      return { spelled: spell(init, ctx).spelled, editable: false };
    }
  }
  // Any other expression is kept as it is written: a rewrite moves its text, it does not change it.
  return { spelled: [{ kind: 'expr', node: expr }], editable: true };
}

// ---------------------------------------------------------------------------------------------------------------
// Layouts: where each client keeps URL, method, headers and body.

interface Layout {
  readonly url: TSESTree.Node | undefined;
  /** The base URL, where it is written (an instance's, in another file with facts from the project). */
  readonly base?: Bound;
  readonly method: string;
  readonly headers: Headers;
  /** superagent: headers set along the chain with `.set(...)`. */
  readonly chainHeaders?: readonly HeaderSource[] | 'unknown';
  readonly body: TSESTree.Node | 'none' | 'unknown';
  /** An instance was made with options this file cannot read: they may set the header. */
  readonly defaultsUnknown?: boolean;
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
  const direct = resolveClient(callee, ctx);
  if (direct !== undefined) {
    if (direct.library === 'superagent') return undefined;
    if (direct.library === 'axios' && second === undefined) {
      const config = objectOf(first, ctx);
      if (config !== undefined) return withDefaults(configLayout(config.object, 'axios', ctx, undefined, undefined, isShared(config)), direct);
    }
    const layout = optionsLayout(first, second, direct.library, ctx, undefined);
    const option = second?.type === 'SpreadElement' || call.arguments.length > 2 ? {} : queryOptionOf(direct.library, first, second);
    return withDefaults({ ...layout, ...option }, direct);
  }
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
    const verb = callee.property.name.toLowerCase();
    const owner = resolveClient(callee.object, ctx);
    if (owner !== undefined) {
      if (owner.library === 'superagent') return VERBS.has(verb) ? chainLayout(call, first, verb.toUpperCase(), ctx) : undefined;
      if (owner.library === 'axios' && verb === 'request') {
        const config = objectOf(first, ctx);
        return config === undefined ? undefined : withDefaults(configLayout(config.object, 'axios', ctx, undefined, undefined, isShared(config)), owner);
      }
      if (!VERBS.has(verb)) return undefined;
      // axios.post(url, data, config): the body is the second argument.
      if (owner.library === 'axios' && ['post', 'put', 'patch'].includes(verb)) {
        const layout = optionsLayout(first, third, 'axios', ctx, verb.toUpperCase());
        return withDefaults({ ...layout, body: second === undefined || second.type === 'SpreadElement' || isNoValue(second, ctx) ? 'none' : second }, owner);
      }
      const layout = optionsLayout(first, second, owner.library, ctx, verb.toUpperCase());
      const option = verb !== 'get' || second?.type === 'SpreadElement' || call.arguments.length > 2 ? {} : queryOptionOf(owner.library, first, second);
      return withDefaults({ ...layout, ...option }, owner);
    }
  }
  if (callee.type === 'Super' || isNeverAClient(callee)) return undefined;
  // A callee the file cannot resolve (an instance from another module, a wrapper): read by the shape of its arguments.
  const name = callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier'
    ? callee.property.name.toLowerCase()
    : undefined;
  const method = name !== undefined && VERBS.has(name) ? name.toUpperCase() : undefined;
  const layout = optionsLayout(first, second, 'unresolved', ctx, method);
  // Without options, an unknown callee may add headers of its own.
  return layout.headers === 'absent' ? { ...layout, headers: 'unknown', method: method ?? 'unknown' } : layout;
}

function optionsLayout(url: TSESTree.Node, optionsNode: TSESTree.Node | undefined, library: string, ctx: SourceContext, method: string | undefined): Layout {
  if (optionsNode === undefined) return { url, method: method ?? (library === 'unresolved' ? 'unknown' : 'GET'), headers: 'absent', body: 'none' };
  if (optionsNode.type === 'SpreadElement') return { url, method: method ?? 'unknown', headers: 'unknown', body: 'unknown' };
  const options = objectOf(optionsNode, ctx);
  if (options === undefined || options.object.properties.some((p) => p.type === 'SpreadElement')) {
    return { url, method: method ?? 'unknown', headers: 'unknown', body: 'unknown' };
  }
  return configLayout(options.object, library, ctx, method, url, options.via.some((v) => !isSingleUse(v)));
}

/** An options object that holds method, headers and body (and for axios, maybe the URL). */
function configLayout(
  object: TSESTree.ObjectExpression,
  library: string,
  ctx: SourceContext,
  method: string | undefined,
  url?: TSESTree.Node,
  shared = false,
): Layout {
  const methodProperty = propertyOf(object, 'method');
  const spelledMethod = methodProperty === undefined ? undefined : staticText(methodProperty.value, ctx);
  const resolvedMethod = methodProperty === undefined
    ? method ?? (library === 'unresolved' ? 'unknown' : 'GET')
    : spelledMethod === undefined ? 'unknown' : spelledMethod.toUpperCase();
  const headersProperty = propertyOf(object, 'headers');
  let headers: Headers = 'absent';
  if (headersProperty !== undefined) {
    const ref = objectOf(headersProperty.value, ctx);
    headers = ref === undefined ? 'unknown' : { object: ref.object, shared: shared || ref.via.some((v) => !isSingleUse(v)) };
  }
  const bodyKey = (BODY_KEYS[library] ?? []).find((key) => propertyOf(object, key) !== undefined);
  const bodyValue = bodyKey === undefined ? undefined : propertyOf(object, bodyKey)!.value;
  const body = bodyValue === undefined || isNoValue(bodyValue, ctx) ? 'none' : bodyValue;
  const urlNode = url ?? propertyOf(object, 'url')?.value;
  const base = propertyOf(object, 'baseURL')?.value ?? propertyOf(object, 'prefixUrl')?.value;
  return { url: urlNode, ...(base === undefined ? {} : { base: { node: base, ctx } }), method: resolvedMethod, headers, body };
}

/** What an instance was made with (`axios.create({ baseURL, headers })`): its base URL and headers count at every call. */
function withDefaults(layout: Layout, client: ClientRef): Layout {
  const base = layout.base ?? client.base;
  let result: Layout = base === undefined ? layout : { ...layout, base };
  for (const defaults of client.defaults ?? []) {
    if (defaults === 'unknown') return { ...result, defaultsUnknown: true };
    const instance = configLayout(defaults.object, client.library, defaults.ctx, undefined);
    if (instance.headers === 'unknown') return { ...result, defaultsUnknown: true };
    // Instance headers are shared by every call through the instance: read, never edited from one call.
    if (instance.headers !== 'absent' && result.headers === 'absent') result = { ...result, headers: { object: instance.headers.object, shared: true } };
    else if (instance.headers !== 'absent') result = { ...result, defaultsUnknown: true };
  }
  return result;
}

/** superagent: `.set('Authorization', v)`, `.set({ Authorization: v })` and `.send(body)` along the chain. */
function chainLayout(call: TSESTree.CallExpression, url: TSESTree.Node, method: string, ctx: SourceContext): Layout {
  const headers: HeaderSource[] = [];
  let unknown = false;
  let body: TSESTree.Node | 'none' = 'none';
  for (const { name: link, args: [arg, value] } of chainedCalls(call)) {
    if (link === 'send' && arg !== undefined) body = arg;
    if (link === 'set' && arg !== undefined) {
      const ref = objectOf(arg, ctx);
      if (ref !== undefined) {
        for (const property of ref.object.properties) {
          if (property.type === 'SpreadElement' || staticKey(property) === undefined) unknown = true;
          else if (staticKey(property)!.toLowerCase() === 'authorization') headers.push({ value: property.value, shared: ref.via.some((v) => !isSingleUse(v)) });
        }
      } else {
        const name = staticText(arg, ctx);
        if (name === undefined) unknown = true;
        else if (name.toLowerCase() === 'authorization' && value !== undefined && value.type !== 'SpreadElement') headers.push({ value, shared: false });
      }
    }
  }
  return { url, method, headers: 'absent', chainHeaders: unknown ? 'unknown' : headers, body };
}

function staticText(node: TSESTree.Node, ctx: SourceContext, depth = 0): string | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'Literal') return typeof expr.value === 'string' ? expr.value : undefined;
  if (expr.type === 'TemplateLiteral' && expr.expressions.length === 0) return expr.quasis[0]?.value.cooked ?? undefined;
  if (expr.type === 'Identifier' && depth < 4) {
    const variable = findVariable(ctx.getScope(expr), expr.name);
    const init = variable === undefined ? undefined : constInitOf(variable);
    return init === undefined ? undefined : staticText(init, ctx, depth + 1);
  }
  return undefined;
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
