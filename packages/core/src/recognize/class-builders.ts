/**
 * A URL builder that is a method of a class of the program, called on an instance (`this.routes.assign(code)` with
 * `routes = new Routes(base)`, whose `assign(c)` returns `${this.app(c)}/assign` and `app(c)` returns
 * `${this.base}/platform/v1/apps/${c}`): when its call may be replaced by the v3 URL for one call (url.ts
 * `builderCallEdit`), and how the part of the URL that the builder takes from its instance (`this.base`) is written in
 * the caller's terms (`this.routes.base`).
 *
 * A method is what an instance's class says only when nothing can put another function in its place, which takes the
 * whole program (project mode, or typed linting): no subclass of the class, no test that spies on one of the methods
 * followed or replaces its module, no write of a method of that name or of the class's prototype. Read file by file,
 * the call is left as before, with the reason every shared builder has.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import type { UrlPiece } from './url-piece.js';
import { calledFunction, returnedExpression, staticMemberName, thisMethod } from './follow.js';
import { fieldNeverReassigned, hasSubclass } from './clients/this-member.js';
import { someNode, unwrapTS } from '../facts/syntax.js';
import { lineAt } from '../facts/text-facts.js';

type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** `vi.mock(`, `jest.mock(`, `vi.doMock(`, `jest.unstable_mockModule(`: a module replaced by its path. */
const MODULE_MOCK = /\b(?:vi|jest)\s*\.\s*(?:mock|doMock|unstable_mockModule)\s*\(\s*(['"`])([^'"`]+)\1/g;

/** A test or mock file by its path, or by what it imports (as in builder-uses.ts). */
const TEST_PATH = /(?:^|\/)(?:tests?|__tests__|__mocks__|mocks?|specs?|e2e)\/|\.(?:test|spec|e2e)\.[cm]?[jt]sx?$/i;
const TEST_IMPORT = /\bfrom\s*['"](?:vitest|@jest\/globals|msw(?:\/[\w-]+)?|nock|fetch-mock|axios-mock-adapter|jest-fetch-mock|vitest-fetch-mock)['"]/;

/**
 * What a class method builder's call allows: `undefined` when the call is no such call, or the program cannot be seen
 * (then the call is a builder like any other); otherwise either the text that stands for the instance's part of the
 * URL at the call (`this.routes.base`, or nothing when the builder writes none), or why the call stays, naming the piece.
 */
export type ClassBuilderCall = { readonly ok: true; readonly prefix?: string } | { readonly ok: false; readonly key: string };

/**
 * `call` is the builder's call as the caller writes it; `lead` the piece of what it builds that comes before the route,
 * when one does (an expression of the builder's own code, `this.base`).
 */
export function classBuilderCall(call: TSESTree.CallExpression, ctx: SourceContext, lead: UrlPiece | undefined): ClassBuilderCall | undefined {
  const callee = unwrapTS(call.callee);
  if (call.optional || callee.type !== 'MemberExpression' || callee.optional) return undefined;
  const name = staticMemberName(callee);
  const target = thisMethod(callee, ctx) ?? calledFunction(callee, ctx);
  const parent = target?.fn.parent;
  const method = parent?.type === 'MethodDefinition' && parent.kind === 'method' && !parent.static ? parent : undefined;
  const cls = method?.parent.parent;
  if (name === undefined || target === undefined || method === undefined || (cls?.type !== 'ClassDeclaration' && cls?.type !== 'ClassExpression')) return undefined;
  if (ctx.project?.filesMatching === undefined) return undefined;
  // The instance is named by the caller as it is read again in the v3 URL: `this.routes`, `routes`, `client.routes`.
  const receiver = unwrapTS(callee.object);
  if (!isPlainPath(receiver)) return undefined;
  const classCtx = target.ctx;
  const className = cls.id?.name ?? 'the class';
  const followed = followedMethods(cls, method.value, classCtx);
  if (typeof followed === 'string') return { ok: false, key: `${className}.${followed}` };
  if (hasSubclass(cls, classCtx)) {
    return { ok: false, key: `${className} is extended${subclassWhere(cls, classCtx)}, and a subclass may override ${[...followed.keys()].join(' or ')}` };
  }
  const replaced = replacedMethod(cls, [...followed.keys()], classCtx, ctx);
  if (replaced !== undefined) return { ok: false, key: replaced };
  if (lead === undefined) return { ok: true };
  // What the builder writes before the route: one field of its own instance, read through `this` in a method followed.
  const node = lead.kind === 'expr' ? unwrapTS(lead.node) : undefined;
  const own = node?.type === 'MemberExpression' && unwrapTS(node.object).type === 'ThisExpression' && !node.computed &&
    lead.ctx.text === classCtx.text && [...followed.values()].some((fn) => fn.range[0] <= node.range[0] && node.range[1] <= fn.range[1]);
  if (!own || node.type !== 'MemberExpression') {
    return { ok: false, key: `what ${className}.${name} (${where(method, classCtx)}) writes before the route is not a field of its instance` };
  }
  if (node.property.type === 'PrivateIdentifier') {
    const hidden = node.property.name;
    const declaredAt = cls.body.body.find((m) => 'key' in m && m.key.type === 'PrivateIdentifier' && m.key.name === hidden);
    return { ok: false, key: `${className}'s #${hidden} (${where(declaredAt ?? node, classCtx)}) is private, and the call cannot read it` };
  }
  const field = node.property.name;
  const declared = cls.body.body.find((m) => 'key' in m && !m.computed && m.key.type === 'Identifier' && m.key.name === field);
  const ctor = cls.body.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor');
  const param = ctor?.value.params.find((p): p is TSESTree.TSParameterProperty => p.type === 'TSParameterProperty' &&
    p.parameter.type === 'Identifier' && p.parameter.name === field);
  const accessibility = param?.accessibility ?? (declared?.type === 'PropertyDefinition' ? declared.accessibility : undefined);
  const at = where(param ?? declared ?? node, classCtx);
  if (accessibility === 'private' || accessibility === 'protected') {
    return { ok: false, key: `${className}.${field} (${at}) is ${accessibility}, and the call cannot read it` };
  }
  if (!fieldNeverReassigned(cls, field, classCtx)) {
    return { ok: false, key: `${className}.${field} (${at}) is not one field set once, so the call may read another value than ${className}.${name} does` };
  }
  return { ok: true, prefix: `${ctx.text.slice(receiver.range[0], receiver.range[1])}.${field}` };
}

/** `this`, a name, or a chain of plain members of them (`this.routes`, `client.routes`): read again, it is the same. */
function isPlainPath(node: TSESTree.Node): boolean {
  const expr = unwrapTS(node);
  if (expr.type === 'ThisExpression' || expr.type === 'Identifier') return true;
  return expr.type === 'MemberExpression' && !expr.computed && !expr.optional && expr.property.type === 'Identifier' && isPlainPath(expr.object);
}

/**
 * The methods of the class whose returned expressions make the URL: the one called and those it calls through `this`,
 * by name. A name (as a string) when one of them calls a method of the class on another object (`this.parent.app(c)`),
 * whose `this` is not the instance the caller names, or calls through `this` what is no one method of the class.
 */
function followedMethods(cls: ClassNode, start: TSESTree.FunctionLike, classCtx: SourceContext): Map<string, TSESTree.FunctionLike> | string {
  const methods = new Map<string, TSESTree.MethodDefinition[]>();
  for (const member of cls.body.body) {
    if ('key' in member && !member.computed && member.key.type === 'Identifier') {
      methods.set(member.key.name, [...(methods.get(member.key.name) ?? []), member as TSESTree.MethodDefinition]);
    }
  }
  const startName = (start.parent as TSESTree.MethodDefinition).key;
  const found = new Map<string, TSESTree.FunctionLike>([[startName.type === 'Identifier' ? startName.name : '', start]]);
  const queue = [start];
  for (let fn = queue.shift(); fn !== undefined; fn = queue.shift()) {
    const returned = returnedExpression(fn);
    let problem: string | undefined;
    if (returned !== undefined) {
      someNode(returned, (node) => {
        if (node.type !== 'CallExpression') return false;
        const callee = unwrapTS(node.callee);
        if (callee.type !== 'MemberExpression') return false;
        const name = staticMemberName(callee);
        if (name === undefined || !methods.has(name)) return false;
        if (unwrapTS(callee.object).type !== 'ThisExpression') {
          problem = `${name} is called on another object than the instance (${where(node, classCtx)})`;
          return true;
        }
        const [only, ...more] = methods.get(name)!;
        if (more.length > 0 || only?.type !== 'MethodDefinition' || only.kind !== 'method' || only.static) {
          problem = `${name} is no one method of the class`;
          return true;
        }
        if (!found.has(name)) {
          found.set(name, only.value);
          queue.push(only.value);
        }
        return false;
      });
    }
    if (problem !== undefined) return problem;
  }
  return found;
}

/**
 * A use anywhere in the program that may put another function in one of the methods: a spy on a method of that name
 * (`vi.spyOn(routes, 'assign')`, whatever the object), a write of a member of that name (`x.assign = …`,
 * `Object.defineProperty(…, 'assign', …)`), the class's prototype named, a test that replaces the class's module, or a
 * test or mock file that names the class. Undefined when none is found.
 */
function replacedMethod(cls: ClassNode, names: readonly string[], classCtx: SourceContext, ctx: SourceContext): string | undefined {
  const project = ctx.project;
  if (project?.filesMatching === undefined) return 'the program cannot be seen';
  const files = (pattern: RegExp) => project.filesMatching!(pattern);
  const className = cls.id?.name;
  const alternatives = names.map((name) => name.replace(/\$/g, '\\$')).join('|');
  const checks: [RegExp, (file: string, line: number) => string][] = [
    [new RegExp(`\\bspyOn\\s*\\([^,;]*,\\s*['"\`](?:${alternatives})['"\`]`),
      (file, line) => `${file}:${line} spies on a method of that name, which may replace ${className ?? 'the class'}'s`],
    [new RegExp(`(?:\\.\\s*(?:${alternatives})|\\[\\s*['"\`](?:${alternatives})['"\`]\\s*\\])\\s*=(?!=)|defineProperty\\s*\\([^)]*['"\`](?:${alternatives})['"\`]`),
      (file, line) => `${file}:${line} writes a method of that name, which may replace ${className ?? 'the class'}'s`],
  ];
  if (className !== undefined) {
    const escaped = className.replace(/\$/g, '\\$');
    checks.push([new RegExp(`\\b${escaped}\\s*\\.\\s*prototype\\b`), (file, line) => `${file}:${line} reaches ${className}.prototype`]);
  }
  for (const [pattern, say] of checks) {
    for (const file of files(pattern)) {
      const match = pattern.exec(file.ctx.text);
      if (match !== null) return say(file.ctx.file ?? 'a file', lineAt(file.ctx.text, match.index));
    }
  }
  if (className === undefined) return undefined;
  const escaped = className.replace(/\$/g, '\\$');
  for (const file of files(new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`))) {
    if (file.ctx.text === classCtx.text || !isTestOrMock(file.ctx)) continue;
    const at = new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`).exec(file.ctx.text)!;
    return `${file.ctx.file ?? 'a file'}:${lineAt(file.ctx.text, at.index)} (a test or a mock) uses ${className}, and may replace its methods`;
  }
  // A test that replaces the module that declares the class, by a path that leads to it.
  for (const file of files(/\b(?:vi|jest)\s*\.\s*(?:mock|doMock|unstable_mockModule)\s*\(/)) {
    for (const match of file.ctx.text.matchAll(MODULE_MOCK)) {
      const target = file.ctx.project?.resolveImport(match[2]!, className, file.ctx);
      if (target !== undefined && target.ctx.file !== undefined && target.ctx.file === classCtx.file) {
        return `${match[0].slice(0, match[0].indexOf('(') + 1)}'${match[2]}') in ${file.ctx.file ?? 'a file'}:${lineAt(file.ctx.text, match.index)} replaces the module of ${className}`;
      }
    }
  }
  return undefined;
}

function isTestOrMock(ctx: SourceContext): boolean {
  return (ctx.file !== undefined && TEST_PATH.test(ctx.file)) || TEST_IMPORT.test(ctx.text);
}

/** Where a class that extends this one is written, when a file of the program says it by the class's name. */
function subclassWhere(cls: ClassNode, ctx: SourceContext): string {
  const name = cls.id?.name;
  if (name === undefined) return '';
  const pattern = new RegExp(`\\bextends\\s+(?:[\\w$]+\\s*\\.\\s*)?${name.replace(/\$/g, '\\$')}\\b`);
  const here = pattern.exec(ctx.text);
  if (here !== null) return ` (${ctx.file ?? 'line'}${ctx.file === undefined ? ' ' : ':'}${lineAt(ctx.text, here.index)})`;
  for (const file of ctx.project?.filesMatching?.(pattern) ?? []) {
    const match = pattern.exec(file.ctx.text);
    if (match !== null) return ` (${file.ctx.file ?? 'a file'}:${lineAt(file.ctx.text, match.index)})`;
  }
  return '';
}

function where(node: TSESTree.Node, ctx: SourceContext): string {
  return ctx.file === undefined ? `line ${lineAt(ctx.text, node.range[0])}` : `${ctx.file}:${lineAt(ctx.text, node.range[0])}`;
}
