/**
 * `mocks: true` (the `testing` config): the tests' mocks and assertions of the deprecated request are reported, with
 * their v3 form as a suggestion where core plans one; by default the rule stays silent on them. The mock corpus of
 * fixtures/mocks drives it, as it drives the codemod.
 */
import { RuleTester } from '@typescript-eslint/rule-tester';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import type { Linter as LinterType } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { command } from '../../../scripts/lib/command.mjs';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';
import plugin from 'eslint-plugin-app-assignment';
import { loadMockCases } from '../../../fixtures/mocks/load.js';
import { migrateText } from '@app-assignment/codemod';
import { validateOptions } from '@app-assignment/core';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules['no-deprecated-assign'];
const ruleTester = new RuleTester();

const nock = `import nock from 'nock';
nock('https://h').post('/platform/v1/apps/crm-sync/assign', { business_uid: 'biz_1' }).reply(200);
`;

ruleTester.run('no-deprecated-assign (mocks)', rule, {
  valid: [
    // By default a mock is not a call.
    { name: 'silent on mocks by default', code: nock, filename: 'a.test.ts' },
  ],
  invalid: [
    {
      name: 'a nock interceptor, with its v3 form as a suggestion',
      code: nock,
      filename: 'a.test.ts',
      options: [{ mocks: true }],
      errors: [{
        messageId: 'deprecatedMock',
        line: 2,
        suggestions: [{
          messageId: 'migrateMock',
          output: "import nock from 'nock';\nnock('https://h').post('/v3/apps/app_assignments', { assignee_type: 'business', assignee_uid: 'biz_1', app_code_name: 'crm-sync' }).reply(200);\n",
        }],
      }],
    },
    {
      // The file's server already answers the v3 route (its route in a const): the handler cannot follow its call, so
      // the call keeps the old route with it, and gets no fix even with autofix.
      name: 'a call held by a handler that would answer next to a v3 handler of its file: no fix, no suggestion',
      code: "import { http, HttpResponse } from 'msw';\nimport { setupServer } from 'msw/node';\nconst V3 = 'https://h/v3/apps/app_assignments';\nconst server = setupServer(http.post(V3, () => HttpResponse.json({}, { status: 202 })), http.post('*/platform/v1/apps/:id/assign', () => HttpResponse.json({}, { status: 201 })));\nvoid server;\nasync function publish(code: string, dir: string) {\n  return fetch(`https://h/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify({ directory_uid: dir }) });\n}\nvoid publish('crm', 'd');\n",
      filename: 'a.test.ts',
      options: [{ autofix: true }],
      output: null,
      errors: [{ messageId: 'deprecatedManual', line: 7, suggestions: [] }],
    },
    {
      name: 'a negated assertion: the reason that it guards nothing once its calls send v3, no suggestion',
      code: "import { expect, vi } from 'vitest';\nconst f = vi.fn();\nexpect(f).not.toHaveBeenCalledWith('/platform/v1/apps/a/assign', { method: 'POST' });\n",
      filename: 'a.test.ts',
      options: [{ mocks: true }],
      errors: [{ messageId: 'deprecatedMockManual', line: 3, suggestions: [] }],
    },
    {
      name: 'an msw handler that reads params.id: the reason, no suggestion',
      code: "import { http, HttpResponse } from 'msw';\nexport const h = http.post('*/platform/v1/apps/:id/assign', ({ params }) => HttpResponse.json({ id: params.id }));\n",
      filename: 'handlers.ts',
      options: [{ mocks: true }],
      errors: [{ messageId: 'deprecatedMockManual', line: 2, suggestions: [] }],
    },
  ],
});

