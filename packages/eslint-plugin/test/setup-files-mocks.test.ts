/**
 * A test's mock of the deprecated request and its call are one group, and a mock of the v3 route that the runner's
 * setup files install answers first: the rule reads the setup files a runner config lists (as `migrate` does, file by
 * file too), so that it offers no fix for a call `migrate` keeps with its mock, and offers one where nothing of v3 is
 * installed. A setup list that cannot be read may install one: the call stays too.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from 'eslint-plugin-app-assignment';
import { migrateText } from '@app-assignment/codemod';
import { validateOptions } from '@app-assignment/core';
import { describe, expect, it } from 'vitest';
import { command } from '../../../scripts/lib/command.mjs';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

const TEST = `import nock from 'nock';
import { expect, it } from 'vitest';

async function showToBusiness(appCode: string, businessUid: string): Promise<number> {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    body: JSON.stringify({ business_uid: businessUid }),
  });
  return response.status;
}

it('shows an app to a business', async () => {
  nock('https://api.example.com').post('/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(201);
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`;

const setup = (route: string) => `import nock from 'nock';\nimport { beforeEach } from 'vitest';\n\nbeforeEach(() => {\n  nock('https://api.example.com').post('${route}').reply(409);\n});\n`;
const config = (setupFiles: string, head = '') => `import { defineConfig } from 'vitest/config';\n${head}\nexport default defineConfig({ test: { setupFiles: ${setupFiles} } });\n`;

async function lint(files: Record<string, string>) {
  const dir = makeTempDir('app-assignment-setup-rule-');
  for (const [name, text] of Object.entries({ ...files, 'test/a.test.ts': TEST })) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [{
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { 'app-assignment': plugin as unknown as ESLint.Plugin },
      rules: { 'app-assignment/no-deprecated-assign': ['error', { autofix: true }] },
    }],
  });
  const [result] = await eslint.lintFiles(['test/a.test.ts']);
  return result!.messages.filter((m) => m.ruleId === 'app-assignment/no-deprecated-assign');
}

describe('the runner\'s setup files, read by the rule as migrate reads them', () => {
  it.each([
    ['listed in place', config("['./test/setup.ts']")],
    ['through a spread', config('[...common]', "const common = ['./test/setup.ts'];")],
  ])('a v3 mock of a setup file %s: the call keeps its mock, and gets no fix', async (_name, vitestConfig) => {
    const messages = await lint({ 'vitest.config.ts': vitestConfig, 'test/setup.ts': setup('/v3/apps/app_assignments') });
    expect(messages.map((m) => [m.messageId, m.fix === undefined])).toEqual([['deprecatedManual', true]]);
    expect(messages[0]!.message).toContain("nock('https://api.example.com').post('/v3/apps/app_assignments') in test/setup.ts");
  });

  it('a setup list that cannot be read: the call keeps its mock, the message naming the config line', async () => {
    const messages = await lint({ 'vitest.config.ts': config('setupList()', "import { setupList } from './lists.js';"), 'test/setup.ts': setup('/v3/apps/app_assignments') });
    expect(messages.map((m) => [m.messageId, m.fix === undefined])).toEqual([['deprecatedManual', true]]);
    expect(messages[0]!.message).toContain('in the setup files that vitest.config.ts:3 lists (setupList()), which cannot be read');
  });

  it('a setup mock of another v3 route: the call gets its fix, as migrate rewrites it', async () => {
    const messages = await lint({ 'vitest.config.ts': config("['./test/setup.ts']"), 'test/setup.ts': setup('/v3/users') });
    expect(messages.map((m) => m.fix !== undefined)).toEqual([true]);
    const migrated = migrateText(TEST, 'a.test.ts', validateOptions({}));
    expect(migrated.sites.filter((s) => s.kind === 'call').map((s) => s.migrated)).toEqual([true]);
  });
});

/**
 * With `followImports` and type information the rule settles the whole program (a call through a function of the
 * program goes that way): it reads the setup files with the same function of core, so that it keeps the call `migrate`
 * keeps, and offers the fix that `migrate` writes where nothing of v3 is installed.
 */
