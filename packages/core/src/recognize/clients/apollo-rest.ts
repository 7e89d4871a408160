/**
 * Apollo's `RESTDataSource` (`@apollo/datasource-rest`, and the older `apollo-datasource-rest`): a subclass sends
 * `this.post(path, request)` to `new URL(path, this.baseURL)`. Version 4 and later take `{ body, params, headers }`
 * and serialize a plain object body as JSON; the older package takes `post(path, body, init)`. Both spread the caller's
 * options over `{ method: 'POST' }`, so a `method` there wins. Editing the path in place keeps what the base resolves it
 * against. The class's own `willSendRequest`, `resolveURL` or `fetch` may change the request: they are client setup,
 * however they are installed: a method of the class, a write of `this.willSendRequest` in its constructor or a method,
 * or of `<Class>.prototype.willSendRequest` in any module.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { readBody, unreadable } from '../body.js';
import type { Bound, SourceContext } from '../../facts/context.js';
import { ReasonCode } from '../../facts/reasons.js';
import { findVariable, importOf } from '../../facts/scope.js';
import { someNode, staticKey, unwrapTS } from '../../facts/syntax.js';
import { bodyIn, methodOf, optionsOf, withOptions } from './options.js';
import type { ClientSetup } from './setup.js';
import { argumentAt, type CallLayout, type ClientRef, type ClientSpec, HTTP_VERBS, JSON_OBJECT } from './spec.js';

/** The packages and the version of the API each one has. */
const PACKAGES: Readonly<Record<string, 'request' | 'body'>> = { '@apollo/datasource-rest': 'request', 'apollo-datasource-rest': 'body' };

/** Methods of a subclass that see or change every request before it is sent. */
const HOOKS: ReadonlySet<string> = new Set(['willSendRequest', 'resolveURL', 'fetch', 'cacheKeyFor', 'trace']);

type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** A class of the data source's chain, with the context of the file that declares it. */
interface ChainClass {
  readonly cls: ClassNode;
  readonly ctx: SourceContext;
}

interface DataSource {
  readonly api: 'request' | 'body';
  readonly classes: readonly ChainClass[];
  /**
   * The chain goes on in a class this analysis cannot read (imported from a module it does not follow, or made by an
   * expression): that class, as a TODO names it. Its hooks or methods may change every request, or it may be no data
   * source at all: the call is never read by its shape.
   */
  readonly unread?: string;
}

/**
 * The RESTDataSource class `this` is an instance of: the class itself extends it, or a class that does, declared in
 * this file or (with facts from other files) in the module it is imported from. A chain that goes on in a class that
 * cannot be read is a data source only maybe (`unread`).
 */
function dataSourceOf(node: TSESTree.Node, ctx: SourceContext): DataSource | undefined {
  let cls: TSESTree.Node | undefined = node.parent;
  while (cls !== undefined && cls.type !== 'ClassDeclaration' && cls.type !== 'ClassExpression') {
    // `this` in a function of its own is not the instance.
    if (cls.type === 'FunctionDeclaration' || cls.type === 'FunctionExpression') {
      if (cls.parent?.type !== 'MethodDefinition' && cls.parent?.type !== 'PropertyDefinition') return undefined;
    }
    cls = cls.parent;
  }
  const classes: ChainClass[] = [];
  let at = ctx;
  for (let depth = 0; cls !== undefined && depth < 4; depth++) {
    classes.push({ cls, ctx: at });
    const parent = cls.superClass == null ? undefined : unwrapTS(cls.superClass);
    if (parent === undefined) return undefined;
    const unread = (): DataSource => ({ api: 'request', classes, unread: superclassLabel(parent, at, ctx) });
    if (parent.type !== 'Identifier') return unread();
    const variable = findVariable(at.getScope(parent), parent.name);
    const imported = variable === undefined ? undefined : importOf(variable);
    if (imported !== undefined) {
      const api = PACKAGES[imported.source];
      if (api !== undefined) return imported.imported === 'RESTDataSource' ? { api, classes } : undefined;
      // A class of another module of the program: its chain goes on there.
      const found = at.project?.resolveImport(imported.source, imported.imported, at);
      const declared = found === undefined ? undefined : unwrapTS(found.node);
      if (found === undefined || (declared?.type !== 'ClassDeclaration' && declared?.type !== 'ClassExpression')) return unread();
      cls = declared;
      at = found.ctx;
      continue;
    }
    const def = variable?.defs[0]?.node as TSESTree.Node | undefined;
    // A global (`extends Base` with no declaration), a `require`d class, a class made by a call: not read here.
    if (def?.type !== 'ClassDeclaration' || variable!.defs.length !== 1) return unread();
    cls = def;
  }
  // A chain longer than this reading follows goes on in classes it did not read.
  const last = classes.at(-1);
  return cls === undefined || last?.cls.superClass == null ? undefined
    : { api: 'request', classes, unread: superclassLabel(unwrapTS(last.cls.superClass), last.ctx, ctx) };
}

