/**
 * The client-family findings under real ESLint, typed (`projectService`, `followImports`) and untyped: each call the
 * codemod holds is reported for a person with the same reason, never fixed by `--fix`, and typed linting names the
 * same places project mode names (a setup in another module, a page that calls a wrapper).
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { describeReason, type Reason, ReasonCode } from '@app-assignment/core';
import plugin from 'eslint-plugin-app-assignment';
import { SAMPLE_APP_DIR } from '../../../fixtures/load.js';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

const TSCONFIG = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, experimentalDecorators: true }, include: ['src'] });

function project(files: Record<string, string>): string {
  const dir = makeTempDir('app-assignment-families-');
  for (const [name, text] of Object.entries({ 'package.json': '{"private":true,"type":"module"}\n', 'tsconfig.json': TSCONFIG, ...files })) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  symlinkSync(join(SAMPLE_APP_DIR, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** `eslint --fix` of `file` with autofix, typed or not: the messages, and the file after the fix. */
async function lint(dir: string, file: string, typed: boolean): Promise<{ messages: { line: number; messageId?: string; message: string }[]; after: string }> {
  const eslint = new ESLint({
    cwd: dir,
    fix: true,
    overrideConfigFile: true,
    overrideConfig: [{
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser, ...(typed ? { parserOptions: { projectService: true, tsconfigRootDir: dir } } : {}) },
      plugins: { 'app-assignment': plugin as unknown as ESLint.Plugin },
      rules: { 'app-assignment/no-deprecated-assign': ['error', typed ? { followImports: true, autofix: true } : { autofix: true }] },
    }],
  });
  const [result] = await eslint.lintFiles([file]);
  await ESLint.outputFixes([result!]);
  return { messages: result!.messages, after: readFileSync(join(dir, file), 'utf8') };
}

/** The file is reported once at `line`, for a person, with `reason` in its message, and --fix changes nothing. */
async function expectHeld(dir: string, file: string, typed: boolean, line: number, reason: Reason): Promise<void> {
  const before = readFileSync(join(dir, file), 'utf8');
  const { messages, after } = await lint(dir, file, typed);
  expect(messages.map((m) => [m.line, m.messageId])).toEqual([[line, 'deprecatedManual']]);
  expect(messages[0]!.message).toContain(describeReason(reason));
  expect(after).toBe(before);
}

const FORM = "headers: { 'Content-Type': 'application/x-www-form-urlencoded' }";

describe('NestJS', () => {
  const service = (parameter: string, call: string) => [
    "import { Inject, Injectable } from '@nestjs/common';",
    "import { HttpService } from '@nestjs/axios';",
    "import { LEGACY_HTTP } from './tokens.js';",
    '',
    '@Injectable()',
    'export class AppsService {',
    `  constructor(${parameter}) {}`,
    '  assign(code: string, uid: string) {',
    `    return ${call}(\`https://api.example.com/platform/v1/apps/\${code}/assign\`, { business_uid: uid });`,
    '  }',
    '}',
    '',
  ].join('\n');
  const tokens = "export const LEGACY_HTTP = Symbol('LEGACY_HTTP');\n";

  it('this.http.axiosRef.post: typed linting names the HttpModule.register options of another module', async () => {
    const dir = project({
      'src/tokens.ts': tokens,
      'src/mod.ts': `import { Module } from '@nestjs/common';\nimport { HttpModule } from '@nestjs/axios';\n\n@Module({ imports: [HttpModule.register({ ${FORM} })] })\nexport class AppsModule {}\n`,
      'src/svc.ts': service('private readonly http: HttpService', 'this.http.axiosRef.post'),
    });
    await expectHeld(dir, 'src/svc.ts', true, 9, { code: ReasonCode.clientSetup, key: 'HttpModule.register options (src/mod.ts:4)' });
  });

  it('@Inject(LEGACY_HTTP): typed linting names the provider of the token; untyped, the decorator', async () => {
    const dir = project({
      'src/tokens.ts': tokens,
      'src/mod.ts': [
        "import { Module } from '@nestjs/common';",
        "import { HttpService } from '@nestjs/axios';",
        "import axios from 'axios';",
        "import { LEGACY_HTTP } from './tokens.js';",
        '',
        `@Module({ providers: [{ provide: LEGACY_HTTP, useFactory: () => new HttpService(axios.create({ ${FORM} })) }] })`,
        'export class LegacyHttpModule {}',
        '',
      ].join('\n'),
      'src/svc.ts': service('@Inject(LEGACY_HTTP) private readonly http: HttpService', 'this.http.post'),
    });
    await expectHeld(dir, 'src/svc.ts', true, 9, { code: ReasonCode.clientSetup, key: 'the provider of LEGACY_HTTP, injected by @Inject(LEGACY_HTTP) (src/mod.ts:6)' });
    await expectHeld(dir, 'src/svc.ts', false, 9, { code: ReasonCode.clientSetup, key: 'the provider of the service injected by @Inject(LEGACY_HTTP) (line 7)' });
  });
  it('a provider of HttpService imported under another name: typed linting names it, as project mode does', async () => {
    const dir = project({
      'src/tokens.ts': tokens,
      'src/mod.ts': [
        "import { Module } from '@nestjs/common';",
        "import { HttpService as NestHttp } from '@nestjs/axios';",
        "import axios from 'axios';",
        '',
        `@Module({ providers: [{ provide: NestHttp, useFactory: () => new NestHttp(axios.create({ ${FORM} })) }] })`,
        'export class GatewayModule {}',
        '',
      ].join('\n'),
      'src/svc.ts': service('private readonly http: HttpService', 'this.http.post'),
    });
    await expectHeld(dir, 'src/svc.ts', true, 9, { code: ReasonCode.clientSetup, key: 'the provider of HttpService (src/mod.ts:5)' });
  });

  it('a function parameter typed HttpService: typed linting holds it by the HttpModule.register options of another module', async () => {
    const dir = project({
      'src/mod.ts': `import { Module } from '@nestjs/common';\nimport { HttpModule } from '@nestjs/axios';\n\n@Module({ imports: [HttpModule.register({ ${FORM} })] })\nexport class AppsModule {}\n`,
      'src/assign.ts': [
        "import type { HttpService } from '@nestjs/axios';",
        'export function assign(http: HttpService, code: string, uid: string) {',
        '  return http.axiosRef.post(`https://api.example.com/platform/v1/apps/${code}/assign`, { business_uid: uid });',
        '}',
        '',
      ].join('\n'),
    });
    await expectHeld(dir, 'src/assign.ts', true, 3, { code: ReasonCode.clientSetup, key: 'HttpModule.register options (src/mod.ts:4)' });
  });
});

