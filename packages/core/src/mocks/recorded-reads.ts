/**
 * How a test reads what a mock of fetch (or of a client) recorded, where what it expects spells nothing of the
 * deprecated request: a read known to answer the same for the deprecated request and the v3 one (a short list), a read
 * of the v3 request itself, or any other read, whose v3 answer this tool cannot tell. The length of the URL, a segment
 * taken by index, `toSatisfy`, a regular expression's `exec`, `startsWith` of a pathname, the body's key count: each
 * answers otherwise once the call sends v3, so only the listed reads let a call move.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { V3_ASSIGN, V3Key } from '../facts/contract.js';
import type { SourceContext } from '../facts/context.js';
import { valueOfName } from '../recognize/follow.js';
import { findVariable } from '../facts/scope.js';
import { staticString } from '../facts/static-value.js';
import { calleePath, literalRegex, someNode, unwrapTS } from '../facts/syntax.js';
import { urlTestReads } from './route.js';

export type RecordedRead = 'alike' | 'v3' | 'unknown';

/** Members of a recorded call that are neither its URL nor its body: the v3 request keeps them as they were. */
const NOT_URL_OR_BODY = new Set(['method', 'headers', 'credentials', 'mode', 'cache', 'redirect', 'referrer', 'referrerPolicy', 'integrity', 'keepalive', 'signal']);
/** Matchers that ask only whether there is a value. */
const PRESENCE = new Set(['toBeDefined', 'toBeUndefined', 'toBeTruthy', 'toBeFalsy', 'toBeNull']);
/** Matchers that ask that there be no value. */
const ABSENCE = new Set(['toBeUndefined', 'toBeFalsy', 'toBeNull']);
/** HTTP methods, as axios-mock-adapter's `history` names its lists. */
const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);
const V3_KEYS = new Set<string>(Object.values(V3Key));
const V3_TEXT = new RegExp(`${V3_ASSIGN.path.replace(/[/]/g, '\\/')}|app_assignments|\\b(?:${[...V3_KEYS].join('|')})\\b`);

type Step = 'index' | 'text' | 'parse' | 'one' | 'list' | `.${string}`;

interface Reader {
  readonly ctx: SourceContext;
  /** Whether a node is the record itself (`fetchMock.mock.calls`, `fetchMock.callHistory.calls()`, an events array). */
  readonly isRecord: (node: TSESTree.Node) => boolean;
}

/**
 * The read an assertion makes of a recorded request, where neither the value nor what it is compared with spells the
 * deprecated request: `alike` for a read in the list (the number of calls, a member that is neither URL nor body, a
 * value's presence, a test of the URL's text — `toContain`, `toMatch`, `includes`, `startsWith`, `endsWith`, a
 * pattern's `test` — that the v3 URL answers as the deprecated one does, a predicate of such tests); `v3` for a
 * positive assertion of the v3 request (a v3 body key, the v3 route); `unknown` for any other.
 */
export function classifyRecordedRead(
  target: TSESTree.Node,
  matcher: string,
  args: readonly TSESTree.CallExpressionArgument[],
  negated: boolean,
  isRecord: (node: TSESTree.Node) => boolean,
  ctx: SourceContext,
): RecordedRead {
  const reader: Reader = { ctx, isRecord };
  if (booleanAlike(target, reader, new Set())) return 'alike';
  const steps = plainSteps(target, reader, new Set(), 0);
  if (steps === undefined) return 'unknown';
  if (steps.some((step) => step.startsWith('.') && NOT_URL_OR_BODY.has(step.slice(1)))) return 'alike';
  if (comparesOtherMembers(matcher, args)) return 'alike';
  const counted = matcher === 'toHaveLength' ? steps : steps.at(-1) === '.length' ? steps.slice(0, -1) : undefined;
  if (counted !== undefined && counted.every((step) => step === 'list' || (step.startsWith('.') && VERBS.has(step.slice(1))))) return 'alike';
  if (PRESENCE.has(matcher) && !steps.includes('parse')) return 'alike';
  // A v3 key or route expected to be there (not its absence): the test asserts the v3 request already.
  if (!negated && !ABSENCE.has(matcher) && (steps.some((step) => step.startsWith('.') && V3_KEYS.has(step.slice(1))) || args.some((arg) => spellsV3(arg, ctx)))) return 'v3';
  if (!urlSteps(steps)) return 'unknown';
  // Compared whole with a text that neither a deprecated URL nor the v3 one is (another call's URL): alike.
  const whole = ['toBe', 'toEqual', 'toStrictEqual'].includes(matcher) && args.length === 1 && args[0]!.type !== 'SpreadElement' ? args[0]! : undefined;
  if (whole !== undefined && staticString(whole, ctx) !== undefined) return testAlike(whole, 'equal', ctx) ? 'alike' : 'unknown';
  return containTest(matcher, args, ctx) === true ? 'alike' : 'unknown';
}

