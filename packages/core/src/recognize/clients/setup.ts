/**
 * Client setup written apart from the calls (`axios.defaults.headers.common.Authorization = ...`,
 * `api.interceptors.request.use(fn)`), read for what it changes. Only setup that changes the URL, the method, the body
 * or how the body is encoded can make a rewrite mean something else; an auth header, a timeout or an interceptor that
 * only sets headers or logs changes nothing the migration depends on. Each piece of setup is tied to the client it
 * changes (the library's own client, one instance, or, when that cannot be told, any client of the library), so a call
 * is held back only by setup of the client it uses, and its TODO names that setup with its place.
 *
 * Every file is read once (its setup kept with its syntax tree); a project supplies the files whose text may hold
 * setup (`ProjectFacts.filesMatching`), so the setup of a client is decided once per program.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../../facts/context.js';
import { findVariable, importOf } from '../../facts/scope.js';
import { calleePath, someNode, unwrapTS } from '../../facts/syntax.js';
import { type ClientRef, type ClientSetup, isJsonContentType, type ResolveClient, type SetupEffect, type SetupTarget } from './spec.js';

export type { ClientSetup, SetupEffect, SetupTarget } from './spec.js';

/** Text that may hold setup: files without it are never parsed for it. */
export const SETUP_WORDS = /\bdefaults\b|\binterceptors\b/;

/** The setup that changes the client `client` (an axios client), found in `ctx`'s file and, with project facts, in every file of the program. */
export function setupOf(client: ClientRef, program: TSESTree.Program, ctx: SourceContext, resolve: ResolveClient): readonly ClientSetup[] {
  const files: { program: TSESTree.Program; ctx: SourceContext }[] = [{ program, ctx }];
  if (ctx.project?.filesMatching !== undefined) files.push(...ctx.project.filesMatching(SETUP_WORDS));
  // Facts from other files that cannot list them: setup anywhere may change any client.
  else if (ctx.project?.anyFileMatches?.(SETUP_WORDS) === true) {
    return [{ target: { kind: 'any' }, what: 'defaults', effect: 'unknown', label: 'axios defaults or interceptors', place: 'another module' }];
  }
  const seen = new Set<string>();
  const found: ClientSetup[] = [];
  for (const file of files) {
    // The call's own file is named by line alone, as a file read alone is: the same words in both modes.
    const own = file.ctx.text === ctx.text;
    for (const { line, effect, ...setup } of setupIn(file.program, file.ctx, resolve)) {
      const place = own || file.ctx.file === undefined ? `line ${line}` : `${file.ctx.file}:${line}`;
      const key = `${setup.label}\u0000${place}`;
      if (effect === undefined || seen.has(key) || !changes(setup, client)) continue;
      seen.add(key);
      found.push({ ...setup, effect, place });
    }
  }
  return found;
}

/** Whether a piece of setup applies to calls through `client`. */
function changes(setup: Pick<ClientSetup, 'target' | 'what'>, client: ClientRef): boolean {
  const made = client.madeAt ?? [];
  switch (setup.target.kind) {
    case 'any':
      return true;
    case 'global':
      // axios.create copies the library's defaults into each instance; interceptors belong to one client.
      return setup.what === 'defaults' || made.length === 0;
    case 'instance': {
      const at = setup.target.made;
      // An instance made from this one (`api.create()`) copies its defaults too.
      return made.some((m) => m.ctx.text === at.ctx.text && m.node.range[0] === at.node.range[0] && m.node.range[1] === at.node.range[1]);
    }
  }
}

/** A piece of setup as its file holds it; `effect` undefined when it changes nothing the migration depends on. */
interface FoundSetup extends Omit<ClientSetup, 'effect' | 'place'> {
  readonly effect: SetupEffect | undefined;
  readonly line: number;
}

const read = new WeakMap<TSESTree.Program, readonly FoundSetup[]>();

/** Every piece of axios setup a file holds, read once per syntax tree. */
function setupIn(program: TSESTree.Program, ctx: SourceContext, resolve: ResolveClient): readonly FoundSetup[] {
  let found = read.get(program);
  if (found === undefined) {
    found = SETUP_WORDS.test(ctx.text) ? collect(program, { ...ctx, bindings: undefined, receiver: undefined }, resolve) : [];
    read.set(program, found);
  }
  return found;
}

