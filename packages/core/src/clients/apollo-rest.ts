/**
 * Apollo's `RESTDataSource` (`@apollo/datasource-rest`, and the older `apollo-datasource-rest`): a subclass sends
 * `this.post(path, request)` to `new URL(path, this.baseURL)`. Version 4 and later take `{ body, params, headers }`
 * and serialize a plain object body as JSON; the older package takes `post(path, body, init)`. Both spread the caller's
 * options over `{ method: 'POST' }`, so a `method` there wins. Editing the path in place keeps what the base resolves it
 * against. The class's own `willSendRequest`, `resolveURL` or `fetch` may change the request: they are client setup.
 */
import type { TSESTree } from '@typescript-eslint/types';
import { readBody, unreadable } from '../body.js';
import type { Bound, SourceContext } from '../context.js';
import { ReasonCode } from '../reasons.js';
import { findVariable, importOf } from '../scope.js';
import { bodyIn, methodOf, optionsOf, withOptions } from './options.js';
import type { ClientSetup } from './setup.js';
import { argumentAt, type CallLayout, type ClientRef, type ClientSpec, HTTP_VERBS, JSON_OBJECT } from './spec.js';

/** The packages and the version of the API each one has. */
const PACKAGES: Readonly<Record<string, 'request' | 'body'>> = { '@apollo/datasource-rest': 'request', 'apollo-datasource-rest': 'body' };

/** Methods of a subclass that see or change every request before it is sent. */
const HOOKS: ReadonlySet<string> = new Set(['willSendRequest', 'resolveURL', 'fetch', 'cacheKeyFor', 'trace']);

type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

interface DataSource {
  readonly api: 'request' | 'body';
  readonly classes: readonly ClassNode[];
}

/** The RESTDataSource class `this` is an instance of: the class itself extends it, or a class of this file that does. */
function dataSourceOf(node: TSESTree.Node, ctx: SourceContext): DataSource | undefined {
  let cls: TSESTree.Node | undefined = node.parent;
  while (cls !== undefined && cls.type !== 'ClassDeclaration' && cls.type !== 'ClassExpression') {
    // `this` in a function of its own is not the instance.
    if (cls.type === 'FunctionDeclaration' || cls.type === 'FunctionExpression') {
      if (cls.parent?.type !== 'MethodDefinition' && cls.parent?.type !== 'PropertyDefinition') return undefined;
    }
    cls = cls.parent;
  }
  const classes: ClassNode[] = [];
  for (let depth = 0; cls !== undefined && depth < 3; depth++) {
    classes.push(cls);
    const parent = cls.superClass;
    if (parent == null || parent.type !== 'Identifier') return undefined;
    const variable = findVariable(ctx.getScope(parent), parent.name);
    const imported = variable === undefined ? undefined : importOf(variable);
    if (imported !== undefined) {
      const api = PACKAGES[imported.source];
      return api !== undefined && imported.imported === 'RESTDataSource' ? { api, classes } : undefined;
    }
    const def = variable?.defs[0]?.node as TSESTree.Node | undefined;
    cls = def?.type === 'ClassDeclaration' ? def : undefined;
  }
  return undefined;
}

function memberKey(member: TSESTree.ClassElement): string | undefined {
  if (!('key' in member) || member.computed) return undefined;
  return member.key.type === 'Identifier' ? member.key.name : member.key.type === 'Literal' ? String(member.key.value) : undefined;
}

/** `baseURL = '...'` (or `override baseURL`), the innermost class that sets it; a constructor write makes it unknown. */
function baseOfClasses(classes: readonly ClassNode[], ctx: SourceContext): Bound | 'unknown' | undefined {
  for (const cls of classes) {
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
  const base = baseOfClasses(source.classes, ctx);
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

/** The hooks of the data source's classes that may change the request. */
function hooksOf(client: ClientRef, ctx: SourceContext): ClientSetup[] {
  const source = sources.get(client);
  if (source === undefined) return [];
  return source.classes.flatMap((cls) => cls.body.body.flatMap((member): ClientSetup[] => {
    const key = memberKey(member);
    if (key === undefined || !HOOKS.has(key) || member.type === 'StaticBlock') return [];
    const line = member.loc?.start.line ?? ctx.text.slice(0, member.range[0]).split('\n').length;
    return [{ target: { kind: 'any' }, what: 'interceptor', effect: 'unknown', label: `the data source's ${key}`, place: `line ${line}` }];
  }));
}

const apolloMethod: NonNullable<ClientSpec['method']> = (call, client, verb, ctx) => {
  if (!HTTP_VERBS.has(verb)) return undefined;
  const path = argumentAt(call, 0);
  if (path === undefined) return undefined;
  const api = sources.get(client)?.api;
  const named = verb === 'post' ? 'post' : 'other';
  const base = client.base === undefined ? {} : { base: client.base };
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
};

export const apolloRestClient: ClientSpec = {
  library: 'apollo-rest',
  modules: {},
  serializesObjects: true,
  setup: (client, _program, ctx) => hooksOf(client, ctx),
  call: () => undefined,
  method: apolloMethod,
};

