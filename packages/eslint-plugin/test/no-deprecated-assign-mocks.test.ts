/**
 * `mocks: true` (the `testing` config): the tests' mocks and assertions of the deprecated request are reported, with
 * their v3 form as a suggestion where core plans one; by default the rule stays silent on them. The mock corpus of
 * fixtures/mocks drives it, as it drives the codemod.
 */
import { RuleTester } from '@typescript-eslint/rule-tester';
import type { Linter as LinterType } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from 'eslint-plugin-app-assignment';
import { loadMockCases } from '../../../fixtures/mocks/load.js';

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
    { name: 'a negated assertion is left alone', code: "import { expect, vi } from 'vitest';\nconst f = vi.fn();\nexpect(f).not.toHaveBeenCalledWith('/platform/v1/apps/a/assign', { method: 'POST' });\n", filename: 'a.test.ts', options: [{ mocks: true }] },
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