function collect(program: TSESTree.Program, ctx: SourceContext, resolve: ResolveClient): FoundSetup[] {
  const found: (FoundSetup & { at: number })[] = [];
  const stack: unknown[] = [program];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node as unknown[]) stack.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.type !== 'string') continue;
    if (record.type === 'VariableDeclarator' || record.type === 'AssignmentExpression') {
      // `const { defaults, interceptors } = axios`: the same objects under other names, changed in ways not read here.
      const pattern = record.type === 'VariableDeclarator' ? (node as TSESTree.VariableDeclarator).id : (node as TSESTree.AssignmentExpression).left;
      const source = record.type === 'VariableDeclarator' ? (node as TSESTree.VariableDeclarator).init : (node as TSESTree.AssignmentExpression).right;
      const taken = pattern.type === 'ObjectPattern' && source != null ? pattern.properties.find((p): p is TSESTree.Property =>
        p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && (p.key.name === 'defaults' || p.key.name === 'interceptors')) : undefined;
      const target = taken === undefined ? undefined : targetOf(source!, ctx, resolve);
      if (taken !== undefined && target !== undefined) {
        const what = (taken.key as TSESTree.Identifier).name === 'defaults' ? 'defaults' : 'interceptor';
        found.push({ target, what, effect: 'unknown', label: ctx.text.slice(pattern.range[0], source!.range[1]).replace(/\s+/g, ' '), line: lineOf(pattern, ctx), at: pattern.range[0] });
      }
    }
    if (record.type === 'MemberExpression') {
      const member = node as TSESTree.MemberExpression;
      const name = propertyName(member);
      if (name === 'defaults' || name === 'interceptors') {
        const setup = name === 'defaults' ? defaultsUse(member, ctx, resolve) : interceptorsUse(member, ctx, resolve);
        if (setup !== undefined) found.push({ ...setup, at: member.range[0] });
      }
    }
    for (const key of Object.keys(record)) {
      if (key === 'parent' || key === 'loc' || key === 'range' || key === 'tokens' || key === 'comments') continue;
      const value = record[key];
      if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
  // In source order: a TODO names the first place first.
  return found.sort((a, b) => a.at - b.at).map(({ at: _at, ...setup }) => setup);
}

// ---------------------------------------------------------------------------------------------------------------
// Which client: the owner of `.defaults` or `.interceptors`.

/** The client `owner` is; undefined when it is certainly not an axios client (another library, a plain object). */
function targetOf(owner: TSESTree.Node, ctx: SourceContext, resolve: ResolveClient): SetupTarget | undefined {
  const client = resolve(owner, ctx);
  if (client !== undefined) {
    if (client.library !== 'axios') return undefined;
    const made = client.madeAt ?? [];
    return made.length === 0 ? { kind: 'global' } : { kind: 'instance', made: made[made.length - 1]! };
  }
  const expr = unwrapTS(owner);
  if (expr.type === 'Identifier') {
    const variable = findVariable(ctx.getScope(expr), expr.name);
    const imported = variable === undefined ? undefined : importOf(variable);
    // `_.defaults`, `config.defaults` of another package: not axios's.
    // A bundler alias (`@/http`, `~/http`) or a module the program resolves is the program's own: it may be an axios instance.
    if (imported !== undefined && !imported.source.startsWith('.') && !imported.source.startsWith('/') && !imported.source.startsWith('#') &&
      !/^(?:@|@@|~|~~)\//.test(imported.source) && imported.source !== 'axios' &&
      ctx.project?.resolveImport(imported.source, imported.imported, ctx) === undefined) return undefined;
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    const init = def?.type === 'Variable' && def.node.type === 'VariableDeclarator' ? (def.node as TSESTree.VariableDeclarator).init : null;
    if (init != null && ['ObjectExpression', 'ArrayExpression', 'Literal', 'TemplateLiteral'].includes(unwrapTS(init).type)) return undefined;
  }
  // A parameter (`function setup(instance: AxiosInstance)`), `this.http` of a field not pinned down, an import not read.
  return { kind: 'any' };
}

// ---------------------------------------------------------------------------------------------------------------
// Defaults: `X.defaults.<path> = value`, `delete X.defaults.<path>`, `Object.assign(X.defaults..., {...})`.

function defaultsUse(member: TSESTree.MemberExpression, ctx: SourceContext, resolve: ResolveClient): FoundSetup | undefined {
  const parent = member.parent;
  // `_.defaults(obj, src)`: a function, which axios's defaults are not.
  if (parent?.type === 'CallExpression' && parent.callee === member) return undefined;
  const target = targetOf(member.object, ctx, resolve);
  if (target === undefined) return undefined;
  const { top, path } = chainBelow(member);
  const use = useOf(top);
  let effect: SetupEffect | undefined;
  switch (use.kind) {
    case 'write':
      effect = configWrite(path, use.value);
      break;
    case 'assign':
      effect = worst(use.objects.map((object) => objectWrite(path, object)));
      break;
    case 'call':
      effect = headersCall(path, use.call);
      break;
    case 'read':
    case 'escape':
      effect = valueRead(path, use.kind, top);
      break;
  }
  return { target, what: 'defaults', effect, label: labelOf(top, ctx), line: lineOf(top, ctx) };
}