describe("the runner's setup files, read on the typed path as migrate reads them", () => {
  // The request goes through a function of the file: the rule settles it with the whole program.
  const THROUGH_HELPER = `import nock from 'nock';
import { expect, it } from 'vitest';

async function post(url: string, body: unknown): Promise<number> {
  const response = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
  return response.status;
}

async function showToBusiness(appCode: string, businessUid: string): Promise<number> {
  return post(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, { business_uid: businessUid });
}

it('shows an app to a business', async () => {
  nock('https://api.example.com').post('/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(201);
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`;
  const TSCONFIG = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }, include: ['test', '*.ts'] });

  function write(files: Record<string, string>): string {
    const dir = makeTempDir('app-assignment-setup-typed-');
    const all = { 'package.json': '{ "name": "p", "private": true, "type": "module" }', 'tsconfig.json': TSCONFIG, 'test/a.test.ts': THROUGH_HELPER, ...files };
    for (const [name, text] of Object.entries(all)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return dir;
  }

  async function lintTyped(dir: string, fix = false) {
    const eslint = new ESLint({
      cwd: dir,
      fix,
      overrideConfigFile: true,
      overrideConfig: [{
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: dir } },
        plugins: { 'app-assignment': plugin as unknown as ESLint.Plugin },
        rules: { 'app-assignment/no-deprecated-assign': ['error', { autofix: true, followImports: true }] },
      }],
    });
    const [result] = await eslint.lintFiles(['test/a.test.ts']);
    return { messages: result!.messages.filter((m) => m.ruleId === 'app-assignment/no-deprecated-assign'), output: result!.output };
  }

  /** `app-assignment migrate test --dry --json` in the folder (project mode): each call site's outcome and reasons. */
  async function migrated(dir: string) {
    const run = await command(['migrate', 'test', '--json', '--force'], dir);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { mode: { kind: string }; files: { path: string; sites: { kind: string; line: number; migrated: boolean; reasons: { code: string }[] }[] }[] };
    expect(report.mode.kind).toBe('project');
    return report.files.flatMap((file) => file.sites.filter((site) => site.kind !== 'mock').map((site) => [site.line, site.migrated, site.reasons.map((r) => r.code)]));
  }

  it.each([
    ['listed in place', config("['./test/setup.ts']")],
    ['through a spread', config('[...common]', "const common = ['./test/setup.ts'];")],
  ])('a v3 mock of a setup file %s: no fix, the call kept as migrate keeps it, the message naming the setup file', async (_name, vitestConfig) => {
    const dir = write({ 'vitest.config.ts': vitestConfig, 'test/setup.ts': setup('/v3/apps/app_assignments') });
    const { messages } = await lintTyped(dir);
    expect(messages.map((m) => [m.line, m.messageId, m.fix === undefined, m.suggestions?.length ?? 0])).toEqual([[10, 'deprecatedManual', true, 0], [15, 'deprecatedManual', true, 0]]);
    expect(messages[0]!.message).toContain("nock('https://api.example.com').post('/v3/apps/app_assignments') in test/setup.ts");
    expect(await migrated(dir)).toEqual([[10, false, ['call-mock-held']], [15, false, ['call-mock-held']]]);
  });

  it('a setup list that cannot be read: no fix, as migrate keeps the call', async () => {
    const dir = write({ 'vitest.config.ts': config('setupList()', "import { setupList } from './lists.js';"), 'lists.ts': "export function setupList(): string[] {\n  return ['./test/setup.ts'];\n}\n", 'test/setup.ts': setup('/v3/apps/app_assignments') });
    const { messages } = await lintTyped(dir);
    expect(messages.map((m) => [m.messageId, m.fix === undefined])).toEqual([['deprecatedManual', true], ['deprecatedManual', true]]);
    expect(messages[0]!.message).toContain('in the setup files that vitest.config.ts:3 lists (setupList()), which cannot be read');
    expect((await migrated(dir)).map(([, moved]) => moved)).toEqual([false, false]);
  });

  it('a setup mock of another v3 route: eslint --fix writes the call as migrate writes it', async () => {
    const files = { 'vitest.config.ts': config("['./test/setup.ts']"), 'test/setup.ts': setup('/v3/users') };
    const linted = write(files);
    const { messages } = await lintTyped(linted);
    expect(messages.map((m) => m.fix !== undefined)).toEqual([true]);
    const fixed = await lintTyped(linted, true);
    const dir = write(files);
    expect((await migrated(dir)).map(([, moved]) => moved)).toEqual([true, true]);
    // The call's fix is migrate's rewrite of it; the mock is the rule's own report (`mocks`), offered as a suggestion.
    const calls = (text: string) => text.split('\n').filter((line) => !line.includes("nock('https://api.example.com')"));
    expect(calls(fixed.output!)).toEqual(calls(readFileSync(join(dir, 'test/a.test.ts'), 'utf8')));
    expect(fixed.output).toContain('return post(`https://api.example.com/v3/apps/app_assignments`, { assignee_type: \'business\', assignee_uid: businessUid, app_code_name: appCode });');
  });
});