/**
 * Whether a snapshot's value is a recorded value itself (the calls, a call, its URL, its body, parsed or not), which
 * the snapshot file writes out whole; not a value derived from it (a length, the keys, the values, an encoding).
 */
export function directRead(target: TSESTree.Node, isRecord: (node: TSESTree.Node) => boolean, ctx: SourceContext): boolean {
  const steps = plainSteps(target, { ctx, isRecord }, new Set(), 0);
  return steps !== undefined && !steps.includes('.length');
}

/** Steps that end on the recorded URL as text (or a call, or the calls): no member but a request's `url`. */
function urlSteps(steps: readonly Step[]): boolean {
  return !steps.includes('parse') && steps.every((step) => !step.startsWith('.') || step === '.url' || step === '.href' || VERBS.has(step.slice(1)));
}

/**
 * `toContain(text)`, `toMatch(text | /re/)`, `toEqual(expect.stringContaining(text))`: true when the v3 URL answers the
 * test as the deprecated URL does (`'/apps/'`, `'api.example.com'`), false when it cannot be read; undefined for
 * another matcher.
 */
function containTest(matcher: string, args: readonly TSESTree.CallExpressionArgument[], ctx: SourceContext): boolean | undefined {
  let arg = args[0] === undefined || args[0].type === 'SpreadElement' || args.length !== 1 ? undefined : unwrapTS(args[0]);
  let how: 'contain' | 'match' | undefined = matcher === 'toContain' ? 'contain' : matcher === 'toMatch' ? 'match' : undefined;
  if (arg !== undefined && ['toBe', 'toEqual', 'toStrictEqual'].includes(matcher) && arg.type === 'CallExpression') {
    const path = calleePath(arg.callee);
    how = path === 'expect.stringContaining' ? 'contain' : path === 'expect.stringMatching' ? 'match' : undefined;
    arg = arg.arguments.length === 1 && arg.arguments[0]!.type !== 'SpreadElement' ? unwrapTS(arg.arguments[0]!) : undefined;
  }
  if (how === undefined) return undefined;
  return arg !== undefined && testAlike(arg, how, ctx);
}

