/**
 * The global `fetch` replaced by the program (`globalThis.fetch = (url, init) => orig(rewrite(url), init)`,
 * `Object.defineProperty(globalThis, 'fetch', …)`, `new Proxy(fetch, …)` assigned to it, `Object.assign(globalThis, {
 * fetch })`): every call of the global `fetch` then runs that function, which may change the URL (a prefix the old
 * route's text had), or answer by it (a 409 of a URL that ends in `/assign` turned into 200). Setup of the call, as
 * an axios interceptor is, named with its place. Read in the call's file and, with project facts, in every module of
 * the program but tests and mocks, whose replacements answer tests (they are read as mocks).
 */
import type { TSESTree } from '@typescript-eslint/types';
import { isTestModule } from '../../analysis/builder-uses.js';
import type { SourceContext } from '../../facts/context.js';
import { findVariable } from '../../facts/scope.js';
import { calleePath, someNode, staticKey, unwrapTS } from '../../facts/syntax.js';
import type { ClientSetup } from './setup.js';
import type { ClientRef } from './spec.js';

/** The names the global object goes by. */
const GLOBAL_OBJECTS: ReadonlySet<string> = new Set(['globalThis', 'window', 'global', 'self']);

/**
 * Text that may replace the global fetch: files without it are never parsed for it. Besides a write of `G.fetch` and
 * the calls that define it on `G`, a write of any `.fetch` (`g.fetch = …` through an alias of the global object) and
 * the global object given to a call (`install(globalThis)`).
 */