// ---------------------------------------------------------------------------------------------------------------
// Interceptors: `X.interceptors.request.use(fn)` changes what `fn` changes; response interceptors change no request.

function interceptorsUse(member: TSESTree.MemberExpression, ctx: SourceContext, resolve: ResolveClient): FoundSetup | undefined {
  const target = targetOf(member.object, ctx, resolve);
  if (target === undefined) return undefined;
  const { top, path } = chainBelow(member);
  const use = useOf(top);
  let effect: SetupEffect | undefined = 'unknown';
  if (path[0] === 'response') effect = path.length === 2 && path[1] === 'use' && use.kind === 'call' ? responseEffect(use.call.arguments, ctx) : undefined;
  else if (path[0] === 'request' && path.length === 2 && use.kind === 'call') {
    if (path[1] === 'eject' || path[1] === 'clear') effect = undefined;
    else if (path[1] === 'use') effect = interceptorEffect(use.call.arguments[0], ctx);
  }
  return { target, what: 'interceptor', effect, label: labelOf(top, ctx), line: lineOf(top, ctx) };
}

/** Hooks that run after the request is sent: they change what the program sees, not what is sent. */
const RESPONSE_HOOKS: ReadonlySet<string> = new Set(['afterResponse', 'beforeError', 'beforeRedirect', 'onRequestError', 'onResponse', 'onResponseError']);
/** Hooks that run before a request is sent (ky's and got's `beforeRequest`, `beforeRetry`, got's `init`, ofetch's `onRequest`). */
const REQUEST_HOOKS: ReadonlySet<string> = new Set(['beforeRequest', 'beforeRetry', 'init', 'onRequest']);

/**
 * What the hooks an instance is made with change of the requests it sends (`ky.create({ hooks: { beforeRequest: [...] } })`,
 * got's `extend({ hooks })`, `ofetch.create({ onRequest })`): undefined when each hook that runs before a request only
 * sets headers other than the content type, logs or does nothing with the request; 'unknown' when one cannot be read.
 */
export function hooksEffect(key: string, value: TSESTree.Node, ctx: SourceContext): SetupEffect | undefined {
  const hooks = unwrapTS(value);
  if (key !== 'hooks') return hookListEffect(hooks, ctx);
  if (hooks.type !== 'ObjectExpression') return 'unknown';
  const effects: (SetupEffect | undefined)[] = [];
  for (const property of hooks.properties) {
    const name = property.type === 'Property' ? keyOf(property) : undefined;
    if (name === undefined) return 'unknown';
    if (RESPONSE_HOOKS.has(name)) {
      const list = unwrapTS((property as TSESTree.Property).value);
      effects.push(responseEffect(list.type === 'ArrayExpression' ? list.elements : [list], ctx));
      continue;
    }
    if (!REQUEST_HOOKS.has(name)) return 'unknown';
    effects.push(hookListEffect(unwrapTS((property as TSESTree.Property).value), ctx));
  }
  return worst(effects);
}

/**
 * Members that read the URL of the request a response answers (`err.config.url`, got's `response.url`, `requestUrl`,
 * node's `error.request.path`, the browser's `error.request.responseURL`), and the request itself (`response.request`,
 * `error.request`: node's `ClientRequest` or an `XMLHttpRequest`, whose path or URL any read of it may reach).
 */
const URL_READS: ReadonlySet<string> = new Set(['url', 'requestUrl', 'redirectUrls', 'baseURL', 'prefixUrl', 'href', 'pathname', 'path', 'responseURL', 'originalUrl', 'request', 'req']);

/** A read of the request's URL or path, by member (`error.request.path`) or destructured (`const { path } = error.request`). */
function readsRequestUrl(node: TSESTree.Node): boolean {
  if (node.type === 'MemberExpression') return URL_READS.has(propertyName(node) ?? '');
  return node.type === 'Property' && node.parent?.type === 'ObjectPattern' && URL_READS.has(keyOf(node) ?? '');
}

/**
 * What a response interceptor or hook (`axios.interceptors.response.use(ok, fail)`, got's or ky's `afterResponse`,
 * `beforeError`) depends on: it changes no request, but one that reads the request's URL (`err.config.url.endsWith
 * ('/assign')` turning a 409 into success) answers the v3 URL otherwise: 'url'. One not read here may do so: 'unknown'.
 */
