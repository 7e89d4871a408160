/**
 * The codemod and `eslint --fix` (the rule with `autofix: true`) must agree on every fixture, apart from the TODO
 * comments: both are thin adapters of one core analysis. For a call whose rewrite needs a review, ESLint offers the
 * rewrite as its one suggestion (never a fix), so that suggestion is what the codemod's rewrite is compared with.
 */
import { validateOptions } from '@app-assignment/core';
import { migrateText } from '@app-assignment/codemod';
import { ESLint, type Linter } from 'eslint';
import plugin from 'eslint-plugin-app-assignment';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { type FixtureCase, loadCases, withoutTodoLines } from '../../../fixtures/load.js';

const cases = loadCases();

function eslintFor(fixture: FixtureCase, fix: boolean): ESLint {
  const options = validateOptions(fixture.options);
  const config: Linter.Config[] = [
    {
      files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
      languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
      plugins: { 'app-assignment': plugin as unknown as ESLint.Plugin },
      rules: { 'app-assignment/no-deprecated-assign': ['error', { ...options, autofix: true }] },
    },
  ];
  return new ESLint({ cwd: fixture.dir, overrideConfigFile: true, overrideConfig: config, fix });
}

describe('codemod output equals eslint --fix output, apart from TODO comments', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, fixture) => {
    const codemod = withoutTodoLines(migrateText(fixture.input, fixture.filename, validateOptions(fixture.options)).output);
    const [fixed] = await eslintFor(fixture, true).lintText(fixture.input, { filePath: fixture.filename });
    const eslintOutput = fixed!.output ?? fixture.input;
    if (fixture.finding?.outcome === 'review') {
      // Not fixed; its one suggestion is the same rewrite.
      expect(eslintOutput).toBe(fixture.input);
      const [linted] = await eslintFor(fixture, false).lintText(fixture.input, { filePath: fixture.filename });
      const suggestion = linted!.messages[0]?.suggestions?.[0]?.fix;
      expect(suggestion).toBeDefined();
      const suggested = fixture.input.slice(0, suggestion!.range[0]) + suggestion!.text + fixture.input.slice(suggestion!.range[1]);
      expect(codemod).toBe(suggested);
    } else {
      expect(codemod).toBe(eslintOutput);
    }
  });
});
