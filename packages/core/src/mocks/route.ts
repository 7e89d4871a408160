/**
 * The route a mock or an assertion names: the deprecated path with one app code (`/platform/v1/apps/crm-sync/assign`),
 * or with a placeholder that stands for any app (`*\/platform/v1/apps/:id/assign`, as msw, fetch-mock's `express:`
 * and path-to-regexp write it). A static route is read by the call recognizer's own URL reader, so a mock and a call
 * agree on what the route is and on the one span that becomes `/v3/apps/app_assignments`.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { DEPRECATED_ASSIGN, V3_ASSIGN } from '../facts/contract.js';
import { calledFunction, contextForCall, returnedExpression, valueOfName } from '../recognize/follow.js';
import { staticString } from '../facts/static-value.js';
import { literalRegex, someNode, unwrapTS } from '../facts/syntax.js';
import { DEFAULT_ROUTE, matchRoute, readUrl } from '../recognize/url.js';
import { routeMatcher } from './v3-handlers.js';

export interface MockRoute {
  /** The app code the route names, decoded; absent when the route stands for any app. */
  readonly appCode?: string;
  /** The edit that points the route at v3; absent when the route cannot be rewritten in place. */
  readonly edit?: { readonly range: readonly [number, number]; readonly text: string };
  /** The name of the route's `:name` placeholder (`id` in `:id`): what a handler finds in its `params`. */
  readonly param?: string;
  /** Why a route that is the deprecated one cannot be rewritten in place, where the general reasons would not say. */
  readonly held?: string;
  /** The mock accepts any URL (`expect.any(String)`): the route needs no edit, and names no app. */
  readonly anyUrl?: true;
}

/** `…/platform/v1/apps/<placeholder>/assign` at the end of a route pattern. */
const PLACEHOLDER_ROUTE = new RegExp(
  `(?:^|[/*:])(${DEPRECATED_ASSIGN.prefix.slice(1)}/apps/(?::\\w+|\\*|\\{id\\}|\\[id\\]|\\{\\w+\\})/assign)$`,
);

/**
 * Reads a mock's route argument; undefined when it is not the deprecated route. `patterns`: the library matches the
 * route as a path pattern (msw), so any pattern that matches the deprecated request and not the v3 one is found too
 * (`*\/platform/v1/apps/:id/:action`, `*\/apps/:appId/assign`), never rewritten.
 */
export function readMockRoute(node: TSESTree.Node | undefined, ctx: SourceContext, patterns = false): MockRoute | undefined {
  if (node === undefined || node.type === 'SpreadElement') return undefined;
  const expr = unwrapTS(node);
  const literal = literalText(expr);
  if (literal !== undefined) {
    const placeholder = PLACEHOLDER_ROUTE.exec(literal.value);
    if (placeholder !== null) {
      const at = placeholder.index + placeholder[0].length - placeholder[1]!.length;
      // Escapes in the literal would make its text and its source differ: the span cannot be found, so no edit.
      if (!literal.exact) return {};
      const start = expr.range[0] + 1 + at;
      return { edit: { range: [start, start + placeholder[1]!.length], text: V3_ASSIGN.path.slice(1) }, ...paramOf(placeholder[1]!) };
    }
  }
  // `${API}/platform/v1/apps/:id/assign`: the placeholder route follows a base.
  const last = expr.type === 'TemplateLiteral' && expr.expressions.length > 0 ? expr.quasis[expr.quasis.length - 1] : undefined;
  if (last !== undefined && last.value.cooked !== null) {
    const placeholder = PLACEHOLDER_ROUTE.exec(last.value.cooked);
    if (placeholder !== null) {
      if (last.value.raw !== last.value.cooked) return {};
      const start = last.range[0] + 1 + placeholder.index + placeholder[0].length - placeholder[1]!.length;
      return { edit: { range: [start, start + placeholder[1]!.length], text: V3_ASSIGN.path.slice(1) }, ...paramOf(placeholder[1]!) };
    }
  }
  // A route this reader cannot rewrite, though it is the deprecated one: a regular expression, or a placeholder route
  // held by a const. Found, so that it gets a TODO; never rewritten.
  if (isRouteRegex(expr)) return {};
  if (expr.type === 'Identifier') {
    const name = valueOfName(expr, ctx);
    const held = name.kind === 'const' || name.kind === 'imported' ? literalText(unwrapTS(name.value.node)) : undefined;
    if (held !== undefined && PLACEHOLDER_ROUTE.test(held.value)) return {};
  }
  if (expr.type === 'CallExpression') {
    const built = helperRoute(expr, ctx);
    if (built !== undefined) return built;
  }
  const match = matchRoute(readUrl(expr, ctx), [DEFAULT_ROUTE]);
  if (match?.id.kind !== 'text') return patterns && answersOldRoute(expr, ctx) ? {} : undefined;
  let appCode: string;
  try {
    appCode = decodeURIComponent(match.id.value);
  } catch {
    return undefined;
  }
  // The edit is made in this file only: a route const of another module is shared with other code.
  const edit = match.edit.ok && match.edit.ctx.text === ctx.text ? { range: match.edit.range, text: match.edit.text } : undefined;
  return edit === undefined ? { appCode } : { appCode, edit };
}