function responseEffect(handlers: readonly (TSESTree.Node | null)[], ctx: SourceContext): SetupEffect | undefined {
  return worst(handlers.map((handler) => {
    if (handler === null) return undefined;
    if (handler.type === 'SpreadElement') return 'unknown';
    const written = unwrapTS(handler);
    if ((written.type === 'Literal' && written.value === null) || (written.type === 'Identifier' && written.name === 'undefined')) return undefined;
    const fn = functionOf(written, ctx);
    if (fn === undefined || fn.body == null || readsArguments(fn)) return 'unknown';
    return someNode(fn.body, readsRequestUrl) || fn.params.some((param) => someNode(param, readsRequestUrl)) ? 'url' : undefined;
  }));
}

/** A hook, or an array of them (each a function read here). */
function hookListEffect(value: TSESTree.Node, ctx: SourceContext): SetupEffect | undefined {
  if (value.type !== 'ArrayExpression') return hookEffect(value, ctx);
  return worst(value.elements.map((element) => (element === null || element.type === 'SpreadElement' ? 'unknown' : hookEffect(element, ctx))));
}

/**
 * A hook's function: it returns nothing (a hook that returns a request, a response or options replaces what is sent),
 * and each of its parameters (or the names destructured from one: ofetch's `{ options }`) is used as an interceptor's
 * config is, only to set headers or to be logged.
 */
function hookEffect(arg: TSESTree.Node, ctx: SourceContext): SetupEffect | undefined {
  const fn = functionOf(arg, ctx);
  if (fn === undefined || fn.body == null) return 'unknown';
  // `arguments[0].json = ...`: what the hook is given, read past its parameters.
  if (readsArguments(fn)) return 'unknown';
  const returns: TSESTree.Node[] = [];
  if (fn.body.type === 'BlockStatement') collectReturns(fn.body, returns);
  // An arrow with an expression body returns it: only a call of a headers method or a logger, which return nothing
  // (a hook that returns a request or a response replaces what is sent).
  else if (!returnsNothing(unwrapTS(fn.body))) return 'unknown';
  if (returns.some((value) => value.type !== 'ReturnStatement')) return 'unknown';
  const names: TSESTree.Identifier[] = [];
  for (const param of fn.params) {
    if (param.type === 'Identifier') names.push(param);
    else if (param.type === 'ObjectPattern' && param.properties.every((p) => p.type === 'Property' && !p.computed && p.value.type === 'Identifier')) {
      for (const p of param.properties) names.push((p as TSESTree.Property).value as TSESTree.Identifier);
    } else return 'unknown';
  }
  const scope = ctx.getScope(fn.body);
  const effects: (SetupEffect | undefined)[] = [];
  for (const name of names) {
    const variable = findVariable(scope, name.name);
    if (variable === undefined) return 'unknown';
    for (const reference of variable.references) {
      const id = reference.identifier as TSESTree.Node;
      if (id !== name) effects.push(configUse(id));
    }
  }
  return worst(effects);
}

/** `request.headers.set(...)` (or `append`, `delete`) and `console.log(...)`: calls that return nothing. */
function returnsNothing(expr: TSESTree.Node): boolean {
  if (expr.type !== 'CallExpression') return false;
  if (isLogger(expr.callee)) return true;
  const callee = unwrapTS(expr.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || !['set', 'append', 'delete'].includes(callee.property.name)) return false;
  const owner = unwrapTS(callee.object);
  return owner.type === 'MemberExpression' && propertyName(owner) === 'headers';
}

/** Whether a function (not an arrow, which has none of its own) reads `arguments`. */
function readsArguments(fn: TSESTree.FunctionLike): boolean {
  if (fn.type === 'ArrowFunctionExpression' || fn.body == null) return false;
  let found = false;
  someNode(fn.body, (node) => {
    if (node.type === 'Identifier' && node.name === 'arguments') found = true;
    return found;
  });
  return found;
}

/** The function an argument names: written there, or a function or const of the file. */
function functionOf(arg: TSESTree.Node, ctx: SourceContext): TSESTree.FunctionLike | undefined {
  let fn: TSESTree.Node | undefined = unwrapTS(arg);
  if (fn.type === 'Identifier') {
    const variable = findVariable(ctx.getScope(fn), fn.name);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (def?.type === 'FunctionName') fn = def.node as TSESTree.Node;
    else if (def?.type === 'Variable' && def.parent?.type === 'VariableDeclaration' && (def.parent as TSESTree.VariableDeclaration).kind === 'const') {
      const init = (def.node as TSESTree.VariableDeclarator).init;
      fn = init == null ? undefined : unwrapTS(init);
    } else fn = undefined;
  }
  return fn !== undefined && (fn.type === 'ArrowFunctionExpression' || fn.type === 'FunctionExpression' || fn.type === 'FunctionDeclaration') ? fn : undefined;
}

