/**
 * `directory-token-assign` over its case folders (`fixtures/rules/directory-token-assign/`): every case with
 * @typescript-eslint/parser, the JavaScript ones again with espree.
 */
import { RuleTester } from '@typescript-eslint/rule-tester';
import * as espree from 'espree';
import plugin from 'eslint-plugin-app-assignment';
import { afterAll, describe, it } from 'vitest';
import type { MessageIds, RuleOptions } from '../src/rules/directory-token-assign.js';
import { isJavaScript, loadRuleCases, ruleSuite } from './rule-cases.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const RULE = 'directory-token-assign';
const rule = plugin.rules[RULE];
const cases = loadRuleCases(RULE);

describe('with @typescript-eslint/parser (every case)', () => {
  new RuleTester().run(RULE, rule, ruleSuite<MessageIds, [RuleOptions]>(cases));
});

describe('with espree (JavaScript cases)', () => {
  const base = { parser: espree, ecmaVersion: 'latest' as const };
  const js = cases.filter(isJavaScript);
  new RuleTester({ languageOptions: { ...base, sourceType: 'module' } }).run(RULE, rule, ruleSuite<MessageIds, [RuleOptions]>(js.filter((c) => c.ext !== 'cjs')));
  new RuleTester({ languageOptions: { ...base, sourceType: 'commonjs' } }).run(`${RULE} (CommonJS)`, rule, ruleSuite<MessageIds, [RuleOptions]>(js.filter((c) => c.ext === 'cjs')));
});