/** A static text or pattern whose test the v3 URL answers as every deprecated URL does. */
function testAlike(arg: TSESTree.Node, how: 'contain' | 'match' | 'start' | 'end' | 'equal', ctx: SourceContext): boolean {
  const expr = unwrapTS(arg);
  const regex = literalRegex(expr);
  let test: ((url: string) => boolean) | undefined;
  let spelled: string | undefined;
  if (regex !== undefined) {
    test = (url) => regex.test(url);
    spelled = (expr as TSESTree.RegExpLiteral).regex.pattern;
  } else {
    const text = staticString(expr, ctx);
    if (text === undefined) return false;
    spelled = text;
    if (how === 'match') {
      try {
        const pattern = new RegExp(text);
        test = (url) => pattern.test(url);
      } catch {
        return false;
      }
    } else {
      test = (url) => (how === 'equal' ? url === text : how === 'contain' ? url.includes(text) : how === 'start' ? url.startsWith(text) : url.endsWith(text));
    }
  }
  if (urlTestReads(test, spelled) !== undefined) return false;
  // The same test of the v3 URL and of a deprecated one, both with this origin: alike only when they agree.
  const origin = /https?:\/\/[^/\s'"`]+/.exec(spelled)?.[0] ?? 'https://api.example.com';
  return test(`${origin}${V3_ASSIGN.path}`) === test(`${origin}/platform/v1/apps/some-app/assign`);
}

/** A text, a pattern or a const of the test that spells the v3 route or a v3 body key. */
function spellsV3(node: TSESTree.Node, ctx: SourceContext, depth = 0): boolean {
  return someNode(node, (inner) => {
    if (inner.type === 'Literal' || inner.type === 'TemplateLiteral') {
      const text = inner.type === 'Literal' && 'regex' in inner && inner.regex != null ? inner.regex.pattern.replace(/\\(.)/g, '$1') : staticString(inner, ctx);
      if (text !== undefined && V3_TEXT.test(text)) return true;
    }
    if (inner.type === 'Property' && !inner.computed && inner.key.type === 'Identifier' && V3_KEYS.has(inner.key.name)) return true;
    if (inner.type === 'Identifier' && depth < 2 && !(inner.parent?.type === 'MemberExpression' && inner.parent.property === inner && !inner.parent.computed)) {
      const name = valueOfName(inner, ctx);
      if (name.kind === 'const' && name.value.ctx === ctx && name.value.node !== node) return spellsV3(name.value.node, ctx, depth + 1);
    }
    return false;
  });
}

/**
 * A boolean the v3 request answers as the deprecated one: a test of the URL's text (`String(url).includes('assign')`,
 * `/api\.example/.test(url)`), `some`/`every` of the calls by such a predicate, fetch-mock's `called()`, or `!` of one.
 */
function booleanAlike(node: TSESTree.Node, reader: Reader, params: Set<string>): boolean {
  const expr = unwrapChain(node);
  if (expr.type === 'UnaryExpression' && expr.operator === '!') return booleanAlike(expr.argument, reader, params);
  if (expr.type === 'LogicalExpression') return booleanAlike(expr.left, reader, params) && booleanAlike(expr.right, reader, params);
  if (expr.type === 'BinaryExpression' && ['===', '!==', '==', '!='].includes(expr.operator)) {
    const [value, other] = plainSteps(expr.left, reader, params, 0) !== undefined ? [expr.left, expr.right] : [expr.right, expr.left];
    const steps = plainSteps(value, reader, params, 0);
    if (steps === undefined || other.type === 'PrivateIdentifier') return false;
    if (steps.some((step) => step.startsWith('.') && NOT_URL_OR_BODY.has(step.slice(1)))) return true;
    return staticString(other, reader.ctx) !== undefined && urlSteps(steps) && testAlike(other, 'equal', reader.ctx);
  }
  if (expr.type !== 'CallExpression' || expr.callee.type !== 'MemberExpression' || expr.callee.computed || expr.callee.property.type !== 'Identifier') {
    return expr.type === 'CallExpression' && reader.isRecord(expr) && methodName(expr) === 'called';
  }
  const name = expr.callee.property.name;
  const object = expr.callee.object;
  const arg = expr.arguments[0] === undefined || expr.arguments[0].type === 'SpreadElement' ? undefined : expr.arguments[0];
  if (name === 'test' && literalRegex(unwrapTS(object)) !== undefined) {
    return arg !== undefined && textOf(arg, reader, params) && testAlike(unwrapTS(object), 'match', reader.ctx);
  }
  if (['includes', 'startsWith', 'endsWith'].includes(name)) {
    const how = name === 'includes' ? 'contain' : name === 'startsWith' ? 'start' : 'end';
    return arg !== undefined && textOf(object, reader, params) && testAlike(arg, how, reader.ctx);
  }
  if (name === 'some' || name === 'every') return plainSteps(object, reader, params, 0) !== undefined && predicateAlike(arg, reader, params);
  return reader.isRecord(expr) && name === 'called';
}

/** The recorded URL as text: a plain read of it that neither parses it nor cuts it (`url`, `String(url)`, `calls[0][0]`). */
function textOf(node: TSESTree.Node, reader: Reader, params: Set<string>): boolean {
  const steps = plainSteps(node, reader, params, 0);
  return steps !== undefined && urlSteps(steps);
}

/** A function (`([url]) => url.endsWith('/apps/x/unassign')`) whose answer is a boolean the v3 request answers alike. */
function predicateAlike(node: TSESTree.Node | undefined, reader: Reader, params: Set<string>): boolean {
  const fn = node === undefined ? undefined : unwrapTS(node);
  if (fn === undefined || (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression')) return false;
  let body: TSESTree.Node = fn.body;
  if (body.type === 'BlockStatement') {
    const [only] = body.body;
    if (body.body.length !== 1 || only?.type !== 'ReturnStatement' || only.argument == null) return false;
    body = only.argument;
  }
  const names = new Set(params);
  for (const param of fn.params) {
    someNode(param, (inner) => {
      if (inner.type === 'Identifier' && !(inner.parent?.type === 'TSTypeAnnotation')) names.add(inner.name);
      return false;
    }, (inner) => inner.type !== 'TSTypeAnnotation');
  }
  return booleanAlike(body, reader, names);
}

/**
 * The steps from the record to a value, when the value is read plainly: members, literal indexes, `String()`,
 * `JSON.parse()`, a name declared from one (`const [url, init] = fetchMock.mock.calls[0]!`), `find`/`filter` by a
 * predicate the v3 request answers alike. Undefined for anything else (a computed index, a length of the text, a
 * part cut out of it, a call of another function).
 */
function plainSteps(node: TSESTree.Node, reader: Reader, params: Set<string>, depth: number): Step[] | undefined {
  if (depth > 6) return undefined;
  const expr = unwrapChain(node);
  if (reader.isRecord(expr)) return [];
  switch (expr.type) {
    case 'Identifier': {
      if (params.has(expr.name)) return [];
      const variable = findVariable(reader.ctx.getScope(expr), expr.name);
      const def = variable?.defs[0];
      const declarator = def?.node as TSESTree.Node | undefined;
      if (def === undefined || variable?.defs.length !== 1 || declarator?.type !== 'VariableDeclarator' || declarator.init == null) return undefined;
      if (declarator.parent?.type === 'VariableDeclaration' && declarator.parent.kind !== 'const') return undefined;
      const from = plainSteps(declarator.init, reader, params, depth + 1);
      if (from === undefined) return undefined;
      const pattern = declarator.id;
      if (pattern.type === 'Identifier') return from;
      if (pattern.type === 'ArrayPattern') return pattern.elements.some((e) => e?.type === 'Identifier' && e.name === expr.name) ? [...from, 'index'] : undefined;
      if (pattern.type === 'ObjectPattern') {
        const property = pattern.properties.find((p) => p.type === 'Property' && p.value.type === 'Identifier' && p.value.name === expr.name);
        return property?.type === 'Property' && !property.computed && property.key.type === 'Identifier' ? [...from, `.${property.key.name}`] : undefined;
      }
      return undefined;
    }
    case 'MemberExpression': {
      const from = plainSteps(expr.object, reader, params, depth + 1);
      if (from === undefined) return undefined;
      if (!expr.computed) return expr.property.type === 'Identifier' ? [...from, `.${expr.property.name}`] : undefined;
      const key = unwrapTS(expr.property);
      if (key.type === 'Literal' && typeof key.value === 'number') return [...from, 'index'];
      if (key.type === 'Literal' && typeof key.value === 'string') return [...from, `.${key.value}`];
      return undefined;
    }
    case 'TemplateLiteral':
      if (expr.expressions.length !== 1 || expr.quasis.some((q) => q.value.cooked !== '')) return undefined;
      return textStep(plainSteps(expr.expressions[0]!, reader, params, depth + 1));
    case 'CallExpression': {
      const first = expr.arguments[0] === undefined || expr.arguments[0].type === 'SpreadElement' ? undefined : expr.arguments[0];
      const path = calleePath(expr.callee);
      if ((path === 'String' || path === 'JSON.parse') && first !== undefined && expr.arguments.length === 1) {
        const from = plainSteps(first, reader, params, depth + 1);
        return path === 'String' ? textStep(from) : from === undefined ? undefined : [...from, 'parse'];
      }
      if (expr.callee.type !== 'MemberExpression' || expr.callee.computed || expr.callee.property.type !== 'Identifier') return undefined;
      const name = expr.callee.property.name;
      if (name === 'toString' && expr.arguments.length === 0) return textStep(plainSteps(expr.callee.object, reader, params, depth + 1));
      // `calls.at(-1)`: a literal index.
      if (name === 'at' && first !== undefined && expr.arguments.length === 1 && isNumber(first)) {
        const from = plainSteps(expr.callee.object, reader, params, depth + 1);
        return from === undefined || !urlSteps(from) || from.includes('text') ? undefined : [...from, 'index'];
      }
      if (['find', 'findLast', 'filter'].includes(name) && predicateAlike(first, reader, params)) {
        const from = plainSteps(expr.callee.object, reader, params, depth + 1);
        return from === undefined ? undefined : [...from, name === 'filter' ? 'list' : 'one'];
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

function isNumber(node: TSESTree.Node): boolean {
  const expr = unwrapTS(node);
  if (expr.type === 'UnaryExpression' && expr.operator === '-') return isNumber(expr.argument);
  return expr.type === 'Literal' && typeof expr.value === 'number';
}

/**
 * `toEqual(expect.objectContaining({ method: 'POST' }))`, `toMatchObject({ headers })`: only members that are neither
 * URL nor body compared.
 */
function comparesOtherMembers(matcher: string, args: readonly TSESTree.CallExpressionArgument[]): boolean {
  let arg = args.length === 1 && args[0]!.type !== 'SpreadElement' ? unwrapTS(args[0]!) : undefined;
  if (arg?.type === 'CallExpression' && calleePath(arg.callee) === 'expect.objectContaining' && ['toEqual', 'toStrictEqual', 'toMatchObject'].includes(matcher)) {
    arg = arg.arguments.length === 1 && arg.arguments[0]!.type !== 'SpreadElement' ? unwrapTS(arg.arguments[0]!) : undefined;
  } else if (matcher !== 'toMatchObject') {
    return false;
  }
  return arg?.type === 'ObjectExpression' && arg.properties.length > 0 &&
    arg.properties.every((p) => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && NOT_URL_OR_BODY.has(p.key.name));
}

function textStep(from: Step[] | undefined): Step[] | undefined {
  return from === undefined ? undefined : [...from, 'text'];
}

function unwrapChain(node: TSESTree.Node): TSESTree.Node {
  let expr = unwrapTS(node);
  while (expr.type === 'ChainExpression') expr = unwrapTS(expr.expression);
  return expr;
}

function methodName(call: TSESTree.CallExpression): string | undefined {
  const callee = unwrapTS(call.callee);
  return callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : undefined;
}

/**
 * A text or pattern (anywhere in an assertion's arguments) that the v3 request answers and the deprecated one does not:
 * the v3 route or a part of it only the v3 URL has (`'/v3/'`), a v3 body key. A negated assertion of one fails once
 * its calls send v3, unlike the negation of the deprecated request, which then passes whatever they send.
 */
export function spellsV3Part(node: TSESTree.Node, ctx: SourceContext): boolean {
  return spellsV3(node, ctx) || someNode(node, (inner) => {
    const expr = inner.type === 'Literal' || inner.type === 'TemplateLiteral' ? inner : undefined;
    if (expr === undefined) return false;
    const regex = literalRegex(expr);
    const text = regex === undefined ? staticString(expr, ctx) : undefined;
    if (regex === undefined && (text === undefined || !text.includes('/'))) return false;
    const origin = /https?:\/\/[^/\s'"`]+/.exec(text ?? '')?.[0] ?? 'https://api.example.com';
    const test = (url: string) => (regex === undefined ? url.includes(text!) : regex.test(url));
    return test(`${origin}${V3_ASSIGN.path}`) && !test(`${origin}/platform/v1/apps/some-app/assign`);
  });
}