describe('Apollo: a data source whose base class is in another module', () => {
  const files = {
    'src/v4base.ts': [
      "import { RESTDataSource, type AugmentedRequest } from '@apollo/datasource-rest';",
      'export class V4Base extends RESTDataSource {',
      "  override baseURL = 'https://api.example.com/';",
      '  override willSendRequest(_path: string, request: AugmentedRequest) {',
      "    request.headers['content-type'] = 'application/x-www-form-urlencoded';",
      '  }',
      '}',
      '',
    ].join('\n'),
    'src/v4apps.ts': [
      "import { V4Base } from './v4base.js';",
      'export class V4Apps extends V4Base {',
      '  assign(code: string, uid: string) {',
      '    return this.post(`/platform/v1/apps/${code}/assign`, { body: { business_uid: uid } });',
      '  }',
      '}',
      '',
    ].join('\n'),
  };

  it('typed linting follows the import to the base\'s willSendRequest; untyped, the base is named as not read', async () => {
    const dir = project(files);
    await expectHeld(dir, 'src/v4apps.ts', true, 4, { code: ReasonCode.clientSetup, key: "the data source's willSendRequest (src/v4base.ts:4)" });
    await expectHeld(dir, 'src/v4apps.ts', false, 4, { code: ReasonCode.clientBaseUnread, key: "V4Base (imported from './v4base.js', line 1)" });
  });
});

describe('undici: the global dispatcher', () => {
  it('setGlobalDispatcher with an interceptor in another module holds the global fetch (typed); in the same file, untyped too', async () => {
    const setup = [
      "import { Agent, type Dispatcher, setGlobalDispatcher } from 'undici';",
      '',
      'const toForm: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) =>',
      "  dispatch({ ...opts, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, handler);",
      '',
      'setGlobalDispatcher(new Agent().compose(toForm));',
      '',
    ].join('\n');
    const send = [
      'export async function assign(code: string, uid: string) {',
      '  const res = await fetch(`https://api.example.com/platform/v1/apps/${code}/assign`, {',
      "    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ business_uid: uid }),",
      '  });',
      '  return res.status;',
      '}',
      '',
    ].join('\n');
    const dir = project({ 'src/setup.ts': setup, 'src/b.ts': send, 'src/one.ts': `${setup}\n${send}` });
    await expectHeld(dir, 'src/b.ts', true, 2, { code: ReasonCode.clientSetup, key: 'setGlobalDispatcher(new Agent().compose(toForm)) (src/one.ts:6) and setGlobalDispatcher(new Agent().compose(toForm)) (src/setup.ts:6)' });
    await expectHeld(dir, 'src/one.ts', false, 9, { code: ReasonCode.clientSetup, key: 'setGlobalDispatcher(new Agent().compose(toForm)) (line 6)' });
  });
});

