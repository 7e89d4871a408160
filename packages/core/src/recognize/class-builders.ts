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
import { enclosingClass, fieldNeverReassigned, hasSubclass } from './clients/this-member.js';
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
  const replaced = replacedMethod(cls, [...followed.keys()], classCtx, ctx) ?? instanceReached(cls, [...followed.keys()], classCtx, ctx);
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
    // `Object.assign(target, { app: … })`, `{ app(c) { … } }`: a key written out in the object assigned (not `${app}`).
    [new RegExp(`(?:\\.\\s*(?:${alternatives})|\\[\\s*['"\`](?:${alternatives})['"\`]\\s*\\])\\s*=(?!=)|defineProperty\\s*\\([^)]*['"\`](?:${alternatives})['"\`]|` +
      `\\bObject\\s*\\.\\s*assign\\s*\\([^;]*?(?<!\\$)[{,]\\s*(?:async\\s+)?['"\`]?(?:${alternatives})['"\`]?\\s*[:,}(]`),
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

/**
 * Where the program may reach a method of an instance of the class other than by calling it by its name, which the
 * searches of `replacedMethod` cannot see: a decorator; `this` handed on inside the class (`autoBind(this)`,
 * `this[name] = …`); the class itself handed to a function (`wrapMethods(Routes)`) or imported under another name; an
 * instance made where it is not kept in a name (`new Proxy(new Routes(base), …)`, a factory's `return new Routes(base)`);
 * and, for every name an instance is kept in (`routes`, `this.routes`), anywhere that name is read other than for a
 * member by its name: a write by a computed key (`client.routes[name] = …`), the instance handed to a function that
 * may write it (`lowerCaseResult(client.routes, 'app')`, `Object.assign`, `Object.defineProperty`,
 * `Object.getPrototypeOf`), another name for it, its `constructor` or `__proto__`. Names are matched as written, in
 * every file of the program: an object of another class kept under the same name counts too. Undefined when none is found.
 */
function instanceReached(cls: ClassNode, names: readonly string[], classCtx: SourceContext, ctx: SourceContext): string | undefined {
  const project = ctx.project;
  if (project?.filesMatching === undefined) return 'the program cannot be seen';
  const declarator = cls.parent?.type === 'VariableDeclarator' && cls.parent.id.type === 'Identifier' ? cls.parent.id.name : undefined;
  const className = cls.id?.name ?? declarator;
  if (className === undefined) return `the class (${where(cls, classCtx)}) has no name the program's uses of it can be found by`;
  const decorated = [cls, ...cls.body.body].find((member) => 'decorators' in member && (member.decorators?.length ?? 0) > 0);
  if (decorated !== undefined) return `${where(decorated, classCtx)} decorates ${className}, and a decorator may replace its methods`;
  if (cls.parent?.type === 'ExportDefaultDeclaration' || new RegExp(`\\bexport\\s+default\\s+${escape(className)}\\b`).test(classCtx.text)) {
    return `${className} is its module's default export (${where(cls, classCtx)}), which other modules may import under any name`;
  }
  // `this` in the class: read for a member by its name, nothing else.
  let own: string | undefined;
  someNode(cls.body, (node) => {
    if (node.type !== 'ThisExpression' || enclosingClass(node) !== cls) return false;
    own = handedOn(node, names, classCtx, `${className}'s instance (this)`);
    return own !== undefined;
  });
  if (own !== undefined) return own;
  const kept = new Set<string>();
  const classPattern = new RegExp(`(?<![\\w$])${escape(className)}(?![\\w$])`);
  for (const file of project.filesMatching(classPattern)) {
    let found: string | undefined;
    someNode(file.program, (node) => {
      if (node.type !== 'Identifier' || node.name !== className) return false;
      found = classUse(node, className, file.ctx, kept);
      return found !== undefined;
    });
    if (found !== undefined) return found;
  }
  for (const name of kept) {
    for (const file of project.filesMatching(new RegExp(`(?<![\\w$])${escape(name)}(?![\\w$])`))) {
      let found: string | undefined;
      someNode(file.program, (node) => {
        if (node.type !== 'Identifier' || node.name !== name) return false;
        const parent = node.parent;
        // `x.routes` read as the instance; `routes` as itself. A key, a declaration or a type is no use of the value.
        const expr = parent?.type === 'MemberExpression' && parent.property === node && !parent.computed ? parent : node;
        if (expr === node && isDeclarationOrType(node)) return false;
        found = handedOn(expr, names, file.ctx, `the instance (${file.ctx.text.slice(expr.range[0], expr.range[1])})`);
        return found !== undefined;
      });
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const escape = (name: string) => name.replace(/\$/g, '\\$');

/** TS wrappers a value passes through unchanged (`x as T`, `x!`). */
function outer(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (current.parent?.type === 'TSAsExpression' || current.parent?.type === 'TSNonNullExpression' ||
    current.parent?.type === 'TSSatisfiesExpression' || current.parent?.type === 'TSTypeAssertion') current = current.parent;
  return current;
}

/** A name where it is declared, a key, a type, or an import or export under that same name. */
function isDeclarationOrType(id: TSESTree.Identifier): boolean {
  const parent = id.parent;
  if (parent === undefined) return false;
  switch (parent.type) {
    case 'VariableDeclarator':
      return parent.id === id;
    case 'PropertyDefinition':
    case 'MethodDefinition':
    case 'TSPropertySignature':
    case 'TSMethodSignature':
      return parent.key === id && !parent.computed;
    case 'Property':
      return parent.key === id && !parent.computed && !parent.shorthand;
    case 'TSParameterProperty':
    case 'AssignmentPattern':
      return true;
    case 'ImportSpecifier':
      return (parent.imported.type === 'Identifier' ? parent.imported.name : parent.imported.value) === parent.local.name;
    case 'ExportSpecifier':
      return (parent.local.type === 'Identifier' ? parent.local.name : parent.local.value) ===
        (parent.exported.type === 'Identifier' ? parent.exported.name : parent.exported.value);
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return parent.params.includes(id);
    case 'ClassDeclaration':
    case 'ClassExpression':
      return parent.id === id;
    default:
      return parent.type.startsWith('TS') && parent.type !== 'TSAsExpression' && parent.type !== 'TSNonNullExpression' &&
        parent.type !== 'TSSatisfiesExpression' && parent.type !== 'TSTypeAssertion' && parent.type !== 'TSInstantiationExpression' &&
        parent.type !== 'TSExportAssignment';
  }
}

/** A use of the class's name: harmless, an instance kept in a name (added to `kept`), or where the class is handed on. */
function classUse(id: TSESTree.Identifier, className: string, ctx: SourceContext, kept: Set<string>): string | undefined {
  let parent: TSESTree.Node | undefined = id.parent;
  let expr: TSESTree.Node = id;
  // `ns.Routes`: the class read from a namespace.
  if (parent?.type === 'MemberExpression' && parent.property === id && !parent.computed) {
    expr = parent;
    parent = parent.parent;
  } else if (isDeclarationOrType(id)) {
    return undefined;
  }
  const at = `${ctx.file ?? 'line'}${ctx.file === undefined ? ' ' : ':'}${lineAt(ctx.text, id.range[0])}`;
  if (parent?.type === 'ImportSpecifier' || parent?.type === 'ExportSpecifier') return `${at} names ${className} under another name`;
  if (parent?.type === 'ImportDefaultSpecifier' || parent?.type === 'ImportNamespaceSpecifier') return undefined;
  expr = outer(expr);
  parent = expr.parent;
  if (parent === undefined) return undefined;
  // `extends Routes` (a subclass is looked for on its own), `x instanceof Routes`, `Routes.create(…)`: a static member read.
  if ((parent.type === 'ClassDeclaration' || parent.type === 'ClassExpression') && parent.superClass === expr) return undefined;
  if (parent.type === 'BinaryExpression' && parent.right === expr && parent.operator === 'instanceof') return undefined;
  if (parent.type === 'MemberExpression' && parent.object === expr && !parent.computed && !isWrite(parent)) return undefined;
  if (parent.type === 'NewExpression' && parent.callee === expr) {
    const name = keptIn(parent);
    if (name === undefined) return `${at} makes an instance of ${className} that is not kept in a name (${describe(outer(parent), ctx)}), and code may replace its methods`;
    if (name !== '') kept.add(name);
    return undefined;
  }
  return `${at} hands ${className} itself on (${describe(expr, ctx)}), and code may replace its methods`;
}

/**
 * The name an instance made by `made` is kept in: a const or let (`const routes = new Routes(base)`), a field
 * (`this.routes = …`, `routes = new Routes(base)` in a class), also frozen (`Object.freeze(new Routes(base))`); '' for
 * one called in place (`new Routes(base).assign(code)`). Undefined anywhere else.
 */
function keptIn(made: TSESTree.NewExpression): string | undefined {
  let expr = outer(made);
  let parent = expr.parent;
  if (parent?.type === 'CallExpression' && parent.arguments.length === 1 && parent.arguments[0] === expr && calleeText(parent.callee) === 'Object.freeze') {
    expr = outer(parent);
    parent = expr.parent;
  }
  if (parent === undefined) return undefined;
  if (parent.type === 'MemberExpression' && parent.object === expr && !parent.computed && !isWrite(parent)) return '';
  if (parent.type === 'VariableDeclarator' && parent.init === expr && parent.id.type === 'Identifier') return parent.id.name;
  if (parent.type === 'PropertyDefinition' && parent.value === expr && !parent.computed && parent.key.type === 'Identifier') return parent.key.name;
  if (parent.type === 'AssignmentExpression' && parent.right === expr && parent.operator === '=') {
    const left = unwrapTS(parent.left);
    if (left.type === 'Identifier') return left.name;
    if (left.type === 'MemberExpression' && !left.computed && left.property.type === 'Identifier') return left.property.name;
  }
  return undefined;
}

/**
 * A use of an instance (`expr`): read for a member by its name, compared, tested, or the `this` of `.bind`/`.call`/
 * `.apply`, is harmless; anything else (a write by a computed key or of a method's name, the instance handed to a
 * function or kept under another name, its `constructor` or `__proto__`) may replace a method: where, and how.
 */
function handedOn(node: TSESTree.Node, names: readonly string[], ctx: SourceContext, what: string): string | undefined {
  const expr = outer(node);
  const parent = expr.parent;
  const at = `${ctx.file ?? 'line'}${ctx.file === undefined ? ' ' : ':'}${lineAt(ctx.text, node.range[0])}`;
  if (parent === undefined) return undefined;
  switch (parent.type) {
    case 'MemberExpression': {
      if (parent.object !== expr) return undefined;
      const name = staticMemberName(parent);
      if (parent.computed && name === undefined) {
        return isWrite(parent) ? `${at} writes a member of ${what} by a computed key, which may replace a method` : undefined;
      }
      if (name === 'constructor' || name === '__proto__') return `${at} reaches the prototype of ${what} (.${name}), where code may replace its methods`;
      return isWrite(parent) && name !== undefined && names.includes(name) ? `${at} writes ${name} on ${what}, which may replace the method` : undefined;
    }
    case 'AssignmentExpression':
      return parent.left === expr ? undefined : `${at} keeps ${what} under another name (${describe(parent.left, ctx)}), where code may replace its methods`;
    case 'CallExpression': {
      if (parent.callee === expr) return undefined;
      const callee = unwrapTS(parent.callee);
      const method = callee.type === 'MemberExpression' ? staticMemberName(callee) : undefined;
      if (method === 'bind' || method === 'call' || method === 'apply') return undefined;
      if (/^Object\.(?:freeze|isFrozen|isSealed|keys)$/.test(calleeText(parent.callee))) return undefined;
      return `${at} hands ${what} to ${ctx.text.slice(parent.callee.range[0], parent.callee.range[1]).replace(/\s+/g, '')}(…), which may replace its methods`;
    }
    case 'NewExpression':
      return parent.callee === expr ? undefined : `${at} hands ${what} to new ${ctx.text.slice(parent.callee.range[0], parent.callee.range[1])}(…), which may replace its methods`;
    case 'UnaryExpression':
      return parent.operator === 'delete' ? `${at} deletes ${what}` : undefined;
    case 'BinaryExpression':
    case 'IfStatement':
    case 'TemplateLiteral':
    case 'ExpressionStatement':
      return undefined;
    case 'ConditionalExpression':
      return parent.test === expr ? undefined : `${at} hands ${what} on (${describe(parent, ctx)}), and code may replace its methods`;
    case 'ImportSpecifier':
    case 'ExportSpecifier':
      return isDeclarationOrType(expr as TSESTree.Identifier) ? undefined : `${at} names ${what} under another name`;
    case 'VariableDeclarator':
      return parent.id === expr ? undefined : `${at} keeps ${what} under another name (${describe(parent.id, ctx)}), where code may replace its methods`;
    default:
      return isDeclarationOrType(expr as TSESTree.Identifier) ? undefined : `${at} hands ${what} on (${describe(parent, ctx)}), and code may replace its methods`;
  }
}

/** `m.x = …`, `m.x++`, `delete m.x`, a destructuring target: the member written. */
function isWrite(member: TSESTree.MemberExpression): boolean {
  const node = outer(member);
  const parent = node.parent;
  if (parent === undefined) return false;
  if (parent.type === 'AssignmentExpression' && parent.left === node) return true;
  if (parent.type === 'UpdateExpression') return true;
  if (parent.type === 'UnaryExpression' && parent.operator === 'delete') return true;
  if ((parent.type === 'ForInStatement' || parent.type === 'ForOfStatement') && parent.left === node) return true;
  return parent.type === 'ArrayPattern' || (parent.type === 'Property' && parent.parent?.type === 'ObjectPattern') || parent.type === 'RestElement' ||
    parent.type === 'AssignmentPattern';
}

function calleeText(callee: TSESTree.Node): string {
  const expr = unwrapTS(callee);
  return expr.type === 'MemberExpression' && !expr.computed && expr.object.type === 'Identifier' && expr.property.type === 'Identifier'
    ? `${expr.object.name}.${expr.property.name}` : '';
}

/** The first line of a node's text, for a reason. */
function describe(node: TSESTree.Node, ctx: SourceContext): string {
  const text = ctx.text.slice(node.range[0], node.range[1]).replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
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