const REPLACES_FETCH = /\b(?:globalThis|window|global|self)\s*(?:\.\s*fetch\b|\[\s*['"`]fetch['"`]\s*\])\s*=[^=]|\b(?:defineProperty|defineProperties|assign|set)\s*\(\s*(?:globalThis|window|global|self)\b|\.\s*fetch\s*=[^=>]|[(,]\s*(?:globalThis|window|global|self)\s*(?:as\b[^,)]*)?[,)]/;

/**
 * A runner's setup file (`jest.setup.js`, `setupTests.ts`, `vitest.setup.ts`, `test-setup.ts`) or a module that makes
 * test doubles with the runner's globals (`jest.fn()`, `vi.fn()`): its replacement of fetch is a mock, as a test's is.
 * A module of the program only named `setup` (`src/setup.ts`, imported for its side effect) is no runner's.
 */
const RUNNER_SETUP_PATH = /(?:^|\/)(?:(?:jest|vitest)[.-]setup|setup[-_]?(?:tests?|jest|vitest)|tests?[-_]?setup)\.[\w.-]*$/i;
const TEST_DOUBLES = /\b(?:jest|vi)\s*\.\s*(?:fn|spyOn|stubGlobal|mocked)\s*\(/;

function isTestOrSetup(ctx: Pick<SourceContext, 'file' | 'text'>): boolean {
  return isTestModule(ctx) || (ctx.file !== undefined && RUNNER_SETUP_PATH.test(ctx.file)) || TEST_DOUBLES.test(ctx.text);
}

const read = new WeakMap<TSESTree.Program, readonly { label: string; line: number }[]>();

/**
 * Whether `node` is the global object (`globalThis`, `window`, `global`, `self`, not a name the program declares), or
 * a const that holds it (`const g = globalThis as { fetch: typeof fetch }`).
 */
function isGlobalObject(node: TSESTree.Node, ctx: SourceContext, depth = 0): boolean {
  const expr = unwrapTS(node);
  if (expr.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  if (variable === undefined) return GLOBAL_OBJECTS.has(expr.name);
  const declarator = variable.defs[0]?.node as TSESTree.Node | undefined;
  return depth < 4 && variable.defs.length === 1 && declarator?.type === 'VariableDeclarator' && declarator.id.type === 'Identifier' &&
    declarator.init != null && (declarator.parent as TSESTree.VariableDeclaration | undefined)?.kind === 'const' && isGlobalObject(declarator.init, ctx, depth + 1);
}

/** Calls given the global object that only read it. */
const READS_ONLY = /^(?:Object\.(?:keys|values|entries|getOwnPropertyNames|getOwnPropertyDescriptors?|getPrototypeOf|isFrozen|isSealed|isExtensible|hasOwn|freeze|seal|preventExtensions)|Reflect\.(?:get|has|ownKeys|getOwnPropertyDescriptor|getPrototypeOf)|JSON\.stringify|String|Boolean|console\.\w+)$/;

/**
 * The global object given to a function (`install(globalThis)`): it may replace `fetch` on it. A function of the file
 * whose body writes no member of anything and defines nothing does not; one not read here may.
 */
function givesGlobalObject(node: TSESTree.CallExpression, ctx: SourceContext): boolean {
  if (!node.arguments.some((argument) => argument.type !== 'SpreadElement' && isGlobalObject(argument, ctx))) return false;
  const path = calleePath(node.callee);
  if (path !== undefined && READS_ONLY.test(path)) return false;
  // Handled where they are read: `Object.assign(G, …)`, `Object.defineProperty(G, …)`, `Reflect.set(G, …)`.
  if (path !== undefined && /^(?:Object\.(?:assign|defineProperty|defineProperties)|Reflect\.(?:set|defineProperty))$/.test(path)) return false;
  const callee = unwrapTS(node.callee);
  const declared = callee.type === 'Identifier' ? findVariable(ctx.getScope(callee), callee.name)?.defs[0]?.node as TSESTree.Node | undefined : undefined;
  const fn = declared?.type === 'FunctionDeclaration' ? declared
    : declared?.type === 'VariableDeclarator' && declared.init != null && /^(?:Arrow)?Function(?:Expression)?$/.test(unwrapTS(declared.init).type) ? unwrapTS(declared.init) : undefined;
  if (fn === undefined) return true;
  return someNode(fn, (inner) => (inner.type === 'AssignmentExpression' && inner.left.type === 'MemberExpression') ||
    (inner.type === 'CallExpression' && /^(?:Object\.(?:assign|defineProperty|defineProperties)|Reflect\.(?:set|defineProperty))$/.test(calleePath(inner.callee) ?? '')));
}

/** `G.fetch` or `G['fetch']` of the global object. */
function isGlobalFetch(node: TSESTree.Node, ctx: SourceContext): boolean {
  const expr = unwrapTS(node);
  if (expr.type !== 'MemberExpression' || !isGlobalObject(expr.object, ctx)) return false;
  if (!expr.computed) return expr.property.type === 'Identifier' && expr.property.name === 'fetch';
  return expr.property.type === 'Literal' && expr.property.value === 'fetch';
}

/** Whether an object given to `Object.assign(G, …)` or `defineProperties` may hold `fetch`: it names it, or cannot be read. */
function mayHoldFetch(node: TSESTree.Node): boolean {
  const expr = unwrapTS(node);
  if (expr.type !== 'ObjectExpression') return true;
  return expr.properties.some((p) => p.type === 'SpreadElement' || p.computed || staticKey(p) === 'fetch');
}

function replacesFetch(node: TSESTree.Node, ctx: SourceContext): boolean {
  if (node.type === 'AssignmentExpression') return isGlobalFetch(node.left, ctx);
  if (node.type !== 'CallExpression') return false;
  if (givesGlobalObject(node, ctx)) return true;
  const path = calleePath(node.callee);
  const [target, key, value] = node.arguments;
  if (target === undefined || target.type === 'SpreadElement' || !isGlobalObject(target, ctx)) return false;
  if (path === 'Object.defineProperty' || path === 'Reflect.set' || path === 'Reflect.defineProperty') {
    if (key === undefined || key.type === 'SpreadElement') return true;
    const name = unwrapTS(key);
    return name.type !== 'Literal' || name.value === 'fetch' || value === undefined;
  }
  if (path === 'Object.defineProperties') return key === undefined || key.type === 'SpreadElement' || mayHoldFetch(key);
  if (path === 'Object.assign') return node.arguments.slice(1).some((source) => source.type === 'SpreadElement' || mayHoldFetch(source));
  return false;
}

function labelOf(node: TSESTree.Node, ctx: SourceContext): string {
  const text = ctx.text.slice(node.range[0], node.range[1]).replace(/\s+/g, ' ');
  if (text.length <= 80) return text;
  if (node.type === 'AssignmentExpression') return `${ctx.text.slice(node.left.range[0], node.left.range[1])} = …`;
  if (node.type !== 'CallExpression') return text.slice(0, 80);
  const [target] = node.arguments;
  return `${ctx.text.slice(node.callee.range[0], node.callee.range[1])}(${target === undefined ? '' : ctx.text.slice(target.range[0], target.range[1])}, …)`;
}

/** The places a file replaces the global fetch, read once per syntax tree. */
function replacementsIn(program: TSESTree.Program, ctx: SourceContext): readonly { label: string; line: number }[] {
  let found = read.get(program);
  if (found === undefined) {
    const list: { label: string; line: number }[] = [];
    if (REPLACES_FETCH.test(ctx.text)) {
      someNode(program, (node) => {
        if (replacesFetch(node, ctx)) list.push({ label: labelOf(node, ctx), line: node.loc?.start.line ?? ctx.text.slice(0, node.range[0]).split('\n').length });
        return false;
      });
    }
    found = list;
    read.set(program, found);
  }
  return found;
}

/** The global fetch replaced in the call's file or, with project facts, in a module of the program: setup of every call of the global fetch. */
export function globalFetchSetup(client: ClientRef, program: TSESTree.Program, ctx: SourceContext): ClientSetup[] {
  // A test's own replacement is its mock of fetch, read with the mocks.
  if (client.library !== 'fetch' || client.instance || isTestOrSetup(ctx)) return [];
  const files: { program: TSESTree.Program; ctx: SourceContext }[] = [{ program, ctx }];
  if (ctx.project?.filesMatching !== undefined) {
    files.push(...ctx.project.filesMatching(REPLACES_FETCH).filter((file) => file.ctx.text !== ctx.text && !isTestOrSetup(file.ctx)));
  }
  return files.flatMap((file) => replacementsIn(file.program, file.ctx).map(({ label, line }): ClientSetup => ({
    target: { kind: 'any' },
    what: 'interceptor',
    effect: 'unknown',
    label,
    place: file.ctx.text === ctx.text || file.ctx.file === undefined ? `line ${line}` : `${file.ctx.file}:${line}`,
  })));
}
