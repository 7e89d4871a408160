/**
 * NestJS's `HttpService` (`@nestjs/axios`), injected by a constructor parameter (`private readonly http: HttpService`):
 * axios underneath, so `this.http.post(url, data, config)` keeps URL, method and body where axios does, and returns an
 * Observable of the same request (usually awaited through `firstValueFrom`). The service is the library's own axios for
 * `HttpModule`, and an instance made with the module's options for `HttpModule.register(options)`; options that may
 * change the URL, the method or the body (or `registerAsync`, whose options are made at run time) are client setup.
 * `this.http.axiosRef` is that very axios instance: the same setup holds its calls. A parameter the injector fills from
 * another provider (`@Inject(TOKEN)`, or any decorator on it) or a provider of `HttpService` itself (`useFactory`,
 * `useValue`, `useClass`) hands over a service made elsewhere, whose axios instance may have any defaults: setup that
 * cannot be read, named with the provider's place.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../context.js';
import { findVariable, importOf } from '../scope.js';
import { calleePath, forEachCall, staticKey, unwrapTS } from '../syntax.js';
import { axiosClient } from './axios.js';
import { isPlainObject } from './options.js';
import { setupOf, type ClientSetup } from './setup.js';
import type { ClientRef, ClientSpec } from './spec.js';
import { thisField } from './this-member.js';

/** HttpModule options that change nothing the migration depends on. */
const HARMLESS_OPTIONS: ReadonlySet<string> = new Set([
  'timeout', 'timeoutErrorMessage', 'maxRedirects', 'httpAgent', 'httpsAgent', 'proxy', 'validateStatus', 'responseType',
  'responseEncoding', 'maxContentLength', 'maxBodyLength', 'withCredentials', 'xsrfCookieName', 'xsrfHeaderName', 'decompress',
  'signal', 'auth', 'maxRate', 'beforeRedirect', 'socketPath', 'insecureHTTPParser', 'onUploadProgress', 'onDownloadProgress',
]);

const REGISTER = /\bHttpModule\s*\.\s*register(?:Async)?\b/;
/** A provider of the service itself (`{ provide: HttpService, useFactory }`): every injection of it gets that one. */
const PROVIDES_SERVICE = /\bprovide\s*:\s*HttpService\b/;

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

/** A provider of `HttpService` itself, anywhere the analysis reads: the service every class is handed is made there. */
function serviceProvider(ctx: SourceContext): ClientSetup[] {
  const place = firstPlace(PROVIDES_SERVICE, ctx);
  return place === undefined ? [] : [{ target: { kind: 'any' }, what: 'defaults', effect: 'unknown', label: 'the provider of HttpService', place }];
}

/** `HttpModule.register(...)` in the call's file and, with project facts, in every file of the program. */
function moduleOptions(ctx: SourceContext, program: TSESTree.Program): ClientSetup[] {
  const files: { program: TSESTree.Program; ctx: SourceContext }[] = [{ program, ctx }];
  if (ctx.project?.filesMatching !== undefined) files.push(...ctx.project.filesMatching(REGISTER).filter((file) => file.ctx.text !== ctx.text));
  else if (ctx.project?.anyFileMatches?.(REGISTER) === true) {
    return [{ target: { kind: 'any' }, what: 'defaults', effect: 'unknown', label: 'HttpModule.register options', place: 'another module' }];
  }
  const found: ClientSetup[] = [];
  for (const file of files) {
    if (!REGISTER.test(file.ctx.text)) continue;
    forEachCall(file.program, (call) => {
      const path = calleePath(call.callee);
      if (path !== 'HttpModule.register' && path !== 'HttpModule.registerAsync') return;
      const options = call.arguments[0] === undefined ? undefined : unwrapTS(call.arguments[0]);
      const readable = path === 'HttpModule.register' && options?.type === 'ObjectExpression' && isPlainObject(options) &&
        options.properties.every((p) => p.type === 'Property' && HARMLESS_OPTIONS.has(staticKey(p) ?? ''));
      if (readable || (options === undefined && path === 'HttpModule.register')) return;
      const line = call.loc?.start.line ?? file.ctx.text.slice(0, call.range[0]).split('\n').length;
      const own = file.ctx.text === ctx.text;
      const place = own || file.ctx.file === undefined ? `line ${line}` : `${file.ctx.file}:${line}`;
      found.push({ target: { kind: 'any' }, what: 'defaults', effect: 'unknown', label: `${path} options`, place });
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
      return [...setupOf(client, program, ctx, resolve), ...serviceProvider(ctx), ...moduleOptions(ctx, program)];
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
  const annotation = param?.parameter.typeAnnotation?.typeAnnotation;
  if (annotation?.type !== 'TSTypeReference' || annotation.typeName.type !== 'Identifier') return undefined;
  const variable = findVariable(ctx.getScope(annotation.typeName), annotation.typeName.name);
  const imported = variable === undefined ? undefined : importOf(variable);
  if (imported?.source !== '@nestjs/axios' || imported.imported !== 'HttpService') return undefined;
  const client: ClientRef = { library: 'axios', spec: httpService(), instance: false };
  // The injector fills a decorated parameter from the provider the decorator names, not HttpModule's.
  const decorator = param?.decorators?.[0];
  if (decorator !== undefined) injected.set(client, decoratorProvider(decorator, ctx));
  return client;
}

/** `this.http.axiosRef`: the axios instance of NestJS's service, which its setup holds as it holds the service's calls. */
export function nestAxiosRef(member: TSESTree.MemberExpression, ctx: SourceContext): ClientRef | undefined {
  if (member.computed || member.property.type !== 'Identifier' || member.property.name !== 'axiosRef') return undefined;
  const service = unwrapTS(member.object);
  return service.type === 'MemberExpression' && unwrapTS(service.object).type === 'ThisExpression' && thisField(service, ctx)?.kind === 'parameter'
    ? nestHttpService(service, ctx) : undefined;
}