/**
 * A route a function of the program builds from its arguments (`assignRoute(':id')`, with `const assignRoute = (app:
 * string) => \`*\/platform/v1/apps/${app}/assign\``): read as it builds it, a part it cannot read taken for any app.
 * The deprecated route is in the function, which other mocks may use too: found, never rewritten here.
 */
function helperRoute(call: TSESTree.CallExpression, ctx: SourceContext): MockRoute | undefined {
  const target = calledFunction(call.callee, ctx);
  const returned = target === undefined ? undefined : returnedExpression(target.fn);
  if (target === undefined || returned === undefined) return undefined;
  const text = builtText(returned, contextForCall(target, call, ctx), 0);
  if (text === undefined) return undefined;
  const held = `a route built by ${ctx.text.slice(call.callee.range[0], call.callee.range[1])}(…)`;
  if (PLACEHOLDER_ROUTE.test(text)) return { held };
  const app = new RegExp(`${DEPRECATED_ASSIGN.prefix.replace(/\//g, '\\/')}\\/apps\\/([^/?#]+)\\/assign$`).exec(text)?.[1];
  if (app === undefined) return undefined;
  try {
    return { appCode: decodeURIComponent(app), held };
  } catch {
    return { held };
  }
}

/** The text a string expression builds (a literal, a template, `+`, names of static strings); `:any` for a part not known here. */
function builtText(node: TSESTree.Node, ctx: SourceContext, depth: number): string | undefined {
  if (depth > 4) return undefined;
  const expr = unwrapTS(node);
  if (expr.type === 'TemplateLiteral') {
    let text = '';
    for (const [index, quasi] of expr.quasis.entries()) {
      if (quasi.value.cooked === null) return undefined;
      text += quasi.value.cooked;
      const inner = expr.expressions[index];
      if (inner !== undefined) text += builtText(inner, ctx, depth + 1) ?? ':any';
    }
    return text;
  }
  if (expr.type === 'BinaryExpression' && expr.operator === '+') {
    const left = builtText(expr.left, ctx, depth + 1);
    const right = builtText(expr.right, ctx, depth + 1);
    return left === undefined && right === undefined ? undefined : `${left ?? ':any'}${right ?? ':any'}`;
  }
  return staticString(expr, ctx);
}

/** A pattern that msw matches against the deprecated request, and not against the v3 one (a catch-all changes nothing). */
function answersOldRoute(expr: TSESTree.Node, ctx: SourceContext): boolean {
  const matches = routeMatcher(expr, ctx);
  return matches !== undefined && matches(`${DEPRECATED_ASSIGN.prefix}/apps/some-app/assign`) && !matches(V3_ASSIGN.path);
}

/** `{ param: 'id' }` for `…/apps/:id/assign`; nothing for a placeholder msw does not name (`*`, `{id}`). */
function paramOf(route: string): { param?: string } {
  const name = /\/apps\/:(\w+)\//.exec(route)?.[1];
  return name === undefined ? {} : { param: name };
}

/**
 * A regular expression literal that matches the deprecated URL or path of some app (nock tests a regular expression, or
 * a function of the path, against the path alone: `/^\/platform\/v1\/apps\/[^/]+\/assign$/`).
 */
export function isRouteRegex(expr: TSESTree.Node): boolean {
  return routeRegexApp(expr) !== undefined;
}

/**
 * A regular expression literal that matches the deprecated URL or path (see `isRouteRegex`), and not the v3 one: the
 * app code it spells (`/\/apps\/crm-sync\/assign$/` matches only crm-sync's), or null when it matches any app's.
 * Undefined when it is no such expression.
 */
export function routeRegexApp(expr: TSESTree.Node): string | null | undefined {
  const regex = literalRegex(expr);
  if (regex === undefined) return undefined;
  const matches = (app: string) => {
    const path = `${DEPRECATED_ASSIGN.prefix}/apps/${app}/assign`;
    return regex.test(`https://api.example.com${path}`) || regex.test(path);
  };
  if (matches('some-app')) return null;
  // The app code the expression spells before `/assign` (its escapes taken off).
  const spelled = /([\w.~%-]+)\/assign/.exec(regex.source.replace(/\\(.)/g, '$1'))?.[1];
  if (spelled === undefined || !matches(spelled) || regex.test(`https://api.example.com${V3_ASSIGN.path}`) || regex.test(V3_ASSIGN.path)) return undefined;
  try {
    return decodeURIComponent(spelled);
  } catch {
    return null;
  }
}

