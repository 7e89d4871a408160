/**
 * A test's mock of the deprecated request and its call are one group, and a mock of the v3 route that the runner's
 * setup files install answers first: the rule reads the setup files a runner config lists (as `migrate` does, file by
 * file too), so that it offers no fix for a call `migrate` keeps with its mock, and offers one where nothing of v3 is
 * installed. A setup list that cannot be read may install one: the call stays too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from 'eslint-plugin-app-assignment';
import { migrateText } from '@app-assignment/codemod';
import { validateOptions } from '@app-assignment/core';
import { describe, expect, it } from 'vitest';
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