describe('the testing config', () => {
  it('turns mocks on for the assign rule', () => {
    expect(plugin.configs.testing.rules).toEqual({ 'app-assignment/no-deprecated-assign': ['error', { mocks: true }] });
    expect(plugin.configs.testing.name).toBe('app-assignment/testing');
  });

  it('holds back a call whose mock in the file cannot follow it, as migrate does, and every call of fixtures/mocks agrees with the codemod', async () => {
    const { Linter } = await import('eslint');
    const tseslint = (await import('typescript-eslint')).default;
    const linter = new Linter({ configType: 'flat' });
    let held = 0;
    for (const fixture of loadMockCases()) {
      const messages = linter.verify(fixture.input, [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
        { files: ['**/*.ts'], plugins: { 'app-assignment': plugin }, rules: { 'app-assignment/no-deprecated-assign': ['error', fixture.options] } },
      ] as LinterType.Config[], { filename: fixture.filename });
      // The requests the rule offers a rewrite for are the requests the codemod rewrites (the calls of the functions
      // that send them go with them).
      const sites = migrateText(fixture.input, fixture.filename, validateOptions(fixture.options)).sites.filter((s) => s.kind === 'call');
      const at = new Set(sites.map((s) => `${s.line}:${s.column}`));
      const offered = messages.filter((m) => at.has(`${m.line}:${m.column}`) && ((m.suggestions ?? []).length > 0 || m.fix !== undefined)).map((m) => `${m.line}:${m.column}`).sort();
      expect(offered, fixture.name).toEqual(sites.filter((s) => s.migrated).map((s) => `${s.line}:${s.column}`).sort());
      const kept = messages.filter((m) => at.has(`${m.line}:${m.column}`) && m.message.includes("kept on the deprecated route because its test's"));
      expect(kept.map((m) => `${m.line}:${m.column}`).sort(), fixture.name).toEqual(sites.filter((s) => s.reasons.some((r) => r.code === 'call-mock-held')).map((s) => `${s.line}:${s.column}`).sort());
      held += kept.length;
    }
    expect(held).toBeGreaterThan(0);
  });

  it('with tests: "ignore" the call is offered its rewrite though its mock cannot follow', async () => {
    const { Linter } = await import('eslint');
    const tseslint = (await import('typescript-eslint')).default;
    const linter = new Linter({ configType: 'flat' });
    const fixture = loadMockCases().find((c) => c.name === 'msw-resolver-reads-params-manual')!;
    const lint = (options: Record<string, unknown>) => linter.verify(fixture.input, [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      { files: ['**/*.ts'], plugins: { 'app-assignment': plugin }, rules: { 'app-assignment/no-deprecated-assign': ['error', options] } },
    ] as LinterType.Config[], { filename: fixture.filename });
    const [kept] = lint({});
    expect(kept!.messageId).toBe('deprecatedManual');
    expect(kept!.message).toContain("kept on the deprecated route because its test's handler at the top level, which reads params.id");
    expect(kept!.suggestions ?? []).toEqual([]);
    const [moved] = lint({ tests: 'ignore' });
    expect(moved!.messageId).toBe('deprecated');
    expect(moved!.suggestions).toHaveLength(1);
  });

  it('reports every mock of fixtures/mocks, the way the codemod plans it on its own', async () => {
    const { Linter } = await import('eslint');
    const tseslint = (await import('typescript-eslint')).default;
    const linter = new Linter({ configType: 'flat' });
    for (const fixture of loadMockCases()) {
      const messages = linter.verify(fixture.input, [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
        { files: ['**/*.ts'], ...(plugin.configs.testing as unknown as LinterType.Config) },
      ], { filename: fixture.filename });
      const mocks = messages.filter((m) => m.messageId === 'deprecatedMock' || m.messageId === 'deprecatedMockManual');
      expect(mocks.map((m) => [m.line, m.column]), fixture.name).toEqual(fixture.mocks.map((m) => [m.line, m.column]));
    }
  });
});

