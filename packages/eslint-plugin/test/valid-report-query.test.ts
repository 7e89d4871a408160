/**
 * `valid-report-query` over its case folders (`fixtures/rules/valid-report-query/`): every case with
 * @typescript-eslint/parser, the JavaScript ones again with espree (as a module, CommonJS for `.cjs`).
 */
import { RuleTester } from '@typescript-eslint/rule-tester';
import * as espree from 'espree';
import plugin from 'eslint-plugin-app-assignment';
import { afterAll, describe, it } from 'vitest';
import type { MessageIds } from '../src/rules/valid-report-query.js';
import { isJavaScript, loadRuleCases, ruleSuite } from './rule-cases.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const RULE = 'valid-report-query';
const rule = plugin.rules[RULE];
const cases = loadRuleCases(RULE);

describe('with @typescript-eslint/parser (every case)', () => {
  new RuleTester().run(RULE, rule, ruleSuite<MessageIds>(cases));
});

describe('with espree (JavaScript cases)', () => {
  const base = { parser: espree, ecmaVersion: 'latest' as const };
  const js = cases.filter(isJavaScript);
  new RuleTester({ languageOptions: { ...base, sourceType: 'module' } }).run(RULE, rule, ruleSuite<MessageIds>(js.filter((c) => c.ext !== 'cjs')));
  new RuleTester({ languageOptions: { ...base, sourceType: 'commonjs' } }).run(`${RULE} (CommonJS)`, rule, ruleSuite<MessageIds>(js.filter((c) => c.ext === 'cjs')));
});
