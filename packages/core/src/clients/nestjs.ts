/**
 * NestJS's `HttpService` (`@nestjs/axios`), injected by a constructor parameter (`private readonly http: HttpService`):
 * axios underneath, so `this.http.post(url, data, config)` keeps URL, method and body where axios does, and returns an
 * Observable of the same request (usually awaited through `firstValueFrom`). The service is the library's own axios for
 * `HttpModule`, and an instance made with the module's options for `HttpModule.register(options)`; options that may
 * change the URL, the method or the body (or `registerAsync`, whose options are made at run time) are client setup.
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

/** axios, with the options of NestJS's HttpModule as setup of the service's client (made on first use: the modules import each other). */
let httpServiceSpec: ClientSpec | undefined;
function httpService(): ClientSpec {
  httpServiceSpec ??= { ...axiosClient, setup: (client, program, ctx) => [...setupOf(client, program, ctx), ...moduleOptions(ctx, program)] };
  return httpServiceSpec;
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
  return { library: 'axios', spec: httpService(), instance: false };
}

