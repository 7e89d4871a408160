/**
 * Callees no analysis resolves (an instance imported from a package of the application, a wrapper it cannot see, the
 * request library): read by the shape of their arguments. A verb in the name decides the method (`api.post`,
 * `postJson`; `put`, `httpPut` send something else); an options object with `json`, `data` or `body`, or an object
 * holding a deprecated key, is the body.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { readBody, unreadable } from '../body.js';
import type { SourceContext } from '../../facts/context.js';
import { DEPRECATED_KEYS } from '../../facts/contract.js';
import { ReasonCode } from '../../facts/reasons.js';
import { thisAssignments } from '../class-fields.js';
import { namespaceMember, valueOfName } from '../follow.js';
import { findVariable, importOf } from '../../facts/scope.js';
import { lineAt } from '../../facts/text-facts.js';
import { memberName } from '../../facts/static-value.js';
import { isFunction, propertyOf, staticKey, unwrapTS } from '../../facts/syntax.js';
import { bodyIn, isShared, methodOf, optionsOf, withOptions } from './options.js';
import { isRequestLibrary } from './request.js';
import { type CallLayout, HTTP_VERBS, JSON_OBJECT, type Method } from './spec.js';

/**
 * A callee the file cannot resolve (an instance imported from the application's own module, a wrapper): read by
 * the shape of its arguments. When the shape says nothing, the call is still found, without a plan.
 */