/** `V4Base (imported from './v4base', line 1)`: the class a chain goes on in, and where the file names it. */
function superclassLabel(parent: TSESTree.Node, at: SourceContext, ctx: SourceContext): string {
  const written = at.text.slice(parent.range[0], parent.range[1]).replace(/\s+/g, ' ');
  const variable = parent.type === 'Identifier' ? findVariable(at.getScope(parent), parent.name) : undefined;
  const def = variable?.defs[0];
  const imported = variable === undefined ? undefined : importOf(variable);
  const named = (def?.parent ?? def?.node ?? parent) as TSESTree.Node;
  const line = at.text.slice(0, named.range[0]).split('\n').length;
  const place = at.text === ctx.text || at.file === undefined ? `line ${line}` : `${at.file}:${line}`;
  return imported === undefined ? `${written} (${place})` : `${written} (imported from '${imported.source}', ${place})`;
}

function memberKey(member: TSESTree.ClassElement): string | undefined {
  if (!('key' in member) || member.computed) return undefined;
  return member.key.type === 'Identifier' ? member.key.name : member.key.type === 'Literal' ? String(member.key.value) : undefined;
}

/** `baseURL = '...'` (or `override baseURL`), the innermost class that sets it; a constructor write makes it unknown. */
function baseOfClasses(classes: readonly ChainClass[]): Bound | 'unknown' | undefined {
  for (const { cls, ctx } of classes) {
    const field = cls.body.body.find((m): m is TSESTree.PropertyDefinition => m.type === 'PropertyDefinition' && !m.static && memberKey(m) === 'baseURL');
    const written = /\bthis\s*\.\s*baseURL\s*=(?!=)/.test(ctx.text.slice(cls.range[0], cls.range[1]));
    if (written) return 'unknown';
    if (field?.value != null) return { node: field.value, ctx };
  }
  return undefined;
}

/** `this` inside a RESTDataSource subclass: the data source, as a client. */
export function apolloDataSource(self: TSESTree.ThisExpression, ctx: SourceContext): ClientRef | undefined {
  const source = dataSourceOf(self, ctx);
  if (source === undefined) return undefined;
  const base = source.unread === undefined ? baseOfClasses(source.classes) : 'unknown';
  const client: ClientRef = {
    library: 'apollo-rest',
    spec: apolloRestClient,
    instance: true,
    // A base set at run time is kept as it is: the path is edited in place, and resolved against it as before.
    ...(base === undefined || base === 'unknown' ? {} : { base }),
  };
  sources.set(client, source);
  return client;
}

/** The data source each client read from `this` stands for. */
const sources = new WeakMap<ClientRef, DataSource>();

/** `line N` in the call's own file, `file:N` in another. */
function placeOf(index: number, at: SourceContext, ctx: SourceContext): string {
  const line = at.text.slice(0, index).split('\n').length;
  return at.text === ctx.text || at.file === undefined ? `line ${line}` : `${at.file}:${line}`;
}