// `toMatchSnapshot()` compares with the file's snapshot file (`__snapshots__/<name>.snap`): what it writes out says
// whether the recorded value was the request, as the codemod reads it.
describe('a snapshot assertion of what a mock recorded, with the snapshot file beside the test', () => {
  const dir = makeTempDir('app-assignment-eslint-snapshots-');
  mkdirSync(join(dir, '__snapshots__'));
  writeFileSync(join(dir, '__snapshots__', 'stdout.test.ts.snap'), 'exports[`prints 1`] = `\n[\n  [\n    "Assigned crm-sync\\n",\n  ],\n]\n`;\n');
  writeFileSync(join(dir, '__snapshots__', 'request.test.ts.snap'), 'exports[`posts 1`] = `\n[\n  [\n    "https://h/platform/v1/apps/crm-sync/assign",\n  ],\n]\n`;\n');
  const code = [
    "import { expect, it, vi } from 'vitest';",
    "import { go } from './go.js';",
    "it('posts', async () => {",
    '  const fetchMock = vi.fn();',
    "  vi.stubGlobal('fetch', fetchMock);",
    '  await go();',
    '  expect(fetchMock.mock.calls).toMatchSnapshot();',
    '});',
    "export const again = () => fetch('/platform/v1/apps/a/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });",
    '',
  ].join('\n');
  const lint = (name: string) => new Linter({ configType: 'flat', cwd: dir }).verify(code, [{
    files: ['**/*.ts'], languageOptions: { parser: tsParser }, plugins: { 'app-assignment': plugin as never }, rules: { 'app-assignment/no-deprecated-assign': ['error', { mocks: true }] },
  }], join(dir, name)).map((message) => [message.line, message.messageId]);

  // The assertion stands for the calls of its own file whatever else the test loads: the call there stays with it, as
  // `migrate` keeps it (a call and its mocks are one group).
  it('a snapshot file that writes out the request: the assertion is reported, and the call of its file stays with it', () => {
    expect(lint('request.test.ts')).toEqual([[7, 'deprecatedMockManual'], [9, 'deprecatedManual']]);
  });

  it('a snapshot file that spells nothing of the request (what a spy recorded): only the call is reported', () => {
    expect(lint('stdout.test.ts')).toEqual([[9, 'deprecated']]);
  });

  it('no snapshot file: the assertion is reported, as one this run cannot read, and the call of its file stays with it', () => {
    expect(lint('none.test.ts')).toEqual([[7, 'deprecatedMockManual'], [9, 'deprecatedManual']]);
  });
});

// A test file that imports a module of the program does not show every call its mocks stand for; they still stand for
// the calls of their own file. Linted file by file and with `followImports`, the call stays with an assertion that
// cannot follow it, as `migrate` keeps it (and as `migrateText` alone keeps it).
describe('a call beside an assertion of its own mock, in a test file that imports the program', () => {
  const TEST = `import { expect, it, vi } from 'vitest';
import { BUSINESS } from './fixtures.js';

async function showToBusiness(appCode: string, businessUid: string): Promise<number> {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${appCode}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: businessUid }) });
  return response.status;
}

it('shows an app to a business', async () => {
  const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 201 }));
  expect(await showToBusiness('crm', BUSINESS)).toBe(201);
  expect(spy.mock.calls).toMatchSnapshot();
});
`;
  const dir = makeTempDir('app-assignment-eslint-own-calls-');
  mkdirSync(join(dir, 'test'));
  writeFileSync(join(dir, 'package.json'), '{ "name": "p", "private": true, "type": "module" }');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }, include: ['test'] }));
  writeFileSync(join(dir, 'test/fixtures.ts'), "export const BUSINESS = 'biz_1';\n");
  writeFileSync(join(dir, 'test/a.test.ts'), TEST);

  it.each([['file by file', false], ['with followImports', true]] as const)('%s: no fix, the reason naming the assertion, as migrate and migrateText keep the call', async (_name, typed) => {
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
    const messages = result!.messages.filter((m) => m.ruleId === 'app-assignment/no-deprecated-assign');
    expect(messages.map((m) => [m.line, m.messageId, m.fix === undefined])).toEqual([[5, 'deprecatedManual', true]]);
    expect(messages[0]!.message).toContain('its test\'s assertion in the test "shows an app to a business", which compares what a mock recorded (spy.mock.calls');
    const alone = migrateText(TEST, join(dir, 'test/a.test.ts'), validateOptions({}));
    expect(alone.sites.filter((site) => site.kind === 'call').map((site) => [site.migrated, site.reasons.map((r) => r.code)])).toEqual([[false, ['call-mock-held']]]);
    const run = await command(['scan', '.', '--json'], dir);
    const scanned = (JSON.parse(run.stdout) as { files: { sites: { kind: string; outcome: string }[] }[] }).files.flatMap((file) => file.sites.filter((site) => site.kind === 'call').map((site) => site.outcome));
    expect(scanned).toEqual(['manual']);
  });

  it('with an assertion that reads nothing of the request, the fix, as migrate moves the call', () => {
    const free = TEST.replace('  expect(spy.mock.calls).toMatchSnapshot();\n', '  expect(spy).toHaveBeenCalledTimes(1);\n');
    const linted = new Linter({ configType: 'flat', cwd: dir }).verify(free, [{
      files: ['**/*.ts'], languageOptions: { parser: tsParser }, plugins: { 'app-assignment': plugin as never }, rules: { 'app-assignment/no-deprecated-assign': ['error', { autofix: true }] },
    }], join(dir, 'test/b.test.ts'));
    expect(linted.map((m) => [m.line, m.messageId, m.fix !== undefined])).toEqual([[5, 'deprecated', true]]);
    expect(migrateText(free, join(dir, 'test/b.test.ts'), validateOptions({})).sites.filter((site) => site.kind === 'call').map((site) => site.migrated)).toEqual([true]);
  });
});