/** What a request interceptor's function changes; 'unknown' when the function cannot be read here. */
function interceptorEffect(arg: TSESTree.Node | undefined, ctx: SourceContext): SetupEffect | undefined {
  if (arg === undefined) return undefined;
  const written = unwrapTS(arg);
  if ((written.type === 'Literal' && written.value === null) || (written.type === 'Identifier' && written.name === 'undefined')) return undefined;
  const fn = functionOf(written, ctx);
  return fn === undefined ? 'unknown' : functionEffect(fn, ctx);
}

function functionEffect(fn: TSESTree.FunctionLike, ctx: SourceContext): SetupEffect | undefined {
  if (readsArguments(fn)) return 'unknown';
  const [param] = fn.params;
  const effects: (SetupEffect | undefined)[] = [];
  // What the function returns becomes the request's config.
  const returns: TSESTree.Node[] = [];
  if (fn.body?.type !== 'BlockStatement' && fn.body != null) returns.push(fn.body);
  else if (fn.body != null) collectReturns(fn.body, returns);
  // Without a parameter, or without a return, it cannot give axios the config back as it was.
  if (param === undefined || param.type !== 'Identifier' || fn.body == null || returns.length === 0) return 'unknown';
  const variable = findVariable(ctx.getScope(fn.body), param.name);
  if (variable === undefined) return 'unknown';
  const allowed = new Set<TSESTree.Node>();
  for (const value of returns) effects.push(returnedConfig(value, param.name, allowed));
  for (const reference of variable.references) {
    const id = reference.identifier as TSESTree.Node;
    if (id === param || allowed.has(id)) continue;
    effects.push(configUse(id));
  }
  return worst(effects);
}

/** `return config`, `return { ...config, headers: {...} }`, `Promise.resolve(config)`: the config, changed only where it says. */
function returnedConfig(value: TSESTree.Node, name: string, allowed: Set<TSESTree.Node>): SetupEffect | undefined {
  let expr = unwrapTS(value);
  if (expr.type === 'AwaitExpression') expr = unwrapTS(expr.argument);
  if (expr.type === 'CallExpression' && calleePath(expr.callee) === 'Promise.resolve' && expr.arguments.length === 1) expr = unwrapTS(expr.arguments[0]!);
  if (expr.type === 'Identifier' && expr.name === name) {
    allowed.add(expr);
    return undefined;
  }
  if (expr.type === 'ObjectExpression') {
    const [first, ...rest] = expr.properties;
    if (first?.type !== 'SpreadElement' || unwrapTS(first.argument).type !== 'Identifier' || (unwrapTS(first.argument) as TSESTree.Identifier).name !== name) return 'unknown';
    allowed.add(unwrapTS(first.argument));
    return objectWrite([], { ...expr, properties: rest });
  }
  return 'unknown';
}

function collectReturns(node: TSESTree.Node, into: TSESTree.Node[]): void {
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (const item of current as unknown[]) stack.push(item);
      continue;
    }
    const record = current as Record<string, unknown> & { type?: unknown };
    if (typeof record.type !== 'string') continue;
    if (record.type === 'ArrowFunctionExpression' || record.type === 'FunctionExpression' || record.type === 'FunctionDeclaration') continue;
    if (record.type === 'ReturnStatement') {
      const argument = (current as TSESTree.ReturnStatement).argument;
      // `return;` gives axios no config: the request cannot be the same.
      into.push(argument ?? (current as TSESTree.Node));
    }
    for (const key of Object.keys(record)) {
      if (key === 'parent' || key === 'loc' || key === 'range') continue;
      const value = record[key];
      if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
}

/** One use of the interceptor's config parameter. */
function configUse(id: TSESTree.Node): SetupEffect | undefined {
  const parent = id.parent;
  // Logged: `console.log(config)`, `logger.debug('request', config)`.
  if (parent?.type === 'CallExpression' && parent.callee !== id && isLogger(parent.callee)) return undefined;
  if (parent?.type !== 'MemberExpression' || parent.object !== id) return 'unknown';
  const { top, path } = chainBelow(id);
  const use = useOf(top);
  switch (use.kind) {
    case 'write':
      return configWrite(path, use.value);
    case 'assign':
      return worst(use.objects.map((object) => objectWrite(path, object)));
    case 'call':
      return headersCall(path, use.call);
    case 'read':
    case 'escape':
      return valueRead(path, use.kind, top);
  }
}

/**
 * A value read from a config or the defaults: a string option (`config.url` in a log) or a header value changes
 * nothing; an object passed on or kept (`const d = axios.defaults`, `mutate(config.data)`) may be changed through it.
 */
