/**
 * The plugin under ESLint 9 (installed as the `eslint9` alias): the same findings, fixes and suggestions as under
 * ESLint 10, over every fixture and every case of the rules that need no type information.
 */
import { validateOptions } from '@app-assignment/core';
import { ESLint as ESLint10, type Linter } from 'eslint';
import { ESLint as ESLint9 } from 'eslint9';
import plugin from 'eslint-plugin-app-assignment';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../../fixtures/load.js';
import { loadRuleCases, type RuleCase } from './rule-cases.js';

type AnyESLint = typeof ESLint10 | typeof ESLint9;

async function lint(Engine: AnyESLint, code: string, filePath: string, options: Record<string, unknown>, fix: boolean) {
  const config = [
    {
      files: ['**/*.*'],
      languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
      plugins: { 'app-assignment': plugin },
      rules: { 'app-assignment/no-deprecated-assign': ['error', options] },
    },
  ] as unknown as Linter.Config[];
  const engine = new Engine({ overrideConfigFile: true, overrideConfig: config as never, fix });
  const [result] = await engine.lintText(code, { filePath });
  return {
    output: result!.output,
    messages: result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message, line: m.line, column: m.column, suggestions: m.suggestions?.map((s) => s.fix) })),
  };
}

describe('under ESLint 9', () => {
  it('loads as a flat-config plugin and reports with ESLint 9', async () => {
    expect(ESLint9.version).toMatch(/^9\./);
    const result = await lint(ESLint9, 'fetch("/platform/v1/apps/crm/assign", { method: "POST", body: JSON.stringify({ business_uid: "b1" }) });\n', 'a.ts', {}, false);
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]!.ruleId).toBe('app-assignment/no-deprecated-assign');
  });

  it.each(loadCases().map((c) => [c.name, c] as const))('%s: the same as ESLint 10', async (_name, fixture) => {
    const options = { ...validateOptions(fixture.options), autofix: true };
    const nine = await lint(ESLint9, fixture.input, fixture.filename, options, true);
    const ten = await lint(ESLint10, fixture.input, fixture.filename, options, true);
    expect(nine).toEqual(ten);
  });
});

describe('the rules of the rest of the interface under ESLint 9', () => {
  const ruleCases = (['valid-report-query', 'no-malformed-report-field', 'directory-token-assign'] as const).flatMap((rule) =>
    loadRuleCases(rule).map((c) => [`${rule}/${c.name}`, rule, c] as const),
  );

  async function lintRule(Engine: AnyESLint, rule: string, fixture: RuleCase) {
    const config = [
      {
        files: ['**/*.*'],
        languageOptions: { parser: tseslint.parser },
        plugins: { 'app-assignment': plugin },
        rules: { [`app-assignment/${rule}`]: ['error', ...(fixture.options === undefined ? [] : [fixture.options])] },
      },
    ] as unknown as Linter.Config[];
    const engine = new Engine({ overrideConfigFile: true, overrideConfig: config as never, fix: true });
    const [result] = await engine.lintText(fixture.code, { filePath: fixture.filename });
    return {
      output: result!.output,
      messages: result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message, line: m.line, column: m.column, suggestions: m.suggestions?.map((s) => s.fix) })),
    };
  }

  it.each(ruleCases)('%s: the same as ESLint 10', async (_name, rule, fixture) => {
    const nine = await lintRule(ESLint9, rule, fixture);
    const ten = await lintRule(ESLint10, rule, fixture);
    expect(nine.output ?? null).toBe(fixture.output);
    expect(nine).toEqual(ten);
  });
});