const hook = (key: string, place: string): ClientSetup => ({ target: { kind: 'any' }, what: 'interceptor', effect: 'unknown', label: `the data source's ${key}`, place });

/** `this.willSendRequest = ...` (or `this['resolveURL'] =`) anywhere in the class: a hook installed on each instance. */
function instanceHooks(cls: ClassNode, at: SourceContext, ctx: SourceContext): ClientSetup[] {
  const found: ClientSetup[] = [];
  someNode(cls.body, (node) => {
    if (node.type !== 'AssignmentExpression') return false;
    const target = unwrapTS(node.left);
    if (target.type !== 'MemberExpression' || unwrapTS(target.object).type !== 'ThisExpression') return false;
    const key = staticKey(target);
    if (key !== undefined && HOOKS.has(key)) found.push(hook(key, placeOf(node.range[0], at, ctx)));
    return false;
  });
  // `Object.assign(this, { willSendRequest })`, `Object.defineProperty(this, 'resolveURL', ...)`: the same, spelled so.
  const text = at.text.slice(cls.range[0], cls.range[1]);
  const copied = /\bObject\s*\.\s*(?:assign|defineProperty|defineProperties)\s*\(\s*this\b/.exec(text);
  const named = [...HOOKS].find((key) => new RegExp(`\\b${key}\\b`).test(text));
  if (copied !== null && named !== undefined) found.push(hook(named, placeOf(cls.range[0] + copied.index, at, ctx)));
  return found;
}

/** The name a class is declared or bound under (`class A`, `const A = class`). */
function className(cls: ClassNode): string | undefined {
  if (cls.id != null) return cls.id.name;
  return cls.parent?.type === 'VariableDeclarator' && cls.parent.id.type === 'Identifier' ? cls.parent.id.name : undefined;
}

/**
 * `AppsSource.prototype.willSendRequest = ...` (or `Object.assign(AppsSource.prototype, ...)`), in the class's file or,
 * with project facts, in any file of the program: a hook every instance inherits.
 */
function prototypeHooks(cls: ClassNode, at: SourceContext, ctx: SourceContext): ClientSetup[] {
  const name = className(cls);
  if (name === undefined) return [];
  const keys = [...HOOKS].join('|');
  const escaped = name.replace(/\$/g, '\\$&');
  const pattern = new RegExp(`(?<![\\w$.])${escaped}\\s*\\.\\s*prototype\\s*(?:\\.\\s*(${keys})\\b|\\[\\s*['"\`](${keys})['"\`]\\s*\\])\\s*=(?!=)` +
    `|\\bObject\\s*\\.\\s*(?:assign|defineProperty|defineProperties)\\s*\\(\\s*${escaped}\\s*\\.\\s*prototype\\b`);
  const inFile = (text: string, file: SourceContext): ClientSetup[] => {
    const match = pattern.exec(text);
    return match === null ? [] : [hook(match[1] ?? match[2] ?? 'prototype', placeOf(match.index, file, ctx))];
  };
  const own = inFile(at.text, at);
  if (own.length > 0) return own;
  if (at.project?.filesMatching !== undefined) {
    for (const file of at.project.filesMatching(pattern)) {
      const found = file.ctx.text === at.text ? [] : inFile(file.ctx.text, file.ctx);
      if (found.length > 0) return found;
    }
    return [];
  }
  return at.project?.anyFileMatches?.(pattern) === true ? [hook('prototype', 'another module')] : [];
}

/** The hooks of the data source's classes that may change the request, however each is installed. */
function hooksOf(client: ClientRef, ctx: SourceContext): ClientSetup[] {
  const source = sources.get(client);
  if (source === undefined) return [];
  return source.classes.flatMap(({ cls, ctx: at }) => [
    ...cls.body.body.flatMap((member): ClientSetup[] => {
      const key = memberKey(member);
      if (key === undefined || !HOOKS.has(key) || member.type === 'StaticBlock') return [];
      return [hook(key, placeOf(member.range[0], at, ctx))];
    }),
    ...instanceHooks(cls, at, ctx),
    ...prototypeHooks(cls, at, ctx),
  ]);
}

/**
 * `this.post(path, ...)` in a class whose chain goes on in a class not read here: held, whichever way it is read (its
 * hooks may change every request, or its `post` may be another library's). The body is read where the call's own
 * arguments show it (`{ body }` of version 4, else the second argument), for the reasons it gives too. A method the
 * read classes declare themselves is theirs: the call is followed into it as before.
 */
function unreadBaseLayout(call: TSESTree.CallExpression, verb: string, path: TSESTree.Expression, source: DataSource, ctx: SourceContext): CallLayout | undefined {
  if (source.classes.some(({ cls }) => cls.body.body.some((member) => memberKey(member) === verb))) return undefined;
  const second = argumentAt(call, 1);
  const options = second === undefined ? undefined : unwrapTS(second);
  const api = options?.type === 'ObjectExpression' && options.properties.some((p) => p.type === 'Property' && !p.computed &&
    p.key.type === 'Identifier' && p.key.name === 'body') ? 'request' : 'body';
  const layout = readLayout(call, verb, path, api, {}, ctx);
  return {
    ...layout,
    client: 'unresolved',
    obstacles: [...(layout.obstacles ?? []), { code: ReasonCode.clientBaseUnread, key: source.unread! }],
  };
}

const apolloMethod: NonNullable<ClientSpec['method']> = (call, client, verb, ctx) => {
  if (!HTTP_VERBS.has(verb)) return undefined;
  const path = argumentAt(call, 0);
  if (path === undefined) return undefined;
  const source = sources.get(client);
  if (source?.unread !== undefined) return unreadBaseLayout(call, verb, path, source, ctx);
  return readLayout(call, verb, path, source?.api, client.base === undefined ? {} : { base: client.base }, ctx);
};

/** Where a data source's `this.<verb>(path, ...)` keeps URL, method and body, in the API of its package. */
function readLayout(call: TSESTree.CallExpression, verb: string, path: TSESTree.Expression, api: DataSource['api'] | undefined,
  base: { base?: Bound }, ctx: SourceContext): CallLayout {
  const named = verb === 'post' ? 'post' : 'other';
  if (api === 'request') {
    const options = optionsOf(call.arguments[1], ctx);
    const method = typeof options === 'string' ? (options === 'absent' ? named : 'dynamic')
      : options.object.properties.some((p) => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === 'method') ? methodOf(options) : named;
    const body = options === 'absent' ? readBody(undefined, ctx, JSON_OBJECT) : options === 'unknown' ? unreadable(ReasonCode.bodyDynamic) : bodyIn(options, 'body', JSON_OBJECT);
    const layout: CallLayout = { client: 'apollo-rest', url: path, ...base, method, body };
    return withOptions(layout, options, true, ['params']);
  }
  // apollo-datasource-rest: post(path, body, init).
  const [, second, third] = call.arguments;
  const init = optionsOf(third, ctx);
  const method = init === 'absent' ? named : init === 'unknown' ? 'dynamic'
    : init.object.properties.some((p) => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === 'method') ? methodOf(init) : named;
  const body = second === undefined ? readBody(undefined, ctx, JSON_OBJECT) : second.type === 'SpreadElement' ? unreadable(ReasonCode.bodyDynamic) : readBody(second, ctx, JSON_OBJECT);
  return withOptions({ client: 'apollo-rest', url: path, ...base, method, body }, init, true, ['params']);
}

export const apolloRestClient: ClientSpec = {
  library: 'apollo-rest',
  modules: {},
  serializesObjects: true,
  setup: (client, _program, ctx) => hooksOf(client, ctx),
  call: () => undefined,
  method: apolloMethod,
};

