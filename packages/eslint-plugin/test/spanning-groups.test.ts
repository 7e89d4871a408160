/**
 * RuleTester with type information on `fixtures/projects/wrapper-module`: the wrapper `assignApp` and the callers that
 * pass it the deprecated body are one group whose rewrite changes four files. Linted one file at a time, no file of
 * that group gets a fix or a suggestion (it would leave the others half migrated); each names the files to migrate
 * together. The callers in main.ts pass neither the route nor a body: the wrapper's request speaks for them.
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from 'eslint-plugin-app-assignment';
import { SAMPLE_APP_DIR } from '../../../fixtures/load.js';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, expect, it } from 'vitest';
import rule from '../src/rules/no-deprecated-assign.js';
import { copyProject } from '../../../scripts/lib/project-proof.mjs';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// A copy, as a user has it: the fixture's after/ tree beside it would be files that name the wrapper too.
const root = copyProject('wrapper-module', 'rule-tester');
const cwd = process.cwd();
afterAll(() => {
  process.chdir(cwd);
  rmSync(root, { recursive: true, force: true });
});
const GROUP = 'src/billing/offer.ts src/internal/rollout.ts src/onboarding/preinstall.ts src/platform/assign.ts';
// RuleTester reads a filename relative to tsconfigRootDir.
const file = (rel: string) => ({ filename: rel, code: readFileSync(join(root, rel), 'utf8') });
const options = [{ followImports: true, autofix: true }] as const;

// The rule names files relative to the working directory, and reads the files beside the program below it: RuleTester
// takes the working directory it is made in.
process.chdir(root);
const ruleTester = new RuleTester({
  languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
});


ruleTester.run('no-deprecated-assign: a group that spans files', rule, {
  valid: [{ ...file('src/main.ts'), options }],
  invalid: ['src/platform/assign.ts', 'src/billing/offer.ts', 'src/internal/rollout.ts', 'src/onboarding/preinstall.ts'].map((rel) => ({
    ...file(rel),
    options,
    // No fix: the output is the input.
    output: null,
    errors: [{
      messageId: 'deprecatedGroup' as const,
      // The wrapper's request speaks for the two calls in main.ts.
      data: { files: GROUP, callers: rel === 'src/platform/assign.ts' ? ' It also speaks for 2 calls of the function that pass neither route nor body.' : '' },
      suggestions: [],
    }],
  })),
});

describe('a call and the tests\' mocks that stand for it are one group', () => {
  it('eslint --fix on the call\'s file changes nothing when a test that imports it mocks the request, and the message names the test', async () => {
    const dir = makeTempDir('app-assignment-mock-group-');
    const files: Record<string, string> = {
      'package.json': '{"private":true,"type":"module"}\n',
      'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }, include: ['src', 'test'] }),
      'src/offer.ts': "import axios from 'axios';\n\nexport async function offerCrm(uid: string): Promise<number> {\n  const res = await axios.post('https://api.example.com/platform/v1/apps/crm/assign', { business_uid: uid });\n  return res.status;\n}\n",
      'test/offer.test.ts': "import { http, HttpResponse } from 'msw';\nimport { setupServer } from 'msw/node';\nimport { offerCrm } from '../src/offer.js';\n\nexport const server = setupServer(http.post('https://api.example.com/platform/v1/apps/crm/assign', () => HttpResponse.json({ ok: true })));\nexport const run = () => offerCrm('biz_1');\n",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    symlinkSync(join(SAMPLE_APP_DIR, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const eslint = new ESLint({
      cwd: dir,
      fix: true,
      overrideConfigFile: true,
      overrideConfig: [{
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: dir } },
        plugins: { 'app-assignment': plugin as unknown as ESLint.Plugin },
        rules: { 'app-assignment/no-deprecated-assign': ['error', { followImports: true, autofix: true }] },
      }],
    });
    const [result] = await eslint.lintFiles(['src/offer.ts']);
    await ESLint.outputFixes([result!]);
    expect(result!.messages.map((m) => m.messageId)).toEqual(['deprecatedGroup']);
    expect(result!.messages[0]!.message).toContain('run `app-assignment migrate src/offer.ts test/offer.test.ts`');
    expect(readFileSync(join(dir, 'src/offer.ts'), 'utf8')).toBe(files['src/offer.ts']);
  });

  it('a test that asserts only a part of the route of what a mock recorded holds the call too, as migrate reads it', async () => {
    const dir = makeTempDir('app-assignment-mock-group-recorded-');
    const files: Record<string, string> = {
      'package.json': '{"private":true,"type":"module"}\n',
      'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true }, include: ['src', 'test'] }),
      'src/offer.ts': "export async function offerCrm(uid: string): Promise<number> {\n  const res = await fetch('https://api.example.com/platform/v1/apps/crm/assign', { method: 'POST', body: JSON.stringify({ business_uid: uid }) });\n  return res.status;\n}\n",
      'test/offer.test.ts': "import { expect, it, vi } from 'vitest';\nimport { offerCrm } from '../src/offer.js';\n\nit('offers', async () => {\n  const fetchMock = vi.fn(async () => new Response(null, { status: 201 }));\n  vi.stubGlobal('fetch', fetchMock);\n  await offerCrm('biz_1');\n  expect(fetchMock.mock.lastCall?.[0]).toContain('/platform/v1/apps/');\n});\n",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    symlinkSync(join(SAMPLE_APP_DIR, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [{
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: dir } },
        plugins: { 'app-assignment': plugin as unknown as ESLint.Plugin },
        rules: { 'app-assignment/no-deprecated-assign': ['error', { followImports: true, autofix: true }] },
      }],
    });
    const [result] = await eslint.lintFiles(['src/offer.ts']);
    expect(result!.messages.map((m) => m.messageId)).toEqual(['deprecatedGroup']);
    expect(result!.messages[0]!.message).toContain('test/offer.test.ts');
  });
});