/**
 * An override that the setup files install, which reads the body and may fall through, runs before a handler the test
 * installed earlier: the body read the handler's rewrite adds would fail. The rule reads it as `migrate` does (file by
 * file, and with `followImports`), with core's `bodyReaderBeforeTests`.
 */
describe("an override of the runner's setup files that reads the body, read by the rule as migrate reads it", () => {
  const SETUP = (override: string) => `import { http, HttpResponse } from 'msw';\nimport { setupServer } from 'msw/node';\nimport { beforeAll, beforeEach } from 'vitest';\n\nconst server = setupServer();\nObject.assign(globalThis, { mswServer: server });\nbeforeAll(() => server.listen());\nbeforeEach(() => {\n  server.use(${override});\n});\n`;
  const READS_BODY = "http.post('*', async ({ request }) => { const body = await request.json(); if (body !== null && typeof body === 'object' && 'dry_run' in body) return HttpResponse.json({}); })";
  const READS_NOTHING = "http.post('*/dry-run', () => HttpResponse.json({}))";
  const HANDLER_TEST = `import { http, HttpResponse } from 'msw';
import type { SetupServerApi } from 'msw/node';
import { beforeAll, expect, it } from 'vitest';

const server = (globalThis as unknown as { mswServer: SetupServerApi }).mswServer;

async function showToBusiness(appCode: string, businessUid: string): Promise<number> {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, {
    method: 'POST',
    body: JSON.stringify({ business_uid: businessUid }),
  });
  return response.status;
}

beforeAll(() => {
  server.use(http.post<{ id: string }, { business_uid?: string }>('*/platform/v1/apps/:id/assign', ({ params }) => HttpResponse.json({ app: params.id }, { status: 201 })));
});

it('shows an app to a business', async () => {
  expect(await showToBusiness('crm-sync', 'biz_1')).toBe(201);
});
`;
  const TSCONFIG = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }, include: ['test', '*.ts'] });

  async function lintIn(override: string, typed: boolean) {
    const dir = makeTempDir('app-assignment-setup-reader-');
    const files = { 'package.json': '{ "name": "p", "private": true, "type": "module" }', 'tsconfig.json': TSCONFIG, 'vitest.config.ts': config("['./test/setup.ts']"), 'test/setup.ts': SETUP(override), 'test/a.test.ts': HANDLER_TEST };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [{
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser, ...(typed ? { parserOptions: { projectService: true, tsconfigRootDir: dir } } : {}) },
        plugins: { 'app-assignment': plugin as unknown as ESLint.Plugin },
        rules: { 'app-assignment/no-deprecated-assign': ['error', { autofix: true, followImports: typed }] },
      }],
    });
    const [result] = await eslint.lintFiles(['test/a.test.ts']);
    const run = await command(['migrate', 'test', '--dry', '--json', '--no-project'], dir);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { files: { sites: { kind: string; migrated: boolean }[] }[] };
    return {
      messages: result!.messages.filter((m) => m.ruleId === 'app-assignment/no-deprecated-assign'),
      moved: report.files.flatMap((file) => file.sites.filter((site) => site.kind === 'call').map((site) => site.migrated)),
    };
  }

  it.each([['file by file', false], ['with followImports', true]] as const)('%s: an override that reads the body keeps the call, no fix, as migrate keeps it', async (_name, typed) => {
    const { messages, moved } = await lintIn(READS_BODY, typed);
    expect(messages.map((m) => [m.messageId, m.fix === undefined])).toEqual([['deprecatedManual', true]]);
    expect(messages[0]!.message).toContain("reads params.id (a read of the body added for it would fail: the handler http.post('*', …) in test/setup.ts may read the body first and fall through to it)");
    expect(moved).toEqual([false]);
  });

  it.each([['file by file', false], ['with followImports', true]] as const)('%s: an override that reads nothing of the request: the fix, as migrate moves the call', async (_name, typed) => {
    const { messages, moved } = await lintIn(READS_NOTHING, typed);
    expect(messages.map((m) => [m.messageId, m.fix !== undefined])).toEqual([['deprecated', true]]);
    expect(moved).toEqual([true]);
  });
});