export function shapeLayout(call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | undefined {
  const layout = unreadHelper(shapeLayoutOf(call, ctx), call, ctx);
  const callee = unwrapTS(call.callee);
  if (layout === undefined || layout.body.kind !== 'object' || callee.type !== 'Identifier') return layout;
  if (!localParameterDescribesBody(callee, 1, ctx)) return layout;
  return { ...layout, obstacles: [...(layout.obstacles ?? []), { code: ReasonCode.bodyTyped }] };
}

function shapeLayoutOf(call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | undefined {
  const callee = unwrapTS(call.callee);
  const member = callee.type === 'MemberExpression' ? memberName(callee) : undefined;
  const name = member?.toLowerCase();
  // postForm sends a form; putForm, patchForm and the other verbs are not POST.
  const verb = name?.endsWith('form') === true ? name.slice(0, -'form'.length) : name;
  if (verb !== undefined && HTTP_VERBS.has(verb) && verb !== 'post') return undefined;
  // A name that says another verb (`put`, `httpPut`, `del`, `api.putJson`) does not send POST.
  const words = verbsIn(callee.type === 'Identifier' ? callee.name : member ?? '');
  if (words.some((word) => word !== 'post')) return undefined;
  if (call.arguments.length === 0 || call.arguments.some((a) => a.type === 'SpreadElement')) return undefined;
  const [url, second, third] = call.arguments as TSESTree.Expression[];
  // The request library sends GET unless told otherwise.
  const fromRequest = isRequestLibrary(callee, ctx);
  const verbLayout = fromRequest ? undefined : verbArgumentLayout(call, ctx);
  if (verbLayout !== undefined) return verbLayout === 'other' ? undefined : verbLayout;
  const named: Method = member === null ? 'dynamic' : fromRequest ? 'unspecified' : 'post';
  const unknown: CallLayout = {
    client: 'unresolved',
    url,
    method: named,
    body: { kind: 'unknown', facts: { kind: 'unknown' } },
    obstacles: [{ code: ReasonCode.clientUnknown }],
  };
  // The request library also takes everything in one options object: `request({ method, uri, json })`.
  const requestLibrary = fromRequest || (callee.type === 'MemberExpression' && isRequestLibrary(unwrapTS(callee.object), ctx));
  if (requestLibrary && url !== undefined && unwrapTS(url).type !== 'TemplateLiteral' && unwrapTS(url).type !== 'Literal') {
    const config = optionsOf(url, ctx);
    const target = typeof config === 'string' ? undefined : propertyOf(config.object, 'url') ?? propertyOf(config.object, 'uri');
    if (typeof config !== 'string' && target !== undefined) {
      const configMethod = propertyOf(config.object, 'method') === undefined ? (verb === 'post' ? 'post' : named) : methodOf(config);
      const body = propertyOf(config.object, 'form') !== undefined ? unreadable(ReasonCode.bodyFormEncoded)
        : propertyOf(config.object, 'json') !== undefined && unwrapTS(propertyOf(config.object, 'json')!.value).type === 'ObjectExpression'
          ? bodyIn(config, 'json', JSON_OBJECT)
          : propertyOf(config.object, 'body') !== undefined ? unreadable(ReasonCode.bodyDynamic) : bodyIn(config, 'json', JSON_OBJECT);
      return withOptions({ client: 'unresolved', url: target.value, urlShared: isShared(config), method: configMethod, body }, config, true);
    }
  }
  const options = optionsOf(second, ctx);
  if (typeof options === 'string') return unknown;
  const method = propertyOf(options.object, 'method') === undefined ? named : methodOf(options);
  const asForm = (layout: CallLayout): CallLayout =>
    verb !== name && layout.body.kind === 'object' ? { ...layout, body: unreadable(ReasonCode.bodyFormEncoded) } : layout;
  for (const key of ['json', 'data', 'body'] as const) {
    if (propertyOf(options.object, key) !== undefined) {
      return asForm(withOptions({ client: 'unresolved', url, method, body: bodyIn(options, key, JSON_OBJECT) }, options, true));
    }
  }
  // The object itself is the body when it holds a deprecated key (axios-like `api.post(url, data, config)`).
  const holdsDeprecatedKey = options.object.properties.some(
    (p) => p.type === 'Property' && DEPRECATED_KEY_NAMES.has(staticKey(p) ?? ''),
  );
  if (holdsDeprecatedKey) {
    const layout: CallLayout = { client: 'unresolved', url, method, body: readBody(second, ctx, JSON_OBJECT) };
    return asForm(withOptions(layout, optionsOf(third, ctx), true));
  }
  return { ...unknown, method };
}

const DEPRECATED_KEY_NAMES: ReadonlySet<string> = new Set(DEPRECATED_KEYS);

/**
 * A function imported from a module of the program (`import { send } from './http.js'`, `http.send` of `import * as
 * http`) whose code this run does not read (the file read alone, or a module the project does not resolve): what it
 * does with the URL, the method and the body it is given (another method, a content type, the URL rewritten, the URL
 * kept in an error) is not known, so the shape of its arguments is no ground for a rewrite. The call is held with the
 * helper named (`helper-unread`); an instance imported from such a module (`api.post(url, body)`) is read by shape.
 */
function unreadHelper(layout: CallLayout | undefined, call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | undefined {
  if (layout === undefined || layout.obstacles?.some((o) => o.code === ReasonCode.helperUnread) === true) return layout;
  const callee = unwrapTS(call.callee);
  const made = madeByCall(callee, ctx);
  if (made !== undefined) {
    const obstacles = (layout.obstacles ?? []).filter((o) => o.code !== ReasonCode.clientUnknown);
    return { ...layout, obstacles: [...obstacles, { code: ReasonCode.helperMadeByCall, key: made }] };
  }
  const root = callee.type === 'MemberExpression' && !callee.computed ? unwrapTS(callee.object) : callee;
  if (root.type !== 'Identifier') return layout;
  const variable = findVariable(ctx.getScope(root), root.name);
  const imported = variable === undefined ? undefined : importOf(variable);
  if (imported === undefined || !/^\.{0,2}\//.test(imported.source)) return layout;
  // `http.send(...)` is a function of the module only through a namespace import; a named or default import is an
  // instance (or an object) of the module, read by shape.
  if (callee !== root && imported.imported !== '*') return layout;
  if (callee === root && imported.imported === '*') return layout;
  if (ctx.project !== undefined && imported.imported !== '*' && ctx.project.resolveImport(imported.source, imported.imported, ctx) !== undefined) return layout;
  if (ctx.project !== undefined && imported.imported === '*' && callee.type === 'MemberExpression' && callee.property.type === 'Identifier' &&
    ctx.project.resolveImport(imported.source, callee.property.name, ctx) !== undefined) return layout;
  const key = `${ctx.text.slice(callee.range[0], callee.range[1])} (imported from ${imported.source})`;
  const obstacles = (layout.obstacles ?? []).filter((o) => o.code !== ReasonCode.clientUnknown);
  return { ...layout, obstacles: [...obstacles, { code: ReasonCode.helperUnread, key }] };
}

/**
 * A helper that is the value a call returned (`const send = once(fetchJson)`, lodash's `memoize(fn)`, `retrying(fn)`,
 * `withRegion('eu', send)`), here or in the module it is imported from: the code that runs is the closure the factory
 * returns, which may decide by the URL (a cache keyed by it sends one request for every app once the route names none;
 * a retry that spares `/assign` retries v3), so the shape of its call is no ground for a rewrite; also `http.send` of
 * `import * as http`. The same holds for a method of an object a call returned (`client = createClient();
 * client.send(…)`, `createClient().send(…)`, `send = createClient().send`): its code is a closure of the factory, keyed
 * by what it likes; and for a method its class replaces with the value of a call (`this.send = this.send.bind(this)`
 * in the constructor, then `send = api.send`). The helper named with its factory and where it is made (`send = once(…)
 * (src/http.ts:2)`), or undefined. `require(…)` is a module, and `fetch.bind(globalThis)` is fetch, not this.
 */
function madeByCall(callee: TSESTree.Node, ctx: SourceContext): string | undefined {
  const found = madeCall(callee, ctx, 0);
  if (found === undefined) return undefined;
  const { made, at } = found;
  const factory = unwrapTS(made.callee);
  const factoryText = at.text.slice(factory.range[0], factory.range[1]).replace(/\s+/g, '');
  const declared = found.holder ?? (made.parent?.type === 'VariableDeclarator' && made.parent.id.type === 'Identifier' ? made.parent.id.name
    : ctx.text.slice(callee.range[0], callee.range[1]));
  const line = lineAt(at.text, made.range[0]);
  const where = at.file === undefined || at.text === ctx.text ? `line ${line}` : `${at.file}:${line}`;
  const madeText = `${factoryText}(…)${found.member ?? ''}`;
  return `${declared === '' ? madeText : `${declared} = ${madeText}`} (${where})`;
}

/** Member reads followed from a helper's name to the call that made it: a few, as a chain of consts is written. */
const MAX_MADE_DEPTH = 4;

interface MadeCall {
  /** The call whose value (or a member of whose value) the helper is. */
  readonly made: TSESTree.CallExpression;
  readonly at: SourceContext;
  /** What holds the call's value when it is not a declared name (`this.send` of a class). */
  readonly holder?: string;
  /** The member of the call's value the helper is (`.send` of `createClient().send`). */
  readonly member?: string;
}

/** The call a helper's value comes from: itself, a const or import naming it, a member of one, a method its class rebinds. */
function madeCall(node: TSESTree.Node, ctx: SourceContext, depth: number): MadeCall | undefined {
  if (depth > MAX_MADE_DEPTH) return undefined;
  const expr = unwrapTS(node);
  if (expr.type === 'CallExpression') return isFactoryCall(expr, ctx) ? { made: expr, at: ctx } : undefined;
  if (expr.type === 'Identifier') {
    const name = valueOfName(expr, ctx, true);
    return name.kind === 'const' || name.kind === 'imported' ? madeCall(name.value.node, name.value.ctx, depth + 1) : undefined;
  }
  if (expr.type !== 'MemberExpression' || expr.computed || expr.property.type !== 'Identifier') return undefined;
  const exported = namespaceMember(expr, ctx);
  if (exported !== undefined) return madeCall(exported.node, exported.ctx, depth + 1);
  const owner = madeCall(expr.object, ctx, depth + 1);
  // `client.send(…)` of `client = createClient()` is named by `client`; `createClient().send(…)` by the call itself.
  if (owner !== undefined && depth === 0 && owner.made !== unwrapTS(expr.object)) return owner;
  if (owner !== undefined) return { ...owner, holder: depth === 0 ? '' : owner.holder, member: `${owner.member ?? ''}.${expr.property.name}` };
  return reboundMethod(expr.object, expr.property.name, ctx, depth + 1);
}

/**
 * A call that makes a helper: any call of the program's or a package's function but `require(…)` (a module) and
 * `fetch.bind(globalThis)` (fetch itself, which decides nothing by the URL).
 */
function isFactoryCall(made: TSESTree.CallExpression, ctx: SourceContext): boolean {
  const factory = unwrapTS(made.callee);
  if (factory.type === 'Identifier' && factory.name === 'require') return false;
  return !(factory.type === 'MemberExpression' && !factory.computed && factory.property.type === 'Identifier' && factory.property.name === 'bind' &&
    factory.object.type === 'Identifier' && factory.object.name === 'fetch' && findVariable(ctx.getScope(factory.object), 'fetch') === undefined);
}

/**
 * `api.send` where `api` is `new Api()` of a class that assigns `this.send` the value of a call (`this.send =
 * this.send.bind(this)`, `this.send = memoize(this.send)`): the method that runs is that call's value.
 */
function reboundMethod(object: TSESTree.Node, name: string, ctx: SourceContext, depth: number): MadeCall | undefined {
  let instance = unwrapTS(object);
  let at = ctx;
  for (let step = depth; instance.type === 'Identifier' && step <= MAX_MADE_DEPTH; step++) {
    const value = valueOfName(instance, at, true);
    if (value.kind !== 'const' && value.kind !== 'imported') return undefined;
    instance = unwrapTS(value.value.node);
    at = value.value.ctx;
  }
  if (instance.type !== 'NewExpression') return undefined;
  const cls = classOf(instance.callee, at, depth);
  if (cls === undefined) return undefined;
  for (const right of thisAssignments(cls.node).get(name) ?? []) {
    const value = unwrapTS(right);
    if (value.type === 'CallExpression' && isFactoryCall(value, cls.ctx)) return { made: value, at: cls.ctx, holder: `this.${name}` };
  }
  return undefined;
}

/** The class a `new` names: declared in the file, or a const or import naming it. */
function classOf(callee: TSESTree.Node, ctx: SourceContext, depth: number): { node: TSESTree.ClassDeclaration | TSESTree.ClassExpression; ctx: SourceContext } | undefined {
  const id = unwrapTS(callee);
  if (id.type === 'ClassExpression') return { node: id, ctx };
  if (id.type !== 'Identifier' || depth > MAX_MADE_DEPTH) return undefined;
  const variable = findVariable(ctx.getScope(id), id.name);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type === 'ClassName') return { node: def.node as TSESTree.ClassDeclaration, ctx };
  const value = valueOfName(id, ctx, true);
  if (value.kind !== 'const' && value.kind !== 'imported') return undefined;
  const node = unwrapTS(value.value.node);
  if (node.type === 'ClassDeclaration' || node.type === 'ClassExpression') return { node, ctx: value.value.ctx };
  return node.type === 'Identifier' ? classOf(node, value.value.ctx, depth + 1) : undefined;
}

/**
 * A request helper that takes the method as an argument (`makeRequest(base, path, 'POST', body)`, `request('POST',
 * path, body)`) and whose code is not read here (imported from another module, read alone): the path is the argument
 * next to the method (before it, or after it when the method comes first), the body the next argument after both.
 * Reported with the helper named, never rewritten: what the helper does with them is not known here. 'other' for
 * another verb.
 */
function verbArgumentLayout(call: TSESTree.CallExpression, ctx: SourceContext): CallLayout | 'other' | undefined {
  const args = call.arguments as TSESTree.Expression[];
  const verbAt = args.findIndex((arg) => arg.type === 'Literal' && typeof arg.value === 'string' && HTTP_VERBS.has(arg.value.toLowerCase()) &&
    arg.value.toLowerCase() !== 'options');
  if (verbAt < 0) return undefined;
  if ((args[verbAt] as TSESTree.StringLiteral).value.toLowerCase() !== 'post') return 'other';
  const urlAt = verbAt === 0 ? 1 : verbAt - 1;
  const url = args[urlAt];
  if (url === undefined) return undefined;
  const bodyArg = args[Math.max(verbAt, urlAt) + 1];
  const callee = unwrapTS(call.callee);
  return {
    client: 'unresolved',
    url,
    method: 'post',
    body: bodyArg === undefined ? { kind: 'none', facts: { kind: 'none' } } : readBody(bodyArg, ctx, JSON_OBJECT),
    obstacles: [{ code: ReasonCode.helperUnread, key: ctx.text.slice(callee.range[0], callee.range[1]) }],
  };
}

/**
 * Whether a function declared in this file takes, at `index`, a parameter whose declared type names a deprecated key,
 * directly or through an interface or type alias declared here: `function post(url: string, data: LegacyBody)`.
 */
function localParameterDescribesBody(callee: TSESTree.Identifier, index: number, ctx: SourceContext): boolean {
  const variable = findVariable(ctx.getScope(callee), callee.name);
  const def = variable?.defs[0]?.node as TSESTree.Node | undefined;
  const fn = def?.type === 'FunctionDeclaration' ? def
    : def?.type === 'VariableDeclarator' && def.init !== null && isFunction(def.init) ? def.init as TSESTree.FunctionLike
    : undefined;
  const param = fn?.params[index];
  const annotation = param === undefined ? undefined : 'typeAnnotation' in param ? param.typeAnnotation : undefined;
  return annotation != null && typeDescribesBody(annotation, ctx, 0);
}

/** Whether a type names a deprecated body key, written out or through an interface or type alias of the file. */
export function typeDescribesBody(node: TSESTree.Node, ctx: SourceContext, depth: number): boolean {
  const text = ctx.text.slice(node.range[0], node.range[1]);
  if (DEPRECATED_KEYS.some((key) => text.includes(key))) return true;
  if (depth > 4) return false;
  for (const name of new Set(text.match(/\b[A-Za-z_$][\w$]*\b/g) ?? [])) {
    const variable = findVariable(ctx.getScope(node), name);
    // A type imported from another module of the program: its declaration there, where facts from other files say.
    const imported = variable === undefined ? undefined : importOf(variable);
    const found = imported === undefined ? undefined : ctx.project?.resolveImport(imported.source, imported.imported, ctx);
    const [declared, at] = found !== undefined ? [found.node, found.ctx] : [variable?.defs[0]?.node as TSESTree.Node | undefined, ctx];
    if (declared?.type === 'TSInterfaceDeclaration' && typeDescribesBody(declared.body, at, depth + 1)) return true;
    if (declared?.type === 'TSTypeAliasDeclaration' && typeDescribesBody(declared.typeAnnotation, at, depth + 1)) return true;
  }
  return false;
}

/** The HTTP verbs among the words of a name: `httpPut` gives put, `postJson` post, `assignApp` none. */
export function verbsIn(name: string): string[] {
  const words = name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).map((word) => word.toLowerCase());
  return words.filter((word) => NAME_VERBS.has(word));
}

/** Verbs a word of a name can stand for; `head` and `options` are too often other words (`withOptions`). */
const NAME_VERBS: ReadonlySet<string> = new Set(['get', 'post', 'put', 'patch', 'delete', 'del']);



