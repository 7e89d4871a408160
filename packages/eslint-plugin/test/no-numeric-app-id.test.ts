/**
 * `no-numeric-app-id` over its case folders (`fixtures/rules/no-numeric-app-id/`), with type information from the
 * folder's real tsconfig.json (`parserOptions.project`); and what happens without type information, under espree.
 */
import { join } from 'node:path';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { Linter } from 'eslint';
import * as espree from 'espree';
import plugin from 'eslint-plugin-app-assignment';
import { afterAll, describe, expect, it } from 'vitest';
import type { MessageIds } from '../src/rules/no-numeric-app-id.js';
import { loadRuleCases, RULE_CASES_DIR, ruleSuite } from './rule-cases.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const RULE = 'no-numeric-app-id';
const rule = plugin.rules[RULE];
const cases = loadRuleCases(RULE);

describe('with @typescript-eslint/parser and the cases tsconfig.json (typed)', () => {
  const ruleTester = new RuleTester({
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: join(RULE_CASES_DIR, RULE) } },
  });
  // The rule tester joins the file name to tsconfigRootDir: name each case's file from there.
  ruleTester.run(RULE, rule, ruleSuite<MessageIds>(cases.map((c) => ({ ...c, filename: join(c.name, `input.${c.ext}`) }))));
});

describe('without type information', () => {
  it('declares that it needs type information and is only in the type-checked config', () => {
    expect(rule.meta.docs?.requiresTypeChecking).toBe(true);
    expect(plugin.configs.recommended.rules).not.toHaveProperty(`app-assignment/${RULE}`);
    expect(plugin.configs.recommendedTypeChecked.rules).toHaveProperty(`app-assignment/${RULE}`, 'error');
  });

  it('under espree, stops with the message that names what is missing instead of guessing', () => {
    const linter = new Linter({ configType: 'flat' });
    const config = [
      {
        files: ['**/*.js'],
        languageOptions: { parser: espree, ecmaVersion: 'latest' as const, sourceType: 'module' as const },
        plugins: { 'app-assignment': plugin },
        rules: { [`app-assignment/${RULE}`]: 'error' as const },
      },
    ] as unknown as Linter.Config[];
    const code = 'fetch(`/platform/v1/apps/${app.app_id}/assign`, { method: "POST", body: "{}" });\n';
    expect(() => linter.verify(code, config, { filename: 'a.js' })).toThrow(/requires type information|parserOptions\.project/);
  });
});
