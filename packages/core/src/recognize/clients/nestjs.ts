/**
 * NestJS's `HttpService` (`@nestjs/axios`), injected by a constructor parameter (`private readonly http: HttpService`):
 * axios underneath, so `this.http.post(url, data, config)` keeps URL, method and body where axios does, and returns an
 * Observable of the same request (usually awaited through `firstValueFrom`). The service is the library's own axios for
 * `HttpModule`, and an instance made with the module's options for `HttpModule.register(options)`; options that may
 * change the URL, the method or the body (or `registerAsync`, whose options are made at run time) are client setup.
 * `this.http.axiosRef` is that very axios instance: the same setup holds its calls. A parameter the injector fills from
 * another provider (`@Inject(TOKEN)`, or any decorator on it) or a provider of `HttpService` itself (`useFactory`,
 * `useValue`, `useClass`) hands over a service made elsewhere, whose axios instance may have any defaults: setup that
 * cannot be read, named with the provider's place. The service is known by what its name is bound to, not by how it is
 * spelled: an import under another name (`HttpService as NestHttp`), a namespace member, a name a module of the program
 * re-exports it as; and wherever it is reached: a parameter of a method or a function typed `HttpService`, and its
 * `axiosRef` however it is taken (`http.axiosRef`, `const { axiosRef } = http`).
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../../facts/context.js';
import { constInitOf, findVariable, importOf, isNeverReassigned, type VariableLike } from '../../facts/scope.js';
import { calleePath, forEachCall, MAX_DEPTH, someNode, staticKey, unwrapTS } from '../../facts/syntax.js';
import { axiosClient } from './axios.js';
import { isPlainObject } from './options.js';
import { headersChangeNothing, setupOf, type ClientSetup } from './setup.js';
import type { ClientRef, ClientSpec } from './spec.js';
import { thisField } from './this-member.js';

/** HttpModule options that change nothing the migration depends on. */
const HARMLESS_OPTIONS: ReadonlySet<string> = new Set([
  'timeout', 'timeoutErrorMessage', 'maxRedirects', 'httpAgent', 'httpsAgent', 'proxy', 'validateStatus', 'responseType',
  'responseEncoding', 'maxContentLength', 'maxBodyLength', 'withCredentials', 'xsrfCookieName', 'xsrfHeaderName', 'decompress',
  'signal', 'auth', 'maxRate', 'beforeRedirect', 'socketPath', 'insecureHTTPParser', 'onUploadProgress', 'onDownloadProgress',
]);

const REGISTER = /\bHttpModule\s*\.\s*register(?:Async)?\b/;
/** A key `provide`: the files where a provider of the service may be written (read to find what each provides). */
const PROVIDE = /\bprovide\s*:/;
/**
 * A provider of the service as text, where the program can only say whether some file matches: `provide:` followed by
 * the service's own name (alone or as a member), or any name the program binds the service to (`HttpService as X`).
 */