/**
 * A function that decides by the URL or path it is given, and spells the deprecated route to do it (nock's
 * `.post((uri) => /…\/assign$/.test(uri))`, a stubbed fetch that answers that route): a regular expression that matches
 * it, the route with an app code or a placeholder, or a part of it (`uri.startsWith('/platform/v1/apps/')`). Such a
 * function cannot be rewritten in place; found, so that it keeps its calls.
 */
export function functionSpellsRoute(node: TSESTree.Node | undefined, ctx: SourceContext): boolean {
  if (node === undefined || node.type === 'SpreadElement') return false;
  const fn = unwrapTS(node);
  if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') return false;
  return someNode(fn.body, (inner) => {
    if (isRouteRegex(inner)) return true;
    if (inner.type !== 'Literal' && inner.type !== 'TemplateLiteral') return false;
    if (inner.type === 'TemplateLiteral' && inner.expressions.length > 0) return readMockRoute(inner, ctx) !== undefined;
    const text = staticString(inner, ctx);
    return text !== undefined && (PLACEHOLDER_ROUTE.test(text) || partOfDeprecatedRoute(text));
  });
}

/**
 * Whether a text may be part of the deprecated URL and of no v3 one: what `expect.stringContaining(text)` or a
 * `toContain(text)` of a recorded URL asserts (`/platform/v1/apps/`, `/apps/crm-sync/assign` after a base that ends
 * in `/platform/v1`). Such an assertion fails once its call sends v3.
 */
export function partOfDeprecatedRoute(text: string): boolean {
  const prefix = DEPRECATED_ASSIGN.prefix.slice(1);
  const at = text.indexOf(prefix);
  // `/apps/crm-sync/assign`, or the app code and the action alone (`/crm-sync/assign`): no v3 URL ends so.
  if (at === -1) return /(?:^|\/)[^/?#\s]+\/assign(?:[?#].*)?$/.test(text);
  // What follows `platform/v1`: a prefix of `/apps/<id>/assign` (a query or a fragment after it); not a sibling
  // (`/apps/<id>/unassign`) nor another resource.
  const rest = text.slice(at + prefix.length);
  const apps = '/apps/';
  if (apps.startsWith(rest)) return true;
  if (!rest.startsWith(apps)) return false;
  const after = rest.slice(apps.length);
  const end = after.search(/[/?#\s]/);
  if (end === -1) return true;
  const tail = after.slice(end);
  return '/assign'.startsWith(tail) || /^\/assign(?:[?#].*)?$/.test(tail);
}

function literalText(expr: TSESTree.Node): { value: string; exact: boolean } | undefined {
  if (expr.type === 'Literal' && typeof expr.value === 'string') return { value: expr.value, exact: expr.raw.slice(1, -1) === expr.value };
  if (expr.type === 'TemplateLiteral' && expr.expressions.length === 0) {
    const quasi = expr.quasis[0]!;
    return quasi.value.cooked === null ? undefined : { value: quasi.value.cooked, exact: quasi.value.raw === quasi.value.cooked };
  }
  return undefined;
}

/**
 * What a test of a URL as text says of the deprecated request (`includes(text)`, `endsWith(text)`, a regular
 * expression, `expect.stringContaining(text)`): the request it reads when some deprecated URL answers it and the v3 URL
 * answers otherwise, so that it answers differently once the call sends v3; with the app code it needs when it is one
 * app's (`'/crm-sync/'`). Undefined when the v3 URL answers as the deprecated ones do, or none answers it. `spelled`:
 * the text or pattern it tests for, where an origin and an app code are looked for.
 */
export function urlTestReads(test: (url: string) => boolean, spelled: string): { appCode?: string } | undefined {
  const origin = /https?:\/\/[^/\s'"`]+/.exec(spelled)?.[0] ?? 'https://api.example.com';
  const answers = (path: string) => test(`${origin}${path}`) || test(path);
  const deprecated = (app: string) => answers(`${DEPRECATED_ASSIGN.prefix}/apps/${app}/assign`);
  if (answers(V3_ASSIGN.path)) return undefined;
  if (deprecated('some-app')) return {};
  // An app code the text spells (an origin's name, with its dots, is none).
  for (const word of spelled.replace(/\\(.)/g, '$1').match(/[\w~%-]+(?:\.[\w~%-]+)*/g) ?? []) {
    if (word.includes('.') || !deprecated(word)) continue;
    try {
      return { appCode: decodeURIComponent(word) };
    } catch {
      return {};
    }
  }
  return undefined;
}