describe('a wrapper named in an HTML page', () => {
  it('typed linting holds the wrapper and names the page and line, as project mode does', async () => {
    const dir = project({
      'src/api.ts': [
        'export async function assignApp(code: string, body: object) {',
        "  return fetch(`https://api.example.com/platform/v1/apps/${encodeURIComponent(code)}/assign`, { method: 'POST', body: JSON.stringify(body) });",
        '}',
        '',
      ].join('\n'),
      'src/use.ts': "import { assignApp } from './api.js';\nexport const run = (code: string, uid: string) => assignApp(code, { business_uid: uid });\n",
      'index.html': "<!doctype html>\n<script type=\"module\">\n  import { assignApp } from '/src/api.ts';\n  assignApp('crm', { directory_uid: 'dir_1', is_internal: 'true' });\n</script>\n",
    });
    await expectHeld(dir, 'src/api.ts', true, 2, { code: ReasonCode.wrapperCallerUnread, key: 'index.html:3' });
    const { messages, after } = await lint(dir, 'src/use.ts', true);
    expect(messages.filter((m) => m.messageId !== 'deprecatedManual')).toEqual([]);
    expect(after).toContain('{ business_uid: uid }');
  });

  it.each([
    ['an HTML page, through an index that re-exports it under another name', 'docs/demo.html', "import { grant } from '../src/index.js';\n  grant", 'docs/demo.html:3'],
    ['an HTML page, as a member of a namespace import', 'docs/demo.html', "import * as api from '../src/api.js';\n  api.assignApp", 'docs/demo.html:4'],
    ["an EJS template's module script", 'views/admin.ejs', "import { assignApp } from '/src/api.js';\n  assignApp", 'views/admin.ejs:3'],
    ["a PHP template's module script", 'views/admin.php', "import { assignApp } from '/src/api.js';\n  assignApp", 'views/admin.php:3'],
  ])('%s: typed linting holds the wrapper and names the page and line, as project mode does', async (_name, page, script, place) => {
    const dir = project({
      'src/api.ts': [
        'export async function assignApp(code: string, body: object) {',
        "  return fetch(`https://api.example.com/platform/v1/apps/${encodeURIComponent(code)}/assign`, { method: 'POST', body: JSON.stringify(body) });",
        '}',
        '',
      ].join('\n'),
      'src/index.ts': "export { assignApp as grant } from './api.js';\n",
      'src/use.ts': "import { assignApp } from './api.js';\nexport const run = (code: string, uid: string) => assignApp(code, { business_uid: uid });\n",
      [page]: `<button id="b">Assign</button>\n<script type="module">\n  ${script}('crm', { business_uid: 'demo-business' });\n</script>\n`,
    });
    await expectHeld(dir, 'src/api.ts', true, 2, { code: ReasonCode.wrapperCallerUnread, key: place });
  });
});

describe('one file linted without types: the setup in it holds its call', () => {
  it('HttpModule.register options in the same file hold this.http.axiosRef.post', async () => {
    const dir = project({
      'src/svc.ts': [
        "import { Injectable, Module } from '@nestjs/common';",
        "import { HttpModule, HttpService } from '@nestjs/axios';",
        '',
        `@Module({ imports: [HttpModule.register({ ${FORM} })] })`,
        'export class LegacyHttpModule {}',
        '',
        '@Injectable()',
        'export class AppsService {',
        '  constructor(private readonly http: HttpService) {}',
        '  assign(code: string, uid: string) {',
        '    return this.http.axiosRef.post(`https://api.example.com/platform/v1/apps/${code}/assign`, { business_uid: uid });',
        '  }',
        '}',
        '',
      ].join('\n'),
    });
    await expectHeld(dir, 'src/svc.ts', false, 11, { code: ReasonCode.clientSetup, key: 'HttpModule.register options (line 4)' });
  });

  it("setGlobalDispatcher with an interceptor in the same file holds undici's request", async () => {
    const dir = project({
      'src/a.ts': [
        "import { Agent, type Dispatcher, request, setGlobalDispatcher } from 'undici';",
        '',
        'const toForm: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) =>',
        "  dispatch({ ...opts, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, handler);",
        'setGlobalDispatcher(new Agent().compose(toForm));',
        '',
        'export async function assign(code: string, uid: string) {',
        '  const { statusCode } = await request(`https://api.example.com/platform/v1/apps/${code}/assign`, {',
        "    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ business_uid: uid }),",
        '  });',
        '  return statusCode;',
        '}',
        '',
      ].join('\n'),
    });
    await expectHeld(dir, 'src/a.ts', false, 8, { code: ReasonCode.clientSetup, key: 'setGlobalDispatcher(new Agent().compose(toForm)) (line 5)' });
  });
});