const PROVIDES_SERVICE = /\bprovide\s*:\s*(?:[\w$]+\s*(?:\.\s*|\[\s*['"`]))?HttpService\b/;
const ALIASED_SERVICE = /\bHttpService\s+as\s+[\w$]/;

/** The line of `index` in `text`, named as `line N` in the call's own file and `file:N` in another. */
function placeIn(text: string, index: number, file: SourceContext, ctx: SourceContext): string {
  const line = text.slice(0, index).split('\n').length;
  return file.text === ctx.text || file.file === undefined ? `line ${line}` : `${file.file}:${line}`;
}

/**
 * The first place in the call's file or, with project facts, in any file of the program whose text matches `pattern`;
 * `another module` when the program can only say that one does, undefined when none does.
 */
function firstPlace(pattern: RegExp, ctx: SourceContext): string | undefined {
  const own = pattern.exec(ctx.text);
  if (own !== null) return placeIn(ctx.text, own.index, ctx, ctx);
  if (ctx.project?.filesMatching !== undefined) {
    for (const file of ctx.project.filesMatching(pattern)) {
      const match = pattern.exec(file.ctx.text);
      if (match !== null) return placeIn(file.ctx.text, match.index, file.ctx, ctx);
    }
    return undefined;
  }
  return ctx.project?.anyFileMatches?.(pattern) === true ? 'another module' : undefined;
}

/**
 * Whether `node`, the value of a `provide:` key, is `@nestjs/axios`'s `HttpService`, whatever the file calls it: its own
 * name, an import under another name (`HttpService as NestHttp`, from the package or from a module of the program that
 * re-exports it so), a namespace member (`nestAxios.HttpService`, `ns['HttpService']`), or a const set to one of these.
 */
function isServiceToken(node: TSESTree.Node, ctx: SourceContext, depth = 0): boolean {
  const expr = unwrapTS(node);
  if (expr.type === 'MemberExpression') return staticKey(expr) === 'HttpService';
  if (expr.type !== 'Identifier') return false;
  const variable = findVariable(ctx.getScope(expr), expr.name);
  if (variable === undefined) return expr.name === 'HttpService';
  const imported = importOf(variable);
  if (imported !== undefined) return imported.imported === 'HttpService' || reexportedAs(imported.imported, ctx);
  const init = constInitOf(variable);
  return init !== undefined && depth < MAX_DEPTH && isServiceToken(init, ctx, depth + 1);
}

/** Whether the program exports `HttpService` under `name` (`export { HttpService as NestHttp } from '@nestjs/axios'`). */
function reexportedAs(name: string, ctx: SourceContext): boolean {
  const escaped = name.replace(/\$/g, '\\$&');
  const pattern = new RegExp(`\\bHttpService\\s+as\\s+${escaped}(?![\\w$])`);
  return pattern.test(ctx.text) || ctx.project?.anyFileMatches?.(pattern) === true;
}

/** The provider of the service each file read holds (null: none), so that a file is walked once for every call. */
const providers = new WeakMap<TSESTree.Program, TSESTree.Property | null>();

/** The first `provide:` of the service in a file, by what its value is bound to. */
function providerIn(program: TSESTree.Program, ctx: SourceContext): TSESTree.Property | undefined {
  if (!PROVIDE.test(ctx.text)) return undefined;
  const known = providers.get(program);
  if (known !== undefined) return known ?? undefined;
  let found: TSESTree.Property | undefined;
  someNode(program, (node) => {
    if (node.type !== 'Property' || node.computed || staticKey(node) !== 'provide' || !isServiceToken(node.value, ctx)) return false;
    found = node;
    return true;
  });
  providers.set(program, found ?? null);
  return found;
}

/** A provider of `HttpService` itself, anywhere the analysis reads: the service every class is handed is made there. */
function serviceProvider(ctx: SourceContext, program: TSESTree.Program): ClientSetup[] {
  const found = (place: string): ClientSetup[] => [{ target: { kind: 'any' }, what: 'defaults', effect: 'unknown', label: 'the provider of HttpService', place }];
  const own = providerIn(program, ctx);
  if (own !== undefined) return found(placeIn(ctx.text, own.range[0], ctx, ctx));
  if (ctx.project?.filesMatching !== undefined) {
    for (const file of ctx.project.filesMatching(PROVIDE)) {
      if (file.ctx.text === ctx.text) continue;
      const provider = providerIn(file.program, file.ctx);
      if (provider !== undefined) return found(placeIn(file.ctx.text, provider.range[0], file.ctx, ctx));
    }
    return [];
  }
  const written = ctx.project?.anyFileMatches?.(PROVIDES_SERVICE) === true ||
    (ctx.project?.anyFileMatches?.(ALIASED_SERVICE) === true && ctx.project.anyFileMatches(PROVIDE));
  return written ? found('another module') : [];
}

/** A file that may register HttpModule under any name: it spells the module's name (in its import, at least) and a register call. */
const MODULE_NAMED = /\bHttpModule\b/;
const REGISTER_CALL = /\bregister(?:Async)?\s*\(/;

/**
 * `register` or `registerAsync` when the call is one of HttpModule's: `HttpModule.register(...)` as written, or through
 * any name the file binds the module to (`import { HttpModule as Http }`, `nestAxios.HttpModule`).
 */
function registerOf(call: TSESTree.CallExpression, ctx: SourceContext): 'register' | 'registerAsync' | undefined {
  const callee = unwrapTS(call.callee);
  if (callee.type !== 'MemberExpression') return undefined;
  const method = staticKey(callee);
  if (method !== 'register' && method !== 'registerAsync') return undefined;
  const owner = unwrapTS(callee.object);
  if (owner.type === 'MemberExpression') return staticKey(owner) === 'HttpModule' ? method : undefined;
  if (owner.type !== 'Identifier') return undefined;
  if (owner.name === 'HttpModule') return method;
  const variable = findVariable(ctx.getScope(owner), owner.name);
  return variable !== undefined && importOf(variable)?.imported === 'HttpModule' ? method : undefined;
}

/** An options object written out whose every key is one that changes nothing the migration depends on. */
function harmlessOptions(options: TSESTree.Node | undefined): boolean {
  return options?.type === 'ObjectExpression' && isPlainObject(options) && options.properties.every((p) => {
    if (p.type !== 'Property') return false;
    const key = staticKey(p) ?? '';
    // A base URL is the service's as an instance's is (a URL built on it is read at the call); headers of static
    // names, none of them the content type, change nothing of how the body is sent.
    if (key === 'baseURL') return true;
    if (key === 'headers') return headersChangeNothing(p.value);
    return HARMLESS_OPTIONS.has(key);
  });
}

/**
 * `registerAsync({ imports, inject, useFactory: (config) => ({ baseURL: config.get(...), headers: {...} }) })`: the
 * options the factory returns, written out, are read as `register`'s are (their values made at run time, their keys
 * not); `useClass`, `useExisting` or a factory that returns anything else cannot be read.
 */
function harmlessFactory(options: TSESTree.Node | undefined): boolean {
  if (options?.type !== 'ObjectExpression') return false;
  let factory: TSESTree.Node | undefined;
  for (const property of options.properties) {
    const key = property.type === 'Property' ? staticKey(property) : undefined;
    if (key === 'useFactory') factory = unwrapTS((property as TSESTree.Property).value);
    else if (key !== 'imports' && key !== 'inject') return false;
  }
  if (factory?.type !== 'ArrowFunctionExpression' && factory?.type !== 'FunctionExpression') return false;
  const body = factory.body;
  let returned: TSESTree.Node | undefined;
  if (body.type !== 'BlockStatement') returned = body;
  else if (body.body.length === 1 && body.body[0]!.type === 'ReturnStatement') returned = body.body[0]!.argument ?? undefined;
  return returned !== undefined && harmlessOptions(unwrapTS(returned));
}

/** `HttpModule.register(...)` (under any name) in the call's file and, with project facts, in every file of the program. */
function moduleOptions(ctx: SourceContext, program: TSESTree.Program): ClientSetup[] {
  const files: { program: TSESTree.Program; ctx: SourceContext }[] = [{ program, ctx }];
  if (ctx.project?.filesMatching !== undefined) files.push(...ctx.project.filesMatching(MODULE_NAMED).filter((file) => file.ctx.text !== ctx.text));
  else if (ctx.project?.anyFileMatches?.(REGISTER) === true ||
    (ctx.project?.anyFileMatches?.(/\bHttpModule\s+as\b/) === true && ctx.project.anyFileMatches(REGISTER_CALL))) {
    return [{ target: { kind: 'any' }, what: 'defaults', effect: 'unknown', label: 'HttpModule.register options', place: 'another module' }];
  }
  const found: ClientSetup[] = [];
  for (const file of files) {
    if (!MODULE_NAMED.test(file.ctx.text) || !REGISTER_CALL.test(file.ctx.text)) continue;
    forEachCall(file.program, (call) => {
      const method = registerOf(call, file.ctx);
      if (method === undefined) return;
      const options = call.arguments[0] === undefined ? undefined : unwrapTS(call.arguments[0]);
      const readable = method === 'register' ? harmlessOptions(options) : harmlessFactory(options);
      if (readable || (options === undefined && method === 'register')) return;
      const line = call.loc?.start.line ?? file.ctx.text.slice(0, call.range[0]).split('\n').length;
      const own = file.ctx.text === ctx.text;
      const place = own || file.ctx.file === undefined ? `line ${line}` : `${file.ctx.file}:${line}`;
      const written = calleePath(call.callee) ?? `HttpModule.${method}`;
      found.push({ target: { kind: 'any' }, what: 'defaults', effect: 'unknown', label: `${written} options`, place });
    });
  }
  return found;
}

/** The service a decorated parameter is handed: the provider that makes it, as setup that cannot be read. */
const injected = new WeakMap<ClientRef, ClientSetup>();

/**
 * axios, with the options of NestJS's HttpModule (or the provider of the service) as setup of the service's client
 * (made on first use: the modules import each other).
 */
let httpServiceSpec: ClientSpec | undefined;
function httpService(): ClientSpec {
  httpServiceSpec ??= {
    ...axiosClient,
    setup: (client, program, ctx, resolve) => {
      const provider = injected.get(client);
      // Another provider's service: HttpModule's options are not its setup, the provider is.
      if (provider !== undefined) return [provider, ...setupOf(client, program, ctx, resolve)];
      return [...setupOf(client, program, ctx, resolve), ...serviceProvider(ctx, program), ...moduleOptions(ctx, program)];
    },
  };
  return httpServiceSpec;
}

/** `@Inject(LEGACY_HTTP)` on the parameter: the provider of that token (where the program declares it), else the decorator. */
function decoratorProvider(decorator: TSESTree.Decorator, ctx: SourceContext): ClientSetup {
  const expression = unwrapTS(decorator.expression);
  const written = ctx.text.slice(decorator.range[0], decorator.range[1]).replace(/\s+/g, ' ');
  const token = expression.type === 'CallExpression' && expression.arguments.length === 1 ? unwrapTS(expression.arguments[0]!) : undefined;
  const name = token?.type === 'Identifier' ? token.name : token?.type === 'Literal' && typeof token.value === 'string' ? token.value : undefined;
  const escaped = name?.replace(/[$.*+?^()[\]{}|\\]/g, '\\$&');
  const pattern = name === undefined ? undefined
    : new RegExp(token?.type === 'Identifier' ? `\\bprovide\\s*:\\s*${escaped}(?![\\w$])` : `\\bprovide\\s*:\\s*(['"\`])${escaped}\\1`);
  const provider = pattern === undefined ? undefined : firstPlace(pattern, ctx);
  const at = placeIn(ctx.text, decorator.range[0], ctx, ctx);
  return provider === undefined
    ? { target: { kind: 'any' }, what: 'defaults', effect: 'unknown', label: `the provider of the service injected by ${written}`, place: at }
    : { target: { kind: 'any' }, what: 'defaults', effect: 'unknown', label: `the provider of ${name!}, injected by ${written}`, place: provider };
}

/** A type that names `@nestjs/axios`'s `HttpService`: imported under any name, or a member of the package's namespace. */
function isServiceType(annotation: TSESTree.TypeNode | undefined, ctx: SourceContext): boolean {
  if (annotation?.type !== 'TSTypeReference') return false;
  const name = annotation.typeName;
  const head = name.type === 'TSQualifiedName' ? name.left : name;
  if (head.type !== 'Identifier' || (name.type === 'TSQualifiedName' && name.right.name !== 'HttpService')) return false;
  const variable = findVariable(ctx.getScope(head), head.name);
  const imported = variable === undefined ? undefined : importOf(variable);
  return imported?.source === '@nestjs/axios' && imported.imported === (name.type === 'TSQualifiedName' ? '*' : 'HttpService');
}

/** The service as an axios client; `decorator`, on an injected parameter, names the provider that makes it instead. */
function serviceClient(decorator: TSESTree.Decorator | undefined, ctx: SourceContext): ClientRef {
  const client: ClientRef = { library: 'axios', spec: httpService(), instance: false };
  // The injector fills a decorated parameter from the provider the decorator names, not HttpModule's.
  if (decorator !== undefined) injected.set(client, decoratorProvider(decorator, ctx));
  return client;
}

/** Whether a client is NestJS's service (or its `axiosRef`): what `axiosRef` of it is. */
export function isNestHttpService(client: ClientRef): boolean {
  return client.spec === httpServiceSpec && httpServiceSpec !== undefined;
}

/**
 * `this.http` when the class takes it as a constructor parameter typed `HttpService` of `@nestjs/axios`, set nowhere
 * else: the service, as an axios client.
 */
export function nestHttpService(member: TSESTree.MemberExpression, ctx: SourceContext): ClientRef | undefined {
  if (member.property.type !== 'Identifier' || thisField(member, ctx)?.kind !== 'parameter') return undefined;
  const name = member.property.name;
  let cls: TSESTree.Node | undefined = member.parent;
  while (cls !== undefined && cls.type !== 'ClassBody') cls = cls.parent;
  if (cls === undefined) return undefined;
  const ctor = cls.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor');
  const param = ctor?.value.params.find((p): p is TSESTree.TSParameterProperty =>
    p.type === 'TSParameterProperty' && p.parameter.type === 'Identifier' && p.parameter.name === name);
  if (!isServiceType(param?.parameter.typeAnnotation?.typeAnnotation, ctx)) return undefined;
  return serviceClient(param?.decorators?.[0], ctx);
}

/**
 * A parameter typed `HttpService` that nothing writes again: of a method or a function (`assign(http: HttpService)`,
 * whose caller hands over a service made as every one is) or of the constructor, read in it. The same client as
 * `this.http`, held by the same setup.
 */
export function nestServiceParameter(variable: VariableLike, ctx: SourceContext): ClientRef | undefined {
  const def = variable.defs[0];
  if (variable.defs.length !== 1 || def?.type !== 'Parameter' || !isNeverReassigned(variable)) return undefined;
  const id = def.name as unknown as TSESTree.Node;
  if (id.type !== 'Identifier' || !isServiceType(id.typeAnnotation?.typeAnnotation, ctx)) return undefined;
  const owner = id.parent;
  const decorator = owner?.type === 'TSParameterProperty' ? owner.decorators[0] : id.decorators[0];
  return serviceClient(decorator, ctx);
}