// A read of what a mock recorded holds its call unless it is one known to answer alike for the v3 request, as the
// codemod reads it; a snapshot of a value derived from the record holds it whatever the snapshot file spells.
describe('a read of a recorded request, reported as the codemod holds it', () => {
  const dir = makeTempDir('app-assignment-eslint-recorded-');
  mkdirSync(join(dir, '__snapshots__'));
  writeFileSync(join(dir, '__snapshots__', 'derived.test.ts.snap'), 'exports[`posts 1`] = `56`;\n');
  const code = (read: string) => [
    "import { expect, it, vi } from 'vitest';",
    "it('posts', async () => {",
    '  const fetchMock = vi.fn();',
    "  vi.stubGlobal('fetch', fetchMock);",
    "  await fetch('https://h/platform/v1/apps/crm-sync/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b' }) });",
    '  const [url] = fetchMock.mock.calls[0]!;',
    `  ${read}`,
    '});',
    '',
  ].join('\n');
  const lint = (read: string, name = 'a.test.ts') => new Linter({ configType: 'flat', cwd: dir }).verify(code(read), [{
    files: ['**/*.ts'], languageOptions: { parser: tsParser }, plugins: { 'app-assignment': plugin as never }, rules: { 'app-assignment/no-deprecated-assign': ['error', { mocks: true }] },
  }], join(dir, name)).map((message) => [message.line, message.messageId]);

  it.each([
    'expect(String(url).length).toBeGreaterThan(50);',
    'expect(url).toHaveLength(38);',
    "expect(url).toSatisfy((u: string) => u.endsWith('/assign'));",
  ])('%s: the assertion is reported, and the call gets no fix', (read) => {
    expect(lint(read)).toEqual([[5, 'deprecatedManual'], [7, 'deprecatedMockManual']]);
  });

  it('a snapshot of the URL\'s length: reported, though the snapshot file spells nothing of the request', () => {
    expect(lint('expect(String(url).length).toMatchSnapshot();', 'derived.test.ts')).toEqual([[5, 'deprecatedManual'], [7, 'deprecatedMockManual']]);
  });

  it.each([
    "expect(url).toContain('/apps/');",
    'expect(fetchMock.mock.calls).toHaveLength(1);',
  ])('%s: a read known to answer alike is not reported, the call is', (read) => {
    expect(lint(read)).toEqual([[5, 'deprecated']]);
  });
});
