/**
 * The rule in Vue, Svelte and Astro components, under the framework's own ESLint parser with typescript-eslint's
 * parser for the script, as those projects configure it: it reports the calls the codemod reports, at the same lines
 * and columns, and `eslint --fix` makes the codemod's rewrite (the codemod's TODO comments aside). The README's Vue
 * config is run as written.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { ESLint, type Linter } from 'eslint';
import * as astroParser from 'astro-eslint-parser';
import svelteParser from 'svelte-eslint-parser';
import tseslint from 'typescript-eslint';
import vueParser from 'vue-eslint-parser';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from 'eslint-plugin-app-assignment';
import { type ComponentCase, loadComponentCases, withoutTodoLines } from '../../../fixtures/load.js';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';
import rule from '../src/rules/no-deprecated-assign.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const RULE = 'app-assignment/no-deprecated-assign';
const PARSERS = { vue: vueParser, svelte: svelteParser, astro: astroParser } as const;

function config(ext: ComponentCase['ext']): Linter.Config[] {
  return [
    {
      files: [`**/*.${ext}`],
      languageOptions: { parser: PARSERS[ext], parserOptions: { parser: tseslint.parser, sourceType: 'module' } },
      plugins: { 'app-assignment': plugin as never },
      rules: { [RULE]: ['error', { autofix: true }] },
    },
  ];
}

async function lint(c: ComponentCase, fix: boolean, overrideConfig: Linter.Config[] = config(c.ext)) {
  const eslint = new ESLint({ cwd: join(c.filename, '..'), overrideConfigFile: true, overrideConfig, fix });
  const [result] = await eslint.lintText(c.input, { filePath: c.filename });
  return result!;
}

describe.each(loadComponentCases())('$name', (c) => {
  it('reports the calls the codemod reports, at the file\'s lines and columns, with a fix where the codemod rewrites the call', async () => {
    const result = await lint(c, false);
    expect(result.messages.filter((m) => m.fatal === true)).toEqual([]);
    const seen = c.findings.filter((f) => f.frontEnds === undefined || f.frontEnds.includes('eslint'));
    expect(result.messages.map((m) => [m.line, m.column, m.ruleId])).toEqual(seen.map((f) => [f.line, f.column, RULE]));
    // A call the codemod rewrites alone carries the fix; a wrapper's caller goes with the wrapper's fix.
    expect(result.messages.map((m) => m.fix !== undefined)).toEqual(seen.map((f) => f.outcome === 'fix' && f.kind === 'call'));
  });

  it('eslint --fix makes the codemod\'s rewrite, every other byte kept', async () => {
    const result = await lint(c, true);
    expect(result.output ?? c.input).toBe(withoutTodoLines(c.output));
  });
});

describe('the README\'s Vue config', () => {
  it('lints and fixes a .vue file as written', async () => {
    const readme = (await import('node:fs')).readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
    const block = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!).find((text) => text.includes("from 'vue-eslint-parser'"));
    expect(block).toBeDefined();
    // The config's imports, resolved from here: a temporary folder has no node_modules.
    const require = createRequire(import.meta.url);
    const text = block!.replace(/from '([^']+)'/g, (_all, id: string) => `from '${pathToFileURL(require.resolve(id)).href}'`);
    const file = join(makeTempDir('app-assignment-readme-vue-'), 'eslint.config.mjs');
    writeFileSync(file, text);
    const loaded = ((await import(pathToFileURL(file).href)) as { default: Linter.Config[] }).default;
    const vue = loadComponentCases().find((c) => c.ext === 'vue')!;
    const result = await lint(vue, false, loaded);
    expect(result.messages.map((m) => [m.line, m.ruleId])).toEqual([[18, RULE], [28, RULE]]);
  });
});

describe('a function of the script that the template calls', () => {
  it('holds its request back, as the codemod does: the template\'s call is one the script\'s scopes do not show', async () => {
    const own = `<template>\n  <button @click="send('hr', { directory_uid: 'dir_1', is_internal: 'true' })">go</button>\n</template>\n<script setup lang="ts">\nfunction send(code: string, body: Record<string, unknown>) {\n  return fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify(body) });\n}\nsend('crm', { business_uid: 'b' });\n</script>\n`;
    const eslint = new ESLint({ cwd: import.meta.dirname, overrideConfigFile: true, overrideConfig: config('vue'), fix: true });
    const [result] = await eslint.lintText(own, { filePath: join(import.meta.dirname, 'Own.vue') });
    expect(result!.output).toBeUndefined();
    expect(result!.messages.map((m) => [m.line, m.column, m.fix === undefined, /cannot all be seen/.test(m.message)])).toEqual([[6, 10, true, true]]);
  });
});

const ruleTester = new RuleTester({ languageOptions: { parser: vueParser, parserOptions: { parser: tseslint.parser, sourceType: 'module' } } });

ruleTester.run('no-deprecated-assign under vue-eslint-parser', rule, {
  valid: [
    { filename: 'App.vue', code: '<template><p>/platform/v1/apps/crm/assign</p></template>\n<script setup lang="ts">\nconst n: number = 1;\n</script>\n' },
  ],
  invalid: [
    {
      filename: 'App.vue',
      options: [{ autofix: true }],
      code: "<template><button @click=\"go\">go</button></template>\n<script setup lang=\"ts\">\nconst go = (uid: string) => fetch('/platform/v1/apps/crm/assign', { method: 'POST', body: JSON.stringify({ business_uid: uid }) });\n</script>\n",
      output: "<template><button @click=\"go\">go</button></template>\n<script setup lang=\"ts\">\nconst go = (uid: string) => fetch('/v3/apps/app_assignments', { method: 'POST', body: JSON.stringify({ assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' }) });\n</script>\n",
      errors: [{ messageId: 'deprecated', line: 3, column: 29 }],
    },
  ],
});
