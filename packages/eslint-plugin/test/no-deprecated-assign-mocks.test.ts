/**
 * `mocks: true` (the `testing` config): the tests' mocks and assertions of the deprecated request are reported, with
 * their v3 form as a suggestion where core plans one; by default the rule stays silent on them. The mock corpus of
 * fixtures/mocks drives it, as it drives the codemod.
 */
import { RuleTester } from '@typescript-eslint/rule-tester';
import { Linter } from 'eslint';
import type { Linter as LinterType } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

  it('a snapshot file that writes out the request: the assertion is reported with the call', () => {
    expect(lint('request.test.ts')).toEqual([[7, 'deprecatedMockManual'], [9, 'deprecated']]);
  });

  it('a snapshot file that spells nothing of the request (what a spy recorded): only the call is reported', () => {
    expect(lint('stdout.test.ts')).toEqual([[9, 'deprecated']]);
  });

  it('no snapshot file: the assertion is reported, as one this run cannot read', () => {
    expect(lint('none.test.ts')).toEqual([[7, 'deprecatedMockManual'], [9, 'deprecated']]);
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