function valueRead(path: readonly (string | null)[], kind: 'read' | 'escape', top: TSESTree.Node): SetupEffect | undefined {
  const [first] = path;
  if (first === null || first === undefined) return kind === 'read' ? undefined : 'unknown';
  if (PRIMITIVE_OPTIONS.has(first) || (first === 'headers' && path.length >= 2 && path[1] !== null && !HEADER_GROUPS.has(path[1]!))) return undefined;
  // The headers copied into a new object (`{ ...config.headers, Authorization }`).
  if (first === 'headers' && path.length === 1 && top.parent?.type === 'SpreadElement') return undefined;
  return kind === 'read' ? undefined : 'unknown';
}

function isLogger(callee: TSESTree.Node): boolean {
  const path = calleePath(callee);
  return path !== undefined && /^(?:console|logger|log)\.(?:log|debug|info|warn|error|trace)$/.test(path);
}

// ---------------------------------------------------------------------------------------------------------------
// A config path and what writing it changes.

/** Options that hold a string or number: reading them changes nothing. */
const PRIMITIVE_OPTIONS: ReadonlySet<string> = new Set(['baseURL', 'url', 'method', 'timeout', 'withCredentials', 'allowAbsoluteUrls', 'responseType']);
const URL_OPTIONS: ReadonlySet<string> = new Set(['baseURL', 'url', 'allowAbsoluteUrls', 'params', 'paramsSerializer']);
const BODY_OPTIONS: ReadonlySet<string> = new Set(['data', 'transformRequest', 'adapter', 'formSerializer', 'env', 'fetchOptions']);
/** Options that change nothing the migration depends on (the response, timing, credentials, transport). */
const HARMLESS_OPTIONS: ReadonlySet<string> = new Set([
  'timeout', 'timeoutErrorMessage', 'withCredentials', 'withXSRFToken', 'responseType', 'responseEncoding', 'xsrfCookieName', 'xsrfHeaderName',
  'validateStatus', 'maxRedirects', 'maxContentLength', 'maxBodyLength', 'maxRate', 'decompress', 'httpAgent', 'httpsAgent', 'proxy',
  'signal', 'cancelToken', 'transformResponse', 'transitional', 'onUploadProgress', 'onDownloadProgress', 'auth', 'beforeRedirect',
  'socketPath', 'insecureHTTPParser', 'metadata',
]);
const HEADER_GROUPS: ReadonlySet<string> = new Set(['common', 'get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'purge', 'link', 'unlink']);

/** What writing `value` at `path` of a config changes. */
function configWrite(path: readonly (string | null)[], value: TSESTree.Node | undefined): SetupEffect | undefined {
  const [first, ...rest] = path;
  if (first === undefined || first === null) return 'unknown';
  if (first === 'method') return 'method';
  if (URL_OPTIONS.has(first)) return 'url';
  if (BODY_OPTIONS.has(first)) return 'body';
  if (first === 'headers') return headersWrite(rest, value);
  return HARMLESS_OPTIONS.has(first) ? undefined : 'unknown';
}

/** `headers.common.Authorization = v`, `headers.post = {...}`, `headers = {...}`. */
function headersWrite(path: readonly (string | null)[], value: TSESTree.Node | undefined): SetupEffect | undefined {
  const [first, ...rest] = path;
  if (first === null) return 'body';
  if (first === undefined) return value === undefined ? 'body' : headersObject(value, true);
  if (HEADER_GROUPS.has(first)) {
    // A group written whole, or removed: only an object of static names is read.
    if (rest.length === 0) return value === undefined ? 'body' : headersObject(value, false);
    return rest[0] === null ? 'body' : headerEffect(rest[0]!, rest.length === 1 ? value : undefined);
  }
  return headerEffect(first, rest.length === 0 ? value : undefined);
}

function headerEffect(name: string, value?: TSESTree.Node): SetupEffect | undefined {
  // HTTP clients trim a header's name: `'Content-Type '` is the content type. JSON's, written out, is how the body
  // is sent anyway.
  const lower = name.trim().toLowerCase();
  if (lower === 'content-type') return value !== undefined && isJsonType(value) ? undefined : 'body';
  if (lower.includes('method')) return 'method';
  return undefined;
}

/** `'application/json'` written as a literal (a charset allowed). */
function isJsonType(value: TSESTree.Node): boolean {
  const node = unwrapTS(value);
  const text = node.type === 'Literal' && typeof node.value === 'string' ? node.value
    : node.type === 'TemplateLiteral' && node.expressions.length === 0 ? node.quasis[0]!.value.cooked : undefined;
  return text != null && isJsonContentType(text);
}

/** Whether a headers object written out changes nothing the migration depends on (static names, no content type). */
export function headersChangeNothing(value: TSESTree.Node): boolean {
  // Method groups (`post: { 'Content-Type': ... }`) apply as the headers do; a spread brings headers not read here.
  const object = unwrapTS(value);
  const spreads = object.type === 'ObjectExpression' && object.properties.some((p) => p.type === 'SpreadElement' ||
    (p.type === 'Property' && unwrapTS(p.value).type === 'ObjectExpression' && (unwrapTS(p.value) as TSESTree.ObjectExpression).properties.some((q) => q.type === 'SpreadElement')));
  return !spreads && headersObject(value, true) === undefined;
}

/** A headers object written whole: static names, none a content type; with groups where `groups`. */
function headersObject(value: TSESTree.Node, groups: boolean): SetupEffect | undefined {
  const object = unwrapTS(value);
  if (object.type !== 'ObjectExpression') return 'body';
  const effects: (SetupEffect | undefined)[] = [];
  for (const property of object.properties) {
    if (property.type === 'SpreadElement') {
      // `{ ...config.headers, Authorization }`: the headers as they were, with more names; only those of the config the
      // function is given (another object's `headers` may hold a content type).
      const spread = unwrapTS(property.argument);
      if (spread.type === 'MemberExpression' && propertyName(spread) === 'headers' && isParameterOfEnclosing(spread.object)) continue;
      return 'body';
    }
    const name = keyOf(property);
    if (name === undefined) return 'body';
    effects.push(groups && HEADER_GROUPS.has(name) && unwrapTS(property.value).type === 'ObjectExpression'
      ? headersObject(property.value, false) : headerEffect(name, property.value));
  }
  return worst(effects);
}

/** `Object.assign(X.defaults, { ... })` or a returned `{ ...config, key: value }`: each key written at `path`. */
function objectWrite(path: readonly (string | null)[], value: TSESTree.Node): SetupEffect | undefined {
  const object = unwrapTS(value);
  if (object.type !== 'ObjectExpression') return 'unknown';
  const effects: (SetupEffect | undefined)[] = [];
  for (const property of object.properties) {
    if (property.type === 'SpreadElement') return 'unknown';
    const name = keyOf(property);
    if (name === undefined) return 'unknown';
    effects.push(configWrite([...path, name], property.value));
  }
  return worst(effects);
}

/** `X.defaults.headers.common.set('Authorization', v)` (AxiosHeaders), `config.headers.get(...)`. */
function headersCall(path: readonly (string | null)[], call: TSESTree.CallExpression): SetupEffect | undefined {
  const method = path[path.length - 1];
  const owner = path.slice(0, -1);
  if (owner[0] !== 'headers' || owner.includes(null)) return 'unknown';
  if (method === 'get' || method === 'has' || method === 'toJSON' || method === 'getAuthorization') return undefined;
  if (method === 'setAuthorization') return undefined;
  if (method === 'set' || method === 'delete' || method === 'append') {
    const name = call.arguments[0] === undefined ? undefined : stringOf(call.arguments[0]);
    // `set(...).set(...)`: what the chain does after this call is not read here.
    const chained = call.parent?.type === 'MemberExpression' && call.parent.object === call;
    return name === undefined ? 'body' : headerEffect(name, method === 'set' && !chained ? call.arguments[1] : undefined);
  }
  return 'body';
}

// ---------------------------------------------------------------------------------------------------------------
// Syntax helpers.

/** The member chain below `start` (`X.defaults.headers.common['A']`): its outermost member and the names after `start`. */
function chainBelow(start: TSESTree.Expression): { top: TSESTree.Expression; path: (string | null)[] } {
  const path: (string | null)[] = [];
  let top: TSESTree.Expression = start;
  while (top.parent?.type === 'MemberExpression' && top.parent.object === top) {
    top = top.parent;
    path.push(propertyName(top) ?? null);
  }
  // TS wrappers around the chain (`(X.defaults as any).foo`) are not followed: the chain ends there.
  return { top, path };
}

type Use =
  | { readonly kind: 'write'; readonly value: TSESTree.Node | undefined }
  | { readonly kind: 'assign'; readonly objects: readonly TSESTree.Node[] }
  | { readonly kind: 'call'; readonly call: TSESTree.CallExpression }
  | { readonly kind: 'read' }
  | { readonly kind: 'escape' };

/** How the outermost member of a chain is used. */
function useOf(top: TSESTree.Expression): Use {
  const parent = top.parent;
  if (parent?.type === 'AssignmentExpression' && parent.left === top) return { kind: 'write', value: parent.operator === '=' ? parent.right : undefined };
  if (parent?.type === 'UpdateExpression') return { kind: 'write', value: undefined };
  if (parent?.type === 'UnaryExpression' && parent.operator === 'delete') return { kind: 'write', value: undefined };
  if (parent?.type === 'CallExpression' && parent.callee === top) return { kind: 'call', call: parent };
  if (parent?.type === 'CallExpression' && parent.arguments[0] === top && calleePath(parent.callee) === 'Object.assign') {
    const rest = parent.arguments.slice(1);
    return rest.some((arg) => arg.type === 'SpreadElement') ? { kind: 'write', value: undefined } : { kind: 'assign', objects: rest };
  }
  // A destructuring or for-of target: written in a way not read here.
  if ((parent?.type === 'Property' && parent.value === top && parent.parent?.type === 'ObjectPattern') || parent?.type === 'ArrayPattern' ||
    ((parent?.type === 'ForOfStatement' || parent?.type === 'ForInStatement') && parent.left === top) ||
    (parent?.type === 'AssignmentPattern' && parent.left === top)) {
    return { kind: 'write', value: undefined };
  }
  // `config.data || {}`, `config.data ?? {}`: the value of the expression may be the object itself, and whatever it
  // is given to changes it; only as a test (`if (config.data && ...)`) is it a read.
  if (parent?.type === 'LogicalExpression') return onlyTested(parent) ? { kind: 'read' } : { kind: 'escape' };
  // An alias, an argument, a returned or stored value: a string stays as it is, an object may be changed through it.
  if (parent?.type === 'MemberExpression' || parent?.type === 'BinaryExpression' ||
    parent?.type === 'TemplateLiteral' || parent?.type === 'IfStatement' || parent?.type === 'ConditionalExpression' && parent.test === top ||
    parent?.type === 'UnaryExpression' || parent?.type === 'SwitchStatement' || parent?.type === 'ExpressionStatement') {
    return { kind: 'read' };
  }
  return { kind: 'escape' };
}

/** An expression whose value is only tested: the condition of an `if`, a loop, a `?:` or a `!`, or part of one. */
function onlyTested(node: TSESTree.Node): boolean {
  const parent = node.parent;
  if (parent === undefined) return false;
  if ((parent.type === 'IfStatement' || parent.type === 'WhileStatement' || parent.type === 'DoWhileStatement' ||
    parent.type === 'ConditionalExpression') && parent.test === node) return true;
  if (parent.type === 'UnaryExpression' && parent.operator === '!') return true;
  return parent.type === 'LogicalExpression' && onlyTested(parent);
}

/** An identifier that names a parameter of the function around it (the config an interceptor is given). */
function isParameterOfEnclosing(node: TSESTree.Node): boolean {
  const id = unwrapTS(node);
  if (id.type !== 'Identifier') return false;
  for (let current: TSESTree.Node | undefined = id.parent; current !== undefined; current = current.parent) {
    if (current.type === 'ArrowFunctionExpression' || current.type === 'FunctionExpression' || current.type === 'FunctionDeclaration') {
      return current.params.some((param) => param.type === 'Identifier' && param.name === id.name);
    }
  }
  return false;
}

function propertyName(member: TSESTree.MemberExpression): string | undefined {
  if (!member.computed) return member.property.type === 'Identifier' ? member.property.name : undefined;
  return stringOf(member.property);
}

function stringOf(node: TSESTree.Node): string | undefined {
  const expr = unwrapTS(node);
  if (expr.type === 'Literal' && typeof expr.value === 'string') return expr.value;
  if (expr.type === 'TemplateLiteral' && expr.expressions.length === 0) return expr.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

function keyOf(property: TSESTree.Property): string | undefined {
  if (!property.computed && property.key.type === 'Identifier') return property.key.name;
  return stringOf(property.key);
}

const RANK: Record<SetupEffect, number> = { url: 1, method: 1, body: 2, unknown: 3 };

/** The effect that says most: what cannot be read over the body over the URL and the method. */
function worst(effects: readonly (SetupEffect | undefined)[]): SetupEffect | undefined {
  let result: SetupEffect | undefined;
  for (const effect of effects) if (effect !== undefined && (result === undefined || RANK[effect] > RANK[result])) result = effect;
  return result;
}

function labelOf(node: TSESTree.Node, ctx: SourceContext): string {
  // Spaces go, but the one between two words (`'Content-Type' as string`).
  const text = ctx.text.slice(node.range[0], node.range[1])
    .replace(/\s+/g, (space: string, at: number, all: string) => (/[\w'"`]/.test(all[at - 1] ?? '') && /[\w'"`]/.test(all[at + space.length] ?? '') ? ' ' : ''));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function lineOf(node: TSESTree.Node, ctx: SourceContext): number {
  let line = 1;
  for (let i = ctx.text.indexOf('\n'); i !== -1 && i < node.range[0]; i = ctx.text.indexOf('\n', i + 1)) line++;
  return line;
}
